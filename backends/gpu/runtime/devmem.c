/* Device buffers for calls on host data: checked allocations and copies. */
#include "devmem.h"

#include <omp.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../gpu.h"
#include "hostmem.h"
#include "ompwg.h"
#include "ompwg_config.h"
#include "pool.h"
#include "staging.h"

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

int ompwg_gpu_alloc(int dev, size_t bytes, void **out)
{
    return ompwg_gpu_pool_get(dev, bytes, out);
}

void *ompwg_gpu_alloc_pinned(int dev, size_t bytes)
{
    return ompwg_gpu_on_host() ? NULL : pinned_alloc(bytes, dev);
}

void ompwg_gpu_free_pinned(int dev, void *p)
{
    if (p) pinned_free(p, dev);
}

int ompwg_gpu_alloc_copy(int dev, const void *src, size_t bytes, void **out)
{
    int st = ompwg_gpu_alloc(dev, bytes, out);
    if (st != OMPWG_OK) return st;
    const ompwg_gpu_block block = ompwg_gpu_bytes_block((void *)src, *out, bytes);
    st = ompwg_gpu_block_in(dev, &block);
    if (st != OMPWG_OK) {
        ompwg_gpu_free(dev, *out);
        *out = NULL;
    }
    return st;
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

void ompwg_gpu_free(int dev, void *p)
{
    ompwg_gpu_pool_put(dev, p);
}

/* The lowest logical element of a unit-stride vector: the first for
 * increment 1, the last for -1. */
static int64_t low_end(int64_t n, int64_t inc)
{
    return inc < 0 ? n - 1 : 0;
}

int ompwg_gpu_vec_to_device(int dev, int64_t n, const void *x, int64_t *inc, size_t elem,
                            void **buf, const void **dx)
{
    *buf = NULL;
    size_t bytes = (size_t)n * elem;
    if (*inc == 1 || *inc == -1) {
        int64_t low = low_end(n, *inc);
        int st = ompwg_gpu_alloc_copy(dev, (const char *)x - low * (int64_t)elem, bytes, buf);
        if (st == OMPWG_OK) *dx = (const char *)*buf + low * (int64_t)elem;
        return st;
    }
    if (*inc > 0) {
        /* packed on the way, through the staging buffers */
        int st = ompwg_gpu_alloc(dev, bytes, buf);
        const ompwg_gpu_block block = { .host = (void *)x, .ld = *inc, .dev = *buf, .rows = 1,
                                        .cols = n, .elem = elem };
        if (st == OMPWG_OK) st = ompwg_gpu_block_in(dev, &block);
        if (st != OMPWG_OK) {
            ompwg_gpu_free(dev, *buf);
            *buf = NULL;
            return st;
        }
        *dx = *buf;
        *inc = 1;
        return OMPWG_OK;
    }
    char *packed = ompwg_host_can_back(bytes) ? malloc(bytes) : NULL;
    if (!packed) return OMPWG_ERR_NOMEM;
    for (int64_t i = 0; i < n; i++)
        memcpy(packed + (size_t)i * elem, (const char *)x + i * *inc * (int64_t)elem, elem);
    int st = ompwg_gpu_alloc_copy(dev, packed, bytes, buf);
    free(packed);
    if (st == OMPWG_OK) {
        *dx = *buf;
        *inc = 1;
    }
    return st;
}

int ompwg_gpu_vec_alloc(int dev, int64_t n, int64_t *inc, size_t elem, void **buf, void **dy)
{
    int st = ompwg_gpu_alloc(dev, (size_t)n * elem, buf);
    if (st != OMPWG_OK) return st;
    if (*inc != 1 && *inc != -1) *inc = 1;
    *dy = (char *)*buf + low_end(n, *inc) * (int64_t)elem;
    return OMPWG_OK;
}

int ompwg_gpu_vec_to_host(int dev, int64_t n, void *y, int64_t inc, size_t elem,
                          const void *buf)
{
    size_t bytes = (size_t)n * elem;
    if (inc == 1 || inc == -1) {
        const ompwg_gpu_block block =
            ompwg_gpu_bytes_block((char *)y - low_end(n, inc) * (int64_t)elem, (void *)buf, bytes);
        return ompwg_gpu_block_out(dev, &block);
    }
    if (inc > 0) {
        const ompwg_gpu_block block = { .host = y, .ld = inc, .dev = (void *)buf, .rows = 1,
                                        .cols = n, .elem = elem };
        return ompwg_gpu_block_out(dev, &block);
    }
    char *packed = ompwg_host_can_back(bytes) ? malloc(bytes) : NULL;
    if (!packed) return OMPWG_ERR_NOMEM;
    int st = ompwg_gpu_to_host(dev, packed, buf, bytes);
    if (st == OMPWG_OK)
        for (int64_t i = 0; i < n; i++)
            memcpy((char *)y + i * inc * (int64_t)elem, packed + (size_t)i * elem, elem);
    free(packed);
    return st;
}
