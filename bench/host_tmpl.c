/* One precision's host-data cases (Meson compiles this file once per
 * precision; host.c picks one). */
#include "prec.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "host_engine.h"
#include "host_prec.h"
#include "nvblas.h"
#include "ompwg.h"

typedef struct host_gemm_job {
    const bench_host_engine *e;
    const bench_host_gemm *g;
    int sets, next;
    T *a[16], *b[16], *c[16];
} host_gemm_job;

static int host_gemm_call(const bench_host_engine *e, const bench_host_gemm *g,
                          const T *a, const T *b, T *c)
{
    if (!e->backend)
        return TN(bench_nvblas_, gemm)(g->m, g->n, g->k, (T)g->alpha, a, b, (T)g->beta, c)
                   ? OMPWG_ERR_UNSUPPORTED : OMPWG_OK;
    return TN(ompwg_, gemm)(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, g->m, g->n, g->k,
                            (T)g->alpha, a, g->m, b, g->k, (T)g->beta, c, g->m);
}

static int host_gemm_run(void *arg)
{
    host_gemm_job *j = arg;
    int s = j->next++ % j->sets;
    return host_gemm_call(j->e, j->g, j->a[s], j->b[s], j->c[s]);
}

/* Times one engine on the job's sets, then checks one more call on set 0
 * against OpenBLAS from the C that call starts with. */
static void host_gemm_engine(host_gemm_job *j, T *c0, const bench_config *cfg,
                             bench_result *row)
{
    const bench_host_gemm *g = j->g;
    double t = bench_time_steady(host_gemm_run, j, 1, cfg->reps);
    if (t < 0) {
        j->next = 0;
        row->status = host_gemm_run(j);
        if (row->status == OMPWG_OK) row->status = OMPWG_ERR_DEVICE;
        return;
    }
    row->seconds = t;
    row->rate = 2.0 * (double)g->m * (double)g->n * (double)g->k / t * 1e-9;
    memcpy(c0, j->c[0], (size_t)(g->m * g->n) * sizeof(T));
    row->status = host_gemm_call(j->e, g, j->a[0], j->b[0], j->c[0]);
    if (row->status != OMPWG_OK) return;
    row->status = TN(ompwg_, gemm_ratio)(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, g->m,
                                         g->n, g->k, (T)g->alpha, j->a[0], g->m, j->b[0], g->k,
                                         (T)g->beta, c0, j->c[0], g->m, &row->check);
    row->check_ok = row->check < 16;
}

void TN(bench_host_gemm_case_, )(const bench_host_engine *engines, int count,
                                 const bench_host_gemm *g, const bench_config *cfg,
                                 bench_result *rows)
{
    size_t na = (size_t)(g->m * g->k), nb = (size_t)(g->k * g->n), nc = (size_t)(g->m * g->n);
    host_gemm_job j = { .g = g, .sets = bench_rotation((na + nb + nc) * sizeof(T),
                                                       cfg->cpu_cache) };
    T *c0 = malloc(nc * sizeof(T));
    bool have_data = c0 != NULL;
    for (int s = 0; s < j.sets && have_data; s++) {
        j.a[s] = malloc(na * sizeof(T));
        j.b[s] = malloc(nb * sizeof(T));
        j.c[s] = malloc(nc * sizeof(T));
        have_data = j.a[s] && j.b[s] && j.c[s];
        if (!have_data) break;
        TN(bench_fill_, )(j.a[s], na, cfg->seed + 3 * (uint64_t)s);
        TN(bench_fill_, )(j.b[s], nb, cfg->seed + 3 * (uint64_t)s + 1);
        TN(bench_fill_, )(j.c[s], nc, cfg->seed + 3 * (uint64_t)s + 2);
    }
    for (int round = 0; round < BENCH_HOST_ROUNDS; round++)
        for (int pos = 0; pos < count; pos++) {
            const int e = bench_host_engine_at(count, round, pos);
            bench_result trial, *row = round ? &trial : &rows[e];
            bench_host_row_init(row, &engines[e], "gemm", sizeof(T) == sizeof(double), g->m);
            row->m = g->m;
            row->n = g->n;
            row->k = g->k;
            row->beta = g->beta;
            if (!have_data) {
                row->status = OMPWG_ERR_NOMEM;
                continue;
            }
            bench_host_settle_before(engines, e);
            fprintf(stderr, "[host] %s gemm %s %lldx%lldx%lld\n", engines[e].name, T_NAME,
                    (long long)g->m, (long long)g->n, (long long)g->k);
            if (bench_host_engine_begin(&engines[e], row)) {
                j.e = &engines[e];
                j.next = 0;
                host_gemm_engine(&j, c0, cfg, row);
                bench_host_engine_end();
            }
            if (round) bench_host_keep_faster(&rows[e], &trial);
        }
    for (int s = 0; s < j.sets; s++) {
        free(j.a[s]);
        free(j.b[s]);
        free(j.c[s]);
    }
    free(c0);
}

