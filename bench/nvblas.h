/* NVBLAS, loaded at run time (dlopen) when present: cuBLAS-XT behind the
 * Fortran BLAS names, on host data, with OpenBLAS for what it keeps on the
 * CPU. The host-data section's GPU-library engine; never a build
 * dependency. */
#ifndef OMPWG_BENCH_NVBLAS_H
#define OMPWG_BENCH_NVBLAS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Writes a configuration naming cpu_blas (the path of the CPU BLAS library
 * NVBLAS hands small calls to) and loads libnvblas (OMPWG_NVBLAS, the
 * loader path, the CUDA toolkit, the Python packages' copies) once; false
 * with the reason when it cannot. */
bool bench_nvblas_load(const char *cpu_blas, char *why, size_t len);
/* Path of the library loaded, or "". */
const char *bench_nvblas_path(void);

/* Column-major C := alpha A B + beta C, no transposes, host pointers; 0 on
 * success, -1 when a dimension does not fit the BLAS's int. */
int bench_nvblas_sgemm(int64_t m, int64_t n, int64_t k, float alpha, const float *a,
                       const float *b, float beta, float *c);
int bench_nvblas_dgemm(int64_t m, int64_t n, int64_t k, double alpha, const double *a,
                       const double *b, double beta, double *c);

#endif
