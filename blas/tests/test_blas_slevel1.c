/* libompwg_blas's level-1 routines in single precision (blas_level1_tmpl.c). */
#define OMPWG_TEST_PREC_S
#include "blas_level1_tmpl.c"
