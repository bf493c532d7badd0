/* Device buffers for calls on host data: memory from the pool (pool.h),
 * filled and emptied through the staged copies (staging.h). The layer above
 * devmem.h, pool.h and staging.h; none of them calls into it. Every failure
 * is a status, never a process exit. */
#ifndef OMPWG_GPU_BUFFERS_H
#define OMPWG_GPU_BUFFERS_H

#include <stddef.h>
#include <stdint.h>

/* Allocates bytes on `dev` from the pool (pool.h): OMPWG_OK or
 * OMPWG_ERR_DEVICE_NOMEM. */
int ompwg_gpu_alloc(int dev, size_t bytes, void **out);

/* Allocates bytes on `dev` and copies them from host memory src, staged
 * (staging.h). On failure nothing stays allocated and *out is NULL. */
int ompwg_gpu_alloc_copy(int dev, const void *src, size_t bytes, void **out);

/* Gives what ompwg_gpu_alloc returned back to the pool; NULL is ignored. */
void ompwg_gpu_free(int dev, void *p);

/* A vector of host data on the device, for an input: a unit stride is
 * copied as it lies, a larger one packed first (copying its span would move
 * |inc| times the data). x points at logical element 0 (BLAS order, see
 * args.h); *dx receives the device address of logical element 0 and *inc
 * the increment there; *buf what to free. */
int ompwg_gpu_vec_to_device(int dev, int64_t n, const void *x, int64_t *inc, size_t elem,
                            void **buf, const void **dx);

/* Device room for an output vector of host data, laid out so that
 * ompwg_gpu_vec_to_host can bring it back: the span for a unit stride, a
 * packed buffer for a larger one (*inc becomes 1). *dy: logical element
 * 0; *buf: what to free. */
int ompwg_gpu_vec_alloc(int dev, int64_t n, int64_t *inc, size_t elem, void **buf, void **dy);

/* Copies an output vector from buf (as ompwg_gpu_vec_alloc laid it out for
 * increment inc) into host y (logical element 0, increment inc), writing
 * nothing of y but its n elements. */
int ompwg_gpu_vec_to_host(int dev, int64_t n, void *y, int64_t inc, size_t elem,
                          const void *buf);

#endif
