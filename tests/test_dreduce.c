/* Reduction tests in double precision (reduce_main_tmpl.c). */
#define OMPWG_TEST_PREC_D
#include "reduce_main_tmpl.c"
