/* The engine and op of a case: which precision's case (cases_tmpl.c) runs,
 * under which GPU kernel variants. */
#include "cases.h"

#include <stdio.h>

#include "cases_prec.h"
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
        if (dbl) bench_gemm_case_d(e, size, cfg, row);
        else bench_gemm_case_s(e, size, cfg, row);
        break;
    case BENCH_TRANSPOSE:
        if (dbl) bench_transpose_case_d(e, size, cfg, row);
        else bench_transpose_case_s(e, size, cfg, row);
        break;
    case BENCH_SCAN:
        if (dbl) bench_scan_case_d(e, size, cfg, row);
        else bench_scan_case_s(e, size, cfg, row);
        break;
    default:
        if (dbl) bench_vec_case_d(e, op, size, cfg, row);
        else bench_vec_case_s(e, op, size, cfg, row);
        break;
    }
    for (int i = 0; i < 3; i++) variant_restore(&env[i]);
}
