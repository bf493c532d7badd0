/* libompwg_blas's zgemm_ and cblas_zgemm (and, on fewer cases, cgemm_ and
 * cblas_cgemm) against plain loops in long double, on every usable backend:
 * both layouts, every transpose character ('N', 'T', 'C' and lower case),
 * padded leading dimensions, complex alpha and beta, C's padding untouched;
 * the quick return and beta == 0 with NaN in C. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "group.h"
#include "guard.h"
#include "ompwg_blas.h"
#include "tap.h"
#include "walk.h"

typedef ompwg_complex_double zc;

static ompwg_trans trans_of(char t)
{
    return t == 'N' || t == 'n' ? OMPWG_NO_TRANS : t == 'T' || t == 't' ? OMPWG_TRANS
                                                                         : OMPWG_CONJ_TRANS;
}

/* op(X)(i, p) of a column-major X with leading dimension ld. */
static zc op_at(const zc *x, int ld, char t, int i, int p)
{
    ompwg_trans tr = trans_of(t);
    if (tr == OMPWG_NO_TRANS) return x[i + p * ld];
    zc v = x[p + i * ld];
    if (tr == OMPWG_CONJ_TRANS) v.im = -v.im;
    return v;
}

/* |got - C_exact|_1 over k * eps * (|alpha|_1 sum |a|_1 |b|_1 + |beta|_1 |c0|_1)
 * for every element, C_exact from long double loops: the worst ratio, or
 * INFINITY where only one side is not finite. */
static double worst_ratio(char ta, char tb, int m, int n, int k, zc alpha, const zc *a, int lda,
                          const zc *b, int ldb, zc beta, const zc *c0, const zc *c, int ldc)
{
    double worst = 0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            long double sr = 0, si = 0, g = 0;
            for (int p = 0; p < k; p++) {
                zc x = op_at(a, lda, ta, i, p), y = op_at(b, ldb, tb, p, j);
                sr += (long double)x.re * y.re - (long double)x.im * y.im;
                si += (long double)x.re * y.im + (long double)x.im * y.re;
                g += (fabsl(x.re) + fabsl(x.im)) * (fabsl(y.re) + fabsl(y.im));
            }
            long double er = alpha.re * sr - alpha.im * si, ei = alpha.re * si + alpha.im * sr;
            zc old = c0[i + j * ldc];
            if (beta.re != 0 || beta.im != 0) {
                er += (long double)beta.re * old.re - (long double)beta.im * old.im;
                ei += (long double)beta.re * old.im + (long double)beta.im * old.re;
            }
            zc got = c[i + j * ldc];
            if (!isfinite(got.re) || !isfinite(got.im)) return INFINITY;
            double diff = (double)(fabsl(got.re - er) + fabsl(got.im - ei));
            double bound = (k + 2) * DBL_EPSILON *
                           (double)((fabs(alpha.re) + fabs(alpha.im)) * g +
                                    (fabs(beta.re) + fabs(beta.im)) * (fabs(old.re) + fabs(old.im)));
            double r = diff == 0 ? 0 : bound > 0 ? diff / bound : INFINITY;
            if (r > worst) worst = r;
        }
    return worst;
}

static void fill(zc *x, size_t n, test_rng *r)
{
    for (size_t i = 0; i < n; i++) x[i] = (zc){ test_uniform(r), test_uniform(r) };
}

/* One call through zgemm_ (cblas false) or cblas_zgemm in `layout`. */
static bool one_case(bool cblas, ompwg_layout layout, char ta, char tb, int m, int n, int k,
                     int pad, zc alpha, zc beta, test_rng *r, char *msg, size_t len)
{
    bool col = layout == OMPWG_COL_MAJOR;
    /* the column-major problem the call stands for */
    int cm = col ? m : n, cn = col ? n : m;
    char cta = col ? ta : tb, ctb = col ? tb : ta;
    int ck = k;
    int ra = trans_of(cta) == OMPWG_NO_TRANS ? cm : ck, ca = trans_of(cta) == OMPWG_NO_TRANS ? ck : cm;
    int rb = trans_of(ctb) == OMPWG_NO_TRANS ? ck : cn, cb = trans_of(ctb) == OMPWG_NO_TRANS ? cn : ck;
    int lda = (ra > 1 ? ra : 1) + pad, ldb = (rb > 1 ? rb : 1) + pad, ldc = (cm > 1 ? cm : 1) + pad;
    size_t la = (size_t)lda * (ca > 0 ? ca : 1), lb = (size_t)ldb * (cb > 0 ? cb : 1),
           lc = (size_t)ldc * (cn > 0 ? cn : 1);
    zc *a = guard_alloc(la * sizeof(zc)), *b = guard_alloc(lb * sizeof(zc)),
       *c = guard_alloc(lc * sizeof(zc));
    fill(a, la, r);
    fill(b, lb, r);
    fill(c, lc, r);
    zc *c0 = test_copy(c, lc * sizeof(zc));
    if (cblas) {
        /* the caller's view: A, B and C as the row-major call stores them */
        const zc *first = col ? a : b, *second = col ? b : a;
        int ld1 = col ? lda : ldb, ld2 = col ? ldb : lda;
        cblas_zgemm(layout, trans_of(ta), trans_of(tb), m, n, k, &alpha, first, ld1, second, ld2,
                    &beta, c, ldc);
    } else {
        zgemm_(&ta, &tb, &m, &n, &k, &alpha, a, &lda, b, &ldb, &beta, c, &ldc, 1, 1);
    }
    bool pass = true;
    const char *where;
    if (!guard_intact(c, &where)) {
        snprintf(msg, len, "wrote %s C", where);
        pass = false;
    }
    for (size_t idx = 0; pass && idx < lc; idx++)
        if ((int)(idx % (size_t)ldc) >= cm && memcmp(&c[idx], &c0[idx], sizeof(zc)) != 0) {
            snprintf(msg, len, "wrote C's padding at %zu", idx);
            pass = false;
        }
    if (pass) {
        double ratio = worst_ratio(cta, ctb, cm, cn, ck, alpha, a, lda, b, ldb, beta, c0, c, ldc);
        if (!(ratio <= 1)) {
            snprintf(msg, len, "error %g times the bound", ratio);
            pass = false;
        }
    }
    guard_free(a);
    guard_free(b);
    guard_free(c);
    free(c0);
    return pass;
}

