/* Device buffers for calls on host data: checked allocations and copies. */
#include "devmem.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "ompwg.h"
#include "ompwg_config.h"

/* A build without offload has no libomptarget (the device memory routines
 * live there, not in libomp; and a libomptarget that some other part of the
 * process loads, with no device image registered, is not safe to call), and
 * its only device is the host. */
#if OMPWG_HAVE_OFFLOAD
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

int ompwg_gpu_alloc(int dev, size_t bytes, void **out)
{
    *out = target_alloc(bytes, dev);
    return *out ? OMPWG_OK : OMPWG_ERR_DEVICE_NOMEM;
}

int ompwg_gpu_alloc_copy(int dev, const void *src, size_t bytes, void **out)
{
    int st = ompwg_gpu_alloc(dev, bytes, out);
    if (st != OMPWG_OK) return st;
    st = ompwg_gpu_to_device(dev, *out, src, bytes);
    if (st != OMPWG_OK) {
        ompwg_gpu_free(dev, *out);
        *out = NULL;
    }
    return st;
}

int ompwg_gpu_to_device(int dev, void *dst, const void *src, size_t bytes)
{
    return copy_to(dst, src, bytes, dev) == 0
               ? OMPWG_OK
               : OMPWG_ERR_DEVICE;
}

int ompwg_gpu_to_host(int dev, void *dst, const void *src, size_t bytes)
{
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
    if (p) target_free(p, dev);
}

int ompwg_gpu_block_to_host(int dev, void *dst, const void *src, int64_t rows, int64_t cols,
                            int64_t ld, size_t elem)
{
    size_t span = ompwg_gpu_span(rows, cols, ld) * elem;
    /* contiguous block: one copy straight into place */
    if (ld == rows || cols == 1) return ompwg_gpu_to_host(dev, dst, src, span);
    /* The rows between the block's columns belong to the caller. One copy
     * of the whole span into a staging buffer, then the columns on the host,
     * beats a device copy per column. */
    void *stage = malloc(span);
    if (!stage) return OMPWG_ERR_NOMEM;
    int st = ompwg_gpu_to_host(dev, stage, src, span);
    if (st == OMPWG_OK) {
        size_t col = (size_t)rows * elem, stride = (size_t)ld * elem;
        for (int64_t j = 0; j < cols; j++)
            memcpy((char *)dst + (size_t)j * stride, (const char *)stage + (size_t)j * stride, col);
    }
    free(stage);
    return st;
}
