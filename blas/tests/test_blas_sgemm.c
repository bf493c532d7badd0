/* libompwg_blas's GEMM in single precision (blas_gemm_tmpl.c). */
#define OMPWG_TEST_PREC_S
#include "blas_gemm_tmpl.c"
