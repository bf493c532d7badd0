/* libompwg_blas's GEMM in a program linked with -lompwg_blas, on every
 * backend: the Fortran and CBLAS entry points against OpenBLAS within the
 * netlib ratio (ompwg_?gemm_ratio), C outside its m x n block and every
 * argument untouched, and the reference rules (quick returns, beta == 0
 * does not read C, alpha == 0 or k == 0 does not read A and B).
 * Meson compiles it and its rules (blas_gemm_test.h) once per precision. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blas_gemm_test.h"
#include "blas_real.h"
#include "group.h"
#include "guard.h"
#include "walk.h"

typedef struct shape {
    int m, n, k;
} shape;

/* around the CPU kernel's register and cache blocks, and one product that
 * takes its packed path */
static const shape shapes[] = {
    { 1, 1, 1 }, { 3, 5, 7 }, { 17, 9, 33 }, { 33, 64, 5 }, { 130, 97, 67 },
};
#define SHAPE_COUNT (sizeof shapes / sizeof shapes[0])

void stored_fill(stored *s, int rows, int cols, test_rng *rng)
{
    s->rows = rows;
    s->cols = cols;
    s->ld = rows + 3;
    size_t count = (size_t)s->ld * (size_t)cols;
    s->v = guard_alloc(count * sizeof(real));
    for (size_t i = 0; i < count; i++) s->v[i] = rand_real(rng);
    s->copy = test_copy(s->v, count * sizeof(real));
}

static size_t stored_bytes(const stored *s)
{
    return (size_t)s->ld * (size_t)s->cols * sizeof(real);
}

void stored_free(stored *s)
{
    guard_free(s->v);
    free(s->copy);
}

/* Whether the elements outside the rows x cols block (rows beyond `rows`
 * in each column) and the canaries are as they were. */
static bool padding_intact(const stored *s)
{
    const char *where;
    if (!guard_intact(s->v, &where)) return false;
    for (int j = 0; j < s->cols; j++)
        for (int i = s->rows; i < s->ld; i++)
            if (memcmp(&s->v[i + (size_t)j * s->ld], &s->copy[i + (size_t)j * s->ld],
                       sizeof(real)) != 0)
                return false;
    return true;
}

static bool unchanged(const stored *s)
{
    const char *where;
    return guard_intact(s->v, &where) && memcmp(s->v, s->copy, stored_bytes(s)) == 0;
}

/* Why a product fails its checks (the checker's status and ratio, C's
 * padding, A and B, the scalar arguments), or NULL when it passes; frees
 * a, b and c. */
static const char *product_verdict(int st, double ratio, stored *a, stored *b, stored *c,
                                   bool args_kept)
{
    const char *why = st != OMPWG_OK ? "the ratio checker failed"
                      : !(ratio < GEMM_RATIO_LIMIT) ? "ratio over 16"
                      : !padding_intact(c) ? "C written outside its m x n block"
                      : !unchanged(a) || !unchanged(b) ? "A or B written"
                      : !args_kept ? "a scalar argument changed" : NULL;
    stored_free(a);
    stored_free(b);
    stored_free(c);
    return why;
}

static real pick_beta(test_rng *rng, int i)
{
    return i % 3 == 0 ? 0 : i % 3 == 1 ? 1 : rand_real(rng);
}

