/* Device buffers for calls on host data. Every failure is a status, never a
 * process exit: allocations are checked (an implicit map that fails makes the
 * offload runtime abort), and nothing is mapped implicitly. */
#ifndef OMPWG_GPU_DEVMEM_H
#define OMPWG_GPU_DEVMEM_H

#include <stddef.h>
#include <stdint.h>

/* Elements spanned by a column-major rows x cols matrix with leading
 * dimension ld (rows, cols > 0). */
static inline size_t ompwg_gpu_span(int64_t rows, int64_t cols, int64_t ld)
{
    return (size_t)(ld * (cols - 1) + rows);
}

/* Allocates bytes on `dev`: OMPWG_OK or OMPWG_ERR_DEVICE_NOMEM. */
int ompwg_gpu_alloc(int dev, size_t bytes, void **out);

/* Allocates bytes on `dev` and copies them from host memory src. On failure
 * nothing stays allocated and *out is NULL. */
int ompwg_gpu_alloc_copy(int dev, const void *src, size_t bytes, void **out);

/* Host to device, device to host and device to device copies: OMPWG_OK or
 * OMPWG_ERR_DEVICE. */
int ompwg_gpu_to_device(int dev, void *dst, const void *src, size_t bytes);
int ompwg_gpu_to_host(int dev, void *dst, const void *src, size_t bytes);
int ompwg_gpu_on_device(int dev, void *dst, const void *src, size_t bytes);

/* Frees what ompwg_gpu_alloc returned; NULL is ignored. */
void ompwg_gpu_free(int dev, void *p);

/* Copies the rows x cols column-major block at device address src (leading
 * dimension ld) into host memory dst with the same leading dimension,
 * writing nothing of dst outside the block. */
int ompwg_gpu_block_to_host(int dev, void *dst, const void *src, int64_t rows, int64_t cols,
                            int64_t ld, size_t elem);

#endif
