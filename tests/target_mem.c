#include "target_mem.h"

#include <dlfcn.h>
#include <omp.h>
#include <stdio.h>

#include "ompwg.h"
#include "tap.h"

typedef void *alloc_fn(size_t size, int device);
typedef void free_fn(void *p, int device);
typedef int memcpy_fn(void *dst, const void *src, size_t length, size_t dst_offset,
                      size_t src_offset, int dst_device, int src_device);

static alloc_fn *alloc_p;
static free_fn *free_p;
static memcpy_fn *memcpy_p;
/* A build without offload has no offload runtime to find, and its gpu
 * backend's device memory is host memory: then the library's own device
 * memory calls serve, so that the sanitizer builds (which have no offload
 * images) check the *_device paths too. */
static bool through_library;

/* POSIX guarantees that a dlsym result converts to a function pointer; the
 * detour through void * keeps ISO C quiet about it. */
static void *lookup(const char *name)
{
    return dlsym(RTLD_DEFAULT, name);
}

bool target_mem_available(char *why, size_t len)
{
    void *a = lookup("omp_target_alloc"), *f = lookup("omp_target_free"),
         *m = lookup("omp_target_memcpy");
    if (!a || !f || !m) {
        void *probe = NULL;
        int st = ompwg_device_alloc(1, &probe);
        if (st != OMPWG_OK) {
            snprintf(why, len, "omp_target_alloc/free/memcpy are not in this process (no offload "
                     "runtime loaded), and ompwg_device_alloc gives status %d (%s)", st,
                     ompwg_strerror(st));
            return false;
        }
        ompwg_device_free(probe);
        through_library = true;
        return true;
    }
    *(void **)&alloc_p = a;
    *(void **)&free_p = f;
    *(void **)&memcpy_p = m;
    return true;
}

bool target_mem_or_skip(const char *what)
{
    char why[160];
    if (target_mem_available(why, sizeof why)) return true;
    tap_skip(what, "%s", why);
    return false;
}

void *target_alloc(size_t bytes, int dev)
{
    void *p = NULL;
    if (through_library) ompwg_device_alloc(bytes ? bytes : 1, &p);
    else p = alloc_p(bytes ? bytes : 1, dev);
    if (!p) tap_bail("omp_target_alloc(%zu, %d) failed", bytes, dev);
    return p;
}

void target_free(void *p, int dev)
{
    if (through_library) ompwg_device_free(p);
    else free_p(p, dev);
}

void target_copy(void *dst, const void *src, size_t bytes, int dst_dev, int src_dev)
{
    /* through the library both sides are host memory: any direction serves */
    int st = !bytes ? 0
             : through_library ? (int)ompwg_device_copy(dst, src, bytes, OMPWG_DEVICE_TO_DEVICE)
                               : memcpy_p(dst, src, bytes, 0, 0, dst_dev, src_dev);
    if (st != 0)
        tap_bail("omp_target_memcpy of %zu bytes from device %d to device %d failed", bytes,
                 src_dev, dst_dev);
}

void *target_copy_in(const void *src, size_t bytes, int dev, int host)
{
    void *p = target_alloc(bytes, dev);
    target_copy(p, src, bytes, dev, host);
    return p;
}

void target_copy_out(void *dst, void *p, size_t bytes, int dev, int host)
{
    target_copy(dst, p, bytes, host, dev);
    target_free(p, dev);
}

int target_data_device(void)
{
    return omp_get_num_devices() > 0 ? omp_get_default_device() : omp_get_initial_device();
}

bool target_on_device(void)
{
    return omp_get_num_devices() > 0;
}
