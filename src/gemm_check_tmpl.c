/* The GEMM's comparison with the reference backend, real and complex,
 * compiled once per precision (prec.h, OMPWG_PREC_C and OMPWG_PREC_Z
 * included): the netlib ratio, and the check mode's run and verdict. */
#include "prec.h"

#include <math.h>
#include <stdlib.h>

#include "compare.h"
#include "ompwg.h"
#include "registry.h"

/* The netlib test programs' threshold for the GEMM ratio. */
#define GEMM_RATIO_LIMIT 16.0

/* TR, the real part's type, is defined for the complex precisions only;
 * there an element's magnitude is netlib's |re x| + |im x|, a real. */
#ifdef TR
#include "ccheck.h"
#include "complex_tmpl.h"

typedef TR magnitude;

static bool is_zero(T x)
{
    return cplx_is_zero(x);
}

static double magnitude_of(T x)
{
    return cplx_abs1(x);
}

/* |x|_1 of every element, dense, in the real type. */
static magnitude *magnitude_copy(const T *src, int64_t rows, int64_t cols, int64_t ld)
{
    magnitude *dst = malloc((size_t)(rows * cols > 0 ? rows * cols : 1) * sizeof(magnitude));
    if (!dst) return NULL;
    for (int64_t j = 0; j < cols; j++)
        for (int64_t i = 0; i < rows; i++)
            dst[i + j * rows] = (magnitude)cplx_abs1(src[i + j * ld]);
    return dst;
}

static bool is_finite(T x)
{
    return isfinite(x.re) && isfinite(x.im);
}

static double element_ratio(T c, T cref, double den)
{
    bool nan_c = isnan(c.re) || isnan(c.im), nan_r = isnan(cref.re) || isnan(cref.im);
    if (nan_c || nan_r) return nan_c && nan_r ? 0 : INFINITY;
    if (!is_finite(c) || !is_finite(cref))
        return c.re == cref.re && c.im == cref.im ? 0 : INFINITY;
    double diff = fabs((double)c.re - (double)cref.re) + fabs((double)c.im - (double)cref.im);
    if (diff == 0) return 0;
    return den > 0 ? diff / den : INFINITY;
}

/* g := |A| |B| in the real precision of the same width. */
static int magnitude_gemm(const ompwg_backend *ref, const ompwg_gemm_shape *s,
                          const magnitude *a, const magnitude *b, magnitude *g)
{
    return ref->TRN(, gemm)(s, 1, a, b, 0, g);
}
#else
#include "check.h"

typedef T magnitude;

static bool is_zero(T x)
{
    return x == 0;
}

static double magnitude_of(T x)
{
    return fabs((double)x);
}

static magnitude *magnitude_copy(const T *src, int64_t rows, int64_t cols, int64_t ld)
{
    return TN(ompwg_check_, abs_copy)(src, rows, cols, ld);
}

static double element_ratio(T c, T cref, double den)
{
    return ompwg_compare_ratio(c, cref, den);
}

static int magnitude_gemm(const ompwg_backend *ref, const ompwg_gemm_shape *s,
                          const magnitude *a, const magnitude *b, magnitude *g)
{
    return ref->TN(, gemm)(s, 1, a, b, 0, g);
}
#endif

int TN(ompwg_ref_, gemm_ratio)(const ompwg_gemm_shape *s, T alpha, const T *a, const T *b,
                               T beta, const T *c0, const T *c, double *ratio)
{
    const ompwg_backend *ref = ompwg_find_backend_with(OMPWG_CAP_REFERENCE);
    if (!ref || !ref->TN(, gemm)) return OMPWG_ERR_UNAVAILABLE;
    int64_t m = s->m, n = s->n, k = s->k;
    bool reads_ab = !is_zero(alpha) && k > 0;
    int64_t ra = s->transa ? k : m, ca = s->transa ? m : k;
    int64_t rb = s->transb ? n : k, cb = s->transb ? k : n;
    T *cref = ompwg_compare_dense_copy(c0, m, n, s->ldc, sizeof(T));
    magnitude *g = calloc((size_t)(m * n), sizeof(magnitude));
    magnitude *abs_a = reads_ab ? magnitude_copy(a, ra, ca, s->lda) : NULL;
    magnitude *abs_b = reads_ab ? magnitude_copy(b, rb, cb, s->ldb) : NULL;
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
        st = magnitude_gemm(ref, &gs, abs_a, abs_b, g);
    }
    if (st != OMPWG_OK) goto out;

    double abs_alpha = magnitude_of(alpha), abs_beta = magnitude_of(beta);
    double worst = 0;
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < m; i++) {
            double c_term = abs_beta != 0 ? abs_beta * magnitude_of(c0[i + j * s->ldc]) : 0;
            double den = T_EPS * (abs_alpha * g[i + j * m] + c_term);
            double r = element_ratio(c[i + j * s->ldc], cref[i + j * m], den);
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
    TN(ompwg_, gemm_fn) fn = be->TN(, gemm);
    if (s->device_ptrs) return fn(s, alpha, a, b, beta, c);
    T *c0 = ompwg_compare_dense_copy(c, s->m, s->n, s->ldc, sizeof(T));
    if (!c0) return OMPWG_ERR_NOMEM;
    int st = fn(s, alpha, a, b, beta, c);
    double ratio = 0;
    if (st == OMPWG_OK) {
        T *cd = ompwg_compare_dense_copy(c, s->m, s->n, s->ldc, sizeof(T));
        ompwg_gemm_shape dense = *s;
        dense.ldc = s->m;
        st = cd ? TN(ompwg_ref_, gemm_ratio)(&dense, alpha, a, b, beta, c0, cd, &ratio)
                : OMPWG_ERR_NOMEM;
        free(cd);
        if (st == OMPWG_OK)
            st = ompwg_compare_verdict(T_NAME, "gemm", be->name, s->m, s->n, s->k, "netlib ratio",
                                       ratio, GEMM_RATIO_LIMIT);
    }
    free(c0);
    return st;
}
