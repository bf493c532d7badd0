/* Check mode for SYMM, SYRK, SYR2K, TRMM and TRSM, compiled once per
 * precision: the backend's result against the reference backend's, within
 * the GEMM-style forward-error bound (TRSM: a residual bound), and C's
 * other triangle (SYRK, SYR2K) unchanged. */
#include "prec.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "compare.h"
#include "ompwg.h"
#include "registry.h"

/* The netlib test programs' threshold, as for GEMM, or the inner dimension
 * where that is larger (SYRK's diagonal sums positive terms, whose rounding
 * errors do not cancel). */
#define LEVEL3_RATIO_LIMIT 16.0

static bool written(const ompwg_level3_shape *s, int64_t i, int64_t j)
{
    if (s->op != OMPWG_L3_SYRK && s->op != OMPWG_L3_SYR2K) return true;
    return s->upper ? i <= j : i >= j;
}

typedef struct l3_work {
    T *cref, *g, *abs_a, *abs_b, *x;
} l3_work;

static void l3_work_free(l3_work *w)
{
    free(w->cref);
    free(w->g);
    free(w->abs_a);
    free(w->abs_b);
    free(w->x);
}

/* The worst ratio over C of the result c (leading dimension ldc) given c0
 * (dense) before the call. */
static int level3_ratio(const ompwg_level3_shape *s, T alpha, const T *a, const T *b,
                        T beta, const T *c0, const T *c, int64_t ldc, double *ratio)
{
    const ompwg_backend *ref = ompwg_find_backend_with(OMPWG_CAP_REFERENCE);
    if (!ref) return OMPWG_ERR_UNAVAILABLE;
    TN(ompwg_, level3_fn) fn = ref->TN(, level3)[s->op];
    const int64_t m = s->m, n = s->n;
    const bool syr = s->op == OMPWG_L3_SYRK || s->op == OMPWG_L3_SYR2K;
    const bool tri = s->op == OMPWG_L3_TRMM || s->op == OMPWG_L3_TRSM;
    const bool reads = alpha != 0 && (!syr || s->k > 0);
    int64_t ra = syr ? (s->trans ? s->k : n) : (s->left ? m : n);
    int64_t ca = syr ? (s->trans ? n : s->k) : ra;
    int64_t rb = s->op == OMPWG_L3_SYR2K ? ra : m, cb = s->op == OMPWG_L3_SYR2K ? ca : n;
    bool has_b = reads && (s->op == OMPWG_L3_SYMM || s->op == OMPWG_L3_SYR2K);

    l3_work w = { 0 };
    int st = OMPWG_ERR_NOMEM;
    ompwg_level3_shape rs = *s;
    rs.ldc = m;
    rs.device_ptrs = false;
    w.cref = ompwg_compare_dense_copy(c0, m, n, m, sizeof(T));
    /* the magnitudes: |op(A)| |B0| (TRMM), |op(A)| |X| (TRSM), |A||B| (the others) */
    w.g = s->op == OMPWG_L3_TRSM ? TN(ompwg_check_, abs_copy)(c, m, n, ldc)
                                 : TN(ompwg_check_, abs_copy)(c0, m, n, m);
    if (reads) w.abs_a = TN(ompwg_check_, abs_copy)(a, ra, ca, s->lda);
    if (has_b) w.abs_b = TN(ompwg_check_, abs_copy)(b, rb, cb, s->ldb);
    if (s->op == OMPWG_L3_TRSM) w.x = ompwg_compare_dense_copy(c, m, n, ldc, sizeof(T));
    if (!w.cref || !w.g || (reads && !w.abs_a) || (has_b && !w.abs_b) ||
        (s->op == OMPWG_L3_TRSM && !w.x))
        goto out;
    if ((st = fn(&rs, alpha, a, b, beta, w.cref)) != OMPWG_OK) goto out;
    if (reads) {
        ompwg_level3_shape gs = rs;
        gs.lda = ra;
        gs.ldb = rb;
        if (s->op == OMPWG_L3_TRSM) gs.op = OMPWG_L3_TRMM;
        TN(ompwg_, level3_fn) gfn = ref->TN(, level3)[gs.op];
        if ((st = gfn(&gs, 1, w.abs_a, w.abs_b, 0, w.g)) != OMPWG_OK) goto out;
        if (s->op == OMPWG_L3_TRSM) {
            /* the residual's first term, op(A) X */
            ompwg_level3_shape xs = rs;
            xs.op = OMPWG_L3_TRMM;
            TN(ompwg_, level3_fn) tfn = ref->TN(, level3)[OMPWG_L3_TRMM];
            if ((st = tfn(&xs, 1, a, NULL, 0, w.x)) != OMPWG_OK) goto out;
        }
    } else if (!tri) {
        memset(w.g, 0, (size_t)(m * n) * sizeof(T));
    }

    double worst = 0;
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < m; i++) {
            double cv = c[i + j * ldc], c0v = c0[i + j * m], r;
            if (!written(s, i, j)) {
                r = memcmp(&c[i + j * ldc], &c0[i + j * m], sizeof(T)) == 0 ? 0 : INFINITY;
            } else if (tri && (!isfinite((double)w.cref[i + j * m]) ||
                               (isfinite(cv) && s->op == OMPWG_L3_TRSM && reads &&
                                !isfinite((double)w.x[i + j * m])))) {
                /* OpenBLAS's TRMM and TRSM take the zeros of the triangle they do
                 * not reference into their sums (0 x Inf is NaN), in its result
                 * and in the residual op(A) X formed here; reference BLAS leaves
                 * such an element finite, as this result may. And an Inf that
                 * substitution carries on comes out Inf or NaN by the order of
                 * the operations. A non-finite result where the reference's is
                 * finite is still caught; the tests check where an Inf reaches
                 * (level3_rules_tmpl.c). */
                r = 0;
            } else if (s->op == OMPWG_L3_TRSM && reads && isfinite(cv) &&
                       isfinite((double)w.cref[i + j * m])) {
                double rhs = (double)alpha * c0v;
                double den = T_EPS * ((double)w.g[i + j * m] + fabs(rhs));
                r = ompwg_compare_ratio(w.x[i + j * m], rhs, den);
            } else if (s->op == OMPWG_L3_TRSM) {
                r = ompwg_compare_ratio(cv, w.cref[i + j * m], 0);
            } else {
                double c_term = !tri && beta != 0 ? fabs((double)beta) * fabs(c0v) : 0;
                double g = reads ? (double)w.g[i + j * m] : 0;
                r = ompwg_compare_ratio(cv, w.cref[i + j * m],
                                            T_EPS * (fabs((double)alpha) * g + c_term));
            }
            if (!(r <= worst)) worst = r;
        }
    *ratio = worst;
