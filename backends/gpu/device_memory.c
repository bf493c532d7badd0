/* The public device-memory calls: buffers on the GPU backend's device for
 * the *_device functions, so that a program needs no offload runtime of its
 * own. They bypass the pool: the caller owns them, and a buffer it frees
 * is given back to the device at once. */
#include "devmem.h"
#include "gpu.h"
#include "ompwg.h"
#include "pool.h"
#include "staging.h"
#include "registry.h"

/* The device of a usable GPU backend (host fallback included), or -1. The
 * registry is probed first, so ompwg_gpu_ready() is settled. */
static int usable_device(void)
{
    return ompwg_find_usable_backend("gpu") && ompwg_gpu_ready() ? ompwg_gpu_device() : -1;
}

int ompwg_device_alloc(size_t bytes, void **ptr)
{
    if (!ptr) return OMPWG_ERR_NULL;
    if (bytes == 0) return OMPWG_ERR_SIZE;
    int dev = usable_device();
    if (dev < 0) return OMPWG_ERR_UNAVAILABLE;
    void *p;
    int st = ompwg_gpu_alloc_direct(dev, bytes, &p);
    if (st == OMPWG_OK) *ptr = p;
    return st;
}

int ompwg_device_free(void *ptr)
{
    if (!ptr) return OMPWG_OK;
    int dev = usable_device();
    if (dev < 0) return OMPWG_ERR_UNAVAILABLE;
    ompwg_gpu_free_direct(dev, ptr);
    return OMPWG_OK;
}

int ompwg_device_copy(void *dst, const void *src, size_t bytes, ompwg_copy_kind kind)
{
    if (!dst || !src) return OMPWG_ERR_NULL;
    if (kind != OMPWG_HOST_TO_DEVICE && kind != OMPWG_DEVICE_TO_HOST &&
        kind != OMPWG_DEVICE_TO_DEVICE)
        return OMPWG_ERR_FLAGS;
    int dev = usable_device();
    if (dev < 0) return OMPWG_ERR_UNAVAILABLE;
    if (bytes == 0) return OMPWG_OK;
    switch (kind) {
    case OMPWG_HOST_TO_DEVICE: {
        const ompwg_gpu_block block = ompwg_gpu_bytes_block((void *)src, dst, bytes);
        return ompwg_gpu_block_in(dev, &block);
    }
    case OMPWG_DEVICE_TO_HOST: {
        const ompwg_gpu_block block = ompwg_gpu_bytes_block(dst, (void *)src, bytes);
        return ompwg_gpu_block_out(dev, &block);
    }
    default: return ompwg_gpu_on_device(dev, dst, src, bytes);
    }
}
