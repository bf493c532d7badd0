/* The GPU backend: OpenMP target offload. A team is a work-group, a
 * team-shared array is local memory, `omp barrier` is the work-group
 * barrier. */
#ifndef OMPWG_GPU_H
#define OMPWG_GPU_H

#include <stdbool.h>

#include "backend.h"
#include "devprops.h"

/* Helpers called inside target regions: inlining keeps register tiles in
 * registers and lets the compiler see that team arrays are shared memory. */
#define GPU_INLINE static inline __attribute__((always_inline))

/* What the probe decided, read by every call. The probe runs once under the
 * registry's pthread_once, before any call can reach the kernels, so these
 * need no locking. */

/* True when the probe found the backend usable (on a device or, by explicit
 * request, in host fallback). Nothing touches the offload runtime while it is
 * false. */
bool ompwg_gpu_ready(void);

/* The OpenMP device number every target construct and device allocation
 * uses: the chosen device on a GPU (OMPWG_GPU_DEVICE, ompwg_set_gpu_device,
 * else the default device), the initial (host) device in host fallback. */
int ompwg_gpu_device(void);

/* True when the kernels run on host threads (OMP_TARGET_OFFLOAD=DISABLED). */
bool ompwg_gpu_on_host(void);

/* Streaming multiprocessors of the device (a guess when the CUDA driver could
 * not be asked); sizes the reduction grid. */
int ompwg_gpu_sm_count(void);

/* Copies the current device's properties into *out; false in host fallback
 * or when the CUDA driver could not be asked. */
bool ompwg_gpu_device_props(ompwg_gpu_props *out);

/* Devices the offload runtime sees: 0 in host fallback and in a build
 * without offload. Runs no target region. */
int ompwg_gpu_visible_devices(void);

/* Before the probe has run: makes it start on device `dev` (when that is
 * one of the devices) instead of the default one. Afterwards: nothing. */
void ompwg_gpu_request_device(int dev);

/* After the probe: moves every later call to device `dev` (-1: the default
 * device) once a target region has run there. OMPWG_OK, OMPWG_ERR_RANGE
 * (not a device here; in host fallback anything but -1) or
 * OMPWG_ERR_UNAVAILABLE (the backend, or that device, cannot run). */
int ompwg_gpu_use_device(int dev);

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
/* The level-3 operations of backend.h (level3.c): OMPWG_OK,
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