out:
    l3_work_free(&w);
    return st;
}

int TN(ompwg_checked_, level3)(const ompwg_backend *be, TN(ompwg_, level3_fn) fn,
                               const ompwg_level3_shape *s, T alpha, const T *a, const T *b,
                               T beta, T *c)
{
    if (s->device_ptrs) return fn(s, alpha, a, b, beta, c);
    T *c0 = ompwg_compare_dense_copy(c, s->m, s->n, s->ldc, sizeof(T));
    if (!c0) return OMPWG_ERR_NOMEM;
    int st = fn(s, alpha, a, b, beta, c);
    double ratio = 0;
    if (st == OMPWG_OK) st = level3_ratio(s, alpha, a, b, beta, c0, c, s->ldc, &ratio);
    int64_t inner = s->op == OMPWG_L3_SYRK || s->op == OMPWG_L3_SYR2K ? s->k
                                                                    : (s->left ? s->m : s->n);
    double limit = (double)inner > LEVEL3_RATIO_LIMIT ? (double)inner : LEVEL3_RATIO_LIMIT;
    if (st == OMPWG_OK) {
        static const char *const names[OMPWG_L3_OP_COUNT] = { "symm", "syrk", "syr2k", "trmm",
                                                              "trsm" };
        st = ompwg_compare_verdict(T_NAME, names[s->op], be->name, s->m, s->n, s->k, "ratio",
                                   ratio, limit);
    }
    free(c0);
    return st;
}
