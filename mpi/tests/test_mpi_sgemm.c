/* The distributed GEMM in single precision (gemm_tmpl.c). */
#define OMPWG_TEST_PREC_S
#include "gemm_tmpl.c"