/* sgemm_ for every pair of transpose characters the reference accepts. */
static void fortran_products(const char *backend)
{
    static const char chars[] = "NnTtCc";
    group g;
    group_init(&g, "ratio");
    test_rng rng;
    test_rng_init(&rng, 1);
    int count = 0;
    for (const char *ta = chars; *ta; ta++)
        for (const char *tb = chars; *tb; tb++)
            for (size_t si = 0; si < SHAPE_COUNT; si++, count++) {
                shape sh = shapes[si];
                bool trans_a = *ta != 'N' && *ta != 'n', trans_b = *tb != 'N' && *tb != 'n';
                stored a, b, c;
                stored_fill(&a, trans_a ? sh.k : sh.m, trans_a ? sh.m : sh.k, &rng);
                stored_fill(&b, trans_b ? sh.n : sh.k, trans_b ? sh.k : sh.n, &rng);
                stored_fill(&c, sh.m, sh.n, &rng);
                real alpha = rand_real(&rng), beta = pick_beta(&rng, count);
                /* the scalars as a Fortran caller passes them, checked after */
                int m = sh.m, n = sh.n, k = sh.k, lda = a.ld, ldb = b.ld, ldc = c.ld;
                real alpha_arg = alpha, beta_arg = beta;
                TN(, gemm_)(ta, tb, &m, &n, &k, &alpha_arg, a.v, &lda, b.v, &ldb, &beta_arg,
                           c.v, &ldc, 1, 1);
                double ratio = INFINITY;
                int st = api.gemm_ratio(OMPWG_COL_MAJOR, trans_a ? OMPWG_TRANS : OMPWG_NO_TRANS,
                                        trans_b ? OMPWG_TRANS : OMPWG_NO_TRANS, sh.m, sh.n, sh.k,
                                        alpha, a.v, a.ld, b.v, b.ld, beta, c.copy, c.v, c.ld,
                                        &ratio);
                bool args_kept = m == sh.m && n == sh.n && k == sh.k && lda == a.ld &&
                                 ldb == b.ld && ldc == c.ld &&
                                 memcmp(&alpha_arg, &alpha, sizeof alpha) == 0 &&
                                 memcmp(&beta_arg, &beta, sizeof beta) == 0;
                char what[96];
                snprintf(what, sizeof what, "%cgemm_('%c', '%c', %d, %d, %d, beta %g)",
                         api.prefix[0], *ta, *tb, sh.m, sh.n, sh.k, (double)beta);
                const char *why = product_verdict(st, ratio, &a, &b, &c, args_kept);
                group_add(&g, what, !why, why ? why : "", ratio);
            }
    group_report(&g, "%s: %sgemm_ (N, T, C in either case) against OpenBLAS within ratio 16, "
                 "C outside the block, A, B and the scalars untouched", backend, api.prefix);
}

/* cblas_sgemm in both layouts, all three transpose values. */
static void cblas_products(const char *backend)
{
    static const ompwg_layout layouts[] = { OMPWG_COL_MAJOR, OMPWG_ROW_MAJOR };
    static const ompwg_trans trans[] = { OMPWG_NO_TRANS, OMPWG_TRANS, OMPWG_CONJ_TRANS };
    group g;
    group_init(&g, "ratio");
    test_rng rng;
    test_rng_init(&rng, 2);
    int count = 0;
    for (int l = 0; l < 2; l++)
        for (int ia = 0; ia < 3; ia++)
            for (int ib = 0; ib < 3; ib++)
                for (size_t si = 0; si < SHAPE_COUNT; si++, count++) {
                    shape sh = shapes[si];
                    bool col = layouts[l] == OMPWG_COL_MAJOR;
                    bool trans_a = trans[ia] != OMPWG_NO_TRANS, trans_b = trans[ib] != OMPWG_NO_TRANS;
                    /* op(A) is m x k, op(B) k x n; a row-major matrix is
                     * stored as its transpose would be in column-major */
                    int ra = trans_a ? sh.k : sh.m, ca = trans_a ? sh.m : sh.k;
                    int rb = trans_b ? sh.n : sh.k, cb = trans_b ? sh.k : sh.n;
                    stored a, b, c;
                    stored_fill(&a, col ? ra : ca, col ? ca : ra, &rng);
                    stored_fill(&b, col ? rb : cb, col ? cb : rb, &rng);
                    stored_fill(&c, col ? sh.m : sh.n, col ? sh.n : sh.m, &rng);
                    real alpha = rand_real(&rng), beta = pick_beta(&rng, count);
                    TN(cblas_, gemm)(layouts[l], trans[ia], trans[ib], sh.m, sh.n, sh.k, alpha,
                                    a.v, a.ld, b.v, b.ld, beta, c.v, c.ld);
                    double ratio = INFINITY;
                    int st = api.gemm_ratio(layouts[l], trans[ia], trans[ib], sh.m, sh.n, sh.k,
                                            alpha, a.v, a.ld, b.v, b.ld, beta, c.copy, c.v,
                                            c.ld, &ratio);
                    char what[128];
                    snprintf(what, sizeof what, "%s(%s, %d, %d, %d, %d, %d, beta %g)",
                             GEMM_CBLAS_NAME, col ? "ColMajor" : "RowMajor", trans[ia],
                             trans[ib], sh.m, sh.n, sh.k, (double)beta);
                    const char *why = product_verdict(st, ratio, &a, &b, &c, true);
                    group_add(&g, what, !why, why ? why : "", ratio);
                }
    group_report(&g, "%s: %s in both layouts against OpenBLAS within ratio 16, C outside "
                 "the block, A and B untouched", backend, GEMM_CBLAS_NAME);
}

static void run_backend(const char *backend, void *ctx)
{
    (void)ctx;
    fortran_products(backend);
    cblas_products(backend);
    rule_beta_zero(backend);
    rule_scale_only(backend);
    rule_quick_return(backend);
}

int main(void)
{
    tap_init("test_blas_%sgemm", api.prefix);
    walk_backends(run_backend, NULL);
    return tap_done();
}
