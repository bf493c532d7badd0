/* The scans' checks of one type (scan_tmpl.c, compiled once per type), run
 * by test_scan.c. */
#ifndef OMPWG_TEST_SCAN_TEST_H
#define OMPWG_TEST_SCAN_TEST_H

#include <stdbool.h>

/* The grid of sizes, increments and flags on one backend, with host or
 * device pointers. */
void grid_s(const char *backend, bool device);
void grid_d(const char *backend, bool device);
void grid_i64(const char *backend, bool device);
/* Every argument error: its status, nothing written. */
void bad_args_s(void);
void bad_args_d(void);
void bad_args_i64(void);

#endif
