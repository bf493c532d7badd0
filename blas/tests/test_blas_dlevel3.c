/* libompwg_blas level 3 in double precision (blas_level3_tmpl.c). */
#define OMPWG_TEST_PREC_D
#include "blas_level3_tmpl.c"
