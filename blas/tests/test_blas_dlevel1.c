/* libompwg_blas's level-1 routines in double precision (blas_level1_tmpl.c). */
#define OMPWG_TEST_PREC_D
#include "blas_level1_tmpl.c"
