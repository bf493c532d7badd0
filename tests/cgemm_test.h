/* The parts of the complex GEMM test of one precision (test_cgemm,
 * test_zgemm), run by cgemm_main_tmpl.c: the grid (cgemm_grid_tmpl.c), the
 * rules (cgemm_rules_tmpl.c) and the argument checks (cgemm_args_tmpl.c). */
#ifndef OMPWG_TEST_CGEMM_TEST_H
#define OMPWG_TEST_CGEMM_TEST_H

#include "cgemm_case.h"

static const ompwg_trans all_trans[] = { OMPWG_NO_TRANS, OMPWG_TRANS, OMPWG_CONJ_TRANS };

void grid(const char *backend, ccaller *call);
void grid_large(const char *backend, ccaller *call);
void rules(const char *backend);
void arguments(void);

#endif
