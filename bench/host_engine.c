#include "host_engine.h"

#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "ompwg.h"

void bench_host_row_init(bench_result *row, const bench_host_engine *e, const char *op, bool dbl,
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

void bench_host_settle_before(const bench_host_engine *engines, int e)
{
    if (!(engines[e].device && strcmp(engines[e].device, "gpu") == 0)) bench_settle();
}

/* auto is timed with its model in place, as in a process after `ompwg
 * calibrate`: where a call would start measuring it, it is measured now,
 * before the timing, not beside it on the program's cores. */
static void model_ready(void)
{
    ompwg_plan p;
    ompwg_plan_gemm(NULL, 'd', 4096, 4096, 4096, 0, &p);
    if (ompwg_get_model_state() == OMPWG_MODEL_STATE_MEASURING) {
        ompwg_model m;
        ompwg_get_model(&m);
    }
}

bool bench_host_engine_begin(const bench_host_engine *e, bench_result *row)
{
    if (!e->backend) return true;
    row->status = ompwg_set_thread_backend(e->backend);
    if (row->status != OMPWG_OK) return false;
    if (strcmp(e->backend, "auto") == 0) model_ready();
    if (!e->device) {
        const char *chosen = ompwg_get_backend();
        if (strcmp(chosen, "gpu") == 0 || strcmp(chosen, "cpu") == 0)
            snprintf(row->device, sizeof row->device, "%s", chosen);
        else if (strcmp(chosen, "openblas") == 0)
            snprintf(row->device, sizeof row->device, "cpu");
    }
    return true;
}

void bench_host_engine_end(void)
{
    ompwg_set_thread_backend(NULL);
}

bool bench_host_engine_timed(bench_result *row, double t, int status)
{
    row->status = status;
    if (t < 0 || status != OMPWG_OK) {
        if (status == OMPWG_OK) row->status = OMPWG_ERR_DEVICE;
        return false;
    }
    row->seconds = t;
    return true;
}

int bench_host_engine_at(int count, int round, int pos)
{
    return round % 2 ? count - 1 - pos : pos;
}

void bench_host_keep_faster(bench_result *kept, const bench_result *trial)
{
    const bool trial_ok = trial->status == OMPWG_OK && trial->check_ok;
    const bool kept_ok = kept->status == OMPWG_OK && kept->check_ok;
    if (trial_ok && (!kept_ok || trial->seconds < kept->seconds)) *kept = *trial;
}
