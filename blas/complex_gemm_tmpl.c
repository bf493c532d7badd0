/* cblas_cgemm/cblas_zgemm and cgemm_/zgemm_, compiled once per complex
 * precision (prec.h's OMPWG_PREC_C, OMPWG_PREC_Z): the reference checks and
 * quick return here, the product in ompwg. */
#include "prec.h"

#include "shim.h"

#if defined(OMPWG_PREC_C)
static const char fortran_name[] = "CGEMM ";
static const char fortran_symbol[] = "cgemm_";
static const char cblas_name[] = "cblas_cgemm";
#else
static const char fortran_name[] = "ZGEMM ";
static const char fortran_symbol[] = "zgemm_";
static const char cblas_name[] = "cblas_zgemm";
#endif

static bool is_zero(T x)
{
    return x.re == 0 && x.im == 0;
}

static bool is_one(T x)
{
    return x.re == 1 && x.im == 0;
}

/* C := alpha op(A) op(B) + beta C, column-major, arguments checked. */
static void run_gemm(const char *routine, ompwg_trans transa, ompwg_trans transb, int m,
                     int n, int k, T alpha, const T *a, int lda, const T *b, int ldb,
                     T beta, T *c, int ldc)
{
    /* the reference's quick return: nothing is read or written */
    if (m == 0 || n == 0 || ((is_zero(alpha) || k == 0) && is_one(beta))) return;
    ompwg_blas_attempt at = { .routine = routine };
    int st;
    do
        st = TN(ompwg_, gemm)(OMPWG_COL_MAJOR, transa, transb, m, n, k, alpha, a, lda, b, ldb,
                              beta, c, ldc);
    /* with beta == 0, C is written whole again */
    while (ompwg_blas_retry(&at, st, is_zero(beta)));
}

/**
 * The Fortran CGEMM/ZGEMM (LP64): C := alpha op(A) op(B) + beta C,
 * column-major, op 'N', 'T' or 'C' (conjugate transpose), with the
 * reference checks (illegal arguments go to xerbla_ with the reference
 * INFO) and quick returns; see ompwg_blas.h.
 */
OMPWG_BLAS_EXPORT void TN(, gemm_)(const char *transa, const char *transb, const int *m,
                                   const int *n, const int *k, const T *alpha, const T *a,
                                   const int *lda, const T *b, const int *ldb, const T *beta,
                                   T *c, const int *ldc, size_t transa_len, size_t transb_len)
{
    (void)transa_len;
    (void)transb_len;
    ompwg_trans ta = ompwg_blas_ctrans_of_char(transa), tb = ompwg_blas_ctrans_of_char(transb);
    int mm, nn, kk;
    int info = ompwg_blas_gemm_fortran_info(ta, tb, m, n, k, lda, ldb, ldc, &mm, &nn, &kk);
    if (!ompwg_blas_fortran_args_ok(fortran_name, info, alpha, 6, beta, 11)) return;
    run_gemm(fortran_symbol, ta, tb, mm, nn, kk, *alpha, a, *lda, b, *ldb, *beta, c, *ldc);
}

/**
 * netlib's cblas_cgemm/cblas_zgemm (LP64): alpha and beta by address,
 * checks and numbering as netlib's (illegal arguments go to cblas_xerbla);
 * a row-major call is the column-major one on B and A, with its
 * conjugations, as netlib makes it.
 */
OMPWG_BLAS_EXPORT void TN(cblas_, gemm)(ompwg_layout layout, ompwg_trans transa,
                                        ompwg_trans transb, int m, int n, int k,
                                        const void *alpha, const void *a, int lda, const void *b,
                                        int ldb, const void *beta, void *c, int ldc)
{
    if (!ompwg_blas_cblas_gemm_ok(cblas_name, layout, transa, transb, m, n, k, lda, ldb, ldc))
        return;
    const T al = *(const T *)alpha, be = *(const T *)beta;
    if (layout == OMPWG_COL_MAJOR)
        run_gemm(cblas_name, transa, transb, m, n, k, al, a, lda, b, ldb, be, c, ldc);
    else
        run_gemm(cblas_name, transb, transa, n, m, k, al, b, ldb, a, lda, be, c, ldc);
}
