/* The GPU backend's table and probe. The probe decides, without ever letting
 * the offload runtime end the process, whether target regions can run on a
 * device, or on host threads when the user asked for host fallback. */
#include <omp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "config.h"
#include "devprops.h"
#include "gpu.h"
#include "gpu_tiles.h"
#include "ompwg.h"
#include "ompwg_config.h"
#include "variant.h"

/* A guess for the grid size when the driver cannot be asked: an H100's SM
 * count. Only the speed of the reductions depends on it. */
#define DEFAULT_SM_COUNT 132

/* ready and on_host are set by the probe alone. The device (and what
 * depends on it: SM count, properties) can change later through
 * ompwg_set_gpu_device, so it is atomic and the properties are copied
 * under a lock. */
static struct {
    bool ready;
    bool on_host;
    atomic_int device;
    atomic_int sm_count;
    bool props_known;
    ompwg_gpu_props props;
} state = { .ready = false, .on_host = false, .device = -1, .sm_count = DEFAULT_SM_COUNT };
static pthread_mutex_t props_lock = PTHREAD_MUTEX_INITIALIZER;
/* Serialises device changes: a check and the switch that follows it. */
static pthread_mutex_t switch_lock = PTHREAD_MUTEX_INITIALIZER;
/* A device asked for before the probe ran (-1: none), so that the probe
 * starts there and never touches the default device of a process meant for
 * another one. */
static atomic_int requested = -1;
static atomic_bool probed;

bool ompwg_gpu_ready(void)
{
    return state.ready;
}

int ompwg_gpu_device(void)
{
    return atomic_load_explicit(&state.device, memory_order_acquire);
}

bool ompwg_gpu_on_host(void)
{
    return state.on_host;
}

int ompwg_gpu_sm_count(void)
{
    return atomic_load_explicit(&state.sm_count, memory_order_relaxed);
}

bool ompwg_gpu_device_props(ompwg_gpu_props *out)
{
    pthread_mutex_lock(&props_lock);
    bool known = state.props_known;
    if (known) *out = state.props;
    pthread_mutex_unlock(&props_lock);
    return known;
}

/* OMP_TARGET_OFFLOAD, read once as the offload runtime reads it */
static pthread_once_t policy_once = PTHREAD_ONCE_INIT;
static bool policy_disabled;

static void read_policy(void)
{
    const char *policy = getenv("OMP_TARGET_OFFLOAD");
    policy_disabled = policy && strcasecmp(policy, "disabled") == 0;
}

