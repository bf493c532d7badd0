/* One precision's cases (cases_tmpl.c, compiled once per precision), which
 * bench_run_case picks: each fills row as bench_run_case says. */
#ifndef OMPWG_BENCH_CASES_PREC_H
#define OMPWG_BENCH_CASES_PREC_H

#include <stdbool.h>
#include <stdint.h>

#include "cases.h"

void bench_gemm_case_s(const bench_engine *e, int64_t n, const bench_config *cfg,
                       bench_result *row);
void bench_gemm_case_d(const bench_engine *e, int64_t n, const bench_config *cfg,
                       bench_result *row);
void bench_vec_case_s(const bench_engine *e, bench_op op, int64_t n, const bench_config *cfg,
                      bench_result *row);
void bench_vec_case_d(const bench_engine *e, bench_op op, int64_t n, const bench_config *cfg,
                      bench_result *row);
void bench_transpose_case_s(const bench_engine *e, int64_t n, const bench_config *cfg,
                            bench_result *row);
void bench_transpose_case_d(const bench_engine *e, int64_t n, const bench_config *cfg,
                            bench_result *row);
void bench_scan_case_s(const bench_engine *e, int64_t n, const bench_config *cfg,
                       bench_result *row);
void bench_scan_case_d(const bench_engine *e, int64_t n, const bench_config *cfg,
                       bench_result *row);
/* Sum (dot false) or dot of n device values by ompwg's _device call, or by
 * CUB when cub, the result converted to double: bench_gpu's reductions. */
int bench_device_reduce_s(bool cub, bool dot, int64_t n, const float *x, const float *y,
                          double *result);
int bench_device_reduce_d(bool cub, bool dot, int64_t n, const double *x, const double *y,
                          double *result);

#endif
