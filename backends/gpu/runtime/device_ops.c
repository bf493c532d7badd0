/* The GPU backend's device memory and link as the planner sees them
 * (ompwg_device_ops in backend.h). */
#include <omp.h>
#include <stdatomic.h>
#include <stdint.h>

#include "buffers.h"
#include "devmem.h"
#include "../gpu.h"
#include "ompwg.h"
#include "ompwg_config.h"
#include "staging.h"

static int ops_alloc(size_t bytes, void **out)
{
    return ompwg_gpu_alloc(ompwg_gpu_device(), bytes, out);
}

static void ops_free(void *p)
{
    ompwg_gpu_free(ompwg_gpu_device(), p);
}

static int ops_to_device(void *dst, const void *src, size_t bytes)
{
    const ompwg_gpu_block block = ompwg_gpu_bytes_block((void *)src, dst, bytes);
    return ompwg_gpu_block_in(ompwg_gpu_device(), &block);
}

static int ops_to_host(void *dst, const void *src, size_t bytes)
{
    const ompwg_gpu_block block = ompwg_gpu_bytes_block(dst, (void *)src, bytes);
    return ompwg_gpu_block_out(ompwg_gpu_device(), &block);
}

static void *ops_alloc_pinned(size_t bytes)
{
    return ompwg_gpu_alloc_pinned(ompwg_gpu_device(), bytes);
}

static void ops_free_pinned(void *p)
{
    ompwg_gpu_free_pinned(ompwg_gpu_device(), p);
}

static bool ops_is_pinned(const void *p)
{
    return ompwg_gpu_ready() && ompwg_gpu_is_pinned(ompwg_gpu_device(), p);
}

static void *ops_mapped(const void *p, size_t bytes)
{
    /* in host fallback everything is "present" on the initial device: no
     * mapping to find, and host-data calls keep their own path */
    if (!p || bytes == 0 || !ompwg_gpu_ready() || ompwg_gpu_on_host()) return NULL;
#if OMPWG_HAVE_OFFLOAD
    const int dev = ompwg_gpu_device();
    const char *first = p, *last = first + bytes - 1;
    if (!omp_target_is_present(first, dev) || !omp_target_is_present(last, dev)) return NULL;
    char *dfirst = omp_get_mapped_ptr(first, dev), *dlast = omp_get_mapped_ptr(last, dev);
    /* two mappings that happen to cover both ends are not one piece */
    if (!dfirst || !dlast || dlast - dfirst != last - first) return NULL;
    return dfirst;
#else
    return NULL;
#endif
}

static void ops_traffic(uint64_t *to_device, uint64_t *to_host)
{
    ompwg_gpu_traffic(to_device, to_host);
}

const ompwg_device_ops ompwg_gpu_device_ops = {
    .alloc = ops_alloc,
    .free = ops_free,
    .to_device = ops_to_device,
    .to_host = ops_to_host,
    .alloc_pinned = ops_alloc_pinned,
    .free_pinned = ops_free_pinned,
    .is_pinned = ops_is_pinned,
    .mapped = ops_mapped,
    .traffic = ops_traffic,
    .overlaps = true,
};
