/* One precision's benchmark cases (Meson compiles this file once per
 * precision; bench_run_case in cases.c picks one). */
#include "prec.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cases_prec.h"
#include "cub.h"
#include "cublas.h"
#include "device_data.h"
#include "extremum.h"
#include "harness.h"
#include "ompwg.h"

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

static int gemm_call(const bench_engine *e, int64_t n, const T *a, const T *b, T *c)
{
    const T alpha = (T)0.7, beta = (T)0.3;
    switch (e->kind) {
    case BENCH_HOST_DATA:
        return TN(ompwg_, gemm)(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, n, n, n, alpha,
                                a, n, b, n, beta, c, n);
    case BENCH_DEVICE_DATA:
        return TN(ompwg_, gemm_device)(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, n, n,
                                       n, alpha, a, n, b, n, beta, c, n);
    case BENCH_CUBLAS:
        return TN(bench_cublas_, gemm)(n, alpha, a, b, beta, c) ? OMPWG_ERR_DEVICE : OMPWG_OK;
    case BENCH_CUB:
        break;
    }
    return OMPWG_ERR_UNSUPPORTED;
}

typedef struct gemm_job {
    const bench_engine *e;
    int64_t n;
    int sets, next;
    T *a[16], *b[16], *c[16]; /* where the engine reads them: host or device */
} gemm_job;

static int gemm_run(void *arg)
{
    gemm_job *j = arg;
    int s = j->next++ % j->sets;
    return gemm_call(j->e, j->n, j->a[s], j->b[s], j->c[s]);
}

void TN(bench_gemm_case_, )(const bench_engine *e, int64_t n, const bench_config *cfg,
                            bench_result *row)
{
    bool on_gpu = e->kind != BENCH_HOST_DATA;
    size_t nn = (size_t)(n * n), bytes = nn * sizeof(T);
    gemm_job j = { .e = e, .n = n,
                   .sets = bench_rotation(3 * bytes, strcmp(e->device, "gpu") == 0
                                                   ? cfg->gpu_cache : cfg->cpu_cache) };
    T *ha[16] = { 0 }, *hb[16] = { 0 }, *hc[16] = { 0 };
    T *c0 = malloc(bytes), *result = malloc(bytes);
    row->status = OMPWG_ERR_NOMEM;
    if (!c0 || !result) goto out;
    for (int s = 0; s < j.sets; s++) {
        ha[s] = malloc(bytes);
        hb[s] = malloc(bytes);
        hc[s] = malloc(bytes);
        if (!ha[s] || !hb[s] || !hc[s]) goto out;
        TN(bench_fill_, )(ha[s], nn, cfg->seed + 3 * (uint64_t)s);
        TN(bench_fill_, )(hb[s], nn, cfg->seed + 3 * (uint64_t)s + 1);
        TN(bench_fill_, )(hc[s], nn, cfg->seed + 3 * (uint64_t)s + 2);
        j.a[s] = on_gpu ? to_device(ha[s], bytes) : ha[s];
        j.b[s] = on_gpu ? to_device(hb[s], bytes) : hb[s];
        j.c[s] = on_gpu ? to_device(hc[s], bytes) : hc[s];
        if (!j.a[s] || !j.b[s] || !j.c[s]) {
            row->status = OMPWG_ERR_DEVICE_NOMEM;
            goto out;
        }
    }
    if (!time_row(row, gemm_run, &j, cfg->reps)) goto out;
    row->rate = 2.0 * (double)n * (double)n * (double)n / row->seconds * 1e-9;

    /* check one more call on set 0 against OpenBLAS, from the C it starts with */
    if (on_gpu ? to_host(c0, j.c[0], bytes) != 0 : (memcpy(c0, hc[0], bytes), false)) {
        row->status = OMPWG_ERR_DEVICE;
        goto out;
    }
    row->status = gemm_call(e, n, j.a[0], j.b[0], j.c[0]);
    if (row->status != OMPWG_OK) goto out;
    if (on_gpu ? to_host(result, j.c[0], bytes) != 0 : (memcpy(result, hc[0], bytes), false)) {
        row->status = OMPWG_ERR_DEVICE;
        goto out;
    }
    row->status = TN(ompwg_, gemm_ratio)(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, n, n, n,
                                         (T)0.7, ha[0], n, hb[0], n, (T)0.3, c0, result, n,
                                         &row->check);
    row->check_ok = row->check < 16;
out:
    for (int s = 0; s < j.sets; s++) {
        if (on_gpu) {
            device_free(j.a[s]);
            device_free(j.b[s]);
            device_free(j.c[s]);
        }
        free(ha[s]);
        free(hb[s]);
        free(hc[s]);
    }
    free(c0);
    free(result);
}

