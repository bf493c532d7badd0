/* Both precisions' host-data cases in one unit: host_tmpl.c is included per
 * type. */
#include "host.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "nvblas.h"
#include "ompwg.h"

static void row_init(bench_result *row, const bench_host_engine *e, const char *op, bool dbl,
                     int64_t size)
{
    *row = (bench_result){ .status = OMPWG_ERR_UNAVAILABLE, .ceiling = -1, .vs_reference = -1 };
    snprintf(row->engine, sizeof row->engine, "%s", e->name);
    snprintf(row->device, sizeof row->device, "%s", e->device ? e->device : "auto");
    snprintf(row->op, sizeof row->op, "%s", op);
    snprintf(row->prec, sizeof row->prec, "%s", dbl ? "double" : "float");
    snprintf(row->reference, sizeof row->reference, "openblas");
    snprintf(row->section, sizeof row->section, "host");
    row->size = size;
}

/* Before an engine that may run on the CPU (auto too), the threads of the
 * engine before it, in this case or the last one, stop spinning first. */
static void settle_before(const bench_host_engine *engines, int e)
{
    if (!(engines[e].device && strcmp(engines[e].device, "gpu") == 0)) bench_settle();
}

/* Routes the calling thread to the engine's backend; false when that
 * backend is not usable here. The row of `auto` names the device of the
 * backend auto chose, where it is one backend. */
static bool engine_begin(const bench_host_engine *e, bench_result *row)
{
    if (!e->backend) return true;
    row->status = ompwg_set_thread_backend(e->backend);
    if (row->status != OMPWG_OK) return false;
    if (!e->device) {
        const char *chosen = ompwg_get_backend();
        if (strcmp(chosen, "gpu") == 0 || strcmp(chosen, "cpu") == 0)
            snprintf(row->device, sizeof row->device, "%s", chosen);
        else if (strcmp(chosen, "openblas") == 0)
            snprintf(row->device, sizeof row->device, "cpu");
    }
    return true;
}

static void engine_end(void)
{
    ompwg_set_thread_backend(NULL);
}

/* rows[i].vs_reference: rate over the checked "openblas" row's. */
static void against_openblas(bench_result *rows, int count)
{
    const bench_result *ref = NULL;
    for (int i = 0; i < count; i++)
        if (strcmp(rows[i].engine, "openblas") == 0 && rows[i].status == OMPWG_OK &&
            rows[i].check_ok)
            ref = &rows[i];
    for (int i = 0; ref && i < count; i++)
        if (rows[i].status == OMPWG_OK) rows[i].vs_reference = rows[i].rate / ref->rate;
}

#define OMPWG_PREC_S
#include "host_tmpl.c"
#undef OMPWG_PREC_S
#define OMPWG_PREC_D
#include "host_tmpl.c"
#undef OMPWG_PREC_D

void bench_host_gemm_case(const bench_host_engine *engines, int count, bool dbl,
                          const bench_host_gemm *g, const bench_config *cfg, bench_result *rows)
{
    if (dbl) host_gemm_case_d(engines, count, g, cfg, rows);
    else host_gemm_case_s(engines, count, g, cfg, rows);
    against_openblas(rows, count);
}

void bench_host_vec_case(const bench_host_engine *engines, int count, bench_op op, bool dbl,
                         int64_t n, const bench_config *cfg, bench_result *rows)
{
    if (dbl) host_vec_case_d(engines, count, op, n, cfg, rows);
    else host_vec_case_s(engines, count, op, n, cfg, rows);
    against_openblas(rows, count);
}
