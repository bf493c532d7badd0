/* GEMM tests in single precision (gemm_main_tmpl.c). */
#define OMPWG_TEST_PREC_S
#include "gemm_main_tmpl.c"
