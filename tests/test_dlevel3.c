/* Level-3 tests in double precision (level3_main_tmpl.c). */
#define OMPWG_TEST_PREC_D
#include "level3_main_tmpl.c"
