#include "level3_cases.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cublas.h"
#include "device_data.h"
#include "harness.h"
#include "ompwg.h"

const char *bench_level3_name(bench_level3_op op)
{
    switch (op) {
    case BENCH_L3_DTRSM: return "trsm";
    case BENCH_L3_DSYRK: return "syrk";
    case BENCH_L3_CGEMM: return "cgemm";
    case BENCH_L3_ZGEMM: return "zgemm";
    }
    return "?";
}

void bench_level3_triangle(double *a, int64_t n)
{
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < n; i++) {
            double *p = a + i + j * n;
            *p = i == j ? 1.5 + 0.5 * *p : i > j ? *p / (2.0 * (double)n) : 0.0;
        }
}

double bench_level3_difference(int64_t n, bool lower_only, double inner, const double *out,
                               const double *ref)
{
    double diff = 0, scale = 0;
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = lower_only ? j : 0; i < n; i++) {
            const double d = fabs(out[i + j * n] - ref[i + j * n]);
            if (d != d) return INFINITY;
            diff = fmax(diff, d);
            scale = fmax(scale, fabs(ref[i + j * n]));
        }
    return diff / (DBL_EPSILON * inner * (scale > 0 ? scale : 1));
}

/* One case's operands: on the host (a, b, the output's starting values,
 * OpenBLAS's result for DTRSM and DSYRK) and on the device. */
typedef struct device_job {
    bench_level3_op op;
    bool cublas;
    int64_t n;
    size_t out_bytes;
    double *ha, *hb, *hstart, *href;
    void *a, *b, *start, *out;
} device_job;

static bool complex_op(bench_level3_op op)
{
    return op == BENCH_L3_CGEMM || op == BENCH_L3_ZGEMM;
}

static int device_run(void *arg)
{
    device_job *j = arg;
    const int64_t n = j->n;
    switch (j->op) {
    case BENCH_L3_DTRSM:
        if (ompwg_device_copy(j->out, j->start, j->out_bytes, OMPWG_DEVICE_TO_DEVICE) != OMPWG_OK)
            return -1;
        if (j->cublas) return bench_cublas_dtrsm_lower(n, 1.0, j->a, j->out);
        return ompwg_dtrsm_device(OMPWG_COL_MAJOR, OMPWG_LEFT, OMPWG_LOWER, OMPWG_NO_TRANS,
                                  OMPWG_NON_UNIT, n, n, 1.0, j->a, n, j->out, n);
    case BENCH_L3_DSYRK:
        if (j->cublas) return bench_cublas_dsyrk_lower(n, 1.0, j->a, 0.0, j->out);
        return ompwg_dsyrk_device(OMPWG_COL_MAJOR, OMPWG_LOWER, OMPWG_NO_TRANS, n, n, 1.0, j->a,
                                  n, 0.0, j->out, n);
    case BENCH_L3_CGEMM: {
        const ompwg_complex_float one = { 1, 0 }, zero = { 0, 0 };
        if (j->cublas) return bench_cublas_cgemm(n, &one, j->a, j->b, &zero, j->out);
        return ompwg_cgemm_device(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, n, n, n, one,
                                  j->a, n, j->b, n, zero, j->out, n);
    }
    case BENCH_L3_ZGEMM: {
        const ompwg_complex_double one = { 1, 0 }, zero = { 0, 0 };
        if (j->cublas) return bench_cublas_zgemm(n, &one, j->a, j->b, &zero, j->out);
        return ompwg_zgemm_device(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, n, n, n, one,
                                  j->a, n, j->b, n, zero, j->out, n);
    }
    }
    return -1;
}

/* The device result against OpenBLAS; infinity when it cannot be read. */
static double device_check(const device_job *j)
{
    const int64_t n = j->n;
    void *h = malloc(j->out_bytes);
    double check = INFINITY;
    if (!h || ompwg_device_copy(h, j->out, j->out_bytes, OMPWG_DEVICE_TO_HOST) != OMPWG_OK) {
        free(h);
        return check;
    }
    int st = OMPWG_OK;
    if (j->op == BENCH_L3_ZGEMM) {
        const ompwg_complex_double one = { 1, 0 }, zero = { 0, 0 };
        st = ompwg_zgemm_ratio(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, n, n, n, one,
                               (const void *)j->ha, n, (const void *)j->hb, n, zero,
                               (const void *)j->hstart, h, n, &check);
    } else if (j->op == BENCH_L3_CGEMM) {
        const ompwg_complex_float one = { 1, 0 }, zero = { 0, 0 };
        st = ompwg_cgemm_ratio(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, n, n, n, one,
                               (const void *)j->ha, n, (const void *)j->hb, n, zero,
                               (const void *)j->hstart, h, n, &check);
    } else {
        check = bench_level3_difference(n, j->op == BENCH_L3_DSYRK, (double)n, h, j->href);
    }
    free(h);
    return st == OMPWG_OK ? check : INFINITY;
}

/* Host operands and OpenBLAS's result (DTRSM, DSYRK); OMPWG_OK or why
 * not. */
