/* Device properties through dlopen("libcuda.so.1"): the offload runtime has
 * loaded the driver already when a device exists, and when it cannot be
 * loaded the description simply goes without them. */
#include "devprops.h"

#include <dlfcn.h>
#include <string.h>

/* The few driver API entry points used, with the types of cuda.h (CUresult
 * is an int-sized enum, CUdevice an int). */
typedef int (*cu_init_fn)(unsigned flags);
typedef int (*cu_device_get_fn)(int *dev, int ordinal);
typedef int (*cu_device_get_name_fn)(char *name, int len, int dev);
typedef int (*cu_device_get_attribute_fn)(int *value, int attrib, int dev);
typedef int (*cu_device_total_mem_fn)(size_t *bytes, int dev);

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
