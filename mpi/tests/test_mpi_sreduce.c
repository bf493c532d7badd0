/* The distributed reductions in single precision (reduce_tmpl.c). */
#define OMPWG_TEST_PREC_S
#include "reduce_tmpl.c"
