/* The parts of libompwg_blas's level-1 test of one precision
 * (test_blas_slevel1, test_blas_dlevel1): dot and asum (blas_level1_tmpl.c),
 * iamax (blas_iamax_tmpl.c). */
#ifndef OMPWG_TEST_BLAS_LEVEL1_TEST_H
#define OMPWG_TEST_BLAS_LEVEL1_TEST_H

#include <stddef.h>

#include "real.h"

/* The elements n values inc apart occupy. */
size_t span(int n, int inc);
/* count random elements (test_malloc'd). */
real *random_vector(size_t count, test_rng *rng);

void iamax_table(const char *backend);
void iamax_random(const char *backend, int N);
void iamax_lengths(const char *backend);

#endif
