/* What the check mode's comparisons with the reference share across
 * precisions (check_tmpl.c, gemm_check_tmpl.c, level3_check_tmpl.c). */
#ifndef OMPWG_COMPARE_H
#define OMPWG_COMPARE_H

#include <stddef.h>
#include <stdint.h>

/* |c - cref| / den; a NaN or an Inf must stand in both at once: 0 then,
 * else INFINITY. A difference over den == 0 is INFINITY. */
double ompwg_compare_ratio(double c, double cref, double den);

/* A dense copy (leading dimension rows) of the column-major rows x cols
 * block of elem-byte elements at src (leading dimension ld); NULL when
 * memory is short. */
void *ompwg_compare_dense_copy(const void *src, int64_t rows, int64_t cols, int64_t ld,
                               size_t elem);

/* The verdict on a ratio: OMPWG_OK below limit; else a line on stderr that
 * names the routine (prec_name op, e.g. "double" "gemm"), the backend, the
 * sizes and the ratio (measure names it, e.g. "netlib ratio"), and
 * OMPWG_ERR_CHECK. */
int ompwg_compare_verdict(const char *prec_name, const char *op, const char *backend,
                          int64_t m, int64_t n, int64_t k, const char *measure, double ratio,
                          double limit);

#endif
