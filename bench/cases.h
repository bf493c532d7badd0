/* One benchmark case: an engine running one op at one size, timed and
 * checked against OpenBLAS. */
#ifndef OMPWG_BENCH_CASES_H
#define OMPWG_BENCH_CASES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report.h"

typedef enum bench_engine_kind {
    BENCH_HOST_DATA,   /* the public API on host data, on backend `backend` */
    BENCH_DEVICE_DATA, /* the *_device API on data already on the GPU */
    BENCH_CUBLAS,      /* cuBLAS on data already on the GPU */
    BENCH_CUB,         /* CUB on data already on the GPU (sum, dot, max, scan) */
} bench_engine_kind;

typedef struct bench_engine {
    const char *name;
    const char *device;    /* "cpu" or "gpu" */
    const char *backend;   /* ompwg backend (host-data engines) */
    const char *reference; /* engine the ratio divides by */
    /* the one for sum, dot, max and scan when not NULL (a GPU engine
     * measures those against CUB and the rest against cuBLAS) */
    const char *vec_reference;
    bench_engine_kind kind;
    /* GPU kernel variants the engine selects while it runs (the values of
     * OMPWG_GPU_GEMM, OMPWG_GPU_REDUCE, OMPWG_GPU_TRANSPOSE; NULL leaves
     * the variable as it is) */
    const char *gemm_variant, *reduce_variant, *transpose_variant;
    unsigned ops;          /* the ops it runs, bit 1 << op; 0: every op */
} bench_engine;

typedef struct bench_config {
    int reps;
    size_t cpu_cache, gpu_cache; /* bytes: data smaller than twice this is rotated */
    uint64_t seed;
} bench_config;

typedef enum bench_op {
    BENCH_GEMM, BENCH_SUM, BENCH_DOT, BENCH_MAX, BENCH_TRANSPOSE, BENCH_SCAN, BENCH_OPS
} bench_op;

/* Whether an op's size is a matrix side n (n x n) rather than a vector length. */
bool bench_op_is_matrix(bench_op op);

/* Whether engine e runs op (cuBLAS has no scan, CUB no GEMM or transpose,
 * a variant engine runs the ops its variant is about). */
bool bench_engine_runs(const bench_engine *e, bench_op op);

/* Fills row (timing, rate, check) for engine e; row->status says why there
 * is no figure. The ceiling and reference ratio are the caller's. */
void bench_run_case(const bench_engine *e, bench_op op, bool dbl, int64_t size,
                    const bench_config *cfg, bench_result *row);

const char *bench_op_name(bench_op op);

#endif
