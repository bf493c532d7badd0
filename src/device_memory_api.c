/* The public device-memory calls: buffers on the GPU backend's device for
 * the *_device functions, so that a program needs no offload runtime of its
 * own. They bypass the pool: the caller owns them, and a buffer it frees
 * is given back to the device at once. */
#include "backends/gpu/api.h"
#include "ompwg.h"
#include "registry.h"

/* The device of a usable GPU backend (host fallback included), or -1. The
 * registry is probed first, so ompwg_gpu_ready() is settled. */
static int usable_device(void)
{
    if (!ompwg_find_backend_with(OMPWG_CAP_DEVICE_DATA) || !ompwg_gpu_ready()) return -1;
    return ompwg_gpu_device();
}

ompwg_status ompwg_device_alloc(size_t bytes, void **ptr)
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

ompwg_status ompwg_device_free(void *ptr)
{
    if (!ptr) return OMPWG_OK;
    int dev = usable_device();
    if (dev < 0) return OMPWG_ERR_UNAVAILABLE;
    ompwg_gpu_free_direct(dev, ptr);
    return OMPWG_OK;
}

ompwg_status ompwg_device_copy(void *dst, const void *src, size_t bytes, ompwg_copy_kind kind)
{
    if (!dst || !src) return OMPWG_ERR_NULL;
    if (kind != OMPWG_HOST_TO_DEVICE && kind != OMPWG_DEVICE_TO_HOST &&
        kind != OMPWG_DEVICE_TO_DEVICE)
        return OMPWG_ERR_FLAGS;
    int dev = usable_device();
    if (dev < 0) return OMPWG_ERR_UNAVAILABLE;
    if (bytes == 0) return OMPWG_OK;
    return ompwg_gpu_copy(dev, dst, src, bytes, kind);
}
