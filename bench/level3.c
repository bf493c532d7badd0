/* bench_level3: the GPU backend's DTRSM (left, lower, no transpose,
 * non-unit) and DSYRK (lower, A A^T, k = n) on device data beside cuBLAS's
 * cublasDtrsm and cublasDsyrk, on the same data in the same run, n = 1024
 * to 8192 (--quick: 1024 and 2048). Each row gives the median time, the
 * rate in GFLOP/s (n^3 flops for both) and the largest difference from
 * cuBLAS relative to cuBLAS's largest element. The calls are
 * ompwg_dtrsm_device and ompwg_dsyrk_device with the gpu backend selected.
 *
 *   bench_level3 [--quick | --sizes n,n,...] [--reps N]
 *
 * Without a GPU (or without cuBLAS for its columns) it says why and exits
 * 0. */
#include <math.h>
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cublas.h"
#include "device_data.h"
#include "harness.h"
#include "ompwg.h"

typedef struct call {
    bool cublas, trsm;
    int64_t n;
    const double *a;
    double *c;        /* the operand and result (TRSM: in place) */
    const double *c0; /* TRSM: C's values before the call, copied back before each run */
} call;

static int run(void *arg)
{
    call *k = arg;
    const size_t bytes = (size_t)(k->n * k->n) * sizeof(double);
    if (k->trsm && ompwg_device_copy(k->c, k->c0, bytes, OMPWG_DEVICE_TO_DEVICE) != OMPWG_OK)
        return -1;
    if (k->cublas)
        return k->trsm ? bench_cublas_dtrsm_lower(k->n, 1.0, k->a, k->c)
                       : bench_cublas_dsyrk_lower(k->n, 1.0, k->a, 0.0, k->c);
    if (k->trsm)
        return ompwg_dtrsm_device(OMPWG_COL_MAJOR, OMPWG_LEFT, OMPWG_LOWER, OMPWG_NO_TRANS,
                                  OMPWG_NON_UNIT, k->n, k->n, 1.0, k->a, k->n, k->c, k->n);
    return ompwg_dsyrk_device(OMPWG_COL_MAJOR, OMPWG_LOWER, OMPWG_NO_TRANS, k->n, k->n, 1.0, k->a,
                              k->n, 0.0, k->c, k->n);
}

/* Largest |ours - cuBLAS| over C's lower triangle (all of it for TRSM) /
 * largest |cuBLAS|; NAN when C could not be read back. */
static double difference(int64_t n, const double *ours, const double *ref)
{
    const size_t count = (size_t)(n * n);
    double *h = malloc(2 * count * sizeof(double));
    if (!h) return NAN;
    double d = NAN;
    if (ompwg_device_copy(h, ours, count * sizeof(double), OMPWG_DEVICE_TO_HOST) == OMPWG_OK &&
        ompwg_device_copy(h + count, ref, count * sizeof(double), OMPWG_DEVICE_TO_HOST) ==
            OMPWG_OK) {
        double diff = 0, scale = 0;
        for (int64_t j = 0; j < n; j++)
            for (int64_t i = j; i < n; i++) {
                diff = fmax(diff, fabs(h[i + j * n] - h[count + i + j * n]));
                scale = fmax(scale, fabs(h[count + i + j * n]));
            }
        d = diff / (scale > 0 ? scale : 1);
    }
    free(h);
    return d;
}

/* A well-conditioned lower triangle for TRSM (diagonal 1 to 2, the rest
 * below 1 / (2 n)), or random values for SYRK's A. */
static double *host_a(int64_t n, bool trsm)
{
    const size_t count = (size_t)(n * n);
    double *a = malloc(count * sizeof(double));
    if (!a) return NULL;
    bench_fill_double(a, count, 11);
    if (trsm)
        for (int64_t j = 0; j < n; j++)
            for (int64_t i = 0; i < n; i++) {
                double *p = a + i + j * n;
                *p = i == j ? 1.5 + 0.5 * *p : i > j ? *p / (2.0 * (double)n) : 0.0;
            }
    return a;
}

