/* bench_complex_gemm: the GPU backend's CGEMM and ZGEMM on device data
 * beside cuBLAS (cublasCgemm, cublasZgemm, loaded at run time), square
 * column-major N,N products, alpha = 1, beta = 0. Each row: the median time,
 * the rate (8 n^3 real flops), the rate over cuBLAS's (on the gpu row), and
 * the netlib ratio of the result against OpenBLAS (ompwg_cgemm_ratio,
 * ompwg_zgemm_ratio; "ok" below 16). The cases are bench/level3_cases.c's,
 * which `ompwg bench` runs too.
 *     bench_complex_gemm [--sizes 256,1024,2048,4096] [--reps 5]
 * Exits 1 when a call or a check fails (a call fails where the GPU backend
 * is not usable), 2 on a usage error. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cublas.h"
#include "level3_cases.h"
#include "ompwg.h"

static bool print_row(const bench_result *r)
{
    const char *prec = strcmp(r->op, "zgemm") == 0 ? "zdouble" : "cfloat";
    if (r->status != OMPWG_OK) {
        printf("%-8s %-8s %6lld   failed: %s\n", r->engine, prec, (long long)r->size,
               ompwg_strerror(r->status));
        return false;
    }
    char vs[32] = "-";
    if (r->vs_reference > 0) snprintf(vs, sizeof vs, "%.2fx", r->vs_reference);
    printf("%-8s %-8s %6lld %11.3f %10.1f %10s %10.3g %s\n", r->engine, prec,
           (long long)r->size, r->seconds * 1e3, r->rate, vs, r->check,
           r->check_ok ? "ok" : "FAILED");
    return r->check_ok;
}

/* cuBLAS's row, then the gpu backend's (its rate over cuBLAS's). */
static bool one_size(bool dbl, int64_t n, int reps, bool have_cublas)
{
    bench_result rows[2];
    bench_device_level3_case(dbl ? BENCH_L3_ZGEMM : BENCH_L3_CGEMM, n, reps, have_cublas, rows);
    bool ok = !have_cublas || print_row(&rows[1]);
    return print_row(&rows[0]) && ok;
}

/* The program's body; bench/module_main.c is its main(), and
 * bench/late_load.c runs it from the bench_complex_gemm_module library. */
int late_load_main(int argc, char **argv);

int late_load_main(int argc, char **argv)
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
