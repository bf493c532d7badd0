/* bench_level3: the GPU backend's DTRSM (left, lower, no transpose,
 * non-unit) and DSYRK (lower, A A^T, k = n) on device data beside cuBLAS's
 * cublasDtrsm and cublasDsyrk, on the same data in the same run, n = 1024
 * to 8192 (--quick: 1024 and 2048). Each row gives the median time, the
 * rate in GFLOP/s (n^3 flops for both), the rate over cuBLAS's and the check
 * against OpenBLAS ("ok" below 16; bench/level3_cases.h says how). The
 * calls are ompwg_dtrsm_device and ompwg_dsyrk_device with the gpu backend
 * selected; `ompwg bench` runs the same cases.
 *
 *   bench_level3 [--quick | --sizes n,n,...] [--reps N]
 *
 * Without a GPU it says why and exits 0 (without cuBLAS its rows say why);
 * 1 when a call or a check fails. */
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cublas.h"
#include "device_data.h"
#include "level3_cases.h"
#include "ompwg.h"
#include "options.h"

static void print_row(const bench_result *r)
{
    if (r->status != OMPWG_OK) {
        printf("%-6s %-6s %6lld  no figure: %s\n", r->engine, r->op, (long long)r->size,
               ompwg_strerror(r->status));
        return;
    }
    char vs[16] = "-";
    if (r->vs_reference > 0) snprintf(vs, sizeof vs, "%.2fx", r->vs_reference);
    printf("%-6s %-6s %6lld %10.3f ms %9.1f GFLOP/s %9s %10.3g %s\n", r->engine, r->op,
           (long long)r->size, r->seconds * 1e3, r->rate, vs, r->check,
           r->check_ok ? "ok" : "FAILED");
}

static void usage(FILE *f)
{
    fprintf(f, "usage: bench_level3 [--quick | --sizes n,n,...] [--reps N]\n");
}

/* The program's body; bench/module_main.c is its main(), and
 * bench/late_load.c runs it from the bench_level3_module library. */
int late_load_main(int argc, char **argv);

int late_load_main(int argc, char **argv)
{
    bool quick = false;
    int reps = 5;
    bench_sizes own = { .count = 0 };
    const bench_option table[] = {
        { "--quick", BENCH_OPTION_FLAG, &quick },
        { "--sizes", BENCH_OPTION_SIZES, &own },
        { "--reps", BENCH_OPTION_COUNT, &reps },
    };
    int st = bench_parse_options("bench_level3", usage, argc, argv, table, BENCH_LEN(table));
    if (st != 0) return st == 1 ? 0 : 2;
    /* the gpu backend on a device (not in host fallback) */
    char why[512];
    if (!bench_gpu_backend_info(why, sizeof why) || omp_get_num_devices() < 1 || ompwg_set_backend("gpu") != OMPWG_OK) {
        printf("bench_level3: no GPU to measure on: %s\n", why);
        return 0;
    }
    const bool have_cublas = bench_cublas_load(why, sizeof why);
    printf("cuBLAS: %s\n", have_cublas ? bench_cublas_path() : why);
    printf("%-6s %-6s %6s %13s %17s %9s %10s %s\n", "engine", "op", "n", "median", "rate",
           "vs_cublas", "check", "");
    static const int64_t standard[] = { 1024, 2048, 4096, 8192 };
    const int64_t *sizes = own.count ? own.n : standard;
    const int count = own.count ? own.count : quick ? 2 : 4;
    bool ok = true;
    for (int t = 0; t < 2; t++)
        for (int i = 0; i < count; i++) {
            bench_result rows[2];
            bench_device_level3_case(t == 0 ? BENCH_L3_DTRSM : BENCH_L3_DSYRK, sizes[i], reps,
                                     have_cublas, rows);
            for (int r = 0; r < 2; r++) {
                print_row(&rows[r]);
                if (r == 0 || have_cublas)
                    ok = ok && rows[r].status == OMPWG_OK && rows[r].check_ok;
            }
        }
    return ok ? 0 : 1;
}
