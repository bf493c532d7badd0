/* Both precisions' cases in one unit: cases_tmpl.c is included per type. */
#include "cases.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cub.h"
#include "cublas.h"
#include "device_data.h"
#include "extremum.h"
#include "harness.h"
#include "ompwg.h"

const char *bench_op_name(bench_op op)
{
    static const char *const names[] = { [BENCH_GEMM] = "gemm", [BENCH_SUM] = "sum",
                                         [BENCH_DOT] = "dot", [BENCH_MAX] = "max",
                                         [BENCH_TRANSPOSE] = "transpose", [BENCH_SCAN] = "scan" };
    return names[op];
}

bool bench_op_is_matrix(bench_op op)
{
    return op == BENCH_GEMM || op == BENCH_TRANSPOSE;
}

bool bench_engine_runs(const bench_engine *e, bench_op op)
{
    if (e->kind == BENCH_CUBLAS && op == BENCH_SCAN) return false;
    if (e->kind == BENCH_CUB && bench_op_is_matrix(op)) return false;
    return e->ops == 0 || (e->ops & (1u << op)) != 0;
}

/* The knob an engine sets while it runs (ompwg_config_set), put back to
 * the environment's value after. */
typedef struct variant_env {
    const char *name;
} variant_env;

static void variant_set(variant_env *v, const char *name, const char *value)
{
    v->name = value ? name : NULL;
    if (value) ompwg_config_set(name, value);
}

static void variant_restore(const variant_env *v)
{
    if (v->name) ompwg_config_set(v->name, NULL);
}

/* Device copies for the engines that work on data already on the GPU. */
static void *to_device(const void *host, size_t bytes)
{
    return bench_device_copy_of(host, bytes);
}

static int to_host(void *host, const void *dev_ptr, size_t bytes)
{
    return ompwg_device_copy(host, dev_ptr, bytes, OMPWG_DEVICE_TO_HOST);
}

static void device_free(void *p)
{
    ompwg_device_free(p);
}

/* The median seconds of run(job) (bench_time_steady) into row->seconds,
 * and true; false when the timing fails, with row->status saying why: the
 * status of one more call, OMPWG_ERR_DEVICE where that one succeeds. */
static bool time_row(bench_result *row, int (*run)(void *), void *job, int reps)
{
    double t = bench_time_steady(run, job, 1, reps);
    if (t < 0) {
        row->status = run(job);
        if (row->status == OMPWG_OK) row->status = OMPWG_ERR_DEVICE;
        return false;
    }
    row->seconds = t;
    return true;
}

#define OMPWG_PREC_S
#include "cases_tmpl.c"
#undef OMPWG_PREC_S
#define OMPWG_PREC_D
#include "cases_tmpl.c"
#undef OMPWG_PREC_D

void bench_run_case(const bench_engine *e, bench_op op, bool dbl, int64_t size,
                    const bench_config *cfg, bench_result *row)
{
    snprintf(row->engine, sizeof row->engine, "%s", e->name);
    snprintf(row->device, sizeof row->device, "%s", e->device);
    snprintf(row->op, sizeof row->op, "%s", bench_op_name(op));
    snprintf(row->prec, sizeof row->prec, "%s", dbl ? "double" : "float");
    const char *reference = e->vec_reference && !bench_op_is_matrix(op) ? e->vec_reference
                                                                         : e->reference;
    snprintf(row->reference, sizeof row->reference, "%s", reference);
    row->size = size;
    row->ceiling = -1;
    row->vs_reference = -1;
    if (e->kind == BENCH_HOST_DATA && ompwg_set_backend(e->backend) != OMPWG_OK) {
        row->status = OMPWG_ERR_UNAVAILABLE;
        return;
    }
    variant_env env[3];
    variant_set(&env[0], "OMPWG_GPU_GEMM", e->gemm_variant);
    variant_set(&env[1], "OMPWG_GPU_REDUCE", e->reduce_variant);
    variant_set(&env[2], "OMPWG_GPU_TRANSPOSE", e->transpose_variant);
    switch (op) {
    case BENCH_GEMM:
        if (dbl) gemm_case_d(e, size, cfg, row);
        else gemm_case_s(e, size, cfg, row);
        break;
    case BENCH_TRANSPOSE:
        if (dbl) transpose_case_d(e, size, cfg, row);
        else transpose_case_s(e, size, cfg, row);
        break;
    case BENCH_SCAN:
        if (dbl) scan_case_d(e, size, cfg, row);
        else scan_case_s(e, size, cfg, row);
        break;
    default:
        if (dbl) vec_case_d(e, op, size, cfg, row);
        else vec_case_s(e, op, size, cfg, row);
        break;
    }
    for (int i = 0; i < 3; i++) variant_restore(&env[i]);
}
