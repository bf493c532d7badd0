/* Complex GEMM tests in double precision (cgemm_main_tmpl.c). */
#define OMPWG_TEST_PREC_Z
#include "cgemm_main_tmpl.c"
