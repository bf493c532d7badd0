/* Raw device memory, the bottom of the memory layer: checked allocations
 * (with api.h's ompwg_gpu_alloc_direct, defined in devmem.c), page-locked
 * host memory, copies across the link and their counters. The pool
 * (pool.h) and the staged copies (staging.h) build on it, device buffers
 * for calls (buffers.h) on those; it calls none of them. Every failure is a
 * status, never a process exit: allocations are checked (an implicit map
 * that fails makes the offload runtime abort), and nothing is mapped
 * implicitly. */
#ifndef OMPWG_GPU_DEVMEM_H
#define OMPWG_GPU_DEVMEM_H

#include <stddef.h>
#include <stdint.h>

/* Host to device, device to host and device to device copies as they are
 * (staging.h stages pageable memory through these): OMPWG_OK or
 * OMPWG_ERR_DEVICE. Every byte that crosses the link passes through
 * ompwg_gpu_to_device or ompwg_gpu_to_host once, and is counted there. */
int ompwg_gpu_to_device(int dev, void *dst, const void *src, size_t bytes);
int ompwg_gpu_to_host(int dev, void *dst, const void *src, size_t bytes);
int ompwg_gpu_on_device(int dev, void *dst, const void *src, size_t bytes);

/* Page-locked host memory that kernels on `dev` can write through its host
 * address (the offload runtime's llvm_omp_target_alloc_host); NULL when
 * there is none: no offload, host fallback, or the allocation failed. */
void *ompwg_gpu_alloc_pinned(int dev, size_t bytes);
void ompwg_gpu_free_pinned(int dev, void *p);

/* Bytes ompwg_gpu_to_device and ompwg_gpu_to_host moved since the process
 * started. */
void ompwg_gpu_traffic(uint64_t *to_device, uint64_t *to_host);

#endif
