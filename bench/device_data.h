/* Benchmark data on the GPU backend's device, through the library's own
 * device-memory calls. */
#ifndef OMPWG_BENCH_DEVICE_DATA_H
#define OMPWG_BENCH_DEVICE_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* `bytes` of device memory, or NULL (on stderr why). */
void *bench_device_alloc(size_t bytes);

/* A device copy of `bytes` of host memory, or NULL (on stderr why). */
void *bench_device_copy_of(const void *host, size_t bytes);

/* n random elements of `elem` bytes (float or double, bench_fill_*) on the
 * device, or NULL. */
void *bench_device_random(size_t n, size_t elem, uint64_t seed);

/* The GPU backend's line of ompwg_backend_info (what it runs on, or why it
 * cannot run) into why[0..len), "no gpu backend compiled in" without one;
 * 1 when the backend is usable, 0 when not. */
int bench_gpu_backend_info(char *why, size_t len);

/* A timed call on device data in double or float: its size n and up to
 * three device arrays. */
typedef struct bench_device_call {
    bool dbl;
    int64_t n;
    void *a, *b, *c;
} bench_device_call;

/* C := A B of n x n column-major matrices (alpha 1, beta 0) through
 * ompwg's _device GEMM, arg a bench_device_call (bench_time's form). */
int bench_square_gemm_device(void *arg);

#endif
