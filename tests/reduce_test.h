/* The parts of the per-precision reduction test (test_sreduce,
 * test_dreduce), run by reduce_main_tmpl.c on each backend: the sums
 * (reduce_sum_tmpl.c), max and min (reduce_extremum_tmpl.c), vectors of one
 * element (reduce_single_tmpl.c). */
#ifndef OMPWG_TEST_REDUCE_TEST_H
#define OMPWG_TEST_REDUCE_TEST_H

#include <stdbool.h>

#include "reduce_case.h"

void sums_grid(const char *backend, sum_kind k);
void sums_special(const char *backend);

/* Every check of max (want_max) or min, a group each. */
void extrema(const char *backend, bool want_max);

void single_element_any_increment(const char *backend);

#endif
