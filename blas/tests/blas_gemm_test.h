/* The parts of libompwg_blas's GEMM test of one precision (test_blas_sgemm,
 * test_blas_dgemm): the products (blas_gemm_tmpl.c) and the reference rules
 * (blas_gemm_rules_tmpl.c). */
#ifndef OMPWG_TEST_BLAS_GEMM_TEST_H
#define OMPWG_TEST_BLAS_GEMM_TEST_H

#include "real.h"

/* One call's operands as stored: rows x cols elements with leading
 * dimension ld (column-major; a row-major matrix is its transpose). */
typedef struct stored {
    int rows, cols, ld;
    real *v, *copy;
} stored;

/* rows x cols random elements, ld = rows + 3, guarded, a copy taken. */
void stored_fill(stored *s, int rows, int cols, test_rng *rng);
void stored_free(stored *s);

void rule_beta_zero(const char *backend);
void rule_scale_only(const char *backend);
void rule_quick_return(const char *backend);

#endif
