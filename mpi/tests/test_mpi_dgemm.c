/* The distributed GEMM in double precision (gemm_tmpl.c). */
#define OMPWG_TEST_PREC_D
#include "gemm_tmpl.c"
