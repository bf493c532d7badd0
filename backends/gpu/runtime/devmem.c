/* Raw device memory: checked allocations, page-locked host memory, copies
 * across the link and their counters (devmem.h). */
#include "devmem.h"

#include <omp.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../gpu.h"
#include "hostmem.h"
#include "ompwg.h"
#include "ompwg_config.h"

/* A build without offload has no libomptarget (the device memory routines
 * live there, not in libomp; and a libomptarget that some other part of the
 * process loads, with no device image registered, is not safe to call), and
 * its only device is the host. */
#if OMPWG_HAVE_OFFLOAD
/* libomptarget's extensions (LLVM >= 16); omp.h does not declare them */
void *llvm_omp_target_alloc_host(size_t size, int device_num);
void llvm_omp_target_free_host(void *device_ptr, int device_num);

static void *pinned_alloc(size_t bytes, int dev)
{
    return llvm_omp_target_alloc_host(bytes, dev);
}

static void pinned_free(void *p, int dev)
{
    llvm_omp_target_free_host(p, dev);
}

static void *target_alloc(size_t bytes, int dev)
{
    return omp_target_alloc(bytes, dev);
}

static void target_free(void *p, int dev)
{
    omp_target_free(p, dev);
}

static int copy_to(void *dst, const void *src, size_t bytes, int dev)
{
    return omp_target_memcpy(dst, src, bytes, 0, 0, dev, omp_get_initial_device());
}

static int copy_from(void *dst, const void *src, size_t bytes, int dev)
{
    return omp_target_memcpy(dst, src, bytes, 0, 0, omp_get_initial_device(), dev);
}

static int copy_within(void *dst, const void *src, size_t bytes, int dev)
{
    return omp_target_memcpy(dst, src, bytes, 0, 0, dev, dev);
}
#else
static void *pinned_alloc(size_t bytes, int dev)
{
    (void)bytes;
    (void)dev;
    return NULL;
}

static void pinned_free(void *p, int dev)
{
    (void)p;
    (void)dev;
}

static void *target_alloc(size_t bytes, int dev)
{
    (void)dev;
    return malloc(bytes);
}

static void target_free(void *p, int dev)
{
    (void)dev;
    free(p);
}

static int copy_to(void *dst, const void *src, size_t bytes, int dev)
{
    (void)dev;
    memcpy(dst, src, bytes);
    return 0;
}

static int copy_from(void *dst, const void *src, size_t bytes, int dev)
{
    (void)dev;
    memcpy(dst, src, bytes);
    return 0;
}

static int copy_within(void *dst, const void *src, size_t bytes, int dev)
{
    (void)dev;
    memmove(dst, src, bytes);
    return 0;
}
#endif

int ompwg_gpu_alloc_direct(int dev, size_t bytes, void **out)
{
    /* in host fallback "device" memory is the host's, which the kernel
     * overcommits: a buffer it cannot back is a status, not the OOM killer */
    if (ompwg_gpu_on_host() && !ompwg_host_can_back(bytes)) {
        *out = NULL;
        return OMPWG_ERR_DEVICE_NOMEM;
    }
    *out = target_alloc(bytes, dev);
    return *out ? OMPWG_OK : OMPWG_ERR_DEVICE_NOMEM;
}

void ompwg_gpu_free_direct(int dev, void *p)
{
    if (p) target_free(p, dev);
}

void *ompwg_gpu_alloc_pinned(int dev, size_t bytes)
{
    return ompwg_gpu_on_host() ? NULL : pinned_alloc(bytes, dev);
}

void ompwg_gpu_free_pinned(int dev, void *p)
{
    if (p) pinned_free(p, dev);
}

/* Bytes moved between host and device memory, for the tests and
 * `ompwg info`: a present-data call must move none. */
static atomic_uint_fast64_t moved_to_device, moved_to_host;

void ompwg_gpu_traffic(uint64_t *to_device, uint64_t *to_host)
{
    *to_device = atomic_load_explicit(&moved_to_device, memory_order_relaxed);
    *to_host = atomic_load_explicit(&moved_to_host, memory_order_relaxed);
}

int ompwg_gpu_to_device(int dev, void *dst, const void *src, size_t bytes)
{
    atomic_fetch_add_explicit(&moved_to_device, bytes, memory_order_relaxed);
    return copy_to(dst, src, bytes, dev) == 0
               ? OMPWG_OK
               : OMPWG_ERR_DEVICE;
}

int ompwg_gpu_to_host(int dev, void *dst, const void *src, size_t bytes)
{
    atomic_fetch_add_explicit(&moved_to_host, bytes, memory_order_relaxed);
    return copy_from(dst, src, bytes, dev) == 0
               ? OMPWG_OK
               : OMPWG_ERR_DEVICE;
}

int ompwg_gpu_on_device(int dev, void *dst, const void *src, size_t bytes)
{
    return copy_within(dst, src, bytes, dev) == 0 ? OMPWG_OK : OMPWG_ERR_DEVICE;
}
