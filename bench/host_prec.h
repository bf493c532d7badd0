/* One precision's GEMM and vector host-data cases (host_tmpl.c, compiled
 * once per precision): bench_host_gemm_case and bench_host_vec_case without
 * the ratio to OpenBLAS. */
#ifndef OMPWG_BENCH_HOST_PREC_H
#define OMPWG_BENCH_HOST_PREC_H

#include <stdint.h>

#include "host.h"

void bench_host_gemm_case_s(const bench_host_engine *engines, int count,
                            const bench_host_gemm *g, const bench_config *cfg,
                            bench_result *rows);
void bench_host_gemm_case_d(const bench_host_engine *engines, int count,
                            const bench_host_gemm *g, const bench_config *cfg,
                            bench_result *rows);
void bench_host_vec_case_s(const bench_host_engine *engines, int count, bench_op op,
                           int64_t n, const bench_config *cfg, bench_result *rows);
void bench_host_vec_case_d(const bench_host_engine *engines, int count, bench_op op,
                           int64_t n, const bench_config *cfg, bench_result *rows);

#endif
