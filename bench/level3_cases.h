/* The level-3 cases beyond the real GEMM on device data: the GPU backend's
 * *_device call beside cuBLAS on the same data, each checked against
 * OpenBLAS. bench_level3, bench_complex_gemm and `ompwg bench` run them. */
#ifndef OMPWG_BENCH_LEVEL3_CASES_H
#define OMPWG_BENCH_LEVEL3_CASES_H

#include <stdbool.h>
#include <stdint.h>

#include "report.h"

/* DTRSM: left, lower, no transpose, non-unit, m = n, alpha 1 (B := A^-1 B);
 * DSYRK: lower, no transpose, k = n, alpha 1, beta 0; CGEMM and ZGEMM:
 * square, no transposes, alpha 1, beta 0. Column-major, dense. */
typedef enum bench_level3_op {
    BENCH_L3_DTRSM, BENCH_L3_DSYRK, BENCH_L3_CGEMM, BENCH_L3_ZGEMM
} bench_level3_op;

/* The op of a row ("trsm", "syrk", "cgemm", "zgemm"). */
const char *bench_level3_name(bench_level3_op op);

/* Makes the n x n a a lower triangle that keeps a solve well conditioned
 * at every n: diagonal 1 to 2, the rest below 1 / (2 n), zeros above. a
 * holds values in [-1, 1] on entry. */
void bench_level3_triangle(double *a, int64_t n);

/* The largest |out - ref| over the n x n lower triangle (all of it when
 * !lower_only), in units of eps x inner x the largest |ref| there; infinity
 * where a difference is NaN. Below 16 passes. */
double bench_level3_difference(int64_t n, bool lower_only, double inner, const double *out,
                               const double *ref);

/* Runs one case of side n on device data: rows[0] the gpu backend's
 * *_device call (engine "gpu"), rows[1] cuBLAS's (engine "cublas", status
 * OMPWG_ERR_UNAVAILABLE without have_cublas). seconds: median of reps
 * calls (DTRSM's include copying B's starting values on the device); rate:
 * GFLOP/s (n^3 for DTRSM and DSYRK, 8 n^3 complex); check: against
 * OpenBLAS, the netlib ratio for the complex GEMMs, bench_level3_difference
 * for DTRSM and DSYRK; vs_reference: the gpu row's rate over cuBLAS's. The
 * caller makes sure that the gpu backend is usable on a device. */
void bench_device_level3_case(bench_level3_op op, int64_t n, int reps, bool have_cublas,
                              bench_result rows[2]);

#endif