static void bench_one(bool trsm, int64_t n, int reps, bool have_cublas)
{
    const char *op = trsm ? "DTRSM" : "DSYRK";
    const size_t count = (size_t)(n * n), bytes = count * sizeof(double);
    double *ha = host_a(n, trsm);
    void *a = ha ? bench_device_copy_of(ha, bytes) : NULL;
    free(ha);
    void *c0 = bench_device_random(count, sizeof(double), 3);
    void *c = bench_device_random(count, sizeof(double), 4);
    void *c_ref = have_cublas ? bench_device_random(count, sizeof(double), 5) : NULL;
    if (!a || !c0 || !c || (have_cublas && !c_ref)) {
        printf("%-6s %6lld  (no device memory)\n", op, (long long)n);
    } else {
        const double flops = (double)n * (double)n * (double)n;
        call ours = { .trsm = trsm, .n = n, .a = a, .c = c, .c0 = c0 };
        const double t = bench_time_steady(run, &ours, 1, reps);
        double tr = -1;
        if (have_cublas) {
            call ref = { .cublas = true, .trsm = trsm, .n = n, .a = a, .c = c_ref, .c0 = c0 };
            tr = bench_time_steady(run, &ref, 1, reps);
        }
        printf("%-6s %6lld  %10.3f ms %9.1f GFLOP/s", op, (long long)n, t * 1e3,
               t > 0 ? flops / t * 1e-9 : 0.0);
        if (tr > 0)
            printf("  cuBLAS %10.3f ms %9.1f GFLOP/s  ours/cuBLAS %5.2f  difference %.2e\n",
                   tr * 1e3, flops / tr * 1e-9, t / tr, difference(n, c, c_ref));
        else
            printf("  cuBLAS -\n");
    }
    ompwg_device_free(c_ref);
    ompwg_device_free(c);
    ompwg_device_free(c0);
    ompwg_device_free(a);
}

/* The program's body; bench/module_main.c is its main(), and
 * bench/late_load.c runs it from the bench_level3_module library. */
int bench_module_main(int argc, char **argv);

int bench_module_main(int argc, char **argv)
{
    bool quick = false;
    int reps = 5;
    int64_t own[8];
    int own_count = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0) {
            quick = true;
        } else if (strcmp(argv[i], "--sizes") == 0 && i + 1 < argc) {
            for (char *s = argv[++i], *end; *s && own_count < 8; s = *end ? end + 1 : end) {
                own[own_count] = strtoll(s, &end, 10);
                if (end == s || own[own_count] < 1) {
                    fprintf(stderr, "bench_level3: --sizes takes positive numbers: %s\n", argv[i]);
                    return 2;
                }
                own_count++;
            }
        } else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) {
            reps = atoi(argv[++i]);
            if (reps < 1) reps = 1;
        } else {
            fprintf(stderr, "usage: bench_level3 [--quick | --sizes n,n,...] [--reps N]\n");
            return 2;
        }
    }
    /* the gpu backend on a device (not in host fallback) */
    char why[512] = "no gpu backend compiled in";
    int usable = 0;
    for (int i = 0; i < ompwg_backend_count(); i++) {
        const char *name = NULL;
        char line[512];
        const int u = ompwg_backend_info(i, &name, line, sizeof line);
        if (name && strcmp(name, "gpu") == 0) {
            usable = u;
            snprintf(why, sizeof why, "%s", line);
        }
    }
    if (usable != 1 || omp_get_num_devices() < 1 || ompwg_set_backend("gpu") != OMPWG_OK) {
        printf("bench_level3: no GPU to measure on: %s\n", why);
        return 0;
    }
    const bool have_cublas = bench_cublas_load(why, sizeof why);
    printf("cuBLAS: %s\n", have_cublas ? bench_cublas_path() : why);
    printf("op          n        ours                       cuBLAS (same data)\n");
    static const int64_t standard[] = { 1024, 2048, 4096, 8192 };
    const int64_t *sizes = own_count ? own : standard;
    const int count = own_count ? own_count : quick ? 2 : 4;
    for (int t = 0; t < 2; t++)
        for (int i = 0; i < count; i++) bench_one(t == 0, sizes[i], reps, have_cublas);
    return 0;
}