static int vec_call(const bench_engine *e, bench_op op, int64_t n, const T *x,
                    const T *y, T *value, int64_t *index)
{
    *index = -1;
    switch (e->kind) {
    case BENCH_HOST_DATA:
        return op == BENCH_SUM ? TN(ompwg_, sum)(n, x, 1, value)
             : op == BENCH_DOT ? TN(ompwg_, dot)(n, x, 1, y, 1, value)
                               : TN(ompwg_, max)(n, x, 1, value, index);
    case BENCH_DEVICE_DATA:
        return op == BENCH_SUM ? TN(ompwg_, sum_device)(n, x, 1, value)
             : op == BENCH_DOT ? TN(ompwg_, dot_device)(n, x, 1, y, 1, value)
                               : TN(ompwg_, max_device)(n, x, 1, value, index);
    case BENCH_CUBLAS:
        /* cuBLAS has no plain sum or signed max: asum and amax read the same bytes */
        *value = 0;
        return (op == BENCH_SUM ? TN(bench_cublas_, asum)(n, x, value)
              : op == BENCH_DOT ? TN(bench_cublas_, dot)(n, x, y, value)
                                : TN(bench_cublas_, iamax)(n, x, index))
                   ? OMPWG_ERR_DEVICE : OMPWG_OK;
    case BENCH_CUB:
        return (op == BENCH_SUM ? TN(bench_cub_, sum)(n, x, value)
              : op == BENCH_DOT ? TN(bench_cub_, dot)(n, x, y, value)
                                : TN(bench_cub_, max)(n, x, value, index))
                   ? OMPWG_ERR_DEVICE : OMPWG_OK;
    }
    return OMPWG_ERR_UNSUPPORTED;
}

int TN(bench_device_reduce_, )(bool cub, bool dot, int64_t n, const T *x, const T *y,
                               double *result)
{
    const bench_engine e = { .kind = cub ? BENCH_CUB : BENCH_DEVICE_DATA };
    T value;
    int64_t index;
    int st = vec_call(&e, dot ? BENCH_DOT : BENCH_SUM, n, x, y, &value, &index);
    *result = value;
    return st;
}

typedef struct vec_job {
    const bench_engine *e;
    bench_op op;
    int64_t n;
    int sets, next;
    T *x[16], *y[16];
    T value;
    int64_t index;
} vec_job;

static int vec_run(void *arg)
{
    vec_job *j = arg;
    int s = j->next++ % j->sets;
    return vec_call(j->e, j->op, j->n, j->x[s], j->y[s], &j->value, &j->index);
}

/* The check of a reduction: difference to OpenBLAS (or, for cuBLAS's asum
 * and amax, to a long double oracle of that op) in units of the documented
 * bound; 0 or infinity for max. CUB's rows compute what ours do (a plain
 * sum, the signed max and its first index) and are checked the same way;
 * its float sum and dot accumulate in float, which the bound, (n + 1)
 * epsilons of the sum of magnitudes, covers as it covers OpenBLAS's. */
static double vec_check(const bench_engine *e, bench_op op, int64_t n, const T *x,
                        const T *y, T value, int64_t index)
{
    bool cublas = e->kind == BENCH_CUBLAS;
    if (op == BENCH_MAX) {
        T ref = 0;
        int64_t ref_i = -1;
        for (int64_t i = 0; i < n; i++) {
            T v = cublas ? T_ABS(x[i]) : x[i];
            if (ompwg_extremum_beats(true, v, i, ref, ref_i)) {
                ref = v;
                ref_i = i;
            }
        }
        return index == ref_i && (cublas || value == ref) ? 0 : INFINITY;
    }
    long double abs_sum = 0, exact = 0;
    for (int64_t i = 0; i < n; i++) {
        long double t = op == BENCH_DOT ? (long double)x[i] * y[i] : (long double)x[i];
        abs_sum += fabsl(t);
        exact += cublas && op == BENCH_SUM ? fabsl(t) : t;
    }
    T ref = (T)exact;
    if (!cublas || op == BENCH_DOT) {
        char keep[32];
        snprintf(keep, sizeof keep, "%s", ompwg_get_backend());
        ompwg_set_backend("openblas");
        int st = op == BENCH_SUM ? TN(ompwg_, sum)(n, x, 1, &ref) : TN(ompwg_, dot)(n, x, 1, y, 1, &ref);
        ompwg_set_backend(keep);
        if (st != OMPWG_OK) return INFINITY;
    }
    double bound = (double)((n + 1) * (long double)T_EPS * abs_sum);
    return fabs((double)value - (double)ref) / bound;
}

