/* The parts of the per-precision GEMM test (test_sgemm, test_dgemm): the
 * size grid (gemm_grid_tmpl.c) and the BLAS rules (gemm_rules_tmpl.c), run by
 * gemm_main_tmpl.c on each backend under the label given. */
#ifndef OMPWG_TEST_GEMM_TEST_H
#define OMPWG_TEST_GEMM_TEST_H

#include <stdbool.h>

#include "gemm_case.h"

/* The host-pointer GEMM. */
int call_gemm(const gemm_case *g, operands *o);

void grid_full_product(const char *backend);
void grid_rotating(const char *backend);
void grid_large(const char *backend);

/* The BLAS rules, a group each; with split, only those that run again
 * with C's columns split between backends. */
void rules(const char *backend, bool split);

#endif
