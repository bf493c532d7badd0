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

ompwg_sgemm_sig ompwg_gpu_sgemm;
ompwg_dgemm_sig ompwg_gpu_dgemm;
ompwg_cgemm_sig ompwg_gpu_cgemm;
ompwg_zgemm_sig ompwg_gpu_zgemm;
/* The GEMM on device data (device_ptrs is not read) on device `dev`, for the
 * level-3 kernels' updates: the kernel variant the planner measured. */
void ompwg_gpu_sgemm_resident(int dev, const ompwg_gemm_shape *s, float alpha, const float *a,
                              const float *b, float beta, float *c);
void ompwg_gpu_dgemm_resident(int dev, const ompwg_gemm_shape *s, double alpha,
                              const double *a, const double *b, double beta, double *c);
/* The same writing only the `upper` or lower triangle of the square C, for
 * SYRK and SYR2K (only the tiles that touch it are computed); alpha == 0
 * or k == 0 scales the triangle by beta without reading A or B. */
void ompwg_gpu_sgemm_triangle_resident(int dev, const ompwg_gemm_shape *s, bool upper,
                                       float alpha, const float *a, const float *b, float beta,
                                       float *c);
void ompwg_gpu_dgemm_triangle_resident(int dev, const ompwg_gemm_shape *s, bool upper,
                                       double alpha, const double *a, const double *b,
                                       double beta, double *c);
ompwg_sreduce_sig ompwg_gpu_sreduce;
ompwg_dreduce_sig ompwg_gpu_dreduce;
ompwg_sscan_sig ompwg_gpu_sscan;
ompwg_dscan_sig ompwg_gpu_dscan;
ompwg_i64scan_sig ompwg_gpu_i64scan;
ompwg_stranspose_sig ompwg_gpu_stranspose;
ompwg_dtranspose_sig ompwg_gpu_dtranspose;
/* The level-3 operations of backend.h (level3_tmpl.c): OMPWG_OK,
 * OMPWG_ERR_UNAVAILABLE, OMPWG_ERR_NOMEM, OMPWG_ERR_DEVICE_NOMEM or
 * OMPWG_ERR_DEVICE. */
ompwg_slevel3_sig ompwg_gpu_ssymm;
ompwg_dlevel3_sig ompwg_gpu_dsymm;
ompwg_slevel3_sig ompwg_gpu_ssyrk;
ompwg_dlevel3_sig ompwg_gpu_dsyrk;
ompwg_slevel3_sig ompwg_gpu_ssyr2k;
ompwg_dlevel3_sig ompwg_gpu_dsyr2k;
ompwg_slevel3_sig ompwg_gpu_strmm;
ompwg_dlevel3_sig ompwg_gpu_dtrmm;
ompwg_slevel3_sig ompwg_gpu_strsm;
ompwg_dlevel3_sig ompwg_gpu_dtrsm;
/* LU and Cholesky, every op of the table's factor arrays
 * (kernels/factor/factor_tmpl.c): OMPWG_OK, OMPWG_ERR_UNAVAILABLE,
 * OMPWG_ERR_NOMEM, OMPWG_ERR_DEVICE_NOMEM or OMPWG_ERR_DEVICE. */
ompwg_sfactor_sig ompwg_gpu_sfactor;
ompwg_dfactor_sig ompwg_gpu_dfactor;

#endif
