/* Reduction tests in single precision (reduce_main_tmpl.c). */
#define OMPWG_TEST_PREC_S
#include "reduce_main_tmpl.c"
