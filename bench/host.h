/* The host-data cases: what a program that hands plain malloc'd (pageable)
 * arrays to a BLAS gets from each engine. Every engine of a case runs on the
 * same data, and is checked against OpenBLAS as the other cases are. */
#ifndef OMPWG_BENCH_HOST_H
#define OMPWG_BENCH_HOST_H

#include <stdbool.h>
#include <stdint.h>

#include "cases.h"
#include "level3_cases.h"
#include "report.h"

typedef struct bench_host_engine {
    const char *name;    /* auto, cpu, gpu+xfer, openblas, nvblas */
    const char *device;  /* "cpu" or "gpu"; NULL: whatever auto resolves to */
    /* the ompwg backend the calling thread asks for while the engine runs
     * (ompwg_set_thread_backend: "auto" is the library's own choice); NULL:
     * NVBLAS, GEMM only */
    const char *backend;
} bench_host_engine;

/* C := alpha A B + beta C, column-major, no transposes, dense. */
typedef struct bench_host_gemm {
    int64_t m, n, k;
    double alpha, beta;
} bench_host_gemm;

/* Runs engines[0..count) on one GEMM, filling rows[0..count) (section
 * "host", ratio against the "openblas" row when there is one). */
void bench_host_gemm_case(const bench_host_engine *engines, int count, bool dbl,
                          const bench_host_gemm *g, const bench_config *cfg, bench_result *rows);

/* The level-3 host-data cases beside GEMM, all double, column-major: DTRSM
 * (left, lower, no transpose, non-unit, m = n: B := A^-1 B), DSYRK (lower,
 * no transpose: C := -A A^T + C, n x k A) and ZGEMM (square, no transposes,
 * alpha 1, beta 0). */
typedef struct bench_host_level3 {
    bench_level3_op op; /* BENCH_L3_DTRSM, BENCH_L3_DSYRK or BENCH_L3_ZGEMM */
    int64_t n, k; /* k: DSYRK's inner dimension; n elsewhere */
} bench_host_level3;

/* Runs engines[0..count) with a backend on one level-3 case, filling
 * rows[0..count) as bench_host_gemm_case does. check: ZGEMM the netlib ratio
 * against OpenBLAS (< 16 passes); DTRSM and DSYRK the largest difference to
 * OpenBLAS's result over the written triangle, in units of eps times the
 * inner dimension times OpenBLAS's largest element there (< 16 passes). */
void bench_host_level3_case(const bench_host_engine *engines, int count,
                            const bench_host_level3 *c, const bench_config *cfg,
                            bench_result *rows);

/* The same for a sum or dot of length n (engines with a backend only). */
void bench_host_vec_case(const bench_host_engine *engines, int count, bench_op op, bool dbl,
                         int64_t n, const bench_config *cfg, bench_result *rows);

#endif
