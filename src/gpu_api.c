/* The public choice of the GPU backend's device (one GPU per process of a
 * node, e.g. per MPI rank, without touching the others) and what the probe
 * read of it from the CUDA driver. */
#include <stdio.h>

#include "backends/gpu/api.h"
#include "config.h"
#include "ompwg.h"
#include "registry.h"

ompwg_status ompwg_gpu_device_count(int *count)
{
    if (!count) return OMPWG_ERR_NULL;
    *count = ompwg_gpu_visible_devices();
    return OMPWG_OK;
}

ompwg_status ompwg_set_gpu_device(int device)
{
    if (device < -1) return OMPWG_ERR_RANGE;
    if (device == -1) ompwg_config_refresh(OMPWG_KNOB_GPU_DEVICE);
    /* before the first use this is where the probe starts */
    ompwg_gpu_request_device(device);
    if (!ompwg_find_backend_with(OMPWG_CAP_DEVICE_DATA)) return OMPWG_ERR_UNAVAILABLE;
    return ompwg_gpu_use_device(device);
}

ompwg_status ompwg_get_gpu_device(int *device)
{
    if (!device) return OMPWG_ERR_NULL;
    if (!ompwg_find_backend_with(OMPWG_CAP_DEVICE_DATA) || !ompwg_gpu_ready())
        return OMPWG_ERR_UNAVAILABLE;
    *device = ompwg_gpu_on_host() ? -1 : ompwg_gpu_device();
    return OMPWG_OK;
}

/* The device's properties once the backends are probed; false when no GPU
 * is usable (host fallback included) or the driver could not be asked. */
static bool usable_props(ompwg_gpu_props *p)
{
    if (!ompwg_find_backend_with(OMPWG_CAP_DEVICE_DATA) || ompwg_gpu_on_host()) return false;
    return ompwg_gpu_device_props(p);
}

ompwg_status ompwg_gpu_property(ompwg_gpu_prop prop, int64_t *value)
{
    if (!value) return OMPWG_ERR_NULL;
    if ((unsigned)prop > OMPWG_GPU_CC_MINOR) return OMPWG_ERR_FLAGS;
    ompwg_gpu_props props;
    if (!usable_props(&props)) return OMPWG_ERR_UNAVAILABLE;
    const ompwg_gpu_props *p = &props;
    switch (prop) {
    case OMPWG_GPU_SM_COUNT: *value = p->sm_count; break;
    case OMPWG_GPU_WARP_SIZE: *value = p->warp_size; break;
    case OMPWG_GPU_SHARED_PER_TEAM: *value = p->smem_per_block; break;
    case OMPWG_GPU_SHARED_PER_TEAM_MAX: *value = p->smem_per_block_optin; break;
    case OMPWG_GPU_GLOBAL_MEM: *value = (int64_t)p->global_mem; break;
    case OMPWG_GPU_CLOCK_KHZ: *value = p->clock_khz; break;
    case OMPWG_GPU_L2_BYTES: *value = p->l2_bytes; break;
    case OMPWG_GPU_CC_MAJOR: *value = p->cc_major; break;
    case OMPWG_GPU_CC_MINOR: *value = p->cc_minor; break;
    }
    return OMPWG_OK;
}

ompwg_status ompwg_gpu_name(char *buf, size_t len)
{
    if (!buf) return OMPWG_ERR_NULL;
    if (len == 0) return OMPWG_ERR_NULL;
    buf[0] = '\0';
    ompwg_gpu_props p;
    if (!usable_props(&p)) return OMPWG_ERR_UNAVAILABLE;
    snprintf(buf, len, "%s", p.name);
    return OMPWG_OK;
}
