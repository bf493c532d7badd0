/* The distributed reductions in double precision (reduce_tmpl.c). */
#define OMPWG_TEST_PREC_D
#include "reduce_tmpl.c"
