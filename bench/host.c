/* The host-data cases' entry points (the GEMM and vector cases of each
 * precision are host_tmpl.c's) and the level-3 cases beside GEMM. */
#include "host.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "host_engine.h"
#include "host_prec.h"
#include "level3_cases.h"
#include "ompwg.h"

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

void bench_host_gemm_case(const bench_host_engine *engines, int count, bool dbl,
                          const bench_host_gemm *g, const bench_config *cfg, bench_result *rows)
{
    if (dbl) bench_host_gemm_case_d(engines, count, g, cfg, rows);
    else bench_host_gemm_case_s(engines, count, g, cfg, rows);
    against_openblas(rows, count);
}

void bench_host_vec_case(const bench_host_engine *engines, int count, bench_op op, bool dbl,
                         int64_t n, const bench_config *cfg, bench_result *rows)
{
    if (dbl) bench_host_vec_case_d(engines, count, op, n, cfg, rows);
    else bench_host_vec_case_s(engines, count, op, n, cfg, rows);
    against_openblas(rows, count);
}

/* A level-3 case's operands: a (TRSM: a well-conditioned lower triangle),
 * b (ZGEMM's B), the output and its starting values, OpenBLAS's result. */
typedef struct host_level3_job {
    const bench_host_level3 *c;
    size_t n_out, out_bytes;
    void *a, *b, *out, *start, *ref;
} host_level3_job;

/* One call of the case on the calling thread's backend. TRSM solves in
 * place, so that its every call starts from the same B: the copy is part of
 * its time (n^2 against n^3). */
static int host_level3_run(void *arg)
{
    host_level3_job *j = arg;
    const int64_t n = j->c->n;
    switch (j->c->op) {
    case BENCH_L3_DTRSM:
        memcpy(j->out, j->start, j->out_bytes);
        return ompwg_dtrsm(OMPWG_COL_MAJOR, OMPWG_LEFT, OMPWG_LOWER, OMPWG_NO_TRANS,
                           OMPWG_NON_UNIT, n, n, 1.0, j->a, n, j->out, n);
    case BENCH_L3_DSYRK:
        return ompwg_dsyrk(OMPWG_COL_MAJOR, OMPWG_LOWER, OMPWG_NO_TRANS, n, j->c->k, -1.0, j->a,
                           n, 1.0, j->out, n);
    case BENCH_L3_ZGEMM: {
        const ompwg_complex_double one = { 1, 0 }, zero = { 0, 0 };
        return ompwg_zgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, n, n, n, one, j->a,
                           n, j->b, n, zero, j->out, n);
    }
    case BENCH_L3_CGEMM: break;
    }
    return OMPWG_ERR_UNSUPPORTED;
}

/* One checked call from the starting values. */
static int host_level3_once(host_level3_job *j)
{
    memcpy(j->out, j->start, j->out_bytes);
    return host_level3_run(j);
}

static double host_level3_check(const host_level3_job *j)
{
    const int64_t n = j->c->n;
    if (j->c->op == BENCH_L3_ZGEMM) {
        const ompwg_complex_double one = { 1, 0 }, zero = { 0, 0 };
        double ratio = INFINITY;
        if (ompwg_zgemm_ratio(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, n, n, n, one,
                              j->a, n, j->b, n, zero, j->start, j->out, n, &ratio) != OMPWG_OK)
            return INFINITY;
        return ratio;
    }
    const double inner = j->c->op == BENCH_L3_DSYRK ? (double)j->c->k + 1 : (double)n;
    return bench_level3_difference(n, j->c->op == BENCH_L3_DSYRK, inner, j->out, j->ref);
}

