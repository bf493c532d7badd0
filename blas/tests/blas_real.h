/* The BLAS routines of the precision a test template is compiled for
 * (OMPWG_TEST_PREC_S or _D, as for real.h), as one table. */
#ifndef OMPWG_TEST_BLAS_REAL_H
#define OMPWG_TEST_BLAS_REAL_H

#include "ompwg_blas.h"
#include "real.h"

/* Each routine as ompwg_blas.h declares it for this precision. */
typedef struct blas_api {
    const char *fortran_name;  /* what xerbla_ gets: "SGEMM " */
    const char *cblas_name;    /* what cblas_xerbla gets: "cblas_sgemm" */
    /* each routine's Fortran form and its CBLAS form, as in the table below */
    __typeof__(TN(, gemm_)) *gemm_;  __typeof__(TN(cblas_, gemm)) *cblas_gemm;
    __typeof__(TN(, dot_)) *dot_;  __typeof__(TN(cblas_, dot)) *cblas_dot;
    __typeof__(TN(, asum_)) *asum_;  __typeof__(TN(cblas_, asum)) *cblas_asum;
    __typeof__(TN(i, amax_)) *iamax_;  __typeof__(TN(cblas_i, amax)) *cblas_iamax;
    __typeof__(TN(, symm_)) *symm_;  __typeof__(TN(cblas_, symm)) *cblas_symm;
    __typeof__(TN(, syrk_)) *syrk_;  __typeof__(TN(cblas_, syrk)) *cblas_syrk;
    __typeof__(TN(, syr2k_)) *syr2k_;  __typeof__(TN(cblas_, syr2k)) *cblas_syr2k;
    __typeof__(TN(, trmm_)) *trmm_, *trsm_;  __typeof__(TN(cblas_, trmm)) *cblas_trmm, *cblas_trsm;
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
