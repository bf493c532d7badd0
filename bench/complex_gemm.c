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
#include "options.h"

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

static void usage(FILE *f)
{
    fprintf(f, "usage: bench_complex_gemm [--sizes n,n,...] [--reps r]\n");
}

/* The program's body; bench/module_main.c is its main(), and
 * bench/late_load.c runs it from the bench_complex_gemm_module library. */
int late_load_main(int argc, char **argv);

int late_load_main(int argc, char **argv)
{
    bench_sizes sizes = { .n = { 256, 1024, 2048, 4096 }, .count = 4 };
    int reps = 5;
    const bench_option table[] = {
        { "--sizes", BENCH_OPTION_SIZES, &sizes },
        { "--reps", BENCH_OPTION_COUNT, &reps },
    };
    int st = bench_parse_options("bench_complex_gemm", usage, argc, argv, table, BENCH_LEN(table));
    if (st != 0) return st == 1 ? 0 : 2;
    char why[256] = "";
    bool have_cublas = bench_cublas_load(why, sizeof why);
    if (!have_cublas) fprintf(stderr, "bench_complex_gemm: no cuBLAS rows: %s\n", why);
    printf("%-8s %-8s %6s %11s %10s %10s %10s %s\n", "engine", "prec", "size", "median_ms",
           "GFLOP/s", "vs_cublas", "ratio", "check");
    bool ok = true;
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < sizes.count; i++) ok = one_size(p == 1, sizes.n[i], reps, have_cublas) && ok;
    return ok ? 0 : 1;
}
