/* Device buffers for calls on host data, the layer above the pool and the
 * staged copies: allocations from the pool (pool.h), operands copied in and
 * out through staging (staging.h), vectors of any increment laid out for
 * the kernels. Every failure is a status, never a process exit. */
#include "buffers.h"

#include <stdlib.h>
#include <string.h>

#include "devmem.h"
#include "hostmem.h"
#include "ompwg.h"
#include "pool.h"
#include "staging.h"

int ompwg_gpu_alloc(int dev, size_t bytes, void **out)
{
    return ompwg_gpu_pool_get(dev, bytes, out);
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
