/* bench_complex_gemm: the GPU backend's CGEMM and ZGEMM on device data
 * beside cuBLAS (cublasCgemm, cublasZgemm, loaded at run time), square
 * column-major N,N products, alpha = 1, beta = 0. Each row: the median time,
 * the rate (8 n^3 real flops), the ratio to cuBLAS, and the netlib ratio of
 * the result against OpenBLAS (ompwg_cgemm_ratio, ompwg_zgemm_ratio; "ok"
 * below 16).
 *     bench_complex_gemm [--sizes 256,1024,2048,4096] [--reps 5]
 * Exits 1 when a call or a check fails (a call fails where the GPU backend
 * is not usable), 2 on a usage error. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cublas.h"
#include "device_data.h"
#include "harness.h"
#include "ompwg.h"

/* One square product on device data: the engine and its operands. */
typedef struct job {
    bool dbl, cublas;
    int64_t n;
    void *a, *b, *c;
} job;

static int run_job(void *arg)
{
    const job *j = arg;
    if (j->dbl) {
        const ompwg_complex_double one = { 1, 0 }, zero = { 0, 0 };
        if (j->cublas) return bench_cublas_zgemm(j->n, &one, j->a, j->b, &zero, j->c);
        return ompwg_zgemm_device(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, j->n, j->n,
                                  j->n, one, j->a, j->n, j->b, j->n, zero, j->c, j->n);
    }
    const ompwg_complex_float one = { 1, 0 }, zero = { 0, 0 };
    if (j->cublas) return bench_cublas_cgemm(j->n, &one, j->a, j->b, &zero, j->c);
    return ompwg_cgemm_device(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, j->n, j->n, j->n,
                              one, j->a, j->n, j->b, j->n, zero, j->c, j->n);
}

/* The netlib ratio of the device result c against OpenBLAS from host a, b;
 * negative when it could not be computed. */
static double check(bool dbl, int64_t n, const void *a, const void *b, const void *dc)
{
    size_t elem = dbl ? sizeof(ompwg_complex_double) : sizeof(ompwg_complex_float);
    size_t bytes = (size_t)(n * n) * elem;
    void *c = malloc(bytes), *c0 = calloc((size_t)(n * n), elem);
    double ratio = -1;
    if (c && c0 && ompwg_device_copy(c, dc, bytes, OMPWG_DEVICE_TO_HOST) == OMPWG_OK) {
        int st;
        if (dbl) {
            const ompwg_complex_double one = { 1, 0 }, zero = { 0, 0 };
            st = ompwg_zgemm_ratio(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, n, n, n, one,
                                   a, n, b, n, zero, c0, c, n, &ratio);
        } else {
            const ompwg_complex_float one = { 1, 0 }, zero = { 0, 0 };
            st = ompwg_cgemm_ratio(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, n, n, n, one,
                                   a, n, b, n, zero, c0, c, n, &ratio);
        }
        if (st != OMPWG_OK) ratio = -1;
    }
    free(c);
    free(c0);
    return ratio;
}

/* Times one engine (its median into *seconds, negative when a call
 * failed); prints its row; returns whether its check passed. */
static bool row(job *j, const void *ha, const void *hb, int reps, double reference_s,
                double *seconds)
{
    double s = *seconds = bench_time(run_job, j, 2, reps);
    const char *engine = j->cublas ? "cublas" : "gpu";
    const char *prec = j->dbl ? "zdouble" : "cfloat";
    if (s < 0) {
        printf("%-8s %-8s %6lld   failed\n", engine, prec, (long long)j->n);
        return false;
    }
    double rate = 8.0 * (double)j->n * (double)j->n * (double)j->n / s * 1e-9;
    double ratio = check(j->dbl, j->n, ha, hb, j->c);
    bool ok = ratio >= 0 && ratio < 16;
    char vs[32] = "-";
    if (reference_s > 0) snprintf(vs, sizeof vs, "%.2fx", reference_s / s);
    printf("%-8s %-8s %6lld %11.3f %10.1f %10s %10.3g %s\n", engine, prec, (long long)j->n,
           s * 1e3, rate, vs, ratio, ok ? "ok" : "FAILED");
    bench_settle();
    return ok;
}

static bool one_size(bool dbl, int64_t n, int reps, bool have_cublas)
{
    size_t elem = dbl ? sizeof(double) : sizeof(float);
    size_t parts = (size_t)(2 * n * n), bytes = parts * elem;
    void *ha = malloc(bytes), *hb = malloc(bytes);
    bool ok = false;
    if (ha && hb) {
        if (dbl) {
            bench_fill_double(ha, parts, 1);
            bench_fill_double(hb, parts, 2);
        } else {
            bench_fill_float(ha, parts, 1);
            bench_fill_float(hb, parts, 2);
        }
        job j = { .dbl = dbl, .n = n, .a = bench_device_copy_of(ha, bytes),
                  .b = bench_device_copy_of(hb, bytes), .c = NULL };
        if (j.a && j.b && ompwg_device_alloc(bytes, &j.c) == OMPWG_OK) {
            double ref = -1;
            ok = true;
            double mine;
            if (have_cublas) {
                j.cublas = true;
                ok = row(&j, ha, hb, reps, -1, &ref);
                j.cublas = false;
            }
            ok = row(&j, ha, hb, reps, ref, &mine) && ok;
        }
        ompwg_device_free(j.a);
        ompwg_device_free(j.b);
        ompwg_device_free(j.c);
    }
    free(ha);
    free(hb);
    return ok;
}

/* The program's body; bench/module_main.c is its main(), and
 * bench/late_load.c runs it from the bench_complex_gemm_module library. */
int bench_module_main(int argc, char **argv);

int bench_module_main(int argc, char **argv)
{
    const char *sizes = "256,1024,2048,4096";
    int reps = 5;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--sizes") == 0 && i + 1 < argc) sizes = argv[++i];
        else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) reps = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: %s [--sizes n,n,...] [--reps r]\n", argv[0]);
            return 2;
        }
    }
    if (reps < 1) reps = 1;
    char why[256] = "";
    bool have_cublas = bench_cublas_load(why, sizeof why);
    if (!have_cublas) fprintf(stderr, "bench_complex_gemm: no cuBLAS rows: %s\n", why);
    printf("%-8s %-8s %6s %11s %10s %10s %10s %s\n", "engine", "prec", "size", "median_ms",
           "GFLOP/s", "vs_cublas", "ratio", "check");
    bool ok = true;
    for (int p = 0; p < 2; p++) {
        const char *s = sizes;
        while (*s) {
            int64_t n = strtoll(s, (char **)&s, 10);
            if (n > 0) ok = one_size(p == 1, n, reps, have_cublas) && ok;
            while (*s == ',') s++;
            if (*s && (*s < '0' || *s > '9')) break;
        }
    }
    return ok ? 0 : 1;
}
