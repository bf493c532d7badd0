/* Device-pointer tests in single precision (device_tmpl.c). */
#define OMPWG_TEST_PREC_S
#include "device_tmpl.c"
