/* The GPU backend: OpenMP target offload. A team is a work-group, a
 * team-shared array is local memory, `omp barrier` is the work-group
 * barrier. */
#ifndef OMPWG_GPU_H
#define OMPWG_GPU_H

#include <stdbool.h>

#include "api.h"
#include "backend.h"
#include "devprops.h"

/* Helpers called inside target regions: inlining keeps register tiles in
 * registers and lets the compiler see that team arrays are shared memory. */
#define GPU_INLINE static inline __attribute__((always_inline))

/* Streaming multiprocessors of the device (a guess when the CUDA driver could
 * not be asked); sizes the reduction grid. */
int ompwg_gpu_sm_count(void);

/* Device memory and the link for the planner (device_ops.c). */
extern const ompwg_device_ops ompwg_gpu_device_ops;

int ompwg_gpu_sgemm(const ompwg_gemm_shape *s, float alpha, const float *a, const float *b,
                    float beta, float *c);
int ompwg_gpu_dgemm(const ompwg_gemm_shape *s, double alpha, const double *a,
                    const double *b, double beta, double *c);
int ompwg_gpu_cgemm(const ompwg_gemm_shape *s, ompwg_complex_float alpha,
                    const ompwg_complex_float *a, const ompwg_complex_float *b,
                    ompwg_complex_float beta, ompwg_complex_float *c);
int ompwg_gpu_zgemm(const ompwg_gemm_shape *s, ompwg_complex_double alpha,
                    const ompwg_complex_double *a, const ompwg_complex_double *b,
                    ompwg_complex_double beta, ompwg_complex_double *c);
/* The GEMM on device data (device_ptrs is not read) on device `dev`, for the
 * level-3 kernels' updates: the kernel variant the planner measured. */
void ompwg_gpu_sgemm_resident(int dev, const ompwg_gemm_shape *s, float alpha, const float *a,
                              const float *b, float beta, float *c);
void ompwg_gpu_dgemm_resident(int dev, const ompwg_gemm_shape *s, double alpha,
                              const double *a, const double *b, double beta, double *c);
int ompwg_gpu_sreduce(const ompwg_vec_shape *s, const float *x, const float *y, float *value,
                      int64_t *index);
int ompwg_gpu_dreduce(const ompwg_vec_shape *s, const double *x, const double *y,
                      double *value, int64_t *index);
int ompwg_gpu_sscan(const ompwg_scan_shape *s, const float *x, float *y);
int ompwg_gpu_dscan(const ompwg_scan_shape *s, const double *x, double *y);
int ompwg_gpu_i64scan(const ompwg_scan_shape *s, const int64_t *x, int64_t *y);
int ompwg_gpu_stranspose(const ompwg_transpose_shape *s, const float *a, float *b);
int ompwg_gpu_dtranspose(const ompwg_transpose_shape *s, const double *a, double *b);
/* The level-3 operations of backend.h (level3_tmpl.c): OMPWG_OK,
 * OMPWG_ERR_UNAVAILABLE, OMPWG_ERR_NOMEM, OMPWG_ERR_DEVICE_NOMEM or
 * OMPWG_ERR_DEVICE. */
int ompwg_gpu_ssymm(const ompwg_level3_shape *s, float alpha, const float *a, const float *b,
                    float beta, float *c);
int ompwg_gpu_dsymm(const ompwg_level3_shape *s, double alpha, const double *a,
                    const double *b, double beta, double *c);
int ompwg_gpu_ssyrk(const ompwg_level3_shape *s, float alpha, const float *a, const float *b,
                    float beta, float *c);
int ompwg_gpu_dsyrk(const ompwg_level3_shape *s, double alpha, const double *a,
                    const double *b, double beta, double *c);
int ompwg_gpu_ssyr2k(const ompwg_level3_shape *s, float alpha, const float *a, const float *b,
                     float beta, float *c);
int ompwg_gpu_dsyr2k(const ompwg_level3_shape *s, double alpha, const double *a,
                     const double *b, double beta, double *c);
int ompwg_gpu_strmm(const ompwg_level3_shape *s, float alpha, const float *a, const float *b,
                    float beta, float *c);
int ompwg_gpu_dtrmm(const ompwg_level3_shape *s, double alpha, const double *a,
                    const double *b, double beta, double *c);
int ompwg_gpu_strsm(const ompwg_level3_shape *s, float alpha, const float *a, const float *b,
                    float beta, float *c);
int ompwg_gpu_dtrsm(const ompwg_level3_shape *s, double alpha, const double *a,
                    const double *b, double beta, double *c);

#endif
