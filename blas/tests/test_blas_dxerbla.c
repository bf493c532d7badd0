/* libompwg_blas's DGEMM argument errors (blas_xerbla_tmpl.c). */
#define OMPWG_TEST_PREC_D
#include "blas_xerbla_tmpl.c"
