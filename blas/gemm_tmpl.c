/* cblas_xgemm and xgemm_, compiled once per precision (prec.h): the
 * reference checks and quick return here, the product in ompwg. */
#include "prec.h"

#include "shim.h"

/* the names XERBLA gets, and those of the symbols for other messages */
#if defined(OMPWG_PREC_S)
static const char fortran_name[] = "SGEMM ";
static const char fortran_symbol[] = "sgemm_";
static const char cblas_name[] = "cblas_sgemm";
#else
static const char fortran_name[] = "DGEMM ";
static const char fortran_symbol[] = "dgemm_";
static const char cblas_name[] = "cblas_dgemm";
#endif

/* C := alpha op(A) op(B) + beta C, column-major, arguments checked. */
static void run_gemm(const char *routine, ompwg_trans transa, ompwg_trans transb, int m,
                     int n, int k, T alpha, const T *a, int lda, const T *b, int ldb,
                     T beta, T *c, int ldc)
{
    /* the reference's quick return: nothing is read or written */
    if (m == 0 || n == 0 || ((alpha == 0 || k == 0) && beta == 1)) return;
    ompwg_blas_attempt at = { .routine = routine };
    int st;
    do
        st = TN(ompwg_, gemm)(OMPWG_COL_MAJOR, transa, transb, m, n, k, alpha, a, lda, b, ldb,
                              beta, c, ldc);
    /* with beta == 0, C is written whole again */
    while (ompwg_blas_retry(&at, st, beta == 0));
}

/**
 * The Fortran xGEMM (LP64): C := alpha op(A) op(B) + beta C, column-major,
 * with the reference checks (illegal arguments go to xerbla_ with the
 * reference INFO) and quick returns; see ompwg_blas.h.
 */
OMPWG_BLAS_EXPORT void TN(, gemm_)(const char *transa, const char *transb, const int *m,
                                   const int *n, const int *k, const T *alpha, const T *a,
                                   const int *lda, const T *b, const int *ldb, const T *beta,
                                   T *c, const int *ldc, size_t transa_len, size_t transb_len)
{
    /* only the first character counts, as in LSAME */
    (void)transa_len;
    (void)transb_len;
    ompwg_trans ta = ompwg_blas_trans_of_char(transa), tb = ompwg_blas_trans_of_char(transb);
    int mm, nn, kk;
    int info = ompwg_blas_gemm_fortran_info(ta, tb, m, n, k, lda, ldb, ldc, &mm, &nn, &kk);
    if (!ompwg_blas_fortran_args_ok(fortran_name, info, alpha, 6, beta, 11)) return;
    run_gemm(fortran_symbol, ta, tb, mm, nn, kk, *alpha, a, *lda, b, *ldb, *beta, c, *ldc);
}

/**
 * netlib's cblas_xgemm (LP64): checks and numbering as netlib's (illegal
 * arguments go to cblas_xerbla); a row-major call is the column-major one
 * on B and A, as netlib makes it.
 */
OMPWG_BLAS_EXPORT void TN(cblas_, gemm)(ompwg_layout layout, ompwg_trans transa,
                                        ompwg_trans transb, int m, int n, int k, T alpha,
                                        const T *a, int lda, const T *b, int ldb, T beta, T *c,
                                        int ldc)
{
    if (!ompwg_blas_cblas_gemm_ok(cblas_name, layout, transa, transb, m, n, k, lda, ldb, ldc))
        return;
    if (layout == OMPWG_COL_MAJOR)
        run_gemm(cblas_name, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    else
        run_gemm(cblas_name, transb, transa, n, m, k, alpha, b, ldb, a, lda, beta, c, ldc);
}
