#include "target_mem.h"

#include <dlfcn.h>
#include <stdio.h>

#include "tap.h"

typedef void *alloc_fn(size_t size, int device);
typedef void free_fn(void *p, int device);
typedef int memcpy_fn(void *dst, const void *src, size_t length, size_t dst_offset,
                      size_t src_offset, int dst_device, int src_device);

static alloc_fn *alloc_p;
static free_fn *free_p;
static memcpy_fn *memcpy_p;

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
        snprintf(why, len, "omp_target_alloc/free/memcpy are not in this process (no offload runtime loaded)");
        return false;
    }
    *(void **)&alloc_p = a;
    *(void **)&free_p = f;
    *(void **)&memcpy_p = m;
    return true;
}

void *target_alloc(size_t bytes, int dev)
{
    void *p = alloc_p(bytes ? bytes : 1, dev);
    if (!p) tap_bail("omp_target_alloc(%zu, %d) failed", bytes, dev);
    return p;
}

void target_free(void *p, int dev)
{
    free_p(p, dev);
}

void target_copy(void *dst, const void *src, size_t bytes, int dst_dev, int src_dev)
{
    if (bytes && memcpy_p(dst, src, bytes, 0, 0, dst_dev, src_dev) != 0)
        tap_bail("omp_target_memcpy of %zu bytes from device %d to device %d failed", bytes,
                 src_dev, dst_dev);
}
