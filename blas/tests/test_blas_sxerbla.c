/* libompwg_blas's SGEMM argument errors (blas_xerbla_tmpl.c). */
#define OMPWG_TEST_PREC_S
#include "blas_xerbla_tmpl.c"
