/* The transposes' checks of one precision (transpose_tmpl.c, compiled once
 * per precision), run by test_transpose.c. */
#ifndef OMPWG_TEST_TRANSPOSE_TEST_H
#define OMPWG_TEST_TRANSPOSE_TEST_H

#include <stdbool.h>

/* The grid of shapes, layouts and paddings on one backend, with host or
 * device pointers. */
void grid_s(const char *backend, bool device);
void grid_d(const char *backend, bool device);
/* Every argument error: its status, nothing written. */
void bad_args_s(void);
void bad_args_d(void);

#endif