void TN(bench_vec_case_, )(const bench_engine *e, bench_op op, int64_t n,
                           const bench_config *cfg, bench_result *row)
{
    bool on_gpu = e->kind != BENCH_HOST_DATA;
    bool dot = op == BENCH_DOT;
    size_t bytes = (size_t)n * sizeof(T);
    vec_job j = { .e = e, .op = op, .n = n,
                  .sets = bench_rotation((dot ? 2 : 1) * bytes, strcmp(e->device, "gpu") == 0
                                                              ? cfg->gpu_cache
                                                              : cfg->cpu_cache) };
    T *hx[16] = { 0 }, *hy[16] = { 0 };
    row->status = OMPWG_ERR_NOMEM;
    for (int s = 0; s < j.sets; s++) {
        hx[s] = malloc(bytes);
        hy[s] = dot ? malloc(bytes) : NULL;
        if (!hx[s] || (dot && !hy[s])) goto out;
        TN(bench_fill_, )(hx[s], (size_t)n, cfg->seed + 2 * (uint64_t)s);
        if (dot) TN(bench_fill_, )(hy[s], (size_t)n, cfg->seed + 2 * (uint64_t)s + 1);
        j.x[s] = on_gpu ? to_device(hx[s], bytes) : hx[s];
        j.y[s] = dot ? (on_gpu ? to_device(hy[s], bytes) : hy[s]) : NULL;
        if (!j.x[s] || (dot && !j.y[s])) {
            row->status = OMPWG_ERR_DEVICE_NOMEM;
            goto out;
        }
    }
    if (!time_row(row, vec_run, &j, cfg->reps)) goto out;
    row->rate = (double)((dot ? 2 : 1) * bytes) / row->seconds * 1e-9;
    j.next = 0;
    row->status = vec_run(&j);
    if (row->status != OMPWG_OK) goto out;
    row->check = vec_check(e, op, n, hx[0], hy[0], j.value, j.index);
    row->check_ok = row->check <= 1;
out:
    for (int s = 0; s < j.sets; s++) {
        if (on_gpu) {
            device_free(j.x[s]);
            device_free(j.y[s]);
        }
        free(hx[s]);
        free(hy[s]);
    }
}

/* Input and output buffers of a data-movement case (transpose, scan):
 * `sets` pairs, on the host and, for a GPU engine, on the device. */
typedef struct move_sets {
    int sets, next;
    size_t count;           /* elements per buffer */
    T *hin[16], *hout[16];  /* host copies */
    T *in[16], *out[16];    /* where the engine reads and writes */
} move_sets;

static int move_sets_init(move_sets *m, const bench_engine *e, size_t count,
                          const bench_config *cfg)
{
    bool on_gpu = e->kind != BENCH_HOST_DATA;
    size_t bytes = count * sizeof(T);
    *m = (move_sets){ .count = count,
                      .sets = bench_rotation(2 * bytes, strcmp(e->device, "gpu") == 0
                                                      ? cfg->gpu_cache : cfg->cpu_cache) };
    for (int s = 0; s < m->sets; s++) {
        m->hin[s] = malloc(bytes);
        m->hout[s] = malloc(bytes);
        if (!m->hin[s] || !m->hout[s]) return OMPWG_ERR_NOMEM;
        TN(bench_fill_, )(m->hin[s], count, cfg->seed + 2 * (uint64_t)s);
        TN(bench_fill_, )(m->hout[s], count, cfg->seed + 2 * (uint64_t)s + 1);
        m->in[s] = on_gpu ? to_device(m->hin[s], bytes) : m->hin[s];
        m->out[s] = on_gpu ? to_device(m->hout[s], bytes) : m->hout[s];
        if (!m->in[s] || !m->out[s]) return OMPWG_ERR_DEVICE_NOMEM;
    }
    return OMPWG_OK;
}

/* The output of set 0 on the host. */
static int move_sets_result(move_sets *m, const bench_engine *e)
{
    if (e->kind == BENCH_HOST_DATA) return OMPWG_OK;
    return to_host(m->hout[0], m->out[0], m->count * sizeof(T)) == OMPWG_OK ? OMPWG_OK
                                                                             : OMPWG_ERR_DEVICE;
}

static void move_sets_free(move_sets *m, const bench_engine *e)
{
    for (int s = 0; s < m->sets; s++) {
        if (e->kind != BENCH_HOST_DATA) {
            device_free(m->in[s]);
            device_free(m->out[s]);
        }
        free(m->hin[s]);
        free(m->hout[s]);
    }
}

typedef struct move_job {
    const bench_engine *e;
    int64_t n;
    move_sets m;
} move_job;

