/* libompwg_blas's GEMM in double precision (blas_gemm_tmpl.c). */
#define OMPWG_TEST_PREC_D
#include "blas_gemm_tmpl.c"
