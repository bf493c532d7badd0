/* The host-data section of `ompwg bench` (--host, and part of --full). */
#ifndef OMPWG_CLI_BENCH_HOST_H
#define OMPWG_CLI_BENCH_HOST_H

#include <stdbool.h>
#include <stdint.h>

#include "cases.h"
#include "report.h"

typedef struct bench_host_plan {
    const int64_t *gemm_sizes, *vec_sizes; /* square GEMMs n x n x n; sum and dot lengths */
    int n_gemm, n_vec;
    bool gemm, sum, dot, prec_s, prec_d;
    bool trsm, syrk, zgemm; /* double only: at the GEMM sizes, with prec_d */
    bool every_lapack_shape; /* every LAPACK-shaped GEMM in both precisions, else one */
    const char *engines;     /* --backends list, or NULL for every engine */
    bool real_gpu;
} bench_host_plan;

/* Runs, prints and appends to rep the section's rows; the number of rows
 * without a checked figure, or -1 when out of memory. */
int bench_host_section(const bench_host_plan *p, const bench_config *cfg, bench_report *rep);

#endif
