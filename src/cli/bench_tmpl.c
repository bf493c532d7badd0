/* One precision's measurements for `ompwg bench`; bench.c includes this file
 * once per precision. */
#include "prec.h"

typedef struct TN(gemm_job_, ) {
    int64_t n;
    T *a, *b, *c;
} TN(gemm_job_, );

static int TN(run_gemm_, )(void *arg)
{
    TN(gemm_job_, ) *j = arg;
    return TN(ompwg_, gemm)(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, j->n, j->n, j->n,
                            (T)0.7, j->a, j->n, j->b, j->n, (T)0.3, j->c, j->n);
}

/* Times C = 0.7 AB + 0.3 C on the current backend, then checks one more call
 * against OpenBLAS. */
static bench_row TN(bench_gemm_, )(int64_t n, int reps)
{
    bench_row row = { .op = "gemm", .prec = T_NAME, .size = n, .status = OMPWG_ERR_NOMEM };
    size_t nn = (size_t)(n * n);
    TN(gemm_job_, ) j = { .n = n, .a = malloc(nn * sizeof(T)), .b = malloc(nn * sizeof(T)),
                          .c = malloc(nn * sizeof(T)) };
    T *c0 = malloc(nn * sizeof(T));
    if (j.a && j.b && j.c && c0) {
        TN(bench_fill_, )(j.a, nn, 1);
        TN(bench_fill_, )(j.b, nn, 2);
        TN(bench_fill_, )(j.c, nn, 3);
        double t = bench_time(TN(run_gemm_, ), &j, 1, reps);
        row.status = t < 0 ? TN(run_gemm_, )(&j) : OMPWG_OK;
        if (row.status == OMPWG_OK) {
            row.seconds = t;
            row.rate = 2.0 * (double)n * (double)n * (double)n / t * 1e-9;
            memcpy(c0, j.c, nn * sizeof(T));
            row.status = TN(run_gemm_, )(&j);
            if (row.status == OMPWG_OK)
                row.status = TN(ompwg_, gemm_ratio)(OMPWG_COL_MAJOR, OMPWG_NO_TRANS,
                                                     OMPWG_NO_TRANS, n, n, n, (T)0.7, j.a, n,
                                                     j.b, n, (T)0.3, c0, j.c, n, &row.check);
        }
    }
    free(j.a);
    free(j.b);
    free(j.c);
    free(c0);
    return row;
}

typedef struct TN(vec_job_, ) {
    bool dot;
    int64_t n;
    T *x, *y;
    T result;
} TN(vec_job_, );

static int TN(run_vec_, )(void *arg)
{
    TN(vec_job_, ) *j = arg;
    return j->dot ? TN(ompwg_, dot)(j->n, j->x, 1, j->y, 1, &j->result)
                  : TN(ompwg_, sum)(j->n, j->x, 1, &j->result);
}

/* Times a sum or dot on the current backend; the check is the difference to
 * OpenBLAS in units of the documented bound (<= 1 passes). */
static bench_row TN(bench_vec_, )(bool dot, int64_t n, int reps)
{
    bench_row row = { .op = dot ? "dot" : "sum", .prec = T_NAME, .size = n,
                      .status = OMPWG_ERR_NOMEM };
    TN(vec_job_, ) j = { .dot = dot, .n = n, .x = malloc((size_t)n * sizeof(T)),
                         .y = malloc((size_t)n * sizeof(T)) };
    if (j.x && j.y) {
        TN(bench_fill_, )(j.x, (size_t)n, 4);
        TN(bench_fill_, )(j.y, (size_t)n, 5);
        double t = bench_time(TN(run_vec_, ), &j, 1, reps);
        row.status = t < 0 ? TN(run_vec_, )(&j) : OMPWG_OK;
        if (row.status == OMPWG_OK) {
            row.seconds = t;
            row.rate = (dot ? 2.0 : 1.0) * (double)n * sizeof(T) / t * 1e-9;
            T mine = j.result;
            const char *was = ompwg_get_backend();
            char keep[32];
            snprintf(keep, sizeof keep, "%s", was);
            ompwg_set_backend("openblas");
            row.status = TN(run_vec_, )(&j);
            ompwg_set_backend(keep);
            long double abs_sum = 0;
            for (int64_t i = 0; i < n; i++)
                abs_sum += fabsl((long double)j.x[i] * (dot ? (long double)j.y[i] : 1.0L));
            double bound = (double)((n + 1) * (long double)T_EPS * abs_sum);
            row.check = fabs((double)mine - (double)j.result) / bound;
        }
    }
    free(j.x);
    free(j.y);
    return row;
}
