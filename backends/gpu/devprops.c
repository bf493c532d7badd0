/* Device properties through dlopen("libcuda.so.1"): the offload runtime has
 * loaded the driver already when a device exists, and when it cannot be
 * loaded the description simply goes without them. */
#include "devprops.h"

#include "config.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The few driver API entry points used, with the types of cuda.h (CUresult
 * is an int-sized enum, CUdevice an int). */
typedef struct cu_driver {
    void *lib;
    int (*init)(unsigned flags);
    int (*device_get)(int *dev, int ordinal);
    int (*device_get_name)(char *name, int len, int dev);
    int (*device_get_attribute)(int *value, int attrib, int dev);
    int (*device_total_mem)(size_t *bytes, int dev);
    int (*primary_ctx_get_state)(int dev, unsigned *flags, int *active);
    int (*primary_ctx_set_flags)(int dev, unsigned flags);
} cu_driver;

static void entry(void *lib, const char *name, void *fn_ptr)
{
    void *p = dlsym(lib, name);
    memcpy(fn_ptr, &p, sizeof p);
}

/* Opens the driver and looks up every entry point, then initialises it and
 * finds CUDA device `ordinal`: false (with *d closed) when any of it
 * fails. The driver stays loaded by the offload runtime; driver_close only
 * balances the dlopen. */
static bool driver_open(cu_driver *d, int ordinal, int *dev)
{
    memset(d, 0, sizeof *d);
    d->lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!d->lib) return false;
    entry(d->lib, "cuInit", &d->init);
    entry(d->lib, "cuDeviceGet", &d->device_get);
    entry(d->lib, "cuDeviceGetName", &d->device_get_name);
    entry(d->lib, "cuDeviceGetAttribute", &d->device_get_attribute);
    entry(d->lib, "cuDeviceTotalMem_v2", &d->device_total_mem);
    entry(d->lib, "cuDevicePrimaryCtxGetState", &d->primary_ctx_get_state);
    entry(d->lib, "cuDevicePrimaryCtxSetFlags_v2", &d->primary_ctx_set_flags);
    if (d->init && d->device_get && d->device_get_name && d->device_get_attribute &&
        d->device_total_mem && d->primary_ctx_get_state && d->primary_ctx_set_flags &&
        d->init(0) == 0 && d->device_get(dev, ordinal) == 0)
        return true;
    dlclose(d->lib);
    return false;
}

static void driver_close(cu_driver *d)
{
    dlclose(d->lib);
}

bool ompwg_gpu_query_props(int ordinal, ompwg_gpu_props *p)
{
    cu_driver d;
    int dev = 0;
    if (!driver_open(&d, ordinal, &dev)) return false;
    ompwg_gpu_props q;
    memset(&q, 0, sizeof q);
    /* each int property and the CUdevice_attribute of cuda.h that gives
     * it (the values are part of the driver ABI) */
    const struct {
        int attribute;
        int *value;
    } ints[] = {
        { 16 /* CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT */, &q.sm_count },
        { 10 /* CU_DEVICE_ATTRIBUTE_WARP_SIZE */, &q.warp_size },
        { 75 /* CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR */, &q.cc_major },
        { 76 /* CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR */, &q.cc_minor },
        { 8 /* CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK */, &q.smem_per_block },
        { 97 /* CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN */, &q.smem_per_block_optin },
        { 13 /* CU_DEVICE_ATTRIBUTE_CLOCK_RATE */, &q.clock_khz },
        { 38 /* CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE */, &q.l2_bytes },
    };
    bool ok = d.device_get_name(q.name, (int)sizeof q.name, dev) == 0;
    for (size_t i = 0; ok && i < sizeof ints / sizeof ints[0]; i++)
        ok = d.device_get_attribute(ints[i].value, ints[i].attribute, dev) == 0;
    ok = ok && d.device_total_mem(&q.global_mem, dev) == 0;
    driver_close(&d);
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
    const char *want = ompwg_config_kept_name(OMPWG_KNOB_GPU_SYNC);
    int sched = -1;
    if (!strcmp(want, "keep")) sched = -2;
    for (unsigned s = 0; s <= SCHED_BLOCKING && sched == -1; s++)
        if (!strcmp(want, sched_name(s))) sched = (int)s;
    cu_driver d;
    int dev = 0, active = 0;
    unsigned flags = 0;
    if (!driver_open(&d, ordinal, &dev)) {
        snprintf(why, len, "the CUDA driver could not be asked how host threads wait");
        return false;
    }
    bool ok = d.primary_ctx_get_state(dev, &flags, &active) == 0;
    if (ok && sched >= 0 && (flags & SCHED_MASK) != (unsigned)sched)
        ok = d.primary_ctx_set_flags(dev, (flags & ~(unsigned)SCHED_MASK) | (unsigned)sched) == 0 &&
             d.primary_ctx_get_state(dev, &flags, &active) == 0;
    if (ok)
        snprintf(why, len, "host threads wait %s (OMPWG_GPU_SYNC=%s)",
                 sched_name(flags & SCHED_MASK), want);
    else
        snprintf(why, len, "the CUDA driver could not set how host threads wait");
    driver_close(&d);
    return ok;
}