static int host_setup(device_job *j)
{
    const size_t nn = (size_t)(j->n * j->n);
    const bool z = complex_op(j->op);
    const size_t elem = j->op == BENCH_L3_CGEMM ? 2 * sizeof(float)
                        : z                     ? 2 * sizeof(double)
                                                : sizeof(double);
    const size_t parts = nn * elem / sizeof(float); /* values of float, for CGEMM's fill */
    j->out_bytes = nn * elem;
    j->ha = malloc(j->out_bytes);
    j->hb = z ? malloc(j->out_bytes) : NULL;
    j->hstart = malloc(j->out_bytes);
    j->href = z ? NULL : malloc(j->out_bytes);
    if (!j->ha || (z && !j->hb) || !j->hstart || (!z && !j->href)) return OMPWG_ERR_NOMEM;
    if (j->op == BENCH_L3_CGEMM) {
        bench_fill_float((float *)j->ha, parts, 1);
        bench_fill_float((float *)j->hb, parts, 2);
        memset(j->hstart, 0, j->out_bytes);
    } else if (z) {
        bench_fill_double(j->ha, 2 * nn, 1);
        bench_fill_double(j->hb, 2 * nn, 2);
        memset(j->hstart, 0, j->out_bytes);
    } else {
        bench_fill_double(j->ha, nn, 11);
        if (j->op == BENCH_L3_DTRSM) bench_level3_triangle(j->ha, j->n);
        bench_fill_double(j->hstart, nn, 3);
        memcpy(j->href, j->hstart, j->out_bytes);
        int st = ompwg_set_thread_backend("openblas");
        if (st == OMPWG_OK)
            st = j->op == BENCH_L3_DTRSM
                     ? ompwg_dtrsm(OMPWG_COL_MAJOR, OMPWG_LEFT, OMPWG_LOWER, OMPWG_NO_TRANS,
                                   OMPWG_NON_UNIT, j->n, j->n, 1.0, j->ha, j->n, j->href, j->n)
                     : ompwg_dsyrk(OMPWG_COL_MAJOR, OMPWG_LOWER, OMPWG_NO_TRANS, j->n, j->n, 1.0,
                                   j->ha, j->n, 0.0, j->href, j->n);
        ompwg_set_thread_backend(NULL);
        if (st != OMPWG_OK) return st;
    }
    return OMPWG_OK;
}

/* The device copies, on the calling thread's backend; OMPWG_OK or why
 * not. */
static int device_setup(device_job *j)
{
    const bool z = complex_op(j->op);
    j->a = bench_device_copy_of(j->ha, j->out_bytes);
    j->b = z ? bench_device_copy_of(j->hb, j->out_bytes) : NULL;
    j->start = bench_device_copy_of(j->hstart, j->out_bytes);
    if (!j->a || (z && !j->b) || !j->start) return OMPWG_ERR_DEVICE_NOMEM;
    return ompwg_device_alloc(j->out_bytes, &j->out);
}

static void device_row(device_job *j, int reps, bench_result *row)
{
    /* every call starts from the same output (DSYRK and the GEMMs, beta 0,
     * only write it; DTRSM copies it back itself) */
    row->status = ompwg_device_copy(j->out, j->start, j->out_bytes, OMPWG_DEVICE_TO_DEVICE);
    if (row->status != OMPWG_OK) return;
    const double t = bench_time_steady(device_run, j, 1, reps);
    if (t < 0) {
        row->status = OMPWG_ERR_DEVICE;
        return;
    }
    const double n = (double)j->n;
    row->seconds = t;
    row->rate = (complex_op(j->op) ? 8 : 1) * n * n * n / t * 1e-9;
    row->check = device_check(j);
    row->check_ok = row->check < 16;
}

void bench_device_level3_case(bench_level3_op op, int64_t n, int reps, bool have_cublas,
                              bench_result rows[2])
{
    for (int r = 0; r < 2; r++) {
        rows[r] = (bench_result){ .status = OMPWG_ERR_UNAVAILABLE, .size = n, .ceiling = -1,
                                  .vs_reference = -1 };
        snprintf(rows[r].engine, sizeof rows[r].engine, "%s", r ? "cublas" : "gpu");
        snprintf(rows[r].device, sizeof rows[r].device, "gpu");
        snprintf(rows[r].op, sizeof rows[r].op, "%s", bench_level3_name(op));
        snprintf(rows[r].prec, sizeof rows[r].prec, "%s",
                 op == BENCH_L3_CGEMM ? "float" : "double");
        snprintf(rows[r].reference, sizeof rows[r].reference, "cublas");
    }
    device_job j = { .op = op, .n = n };
    int st = host_setup(&j);
    /* the device memory is the gpu backend's, both engines' operands */
    if (st == OMPWG_OK) st = ompwg_set_thread_backend("gpu");
    if (st == OMPWG_OK) st = device_setup(&j);
    if (st != OMPWG_OK) {
        rows[0].status = st;
        if (have_cublas) rows[1].status = st;
    } else {
        device_row(&j, reps, &rows[0]);
        if (have_cublas) {
            j.cublas = true;
            device_row(&j, reps, &rows[1]);
        }
        if (rows[0].status == OMPWG_OK && rows[1].status == OMPWG_OK)
            rows[0].vs_reference = rows[0].rate / rows[1].rate;
        bench_settle();
    }
    ompwg_set_thread_backend(NULL);
    free(j.ha);
    free(j.hb);
    free(j.hstart);
    free(j.href);
    ompwg_device_free(j.a);
    ompwg_device_free(j.b);
    ompwg_device_free(j.start);
    ompwg_device_free(j.out);
}
