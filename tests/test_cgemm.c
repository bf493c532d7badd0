/* Complex GEMM tests in single precision (cgemm_main_tmpl.c). */
#define OMPWG_TEST_PREC_C
#include "cgemm_main_tmpl.c"
