/* The reductions' comparison with OpenBLAS, and the dense copy of magnitudes
 * the level-3 check shares, compiled once per precision (the GEMM's:
 * gemm_check_tmpl.c). */
#include "prec.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "compare.h"
#include "ompwg.h"
#include "registry.h"

T *TN(ompwg_check_, abs_copy)(const T *src, int64_t rows, int64_t cols, int64_t ld)
{
    T *dst = ompwg_compare_dense_copy(src, rows, cols, ld, sizeof(T));
    if (dst)
        for (int64_t i = 0; i < rows * cols; i++) dst[i] = T_ABS(dst[i]);
    return dst;
}

static long double term(const ompwg_vec_shape *s, const T *x, const T *y, int64_t i)
{
    long double v = x[i * s->incx];
    if (s->op == OMPWG_REDUCE_DOT) return v * y[i * s->incy];
    return s->op == OMPWG_REDUCE_ASUM ? fabsl(v) : v;
}

int TN(ompwg_checked_, reduce)(const ompwg_backend *be, const ompwg_vec_shape *s, const T *x,
                               const T *y, T *value, int64_t *index)
{
    int st = be->TN(, reduce)(s, x, y, value, index);
    if (st != OMPWG_OK || s->device_ptrs) return st;
    const ompwg_backend *ref = ompwg_find_backend_with(OMPWG_CAP_REFERENCE);
    if (!ref) return OMPWG_ERR_UNAVAILABLE;
    T rv = 0;
    int64_t ri = -1;
    st = ref->TN(, reduce)(s, x, y, &rv, &ri);
    if (st != OMPWG_OK) return st;
    bool same;
    if (s->op == OMPWG_REDUCE_MAX || s->op == OMPWG_REDUCE_MIN) {
        same = ri == *index && (rv == *value || (isnan(rv) && isnan(*value)));
    } else {
        long double abs_sum = 0;
        for (int64_t i = 0; i < s->n; i++) abs_sum += fabsl(term(s, x, y, i));
        double bound = (double)((s->n + 1) * (long double)T_EPS * abs_sum);
        same = ompwg_compare_ratio(*value, rv, bound) <= 1;
    }
    if (!same) {
        fprintf(stderr, "ompwg: check: " T_NAME " reduction %d on backend %s differs from "
                "OpenBLAS (n=%lld): %.17g [%lld] against %.17g [%lld]\n", (int)s->op, be->name,
                (long long)s->n, (double)*value, (long long)*index, (double)rv, (long long)ri);
        return OMPWG_ERR_CHECK;
    }
    return OMPWG_OK;
}
