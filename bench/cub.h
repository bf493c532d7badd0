/* CUB (cub::DeviceReduce, cub::DeviceScan), loaded at run time (dlopen)
 * from the module libompwg_bench_cub.so that bench/cub_ref.cu becomes in a
 * build with the GPU backend and nvcc: the GPU reference of the benchmark
 * for sum, dot, max and scan, never a build dependency. Pointers are device
 * pointers of device 0 from omp_target_alloc (the CUDA primary context).
 * Every call returns after the GPU has finished, and a reduction after its
 * result is on the host, as the library's *_device calls do. */
#ifndef OMPWG_BENCH_CUB_H
#define OMPWG_BENCH_CUB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Loads the module once (OMPWG_CUB, else next to the running program, else
 * in the build tree's bench/ seen from cli/) and makes it take the GPU;
 * false with the reason when it cannot. */
bool bench_cub_load(char *why, size_t len);
/* Path of the module loaded, or "". */
const char *bench_cub_path(void);

/* 0 on success, -1 when the module is not loaded, else a cudaError_t
 * value; n from 1 to INT_MAX. */
int bench_cub_ssum(int64_t n, const float *x, float *result);
int bench_cub_dsum(int64_t n, const double *x, double *result);
/* sum of x_i y_i, accumulated in the element type */
int bench_cub_sdot(int64_t n, const float *x, const float *y, float *result);
int bench_cub_ddot(int64_t n, const double *x, const double *y, double *result);
/* the largest x_i (signed, as ompwg_?max) and the first index holding it */
int bench_cub_smax(int64_t n, const float *x, float *value, int64_t *index);
int bench_cub_dmax(int64_t n, const double *x, double *value, int64_t *index);
/* y_i := x_0 + ... + x_i, accumulated in the element type (float in float,
 * where ompwg's float scan accumulates in double) */
int bench_cub_sscan(int64_t n, const float *x, float *y);
int bench_cub_dscan(int64_t n, const double *x, double *y);
int bench_cub_i64scan(int64_t n, const int64_t *x, int64_t *y);

#endif
