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
#include "ompwg.h"
#include "registry.h"

/* The netlib test programs' threshold, as for GEMM, or the inner dimension
 * where that is larger (SYRK's diagonal sums positive terms, whose rounding
 * errors do not cancel). */
#define LEVEL3_RATIO_LIMIT 16.0

/* Dense copy (leading dimension rows) of a column-major block, of its
 * absolute values when abs_values is set. */
static T *TN(l3_copy_, )(const T *src, int64_t rows, int64_t cols, int64_t ld, bool abs_values)
{
    T *dst = malloc((size_t)(rows * cols > 0 ? rows * cols : 1) * sizeof(T));
    if (!dst) return NULL;
    for (int64_t j = 0; j < cols; j++)
        for (int64_t i = 0; i < rows; i++) {
            T v = src[i + j * ld];
            dst[i + j * rows] = abs_values ? T_ABS(v) : v;
        }
    return dst;
}

/* |c - cref| / den; NaN and Inf must match exactly. */
static double TN(l3_element_ratio_, )(double c, double cref, double den)
{
    if (isnan(c) || isnan(cref)) return isnan(c) && isnan(cref) ? 0 : INFINITY;
    if (isinf(c) || isinf(cref)) return c == cref ? 0 : INFINITY;
    double diff = fabs(c - cref);
    if (diff == 0) return 0;
    return den > 0 ? diff / den : INFINITY;
}

static bool TN(written_, )(const ompwg_level3_shape *s, int64_t i, int64_t j)
{
    if (s->op != OMPWG_L3_SYRK && s->op != OMPWG_L3_SYR2K) return true;
    return s->upper ? i <= j : i >= j;
}

typedef struct TN(l3_work_, ) {
    T *cref, *g, *abs_a, *abs_b, *x;
} TN(l3_work_, );

static void TN(l3_work_free_, )(TN(l3_work_, ) *w)
{
    free(w->cref);
    free(w->g);
    free(w->abs_a);
    free(w->abs_b);
    free(w->x);
}

/* The worst ratio over C of the result c (leading dimension ldc) given c0
 * (dense) before the call. */
static int TN(level3_ratio_, )(const ompwg_level3_shape *s, T alpha, const T *a, const T *b,
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

    TN(l3_work_, ) w = { 0 };
    int st = OMPWG_ERR_NOMEM;
    ompwg_level3_shape rs = *s;
    rs.ldc = m;
    rs.device_ptrs = false;
    w.cref = TN(l3_copy_, )(c0, m, n, m, false);
    /* the magnitudes: |op(A)| |B0| (TRMM), |op(A)| |X| (TRSM), |A||B| (the others) */
    w.g = s->op == OMPWG_L3_TRSM ? TN(l3_copy_, )(c, m, n, ldc, true)
                                 : TN(l3_copy_, )(c0, m, n, m, true);
    if (reads) w.abs_a = TN(l3_copy_, )(a, ra, ca, s->lda, true);
    if (has_b) w.abs_b = TN(l3_copy_, )(b, rb, cb, s->ldb, true);
    if (s->op == OMPWG_L3_TRSM) w.x = TN(l3_copy_, )(c, m, n, ldc, false);
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
            if (!TN(written_, )(s, i, j)) {
                r = memcmp(&c[i + j * ldc], &c0[i + j * m], sizeof(T)) == 0 ? 0 : INFINITY;
            } else if (s->op == OMPWG_L3_TRSM && reads && isfinite(cv) &&
                       isfinite((double)w.cref[i + j * m])) {
                double rhs = (double)alpha * c0v;
                double den = T_EPS * ((double)w.g[i + j * m] + fabs(rhs));
                r = TN(l3_element_ratio_, )(w.x[i + j * m], rhs, den);
            } else if (s->op == OMPWG_L3_TRSM) {
                r = TN(l3_element_ratio_, )(cv, w.cref[i + j * m], 0);
            } else {
                double c_term = !tri && beta != 0 ? fabs((double)beta) * fabs(c0v) : 0;
                double g = reads ? (double)w.g[i + j * m] : 0;
                r = TN(l3_element_ratio_, )(cv, w.cref[i + j * m],
                                            T_EPS * (fabs((double)alpha) * g + c_term));
            }
            if (!(r <= worst)) worst = r;
        }
    *ratio = worst;
out:
    TN(l3_work_free_, )(&w);
    return st;
}

int TN(ompwg_checked_, level3)(const ompwg_backend *be, TN(ompwg_, level3_fn) fn,
                               const ompwg_level3_shape *s, T alpha, const T *a, const T *b,
                               T beta, T *c)
{
    if (s->device_ptrs) return fn(s, alpha, a, b, beta, c);
    T *c0 = TN(l3_copy_, )(c, s->m, s->n, s->ldc, false);
    if (!c0) return OMPWG_ERR_NOMEM;
    int st = fn(s, alpha, a, b, beta, c);
    double ratio = 0;
    if (st == OMPWG_OK) st = TN(level3_ratio_, )(s, alpha, a, b, beta, c0, c, s->ldc, &ratio);
    int64_t inner = s->op == OMPWG_L3_SYRK || s->op == OMPWG_L3_SYR2K ? s->k
                                                                    : (s->left ? s->m : s->n);
    double limit = (double)inner > LEVEL3_RATIO_LIMIT ? (double)inner : LEVEL3_RATIO_LIMIT;
    if (st == OMPWG_OK && !(ratio < limit)) {
        static const char *const names[OMPWG_L3_OP_COUNT] = { "symm", "syrk", "syr2k", "trmm",
                                                              "trsm" };
        fprintf(stderr, "ompwg: check: " T_NAME " %s on backend %s differs from OpenBLAS "
                "(m=%lld n=%lld k=%lld): ratio %g >= %g\n", names[s->op], be->name,
                (long long)s->m, (long long)s->n, (long long)s->k, ratio, limit);
        st = OMPWG_ERR_CHECK;
    }
    free(c0);
    return st;
}
