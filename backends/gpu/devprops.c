/* Device properties through dlopen("libcuda.so.1"): the offload runtime has
 * loaded the driver already when a device exists, and when it cannot be
 * loaded the description simply goes without them. */
#include "devprops.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The few driver API entry points used, with the types of cuda.h (CUresult
 * is an int-sized enum, CUdevice an int). */
typedef int (*cu_init_fn)(unsigned flags);
typedef int (*cu_device_get_fn)(int *dev, int ordinal);
typedef int (*cu_device_get_name_fn)(char *name, int len, int dev);
typedef int (*cu_device_get_attribute_fn)(int *value, int attrib, int dev);
typedef int (*cu_device_total_mem_fn)(size_t *bytes, int dev);
typedef int (*cu_primary_ctx_get_state_fn)(int dev, unsigned *flags, int *active);
typedef int (*cu_primary_ctx_set_flags_fn)(int dev, unsigned flags);

/* CUdevice_attribute values from cuda.h; they are part of the driver ABI. */
enum {
    CU_ATTR_MAX_SHARED_MEMORY_PER_BLOCK = 8,
    CU_ATTR_WARP_SIZE = 10,
    CU_ATTR_CLOCK_RATE = 13,
    CU_ATTR_MULTIPROCESSOR_COUNT = 16,
    CU_ATTR_L2_CACHE_SIZE = 38,
    CU_ATTR_COMPUTE_CAPABILITY_MAJOR = 75,
    CU_ATTR_COMPUTE_CAPABILITY_MINOR = 76,
    CU_ATTR_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
};

bool ompwg_gpu_query_props(int ordinal, ompwg_gpu_props *p)
{
    void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return false;
    cu_init_fn cu_init = (cu_init_fn)dlsym(lib, "cuInit");
    cu_device_get_fn cu_device_get = (cu_device_get_fn)dlsym(lib, "cuDeviceGet");
    cu_device_get_name_fn cu_device_get_name = (cu_device_get_name_fn)dlsym(lib, "cuDeviceGetName");
    cu_device_get_attribute_fn cu_device_get_attribute =
        (cu_device_get_attribute_fn)dlsym(lib, "cuDeviceGetAttribute");
    cu_device_total_mem_fn cu_device_total_mem =
        (cu_device_total_mem_fn)dlsym(lib, "cuDeviceTotalMem_v2");

    ompwg_gpu_props q;
    memset(&q, 0, sizeof q);
    int dev = 0;
    bool ok = cu_init && cu_device_get && cu_device_get_name && cu_device_get_attribute &&
              cu_device_total_mem && cu_init(0) == 0 && cu_device_get(&dev, ordinal) == 0 &&
              cu_device_get_name(q.name, (int)sizeof q.name, dev) == 0 &&
              cu_device_get_attribute(&q.sm_count, CU_ATTR_MULTIPROCESSOR_COUNT, dev) == 0 &&
              cu_device_get_attribute(&q.warp_size, CU_ATTR_WARP_SIZE, dev) == 0 &&
              cu_device_get_attribute(&q.cc_major, CU_ATTR_COMPUTE_CAPABILITY_MAJOR, dev) == 0 &&
              cu_device_get_attribute(&q.cc_minor, CU_ATTR_COMPUTE_CAPABILITY_MINOR, dev) == 0 &&
              cu_device_get_attribute(&q.smem_per_block, CU_ATTR_MAX_SHARED_MEMORY_PER_BLOCK,
                                      dev) == 0 &&
              cu_device_get_attribute(&q.smem_per_block_optin,
                                      CU_ATTR_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, dev) == 0 &&
              cu_device_get_attribute(&q.clock_khz, CU_ATTR_CLOCK_RATE, dev) == 0 &&
              cu_device_get_attribute(&q.l2_bytes, CU_ATTR_L2_CACHE_SIZE, dev) == 0 &&
              cu_device_total_mem(&q.global_mem, dev) == 0;
    /* the driver stays loaded by the offload runtime; dropping our reference
     * only balances the dlopen */
    dlclose(lib);
    if (!ok) return false;
    q.name[sizeof q.name - 1] = '\0';
    *p = q;
    return true;
}

/* CU_CTX_SCHED_* of cuda.h: the low three bits of a context's flags. */
enum { SCHED_AUTO = 0, SCHED_SPIN = 1, SCHED_YIELD = 2, SCHED_BLOCKING = 4, SCHED_MASK = 7 };

static const char *sched_name(unsigned sched)
{
    switch (sched) {
    case SCHED_AUTO: return "auto";
    case SCHED_SPIN: return "spin";
    case SCHED_YIELD: return "yield";
    case SCHED_BLOCKING: return "blocking";
    }
    return "?";
}

bool ompwg_gpu_set_host_wait(int ordinal, char *why, size_t len)
{
    const char *env = getenv("OMPWG_GPU_SYNC");
    const char *want = env && env[0] ? env : "auto";
    int sched = -1;
    if (!strcmp(want, "keep")) sched = -2;
    for (unsigned s = 0; s <= SCHED_BLOCKING && sched == -1; s++)
        if (!strcmp(want, sched_name(s))) sched = (int)s;
    if (sched == -1) {
        snprintf(why, len, "OMPWG_GPU_SYNC=%s is not auto, spin, yield, blocking or keep", want);
        return false;
    }
    void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(why, len, "libcuda.so.1 not loadable");
        return false;
    }
    cu_init_fn cu_init = (cu_init_fn)dlsym(lib, "cuInit");
    cu_device_get_fn cu_device_get = (cu_device_get_fn)dlsym(lib, "cuDeviceGet");
    cu_primary_ctx_get_state_fn get_state =
        (cu_primary_ctx_get_state_fn)dlsym(lib, "cuDevicePrimaryCtxGetState");
    cu_primary_ctx_set_flags_fn set_flags =
        (cu_primary_ctx_set_flags_fn)dlsym(lib, "cuDevicePrimaryCtxSetFlags_v2");
    int dev = 0, active = 0;
    unsigned flags = 0;
    bool ok = cu_init && cu_device_get && get_state && set_flags && cu_init(0) == 0 &&
              cu_device_get(&dev, ordinal) == 0 &&
              get_state(dev, &flags, &active) == 0;
    if (ok && sched >= 0 && (flags & SCHED_MASK) != (unsigned)sched)
        ok = set_flags(dev, (flags & ~(unsigned)SCHED_MASK) | (unsigned)sched) == 0 &&
             get_state(dev, &flags, &active) == 0;
    if (ok)
        snprintf(why, len, "host threads wait %s (OMPWG_GPU_SYNC=%s)",
                 sched_name(flags & SCHED_MASK), want);
    else
        snprintf(why, len, "the CUDA driver could not set how host threads wait");
    dlclose(lib);
    return ok;
}