/* Sets up `count` elements in and out, times run (rate: bytes read +
 * written), then runs set 0 once more and brings its output to the host.
 * False, with row->status saying why, when there is no figure. */
static bool move_measure(move_job *j, int (*run)(void *), size_t count,
                         const bench_config *cfg, bench_result *row)
{
    row->status = move_sets_init(&j->m, j->e, count, cfg);
    if (row->status != OMPWG_OK) return false;
    if (!time_row(row, run, j, cfg->reps)) return false;
    row->rate = 2.0 * (double)count * sizeof(T) / row->seconds * 1e-9;
    j->m.next = 0;
    row->status = run(j);
    if (row->status == OMPWG_OK) row->status = move_sets_result(&j->m, j->e);
    return row->status == OMPWG_OK;
}

static int transpose_run(void *arg)
{
    move_job *j = arg;
    int s = j->m.next++ % j->m.sets;
    const T *a = j->m.in[s];
    T *b = j->m.out[s];
    switch (j->e->kind) {
    case BENCH_HOST_DATA:
        return TN(ompwg_, transpose)(OMPWG_COL_MAJOR, j->n, j->n, a, j->n, b, j->n);
    case BENCH_DEVICE_DATA:
        return TN(ompwg_, transpose_device)(OMPWG_COL_MAJOR, j->n, j->n, a, j->n, b, j->n);
    case BENCH_CUBLAS:
        return TN(bench_cublas_, transpose)(j->n, j->n, a, b) ? OMPWG_ERR_DEVICE : OMPWG_OK;
    case BENCH_CUB:
        break;
    }
    return OMPWG_ERR_UNSUPPORTED;
}

/* B := A^T of n x n column-major matrices; rate: bytes read + written. */
void TN(bench_transpose_case_, )(const bench_engine *e, int64_t n, const bench_config *cfg,
                                 bench_result *row)
{
    move_job j = { .e = e, .n = n };
    if (!move_measure(&j, transpose_run, (size_t)(n * n), cfg, row)) goto out;
    /* exact: 0 when B is A^T bit for bit */
    row->check = 0;
    for (int64_t c = 0; c < n && row->check == 0; c++)
        for (int64_t r = 0; r < n; r++)
            if (memcmp(&j.m.hout[0][c + r * n], &j.m.hin[0][r + c * n], sizeof(T)) != 0) {
                row->check = INFINITY;
                break;
            }
    row->check_ok = row->check == 0;
out:
    move_sets_free(&j.m, e);
}

static int scan_run(void *arg)
{
    move_job *j = arg;
    int s = j->m.next++ % j->m.sets;
    if (j->e->kind == BENCH_DEVICE_DATA)
        return TN(ompwg_, scan_device)(j->n, j->m.in[s], 1, j->m.out[s], 1, 0);
    if (j->e->kind == BENCH_HOST_DATA)
        return TN(ompwg_, scan)(j->n, j->m.in[s], 1, j->m.out[s], 1, 0);
    if (j->e->kind == BENCH_CUB)
        return TN(bench_cub_, scan)(j->n, j->m.in[s], j->m.out[s]) ? OMPWG_ERR_DEVICE : OMPWG_OK;
    return OMPWG_ERR_UNSUPPORTED;
}

/* Inclusive prefix sum of n elements; rate: bytes read + written. check:
 * the largest error against a long double running sum in units of the
 * bound of ompwg.h. That bound has the unit roundoff of the accumulation,
 * 2^-53 for ours; CUB's float scan accumulates in float and would exceed
 * it by orders of magnitude without being wrong, so its rows, like the
 * cuBLAS rows for asum and amax, are judged by the bound of what it
 * computes: the same formula with float's unit roundoff. */
void TN(bench_scan_case_, )(const bench_engine *e, int64_t n, const bench_config *cfg,
                            bench_result *row)
{
    move_job j = { .e = e, .n = n };
    if (!move_measure(&j, scan_run, (size_t)n, cfg, row)) goto out;
    const long double u_acc = e->kind == BENCH_CUB ? (long double)(T_EPS / 2) : 0x1.0p-53L;
    long double run = 0, abs_run = 0;
    double worst = 0;
    for (int64_t i = 0; i < n; i++) {
        run += j.m.hin[0][i];
        abs_run += fabsl((long double)j.m.hin[0][i]);
        long double bound = (i + 1) * u_acc * abs_run + (long double)(T_EPS / 2) * fabsl(run);
        double r = (double)(fabsl((long double)j.m.hout[0][i] - run) / bound);
        if (!(r <= worst)) worst = r;
    }
    row->check = worst;
    row->check_ok = worst <= 1;
out:
    move_sets_free(&j.m, e);
}
