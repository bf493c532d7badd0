/* cuBLAS, loaded at run time (dlopen) when present: the GPU reference of the
 * benchmark, never a build dependency. Pointers are device pointers of the
 * default device, from omp_target_alloc (the CUDA primary context). Every
 * call returns after the GPU has finished. */
#ifndef OMPWG_BENCH_CUBLAS_H
#define OMPWG_BENCH_CUBLAS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Loads libcublas (OMPWG_CUBLAS, the loader path, the CUDA toolkit, the
 * Python packages' copies) once; false with the reason when it cannot. */
bool bench_cublas_load(char *why, size_t len);
/* Path of the library loaded, or "". */
const char *bench_cublas_path(void);

/* Column-major, no transposes; 0 on success. */
int bench_cublas_sgemm(int64_t n, float alpha, const float *a, const float *b, float beta, float *c);
int bench_cublas_dgemm(int64_t n, double alpha, const double *a, const double *b, double beta,
                       double *c);
/* Complex GEMM (cublasCgemm, cublasZgemm), column-major, no transposes,
 * alpha and beta and the arrays as (re, im) pairs; -1 when this cuBLAS
 * lacks them. */
int bench_cublas_cgemm(int64_t n, const void *alpha, const void *a, const void *b,
                       const void *beta, void *c);
int bench_cublas_zgemm(int64_t n, const void *alpha, const void *a, const void *b,
                       const void *beta, void *c);
/* dot, asum (the reference for sum: the same bytes read) and the index of
 * max |x| (the reference for max). */
int bench_cublas_sdot(int64_t n, const float *x, const float *y, float *result);
int bench_cublas_ddot(int64_t n, const double *x, const double *y, double *result);
int bench_cublas_sasum(int64_t n, const float *x, float *result);
int bench_cublas_dasum(int64_t n, const double *x, double *result);
int bench_cublas_siamax(int64_t n, const float *x, int64_t *index);
int bench_cublas_diamax(int64_t n, const double *x, int64_t *index);
/* b (n x m) := a^T for the column-major m x n a (geam with beta 0), dense
 * leading dimensions. */
int bench_cublas_stranspose(int64_t m, int64_t n, const float *a, float *b);
int bench_cublas_dtranspose(int64_t m, int64_t n, const double *a, double *b);
/* The n x n lower triangular a: c := alpha a^-1 c (dtrsm, left, no
 * transpose, non-unit), and c's lower triangle := alpha a a^T + beta c
 * (dsyrk, k = n); dense leading dimensions. */
int bench_cublas_dtrsm_lower(int64_t n, double alpha, const double *a, double *c);
int bench_cublas_dsyrk_lower(int64_t n, double alpha, const double *a, double beta, double *c);

#endif
