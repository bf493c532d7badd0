/* Device memory reused across calls: every host-data call needs buffers
 * for its operands, and a fresh device allocation per call is slow (and
 * freeing one waits for the device). */
#ifndef OMPWG_GPU_POOL_H
#define OMPWG_GPU_POOL_H

#include <stddef.h>

/* A buffer of at least `bytes` on `dev`, a cached one when one fits:
 * OMPWG_OK or OMPWG_ERR_DEVICE_NOMEM (after the cache of `dev` was
 * emptied and the allocation still failed). Thread-safe. */
int ompwg_gpu_pool_get(int dev, size_t bytes, void **out);

/* Gives back what ompwg_gpu_pool_get returned (NULL is ignored); it stays
 * cached while the cached bytes are under the cap, else it is freed. A
 * pointer the pool did not hand out is freed directly. */
void ompwg_gpu_pool_put(int dev, void *p);

/* Frees every cached buffer of `dev` (buffers in use are untouched). */
void ompwg_gpu_pool_trim(int dev);

#endif
