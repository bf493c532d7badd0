/* Comparison with OpenBLAS, compiled once per precision. */
#include "prec.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "compare.h"
#include "ompwg.h"
#include "registry.h"

/* The netlib test programs' threshold for the GEMM ratio. */
#define GEMM_RATIO_LIMIT 16.0

T *TN(ompwg_check_, abs_copy)(const T *src, int64_t rows, int64_t cols, int64_t ld)
{
    T *dst = ompwg_compare_dense_copy(src, rows, cols, ld, sizeof(T));
    if (dst)
        for (int64_t i = 0; i < rows * cols; i++) dst[i] = T_ABS(dst[i]);
    return dst;
}

int TN(ompwg_ref_, gemm_ratio)(const ompwg_gemm_shape *s, T alpha, const T *a, const T *b, T beta,
                           const T *c0, const T *c, double *ratio)
{
    const ompwg_backend *ref = ompwg_find_backend_with(OMPWG_CAP_REFERENCE);
    if (!ref) return OMPWG_ERR_UNAVAILABLE;
    int64_t m = s->m, n = s->n, k = s->k;
    bool reads_ab = alpha != 0 && k > 0;
    int64_t ra = s->transa ? k : m, ca = s->transa ? m : k;
    int64_t rb = s->transb ? n : k, cb = s->transb ? k : n;
    T *cref = ompwg_compare_dense_copy(c0, m, n, s->ldc, sizeof(T));
    T *g = calloc((size_t)(m * n), sizeof(T));
    T *abs_a = reads_ab ? TN(ompwg_check_, abs_copy)(a, ra, ca, s->lda) : NULL;
    T *abs_b = reads_ab ? TN(ompwg_check_, abs_copy)(b, rb, cb, s->ldb) : NULL;
    int st = OMPWG_ERR_NOMEM;
    if (!cref || !g || (reads_ab && (!abs_a || !abs_b))) goto out;

    ompwg_gemm_shape rs = *s;
    rs.ldc = m;
    rs.device_ptrs = false;
    st = ref->TN(, gemm)(&rs, alpha, a, b, beta, cref);
    if (st == OMPWG_OK && reads_ab) {
        ompwg_gemm_shape gs = rs;
        gs.lda = ra > 0 ? ra : 1;
        gs.ldb = rb > 0 ? rb : 1;
        st = ref->TN(, gemm)(&gs, 1, abs_a, abs_b, 0, g);
    }
    if (st != OMPWG_OK) goto out;

    double worst = 0;
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < m; i++) {
            double c_term = beta != 0 ? fabs((double)beta) * fabs((double)c0[i + j * s->ldc]) : 0;
            double den = T_EPS * (fabs((double)alpha) * g[i + j * m] + c_term);
            double r = ompwg_compare_ratio(c[i + j * s->ldc], cref[i + j * m], den);
            if (!(r <= worst)) worst = r;
        }
    *ratio = worst;
out:
    free(cref);
    free(g);
    free(abs_a);
    free(abs_b);
    return st;
}

int TN(ompwg_checked_, gemm)(const ompwg_backend *be, const ompwg_gemm_shape *s, T alpha,
                             const T *a, const T *b, T beta, T *c)
{
    if (s->device_ptrs) return be->TN(, gemm)(s, alpha, a, b, beta, c);
    T *c0 = ompwg_compare_dense_copy(c, s->m, s->n, s->ldc, sizeof(T));
    if (!c0) return OMPWG_ERR_NOMEM;
    int st = be->TN(, gemm)(s, alpha, a, b, beta, c);
    double ratio = 0;
    ompwg_gemm_shape dense = *s;
    if (st == OMPWG_OK) {
        /* c0 is dense: compare against it with the caller's ldc for c */
        T *cd = ompwg_compare_dense_copy(c, s->m, s->n, s->ldc, sizeof(T));
        dense.ldc = s->m;
        st = cd ? TN(ompwg_ref_, gemm_ratio)(&dense, alpha, a, b, beta, c0, cd, &ratio)
                : OMPWG_ERR_NOMEM;
        free(cd);
        if (st == OMPWG_OK)
            st = ompwg_compare_verdict(T_NAME, "gemm", be->name, s->m, s->n, s->k,
                                       "netlib ratio", ratio, GEMM_RATIO_LIMIT);
    }
    free(c0);
    return st;
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