static bool offload_disabled(void)
{
    pthread_once(&policy_once, read_policy);
    return policy_disabled;
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

/* Reads the properties of `dev` into the state; false when the driver could
 * not be asked (the SM count then stays a guess). */
static bool take_props(int dev, ompwg_gpu_props *p)
{
    bool known = ompwg_gpu_query_props(dev, p);
    pthread_mutex_lock(&props_lock);
    state.props_known = known;
    if (known) state.props = *p;
    pthread_mutex_unlock(&props_lock);
    atomic_store_explicit(&state.sm_count, known && p->sm_count > 0 ? p->sm_count : DEFAULT_SM_COUNT,
                          memory_order_relaxed);
    return known;
}

static void describe(char *why, size_t len, int dev, int num_devices, const char *wait)
{
    ompwg_gpu_props p;
    int used = 0;
    if (take_props(dev, &p)) {
        used = snprintf(why, len,
                        "%s (sm_%d%d), %d SMs, warp (sub-group) %d, shared memory per team "
                        "%d KiB (opt-in %d KiB), %.1f GiB; ",
                        p.name, p.cc_major, p.cc_minor, p.sm_count, p.warp_size,
                        p.smem_per_block / 1024, p.smem_per_block_optin / 1024,
                        (double)p.global_mem / (1024.0 * 1024.0 * 1024.0));
        if (used < 0 || (size_t)used >= len) return;
    }
    snprintf(why + used, len - (size_t)used,
             "OpenMP device %d of %d; GEMM team tile %dx%d (64x64 for small problems); %s; "
             "built for %s, %s",
             dev,
             num_devices, OMPWG_GPU_TILE_M, OMPWG_GPU_TILE_N, wait, OMPWG_OFFLOAD_ARCHS,
             OMPWG_OFFLOAD_RUNTIME);
}

/* OMPWG_GPU_DEVICE when set, else the OpenMP default device. False, with
 * the reason, when that is not one of the num_devices devices. */
static bool default_device(int num_devices, int *dev, char *why, size_t len)
{
    if (ompwg_config_env_set(OMPWG_KNOB_GPU_DEVICE)) {
        int64_t v = ompwg_config_env_num(OMPWG_KNOB_GPU_DEVICE);
        if (v >= num_devices) {
            snprintf(why, len, "OMPWG_GPU_DEVICE=%lld is not one of the %d devices (0 to %d)",
                     (long long)v, num_devices, num_devices - 1);
            return false;
        }
        *dev = (int)v;
        return true;
    }
    *dev = omp_get_default_device();
    if (*dev < 0 || *dev >= num_devices) {
        snprintf(why, len,
                 "the default device %d is not one of the %d devices (OMP_DEFAULT_DEVICE?)", *dev,
                 num_devices);
        return false;
    }
    return true;
}

/* OMPWG_GPU_DEVICE set where there is no device to choose: ignored, said
 * in one line as a knob's bad value is (where: why there is none). */
static void device_knob_moot(const char *where)
{
    if (!ompwg_config_env_set(OMPWG_KNOB_GPU_DEVICE)) return;
    fprintf(stderr, "ompwg: OMPWG_GPU_DEVICE=%lld: %s, no GPU to choose: ignored\n",
            (long long)ompwg_config_env_num(OMPWG_KNOB_GPU_DEVICE), where);
}

static ompwg_probe_result probe_devices(char *why, size_t len)
{
    if (offload_disabled()) {
        device_knob_moot("host fallback (OMP_TARGET_OFFLOAD=DISABLED)");
        /* without offload the device clause is moot, and libomptarget
         * (which omp_get_initial_device may resolve to) not safe to call */
        atomic_store(&state.device, OMPWG_HAVE_OFFLOAD ? omp_get_initial_device() : 0);
        state.on_host = true;
        state.ready = true;
        snprintf(why, len,
                 "host fallback (OMP_TARGET_OFFLOAD=DISABLED): the GPU kernels run on host "
                 "threads%s%s",
                 OMPWG_HAVE_OFFLOAD ? "" : "; built without offload: ", OMPWG_GPU_BUILD_NOTE);
        return OMPWG_PROBE_EXPLICIT_ONLY;
    }
    if (!OMPWG_HAVE_OFFLOAD) {
        device_knob_moot("built without offload");
        snprintf(why, len,
                 "built without offload (%s); OMP_TARGET_OFFLOAD=DISABLED runs the GPU kernels "
                 "on host threads",
                 OMPWG_GPU_BUILD_NOTE);
        return OMPWG_PROBE_UNUSABLE;
    }
    int num_devices = omp_get_num_devices();
    if (num_devices <= 0) {
        device_knob_moot("no device (omp_get_num_devices() = 0)");
        const char *visible = getenv("CUDA_VISIBLE_DEVICES");
        snprintf(why, len, "no device (omp_get_num_devices() = 0)%s",
                 visible && !visible[0] ? "; CUDA_VISIBLE_DEVICES is set but empty" : "");
        return OMPWG_PROBE_UNUSABLE;
    }
    int dev = atomic_load(&requested);
    if ((dev < 0 || dev >= num_devices) && !default_device(num_devices, &dev, why, len))
        return OMPWG_PROBE_UNUSABLE;
    if (!runs_on_device(dev)) {
        snprintf(why, len,
                 "a target region on device %d ran on the host (no image for it? built for %s)",
                 dev, OMPWG_OFFLOAD_ARCHS);
        return OMPWG_PROBE_UNUSABLE;
    }
    /* the context is active now: the offload runtime has made it block */
    char wait[160];
    ompwg_gpu_set_host_wait(dev, wait, sizeof wait);
    atomic_store(&state.device, dev);
    state.on_host = false;
    state.ready = true;
    describe(why, len, dev, num_devices, wait);
    return OMPWG_PROBE_USABLE;
}

static ompwg_probe_result probe(char *why, size_t len)
{
    /* the store takes OMPWG_GPU_GEMM and the others as the variants' names from now on */
    ompwg_gpu_name_variants();
    ompwg_probe_result r = probe_devices(why, len);
    atomic_store(&probed, true);
    return r;
}

int ompwg_gpu_visible_devices(void)
{
    if (!OMPWG_HAVE_OFFLOAD || offload_disabled()) return 0;
    int n = omp_get_num_devices();
    return n > 0 ? n : 0;
}

void ompwg_gpu_request_device(int dev)
{
    pthread_mutex_lock(&switch_lock);
    if (!atomic_load(&probed)) atomic_store(&requested, dev);
    pthread_mutex_unlock(&switch_lock);
}

int ompwg_gpu_use_device(int dev)
{
    if (!state.ready) return OMPWG_ERR_UNAVAILABLE;
    /* host fallback: the host is the only device, and -1 names it */
    if (state.on_host) return dev == -1 ? OMPWG_OK : OMPWG_ERR_RANGE;
    int num_devices = ompwg_gpu_visible_devices();
    char why[256];
    if (dev == -1 && !default_device(num_devices, &dev, why, sizeof why)) return OMPWG_ERR_RANGE;
    if (dev >= num_devices) return OMPWG_ERR_RANGE;
    pthread_mutex_lock(&switch_lock);
    int st = OMPWG_OK;
    if (dev != ompwg_gpu_device()) {
        if (runs_on_device(dev)) {
            ompwg_gpu_props p;
            char wait[160];
            ompwg_gpu_set_host_wait(dev, wait, sizeof wait);
            take_props(dev, &p);
            atomic_store_explicit(&state.device, dev, memory_order_release);
        } else {
            st = OMPWG_ERR_UNAVAILABLE;
        }
    }
    pthread_mutex_unlock(&switch_lock);
    return st;
}

const ompwg_backend ompwg_backend_gpu = {
    .name = "gpu",
    .probe = probe,
    .caps = OMPWG_CAP_DEVICE_DATA,
    .device = &ompwg_gpu_device_ops,
    .sgemm = ompwg_gpu_sgemm,
    .dgemm = ompwg_gpu_dgemm,
    .cgemm = ompwg_gpu_cgemm,
    .zgemm = ompwg_gpu_zgemm,
    .sreduce = ompwg_gpu_sreduce,
    .dreduce = ompwg_gpu_dreduce,
    .sscan = ompwg_gpu_sscan,
    .dscan = ompwg_gpu_dscan,
    .i64scan = ompwg_gpu_i64scan,
    .stranspose = ompwg_gpu_stranspose,
    .dtranspose = ompwg_gpu_dtranspose,
    .slevel3 = { [OMPWG_L3_SYMM] = ompwg_gpu_ssymm, [OMPWG_L3_SYRK] = ompwg_gpu_ssyrk,
                 [OMPWG_L3_SYR2K] = ompwg_gpu_ssyr2k, [OMPWG_L3_TRMM] = ompwg_gpu_strmm,
                 [OMPWG_L3_TRSM] = ompwg_gpu_strsm },
    .dlevel3 = { [OMPWG_L3_SYMM] = ompwg_gpu_dsymm, [OMPWG_L3_SYRK] = ompwg_gpu_dsyrk,
                 [OMPWG_L3_SYR2K] = ompwg_gpu_dsyr2k, [OMPWG_L3_TRMM] = ompwg_gpu_dtrmm,
                 [OMPWG_L3_TRSM] = ompwg_gpu_dtrsm },
    .sfactor = OMPWG_LA_EVERY(ompwg_gpu_sfactor),
    .dfactor = OMPWG_LA_EVERY(ompwg_gpu_dfactor),
};
