/* Level-3 tests in single precision (level3_main_tmpl.c). */
#define OMPWG_TEST_PREC_S
#include "level3_main_tmpl.c"
