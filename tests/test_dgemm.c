/* GEMM tests in double precision (gemm_main_tmpl.c). */
#define OMPWG_TEST_PREC_D
#include "gemm_main_tmpl.c"
