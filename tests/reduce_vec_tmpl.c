/* Strided vectors with guard bands, in the BLAS convention of ompwg.h.
 * Part of the per-precision reduction test (see reduce_main_tmpl.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "group.h"
#include "guard.h"
#include "real.h"

static const int64_t vec_sizes[] = {
    0, 1, 2, 3, 7, 31, 32, 33, 1000, 4097, 100003, ((int64_t)1 << 20) + 3,
};
#define VEC_SIZES ((int)(sizeof vec_sizes / sizeof vec_sizes[0]))
static const int64_t vec_incs[] = { 1, 2, 3, -1, -3 };
#define VEC_INCS ((int)(sizeof vec_incs / sizeof vec_incs[0]))

/* Logical element i lives at p[i * inc] for inc > 0 and at
 * p[(n - 1 - i) * |inc|] for inc < 0; p is what the caller passes. The
 * elements between the strided ones are random too, so reading them shows. */
typedef struct vec {
    int64_t n, inc;
    size_t len;
    real *p;     /* guarded */
    real *copy;  /* the contents before the call */
} vec;

static size_t vec_pos(const vec *v, int64_t i)
{
    return (size_t)(v->inc > 0 ? i * v->inc : (v->n - 1 - i) * -v->inc);
}

static real vec_get(const vec *v, int64_t i)
{
    return v->p[vec_pos(v, i)];
}

static void vec_set(vec *v, int64_t i, real x)
{
    v->p[vec_pos(v, i)] = x;
}

static void vec_init(vec *v, int64_t n, int64_t inc, test_rng *r)
{
    v->n = n;
    v->inc = inc;
    v->len = n > 0 ? (size_t)(1 + (n - 1) * (inc > 0 ? inc : -inc)) : 0;
    v->p = guard_alloc(v->len * sizeof(real));
    for (size_t i = 0; i < v->len; i++) v->p[i] = rand_real(r);
    v->copy = NULL;
}

static void vec_snapshot(vec *v)
{
    free(v->copy);
    v->copy = test_copy(v->p, v->len * sizeof(real));
}

static void vec_free(vec *v)
{
    guard_free(v->p);
    free(v->copy);
    v->p = v->copy = NULL;
}

/* Canaries intact and every byte as at the snapshot. */
static bool vec_kept(const vec *v, const char *name, char *msg, size_t len)
{
    const char *where = NULL;
    if (!guard_intact(v->p, &where)) {
        snprintf(msg, len, "wrote %s the buffer of %s", where, name);
        return false;
    }
    long long d = test_first_difference(v->p, v->copy, v->len * sizeof(real));
    if (d >= 0) {
        snprintf(msg, len, "changed input %s at element %lld", name, d / (long long)sizeof(real));
        return false;
    }
    return true;
}

/* A result that must not be written: a value no reduction returns here. */
#define UNTOUCHED_VALUE ((real)-12345.0)
#define UNTOUCHED_INDEX ((int64_t)-777)
