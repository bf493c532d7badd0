/* Results of a benchmark sweep: one row per (engine, op, precision, size),
 * written as an aligned table, CSV, JSON and a plot. */
#ifndef OMPWG_BENCH_REPORT_H
#define OMPWG_BENCH_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct bench_result {
    char engine[24];    /* cpu, openblas, gpu, gpu+xfer, cublas, cub */
    char device[8];     /* where it ran: "cpu" or "gpu" */
    char op[12];        /* gemm, sum, dot, max, transpose, scan, trsm, syrk, cgemm, zgemm */
    char prec[8];       /* float, double */
    int64_t size;       /* n of an n x n x n GEMM or an n x n transpose, or the vector length */
    int status;         /* OMPWG_OK, or why there is no figure */
    double seconds;     /* median */
    double rate;        /* GFLOP/s (gemm, cgemm, zgemm, trsm, syrk) or GB/s (reductions: bytes read; transpose,
                         * scan: bytes read + written) */
    double ceiling;     /* fraction of the measured or estimated ceiling; <0: unknown */
    char reference[24]; /* engine the ratio divides by */
    double vs_reference;/* rate / reference rate; <0: no reference row */
    double check;       /* GEMM: netlib ratio; reductions, scan: |diff| / bound against
                         * OpenBLAS or an oracle; transpose: 0 when exact */
    bool check_ok;
    /* Rows of the host-data section (see host.h): section "host"; a GEMM's
     * m, n, k and beta (size is then m; m = 0 on other rows); on the row of
     * the `auto` engine, the fastest other engine of its case and auto's
     * rate over that engine's (vs_best <= 0: none). Elsewhere "" and 0. */
    char section[8];
    int64_t m, n, k;
    double beta;
    char best[24];
    double vs_best;
} bench_result;

typedef struct bench_report {
    bench_result *rows;
    int count, capacity;
} bench_report;

/* Appends a row; false when out of memory. */
bool bench_report_add(bench_report *r, const bench_result *row);
void bench_report_free(bench_report *r);

/* Unit of a row's rate. */
const char *bench_unit(const bench_result *row);

void bench_print_header(FILE *f);
void bench_print_row(FILE *f, const bench_result *row);

/* Writes bench.csv and bench.json into dir; 0 or an errno value. */
int bench_write_csv(const bench_report *r, const char *path);
int bench_write_json(const bench_report *r, const char *path, const char *context_json);

/* Draws throughput against size per engine into png_path with gnuplot, else
 * python3 with matplotlib. Returns 0, or -1 with a message in why. */
int bench_plot(const bench_report *r, const char *csv_path, const char *png_path, char *why,
               size_t why_len);

#endif
