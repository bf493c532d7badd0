/* The GPU backend's table and probe. The probe decides, without ever letting
 * the offload runtime end the process, whether target regions can run on a
 * device, or on host threads when the user asked for host fallback. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "devprops.h"
#include "gpu.h"
#include "gpu_tiles.h"
#include "ompwg_config.h"

/* A guess for the grid size when the driver cannot be asked: an H100's SM
 * count. Only the speed of the reductions depends on it. */
#define DEFAULT_SM_COUNT 132

static struct {
    bool ready;
    bool on_host;
    int device;
    int sm_count;
    bool props_known;
    ompwg_gpu_props props;
} state = { .ready = false, .on_host = false, .device = -1, .sm_count = DEFAULT_SM_COUNT };

bool ompwg_gpu_ready(void)
{
    return state.ready;
}

int ompwg_gpu_device(void)
{
    return state.device;
}

bool ompwg_gpu_on_host(void)
{
    return state.on_host;
}

int ompwg_gpu_sm_count(void)
{
    return state.sm_count;
}

const ompwg_gpu_props *ompwg_gpu_device_props(void)
{
    return state.props_known ? &state.props : NULL;
}

static bool offload_disabled(void)
{
    const char *policy = getenv("OMP_TARGET_OFFLOAD");
    return policy && strcasecmp(policy, "disabled") == 0;
}

/* Whether a target region on `dev` runs there. Only called with
 * omp_get_num_devices() > 0: under OMP_TARGET_OFFLOAD=MANDATORY a target
 * region with no device terminates the process. */
static bool runs_on_device(int dev)
{
    int on_device = 0;
#pragma omp target device(dev) map(from : on_device)
    on_device = !omp_is_initial_device();
    return on_device != 0;
}

static void describe(char *why, size_t len, int dev, int num_devices)
{
    ompwg_gpu_props p;
    int used = 0;
    if (ompwg_gpu_query_props(dev, &p)) {
        state.props = p;
        state.props_known = true;
        state.sm_count = p.sm_count > 0 ? p.sm_count : DEFAULT_SM_COUNT;
        used = snprintf(why, len,
                        "%s (sm_%d%d), %d SMs, warp (sub-group) %d, shared memory per team "
                        "%d KiB (opt-in %d KiB), %.1f GiB; ",
                        p.name, p.cc_major, p.cc_minor, p.sm_count, p.warp_size,
                        p.smem_per_block / 1024, p.smem_per_block_optin / 1024,
                        (double)p.global_mem / (1024.0 * 1024.0 * 1024.0));
        if (used < 0 || (size_t)used >= len) return;
    }
    snprintf(why + used, len - (size_t)used,
             "OpenMP device %d of %d; GEMM team tile %dx%d; built for %s, %s", dev, num_devices,
             OMPWG_GPU_TILE_M, OMPWG_GPU_TILE_N, OMPWG_OFFLOAD_ARCHS, OMPWG_OFFLOAD_RUNTIME);
}

static ompwg_probe_result probe(char *why, size_t len)
{
    if (offload_disabled()) {
        /* without offload the device clause is moot, and libomptarget
         * (which omp_get_initial_device may resolve to) not safe to call */
        state.device = OMPWG_HAVE_OFFLOAD ? omp_get_initial_device() : 0;
        state.on_host = true;
        state.ready = true;
        snprintf(why, len,
                 "host fallback (OMP_TARGET_OFFLOAD=DISABLED): the GPU kernels run on host "
                 "threads%s%s",
                 OMPWG_HAVE_OFFLOAD ? "" : "; built without offload: ", OMPWG_GPU_BUILD_NOTE);
        return OMPWG_PROBE_EXPLICIT_ONLY;
    }
    if (!OMPWG_HAVE_OFFLOAD) {
        snprintf(why, len,
                 "built without offload (%s); OMP_TARGET_OFFLOAD=DISABLED runs the GPU kernels "
                 "on host threads",
                 OMPWG_GPU_BUILD_NOTE);
        return OMPWG_PROBE_UNUSABLE;
    }
    int num_devices = omp_get_num_devices();
    if (num_devices <= 0) {
        const char *visible = getenv("CUDA_VISIBLE_DEVICES");
        snprintf(why, len, "no device (omp_get_num_devices() = 0)%s",
                 visible && !visible[0] ? "; CUDA_VISIBLE_DEVICES is set but empty" : "");
        return OMPWG_PROBE_UNUSABLE;
    }
    int dev = omp_get_default_device();
    if (dev < 0 || dev >= num_devices) {
        snprintf(why, len,
                 "the default device %d is not one of the %d devices (OMP_DEFAULT_DEVICE?)", dev,
                 num_devices);
        return OMPWG_PROBE_UNUSABLE;
    }
    if (!runs_on_device(dev)) {
        snprintf(why, len,
                 "a target region on device %d ran on the host (no image for it? built for %s)",
                 dev, OMPWG_OFFLOAD_ARCHS);
        return OMPWG_PROBE_UNUSABLE;
    }
    state.device = dev;
    state.on_host = false;
    state.ready = true;
    describe(why, len, dev, num_devices);
    return OMPWG_PROBE_USABLE;
}

const ompwg_backend ompwg_backend_gpu = {
    .name = "gpu",
    .probe = probe,
    .accepts_device_ptrs = true,
    .tile = { .m = OMPWG_GPU_TILE_M, .n = OMPWG_GPU_TILE_N, .k = OMPWG_GPU_TILE_K },
    .sgemm = ompwg_gpu_sgemm,
    .dgemm = ompwg_gpu_dgemm,
    .sreduce = ompwg_gpu_sreduce,
    .dreduce = ompwg_gpu_dreduce,
    .sscan = ompwg_gpu_sscan,
    .dscan = ompwg_gpu_dscan,
    .i64scan = ompwg_gpu_i64scan,
    .stranspose = ompwg_gpu_stranspose,
    .dtranspose = ompwg_gpu_dtranspose,
};
