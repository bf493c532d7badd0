/* The BLAS routines of the precision a test template is compiled for
 * (OMPWG_TEST_PREC_S or _D, as for real.h), as one table. */
#ifndef OMPWG_TEST_BLAS_REAL_H
#define OMPWG_TEST_BLAS_REAL_H

#include "ompwg_blas.h"
#include "real.h"

typedef void fortran_gemm_fn(const char *transa, const char *transb, const int *m, const int *n,
                             const int *k, const real *alpha, const real *a, const int *lda,
                             const real *b, const int *ldb, const real *beta, real *c,
                             const int *ldc, size_t transa_len, size_t transb_len);
typedef void cblas_gemm_fn(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb, int m,
                           int n, int k, real alpha, const real *a, int lda, const real *b,
                           int ldb, real beta, real *c, int ldc);
typedef real fortran_dot_fn(const int *n, const real *x, const int *incx, const real *y,
                            const int *incy);
typedef real cblas_dot_fn(int n, const real *x, int incx, const real *y, int incy);
typedef real fortran_asum_fn(const int *n, const real *x, const int *incx);
typedef real cblas_asum_fn(int n, const real *x, int incx);
typedef int fortran_iamax_fn(const int *n, const real *x, const int *incx);
typedef size_t cblas_iamax_fn(int n, const real *x, int incx);
typedef void fortran_symm_fn(const char *side, const char *uplo, const int *m, const int *n,
                             const real *alpha, const real *a, const int *lda, const real *b,
                             const int *ldb, const real *beta, real *c, const int *ldc,
                             size_t side_len, size_t uplo_len);
typedef void fortran_syrk_fn(const char *uplo, const char *trans, const int *n, const int *k,
                             const real *alpha, const real *a, const int *lda, const real *beta,
                             real *c, const int *ldc, size_t uplo_len, size_t trans_len);
typedef void fortran_syr2k_fn(const char *uplo, const char *trans, const int *n, const int *k,
                              const real *alpha, const real *a, const int *lda, const real *b,
                              const int *ldb, const real *beta, real *c, const int *ldc,
                              size_t uplo_len, size_t trans_len);
typedef void fortran_trxm_fn(const char *side, const char *uplo, const char *transa,
                             const char *diag, const int *m, const int *n, const real *alpha,
                             const real *a, const int *lda, real *b, const int *ldb,
                             size_t side_len, size_t uplo_len, size_t transa_len,
                             size_t diag_len);
typedef void cblas_symm_fn(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo, int m, int n,
                           real alpha, const real *a, int lda, const real *b, int ldb,
                           real beta, real *c, int ldc);
typedef void cblas_syrk_fn(ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans, int n, int k,
                           real alpha, const real *a, int lda, real beta, real *c, int ldc);
typedef void cblas_syr2k_fn(ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans, int n,
                            int k, real alpha, const real *a, int lda, const real *b, int ldb,
                            real beta, real *c, int ldc);
typedef void cblas_trxm_fn(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                           ompwg_trans transa, ompwg_diag diag, int m, int n, real alpha,
                           const real *a, int lda, real *b, int ldb);

typedef struct blas_api {
    const char *fortran_name;  /* what xerbla_ gets: "SGEMM " */
    const char *cblas_name;    /* what cblas_xerbla gets: "cblas_sgemm" */
    fortran_gemm_fn *gemm_;
    cblas_gemm_fn *cblas_gemm;
    fortran_dot_fn *dot_;
    cblas_dot_fn *cblas_dot;
    fortran_asum_fn *asum_;
    cblas_asum_fn *cblas_asum;
    fortran_iamax_fn *iamax_;
    cblas_iamax_fn *cblas_iamax;
    fortran_symm_fn *symm_;
    cblas_symm_fn *cblas_symm;
    fortran_syrk_fn *syrk_;
    cblas_syrk_fn *cblas_syrk;
    fortran_syr2k_fn *syr2k_;
    cblas_syr2k_fn *cblas_syr2k;
    fortran_trxm_fn *trmm_, *trsm_;
    cblas_trxm_fn *cblas_trmm, *cblas_trsm;
} blas_api;

static const blas_api blas = {
    .fortran_name = REAL_PREFIX_UPPER "GEMM ", .cblas_name = "cblas_" REAL_PREFIX "gemm",
    .gemm_ = TN(, gemm_), .cblas_gemm = TN(cblas_, gemm),
    .dot_ = TN(, dot_), .cblas_dot = TN(cblas_, dot),
    .asum_ = TN(, asum_), .cblas_asum = TN(cblas_, asum),
    .iamax_ = TN(i, amax_), .cblas_iamax = TN(cblas_i, amax),
    .symm_ = TN(, symm_), .cblas_symm = TN(cblas_, symm),
    .syrk_ = TN(, syrk_), .cblas_syrk = TN(cblas_, syrk),
    .syr2k_ = TN(, syr2k_), .cblas_syr2k = TN(cblas_, syr2k),
    .trmm_ = TN(, trmm_), .cblas_trmm = TN(cblas_, trmm),
    .trsm_ = TN(, trsm_), .cblas_trsm = TN(cblas_, trsm),
};

#endif
