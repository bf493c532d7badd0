/* The public choice of the GPU backend's device: one GPU per process of a
 * node (e.g. per MPI rank) without touching the others. */
#include "config.h"
#include "gpu.h"
#include "ompwg.h"
#include "registry.h"

int ompwg_gpu_device_count(int *count)
{
    if (!count) return OMPWG_ERR_NULL;
    *count = ompwg_gpu_visible_devices();
    return OMPWG_OK;
}

int ompwg_set_gpu_device(int device)
{
    if (device < -1) return OMPWG_ERR_RANGE;
    if (device == -1) ompwg_config_refresh(OMPWG_KNOB_GPU_DEVICE);
    /* before the first use this is where the probe starts */
    ompwg_gpu_request_device(device);
    if (!ompwg_find_usable_backend("gpu")) return OMPWG_ERR_UNAVAILABLE;
    return ompwg_gpu_use_device(device);
}

int ompwg_get_gpu_device(int *device)
{
    if (!device) return OMPWG_ERR_NULL;
    if (!ompwg_find_usable_backend("gpu") || !ompwg_gpu_ready()) return OMPWG_ERR_UNAVAILABLE;
    *device = ompwg_gpu_on_host() ? -1 : ompwg_gpu_device();
    return OMPWG_OK;
}
