/* Strided vectors with guard bands, in the BLAS convention of ompwg.h.
 * Compiled once per precision (reduce_case.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "reduce_case.h"

static size_t vec_pos(const vec *v, int64_t i)
{
    return (size_t)(v->inc > 0 ? i * v->inc : (v->n - 1 - i) * -v->inc);
}

real vec_get(const vec *v, int64_t i)
{
    return v->p[vec_pos(v, i)];
}

void vec_set(vec *v, int64_t i, real x)
{
    v->p[vec_pos(v, i)] = x;
}

void vec_init(vec *v, int64_t n, int64_t inc, test_rng *r)
{
    v->n = n;
    v->inc = inc;
    v->len = n > 0 ? (size_t)(1 + (n - 1) * (inc > 0 ? inc : -inc)) : 0;
    v->p = guard_alloc(v->len * sizeof(real));
    for (size_t i = 0; i < v->len; i++) v->p[i] = rand_real(r);
    v->copy = NULL;
}

void vec_snapshot(vec *v)
{
    free(v->copy);
    v->copy = test_copy(v->p, v->len * sizeof(real));
}

void vec_free(vec *v)
{
    guard_free(v->p);
    free(v->copy);
    v->p = v->copy = NULL;
}

bool vec_kept(const vec *v, const char *name, char *msg, size_t len)
{
    if (!guard_canaries_kept(v->p, name, msg, len)) return false;
    long long d = test_first_difference(v->p, v->copy, v->len * sizeof(real));
    if (d >= 0) {
        snprintf(msg, len, "changed input %s at element %lld", name, d / (long long)sizeof(real));
        return false;
    }
    return true;
}
