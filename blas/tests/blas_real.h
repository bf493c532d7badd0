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

#if defined(OMPWG_TEST_PREC_S)
static const blas_api blas = {
    .fortran_name = "SGEMM ", .cblas_name = "cblas_sgemm",
    .gemm_ = sgemm_, .cblas_gemm = cblas_sgemm,
    .dot_ = sdot_, .cblas_dot = cblas_sdot,
    .asum_ = sasum_, .cblas_asum = cblas_sasum,
    .iamax_ = isamax_, .cblas_iamax = cblas_isamax,
    .symm_ = ssymm_, .cblas_symm = cblas_ssymm,
    .syrk_ = ssyrk_, .cblas_syrk = cblas_ssyrk,
    .syr2k_ = ssyr2k_, .cblas_syr2k = cblas_ssyr2k,
    .trmm_ = strmm_, .cblas_trmm = cblas_strmm,
    .trsm_ = strsm_, .cblas_trsm = cblas_strsm,
};
#else
static const blas_api blas = {
    .fortran_name = "DGEMM ", .cblas_name = "cblas_dgemm",
    .gemm_ = dgemm_, .cblas_gemm = cblas_dgemm,
    .dot_ = ddot_, .cblas_dot = cblas_ddot,
    .asum_ = dasum_, .cblas_asum = cblas_dasum,
    .iamax_ = idamax_, .cblas_iamax = cblas_idamax,
    .symm_ = dsymm_, .cblas_symm = cblas_dsymm,
    .syrk_ = dsyrk_, .cblas_syrk = cblas_dsyrk,
    .syr2k_ = dsyr2k_, .cblas_syr2k = cblas_dsyr2k,
    .trmm_ = dtrmm_, .cblas_trmm = cblas_dtrmm,
    .trsm_ = dtrsm_, .cblas_trsm = cblas_dtrsm,
};
#endif

#endif