static void run_backend(const char *backend, void *ctx)
{
    (void)ctx;
    static const char chars[] = "NTCntc";
    static const int sizes[][3] = { { 1, 1, 1 }, { 7, 5, 3 }, { 17, 33, 9 }, { 64, 13, 65 },
                                    { 0, 4, 3 }, { 5, 3, 0 } };
    const zc alphas[] = { { 1, 0 }, { 0.7, -0.4 }, { 0, 1 } };
    const zc betas[] = { { 0, 0 }, { 1, 0 }, { -0.3, 1.1 } };
    test_rng r;
    test_rng_init(&r, 900);
    for (int api = 0; api < 2; api++) {
        group grp;
        group_init(&grp, NULL);
        for (int li = 0; li < 2; li++)
            for (int x = 0; x < 6; x++)
                for (int y = 0; y < 6; y++) {
                    int s = (x * 6 + y + li) % 6, v = (x + 2 * y + li) % 3;
                    char msg[256] = "", desc[160];
                    ompwg_layout layout = li ? OMPWG_ROW_MAJOR : OMPWG_COL_MAJOR;
                    if (!api && li) layout = OMPWG_COL_MAJOR;
                    bool pass = one_case(api == 1, layout, chars[x], chars[y], sizes[s][0],
                                         sizes[s][1], sizes[s][2], (x + y) % 3, alphas[v],
                                         betas[(v + x) % 3], &r, msg, sizeof msg);
                    snprintf(desc, sizeof desc, "%s %c,%c m=%d n=%d k=%d",
                             layout == OMPWG_COL_MAJOR ? "col" : "row", chars[x], chars[y],
                             sizes[s][0], sizes[s][1], sizes[s][2]);
                    group_add(&grp, desc, pass, msg, -1);
                }
        group_report(&grp, "%s %s against long double loops, every transpose character", backend,
                     api ? "cblas_zgemm" : "zgemm_");
    }
}

/* The quick return (alpha == 0, beta == 1: C untouched even when NaN) and
 * beta == 0 ignoring NaN in C, through cgemm_ and cblas_cgemm. */
static void single_rules(void)
{
    ompwg_complex_float a[4] = { { 1, 2 }, { 3, -1 }, { 0.5f, 0 }, { -2, 1 } }, b[4], c[4],
                        one = { 1, 0 }, zero = { 0, 0 }, i = { 0, 1 };
    memcpy(b, a, sizeof a);
    for (int j = 0; j < 4; j++) c[j] = (ompwg_complex_float){ NAN, NAN };
    int two = 2;
    cgemm_("N", "N", &two, &two, &two, &zero, a, &two, b, &two, &one, c, &two, 1, 1);
    bool kept = isnan(c[0].re) && isnan(c[3].im);
    cblas_cgemm(OMPWG_ROW_MAJOR, OMPWG_CONJ_TRANS, OMPWG_NO_TRANS, 2, 2, 2, &i, a, 2, b, 2, &zero,
                c, 2);
    /* row-major C = i A^H B: element (0, 0) = i * (conj(a00) b00 + conj(a10) b10) */
    ompwg_complex_float a00 = a[0], a10 = a[2], b00 = b[0], b10 = b[2];
    float sr = a00.re * b00.re + a00.im * b00.im + a10.re * b10.re + a10.im * b10.im;
    float si = a00.re * b00.im - a00.im * b00.re + a10.re * b10.im - a10.im * b10.re;
    bool right = fabsf(c[0].re + si) < 1e-5f && fabsf(c[0].im - sr) < 1e-5f && isfinite(c[3].re);
    tap_ok(kept && right, "cgemm_ quick return keeps NaN C; cblas_cgemm row-major C^H with beta 0 "
           "ignores NaN C: c00 = (%g,%g), want (%g,%g)", c[0].re, c[0].im, -si, sr);
}

int main(void)
{
    tap_init("test_blas_zgemm");
    walk_backends(run_backend, NULL);
    single_rules();
    return tap_done();
}
