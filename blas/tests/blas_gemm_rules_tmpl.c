/* The reference GEMM rules through both entry points of libompwg_blas:
 * part of the GEMM test of one precision (blas_gemm_test.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "blas_gemm_test.h"
#include "blas_real.h"
#include "group.h"
#include "guard.h"

/* A call through either entry point, column-major, no transposes. */
static void gemm_either(bool fortran, int m, int n, int k, real alpha, const real *a, int lda,
                        const real *b, int ldb, real beta, real *c, int ldc)
{
    if (fortran)
        TN(, gemm_)("N", "N", &m, &n, &k, &alpha, a, &lda, b, &ldb, &beta, c, &ldc, 1, 1);
    else
        TN(cblas_, gemm)(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, m, n, k, alpha, a, lda,
                        b, ldb, beta, c, ldc);
}

static const char *entry_name(bool fortran)
{
    return fortran ? "Fortran" : "CBLAS";
}

/* beta == 0: C is not read, so NaN in C gives the same bits as zeros. */
void rule_beta_zero(const char *backend)
{
    enum { M = 19, N = 7, K = 11 };
    test_rng rng;
    test_rng_init(&rng, 3);
    stored a, b;
    stored_fill(&a, M, K, &rng);
    stored_fill(&b, K, N, &rng);
    real c_nan[M * N], c_zero[M * N];
    bool pass = true;
    for (int f = 0; f < 2; f++) {
        for (int i = 0; i < M * N; i++) {
            c_nan[i] = (real)NAN;
            c_zero[i] = 0;
        }
        gemm_either(f, M, N, K, 0.75f, a.v, a.ld, b.v, b.ld, 0, c_nan, M);
        gemm_either(f, M, N, K, 0.75f, a.v, a.ld, b.v, b.ld, 0, c_zero, M);
        if (memcmp(c_nan, c_zero, sizeof c_nan) != 0) {
            tap_diag("%s: NaN in C changed the result", entry_name(f));
            pass = false;
        }
    }
    tap_ok(pass, "%s: beta == 0 does not read C (NaN in C gives the bits zeros give), Fortran "
           "and CBLAS", backend);
    stored_free(&a);
    stored_free(&b);
}

/* alpha == 0 or k == 0 (beta != 1): C := beta C, exactly, and A and B are
 * not read (NULL here); beta == 0 then writes zeros over NaN. */
void rule_scale_only(const char *backend)
{
    enum { M = 5, N = 4 };
    bool pass = true;
    for (int f = 0; f < 2; f++)
        for (int alpha_zero = 0; alpha_zero < 2; alpha_zero++) {
            real alpha = alpha_zero ? 0 : 3;
            int k = alpha_zero ? 6 : 0;
            real c[M * N], c0[M * N];
            for (int i = 0; i < M * N; i++) c[i] = c0[i] = (real)(i - 7) / 8;
            gemm_either(f, M, N, k, alpha, NULL, M, NULL, k > 0 ? k : 1, 0.5f, c, M);
            for (int i = 0; i < M * N; i++)
                if (c[i] != (real)(0.5f * c0[i])) {
                    tap_diag("%s, alpha %g, k %d: C[%d] = %g, expected %g", entry_name(f),
                             (double)alpha, k, i, (double)c[i], (double)(0.5f * c0[i]));
                    pass = false;
                    break;
                }
            for (int i = 0; i < M * N; i++) c[i] = (real)NAN;
            gemm_either(f, M, N, k, alpha, NULL, M, NULL, k > 0 ? k : 1, 0, c, M);
            for (int i = 0; i < M * N; i++)
                if (c[i] != 0) {
                    tap_diag("%s, alpha %g, k %d, beta 0: C[%d] = %g over NaN, expected 0",
                             entry_name(f), (double)alpha, k, i, (double)c[i]);
                    pass = false;
                    break;
                }
        }
    tap_ok(pass, "%s: alpha == 0 or k == 0 gives C := beta C without reading A and B (NULL), "
           "beta == 0 zeros over NaN", backend);
}

/* The quick returns: nothing is read or written (every array NULL, or C
 * holding NaN that must keep its bits). */
void rule_quick_return(const char *backend)
{
    enum { M = 6, N = 3 };
    bool pass = true;
    for (int f = 0; f < 2; f++) {
        gemm_either(f, 0, N, 4, 1, NULL, 1, NULL, 4, 0, NULL, 1);
        gemm_either(f, M, 0, 4, 1, NULL, M, NULL, 4, 0, NULL, M);
        real c[M * N], c0[M * N];
        for (int i = 0; i < M * N; i++) c[i] = i % 4 ? (real)i : (real)NAN;
        memcpy(c0, c, sizeof c);
        gemm_either(f, M, N, 4, 0, NULL, M, NULL, 4, 1, c, M);
        gemm_either(f, M, N, 0, 2, NULL, M, NULL, 1, 1, c, M);
        if (memcmp(c, c0, sizeof c) != 0) {
            tap_diag("%s: C changed by a call that returns at once", entry_name(f));
            pass = false;
        }
    }
    tap_ok(pass, "%s: m == 0, n == 0, and (alpha == 0 or k == 0) with beta == 1 return at once "
           "(NULL arrays, C's NaN bits kept)", backend);
}
