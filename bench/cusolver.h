/* cuSOLVER's dense LU, Cholesky and QR, and the CUDA runtime's device memory,
 * loaded at run time (dlopen) when present: the GPU reference of
 * bench_factor, never a build dependency. Pointers are device pointers of
 * the CUDA runtime's current device (bench_cusolver_alloc); every call
 * returns after the GPU has finished. */
#ifndef OMPWG_BENCH_CUSOLVER_H
#define OMPWG_BENCH_CUSOLVER_H

#include <stdbool.h>
#include <stddef.h>

/* Loads libcusolver (OMPWG_CUSOLVER, else libcusolver.so.12 / .so.11 where
 * the loader finds them, the CUDA toolkit, the Python packages' copies) and
 * libcudart (OMPWG_CUDART, else beside libcusolver, else where the loader
 * finds it) once, makes device `device` current (-1: leave the runtime's
 * default) and creates a handle; false with the reason when it cannot. */
bool bench_cusolver_load(int device, char *why, size_t len);
/* Paths of the two libraries loaded, or "". */
const char *bench_cusolver_path(void);
const char *bench_cudart_path(void);

/* cudaMalloc: NULL when it fails. bench_cuda_free(NULL) does nothing. */
void *bench_cuda_alloc(size_t bytes);
void bench_cuda_free(void *p);
/* cudaMemcpy (cudaMemcpyDefault: either side host or device), then waits
 * for the device; 0 on success. */
int bench_cuda_copy(void *dst, const void *src, size_t bytes);

/* The factorisations: LU with partial pivoting, the lower Cholesky factor,
 * QR. */
typedef enum bench_factorisation { BENCH_LU, BENCH_CHOLESKY, BENCH_QR } bench_factorisation;

/* The workspace, in elements, that cusolverDn?getrf, cusolverDn?potrf
 * (lower) or cusolverDn?geqrf, as f says, asks for an n x n matrix a
 * (lda n), in double (dbl) or float; 0 on success. */
int bench_cusolver_lwork(bench_factorisation f, bool dbl, int n, void *a, int *lwork);
/* Factorises the n x n matrix a (lda n) in place: LU (pivots 1-based into
 * ipiv, n ints on the device), Cholesky, or QR (the reflectors' scalars
 * into tau, n elements on the device), ipiv and tau unused where the
 * factorisation has none; with work of lwork elements and the status into
 * *info (one int on the device); returns after cudaDeviceSynchronize, 0 on
 * success. */
int bench_cusolver_factor(bench_factorisation f, bool dbl, int n, void *a, void *work, int lwork,
                          int *ipiv, void *tau, int *info);

#endif
