/* Device-pointer tests in double precision (device_tmpl.c). */
#define OMPWG_TEST_PREC_D
#include "device_tmpl.c"