static bool host_level3_alloc(host_level3_job *j, uint64_t seed)
{
    const bench_host_level3 *c = j->c;
    const size_t nn = (size_t)(c->n * c->n);
    const bool z = c->op == BENCH_L3_ZGEMM;
    const size_t na = c->op == BENCH_L3_DSYRK ? (size_t)(c->n * c->k) : nn;
    const size_t parts = z ? 2 : 1;
    j->n_out = nn;
    j->out_bytes = nn * parts * sizeof(double);
    j->a = malloc(na * parts * sizeof(double));
    j->b = z ? malloc(nn * parts * sizeof(double)) : NULL;
    j->out = malloc(j->out_bytes);
    j->start = malloc(j->out_bytes);
    j->ref = z ? NULL : malloc(j->out_bytes);
    if (!j->a || (z && !j->b) || !j->out || !j->start || (!z && !j->ref)) return false;
    bench_fill_double(j->a, na * parts, seed);
    if (z) bench_fill_double(j->b, nn * parts, seed + 1);
    if (z) memset(j->start, 0, j->out_bytes);
    else bench_fill_double(j->start, nn, seed + 2);
    if (c->op == BENCH_L3_DTRSM) bench_level3_triangle(j->a, c->n);
    return true;
}

/* One engine's figure for the job: its median time, its rate of `flops`,
 * and its result's difference to OpenBLAS's. */
static void host_level3_engine(host_level3_job *j, const bench_host_engine *e, double flops,
                               const bench_config *cfg, bench_result *row)
{
    bench_host_settle_before(e, 0);
    fprintf(stderr, "[host] %s %s double %lldx%lldx%lld\n", e->name, row->op, (long long)row->m,
            (long long)row->n, (long long)row->k);
    if (!bench_host_engine_begin(e, row)) return;
    memcpy(j->out, j->start, j->out_bytes);
    double t = bench_time_steady(host_level3_run, j, 1, cfg->reps);
    int st = host_level3_once(j);
    bench_host_engine_end();
    if (!bench_host_engine_timed(row, t, st)) return;
    row->rate = flops / t * 1e-9;
    row->check = host_level3_check(j);
    row->check_ok = row->check < 16;
}

void bench_host_level3_case(const bench_host_engine *engines, int count,
                            const bench_host_level3 *c, const bench_config *cfg,
                            bench_result *rows)
{
    host_level3_job j = { .c = c };
    int data_status = c->op == BENCH_L3_CGEMM          ? OMPWG_ERR_UNSUPPORTED
                      : host_level3_alloc(&j, cfg->seed) ? OMPWG_OK
                                                         : OMPWG_ERR_NOMEM;
    if (data_status == OMPWG_OK && c->op != BENCH_L3_ZGEMM) {
        data_status = ompwg_set_thread_backend("openblas");
        if (data_status == OMPWG_OK) data_status = host_level3_once(&j);
        bench_host_engine_end();
        if (data_status == OMPWG_OK) memcpy(j.ref, j.out, j.out_bytes);
    }
    const double n = (double)c->n;
    const double flops = c->op == BENCH_L3_DTRSM   ? n * n * n
                         : c->op == BENCH_L3_DSYRK ? n * n * (double)c->k
                                                     : 8 * n * n * n;
    const char *op = bench_level3_name(c->op);
    for (int round = 0; round < BENCH_HOST_ROUNDS; round++)
        for (int pos = 0; pos < count; pos++) {
            const int e = bench_host_engine_at(count, round, pos);
            bench_result trial, *row = round ? &trial : &rows[e];
            bench_host_row_init(row, &engines[e], op, true, c->n);
            row->m = c->n;
            row->n = c->n;
            row->k = c->op == BENCH_L3_DSYRK ? c->k : c->n;
            row->beta = c->op == BENCH_L3_DSYRK ? 1 : 0;
            if (data_status != OMPWG_OK) row->status = data_status;
            else if (engines[e].backend) host_level3_engine(&j, &engines[e], flops, cfg, row);
            if (round) bench_host_keep_faster(&rows[e], &trial);
        }
    free(j.a);
    free(j.b);
    free(j.out);
    free(j.start);
    free(j.ref);
    against_openblas(rows, count);
}