typedef struct host_vec_job {
    bench_op op;
    int64_t n;
    int sets, next;
    T *x[16], *y[16];
    T value;
} host_vec_job;

static int host_vec_run(void *arg)
{
    host_vec_job *j = arg;
    int s = j->next++ % j->sets;
    return j->op == BENCH_DOT ? TN(ompwg_, dot)(j->n, j->x[s], 1, j->y[s], 1, &j->value)
                              : TN(ompwg_, sum)(j->n, j->x[s], 1, &j->value);
}

/* One engine's figure for the job: its median time, the rate of the bytes
 * read, and its value's difference to ref in units of bound. */
static void host_vec_engine(host_vec_job *j, const bench_host_engine *e, const bench_config *cfg,
                            T ref, double bound, bench_result *row)
{
    const bool dot = j->op == BENCH_DOT;
    bench_host_settle_before(e, 0);
    fprintf(stderr, "[host] %s %s %s %lld\n", e->name, bench_op_name(j->op), T_NAME,
            (long long)j->n);
    if (!bench_host_engine_begin(e, row)) return;
    j->next = 0;
    double t = bench_time_steady(host_vec_run, j, 1, cfg->reps);
    j->next = 0;
    int st = host_vec_run(j);
    bench_host_engine_end();
    if (!bench_host_engine_timed(row, t, st)) return;
    row->rate = (double)((dot ? 2 : 1) * (size_t)j->n * sizeof(T)) / t * 1e-9;
    row->check = fabs((double)j->value - (double)ref) / bound;
    row->check_ok = row->check <= 1;
}

/* Sum or dot of n host elements; rate: bytes read. check: the difference
 * to OpenBLAS's value in units of the documented bound, (n + 1) epsilons of
 * the sum of magnitudes. */
void TN(bench_host_vec_case_, )(const bench_host_engine *engines, int count, bench_op op,
                                int64_t n, const bench_config *cfg, bench_result *rows)
{
    bool dot = op == BENCH_DOT;
    size_t bytes = (size_t)n * sizeof(T);
    host_vec_job j = { .op = op, .n = n,
                       .sets = bench_rotation((dot ? 2 : 1) * bytes, cfg->cpu_cache) };
    bool have_data = true;
    int data_status = OMPWG_ERR_NOMEM;
    for (int s = 0; s < j.sets && have_data; s++) {
        j.x[s] = malloc(bytes);
        j.y[s] = dot ? malloc(bytes) : NULL;
        have_data = j.x[s] && (!dot || j.y[s]);
        if (!have_data) break;
        TN(bench_fill_, )(j.x[s], (size_t)n, cfg->seed + 2 * (uint64_t)s);
        if (dot) TN(bench_fill_, )(j.y[s], (size_t)n, cfg->seed + 2 * (uint64_t)s + 1);
    }
    T ref = 0;
    long double abs_sum = 0;
    if (have_data) {
        host_vec_job once = j;
        once.sets = 1;
        data_status = ompwg_set_thread_backend("openblas");
        if (data_status == OMPWG_OK) data_status = host_vec_run(&once);
        bench_host_engine_end();
        have_data = data_status == OMPWG_OK;
        ref = once.value;
        for (int64_t i = 0; i < n; i++)
            abs_sum += fabsl(dot ? (long double)j.x[0][i] * j.y[0][i] : (long double)j.x[0][i]);
    }
    double bound = (double)((n + 1) * (long double)T_EPS * abs_sum);
    for (int round = 0; round < BENCH_HOST_ROUNDS; round++)
        for (int pos = 0; pos < count; pos++) {
            const int e = bench_host_engine_at(count, round, pos);
            bench_result trial, *row = round ? &trial : &rows[e];
            bench_host_row_init(row, &engines[e], bench_op_name(op), sizeof(T) == sizeof(double),
                                n);
            if (!have_data) row->status = data_status;
            else if (engines[e].backend) host_vec_engine(&j, &engines[e], cfg, ref, bound, row);
            if (round) bench_host_keep_faster(&rows[e], &trial);
        }
    for (int s = 0; s < j.sets; s++) {
        free(j.x[s]);
        free(j.y[s]);
    }
}
