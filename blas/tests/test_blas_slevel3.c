/* libompwg_blas level 3 in single precision (blas_level3_tmpl.c). */
#define OMPWG_TEST_PREC_S
#include "blas_level3_tmpl.c"
