/* The BLAS routines of the precision a test template is compiled for
 * (OMPWG_TEST_PREC_S or _D, as for real.h): each by its TN() name
 * (TN(, gemm_) is sgemm_ or dgemm_, TN(cblas_, gemm) cblas_sgemm or
 * cblas_dgemm), as ompwg_blas.h declares it. */
#ifndef OMPWG_TEST_BLAS_REAL_H
#define OMPWG_TEST_BLAS_REAL_H

#include "ompwg_blas.h"
#include "real.h"

/* The names xerbla_ and cblas_xerbla get for this precision's GEMM:
 * "SGEMM ", "cblas_sgemm". */
#define GEMM_FORTRAN_NAME REAL_PREFIX_UPPER "GEMM "
#define GEMM_CBLAS_NAME "cblas_" REAL_PREFIX "gemm"

#endif