/* The driver entry points of the page-locked query, looked up once and
 * kept: the query runs on every staged copy. */
enum { CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2, CU_MEMORYTYPE_HOST = 1, MAX_ORDINALS = 64 };

static struct {
    pthread_once_t once;
    bool usable;
    int (*pointer_get_attribute)(void *data, int attribute, unsigned long long ptr);
    int (*primary_ctx_retain)(void **ctx, int dev);
    int (*ctx_push)(void *ctx);
    int (*ctx_pop)(void **ctx);
    pthread_mutex_t lock;
    void *ctx[MAX_ORDINALS];
} pointer_query = { .once = PTHREAD_ONCE_INIT, .lock = PTHREAD_MUTEX_INITIALIZER };

static void pointer_query_open(void)
{
    cu_driver d;
    int dev = 0;
    if (!driver_open(&d, 0, &dev)) return;
    /* kept open: the entry points are used for the life of the process */
    entry(d.lib, "cuPointerGetAttribute", &pointer_query.pointer_get_attribute);
    entry(d.lib, "cuDevicePrimaryCtxRetain", &pointer_query.primary_ctx_retain);
    entry(d.lib, "cuCtxPushCurrent_v2", &pointer_query.ctx_push);
    entry(d.lib, "cuCtxPopCurrent_v2", &pointer_query.ctx_pop);
    pointer_query.usable = pointer_query.pointer_get_attribute &&
                           pointer_query.primary_ctx_retain && pointer_query.ctx_push &&
                           pointer_query.ctx_pop;
}

/* The primary context of `ordinal` (the one the offload runtime uses),
 * retained once and kept. */
static void *primary_context(int ordinal)
{
    if (ordinal < 0 || ordinal >= MAX_ORDINALS) return NULL;
    pthread_mutex_lock(&pointer_query.lock);
    void *ctx = pointer_query.ctx[ordinal];
    if (!ctx && pointer_query.primary_ctx_retain(&ctx, ordinal) != 0) ctx = NULL;
    pointer_query.ctx[ordinal] = ctx;
    pthread_mutex_unlock(&pointer_query.lock);
    return ctx;
}

bool ompwg_gpu_query_pinned(int ordinal, const void *p)
{
    pthread_once(&pointer_query.once, pointer_query_open);
    if (!pointer_query.usable || !p) return false;
    void *ctx = primary_context(ordinal);
    if (!ctx || pointer_query.ctx_push(ctx) != 0) return false;
    unsigned type = 0;
    /* pageable memory is unknown to the driver: an error, not a type */
    int rc = pointer_query.pointer_get_attribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                                 (unsigned long long)(uintptr_t)p);
    void *popped = NULL;
    pointer_query.ctx_pop(&popped);
    return rc == 0 && type == CU_MEMORYTYPE_HOST;
}
