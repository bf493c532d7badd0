/* The error of a float GEMM computed on the device, against the product in
 * double: C = A B of n x n column-major matrices, the exact product taken
 * by cuBLAS's DGEMM on the same float inputs, each element's error in the
 * netlib test grid's units, |c - c_exact| / (FLT_EPSILON * (|A| |B|)_ij). */
#ifndef OMPWG_BENCH_SGEMM_ERROR_H
#define OMPWG_BENCH_SGEMM_ERROR_H

#include <stdbool.h>
#include <stdint.h>

/* The product in double and |A| |B|, on the host. */
typedef struct bench_sgemm_exact {
    int64_t n;
    double *exact, *scale;
} bench_sgemm_exact;

/* Takes both products of the device arrays a and b (n x n floats); false
 * (on stderr why) when memory or cuBLAS fails. */
bool bench_sgemm_exact_init(bench_sgemm_exact *e, int64_t n, const float *a, const float *b);

/* The median (to 1/256) and the largest error of device array c; false
 * when it cannot be copied. */
bool bench_sgemm_error(const bench_sgemm_exact *e, const float *c, double *median, double *max);

void bench_sgemm_exact_free(bench_sgemm_exact *e);

#endif
