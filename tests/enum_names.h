/* The short names the tests print for the public enums. */
#ifndef OMPWG_TEST_ENUM_NAMES_H
#define OMPWG_TEST_ENUM_NAMES_H

#include "ompwg.h"

/* "N", "T", "C", or "?" for a value outside the enum. */
const char *trans_name(ompwg_trans t);
/* "col-major", "row-major", or "?". */
const char *layout_name(ompwg_layout l);

#endif
