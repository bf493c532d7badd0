/* OpenBLAS's own object in the process (openblas_object.h says why). */
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

#include "ompwg_config.h"
#include "openblas_object.h"

/* libompwg_blas64 and libompwg_lapack64 (compiled with OMPWG_BLAS_ILP64)
 * forward to OpenBLAS's ILP64 build, whose names are the same as the LP64
 * one's with 64-bit integers; libompwg and the LP64 drop-ins to the LP64
 * build. */
#if defined(OMPWG_OPENBLAS_OBJECT_SONAME)
/* a test's own: blas/tests/test_blas_forward.c built over an OpenBLAS that
 * cannot be loaded */
#define SONAME OMPWG_OPENBLAS_OBJECT_SONAME
#define LIBDIR ""
#elif defined(OMPWG_BLAS_ILP64)
#define SONAME OMPWG_OPENBLAS64_SONAME
#define LIBDIR OMPWG_OPENBLAS64_LIBDIR
#else
#define SONAME OMPWG_OPENBLAS_SONAME
#define LIBDIR OMPWG_OPENBLAS_LIBDIR
#endif

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static void *object;
static char file[4096];

static void load(void)
{
    const int flags = RTLD_NOW | RTLD_LOCAL;
    static const char libdir[] = LIBDIR;
    object = dlopen(SONAME, flags);
    if (!object && sizeof libdir > 1) object = dlopen(LIBDIR "/" SONAME, flags);
    if (!object) {
        const char *why = dlerror();
        snprintf(file, sizeof file, "OpenBLAS (%s could not be loaded: %s)", SONAME,
                 why ? why : "unknown error");
        return;
    }
    Dl_info info;
    void *probe = dlsym(object, "openblas_get_config");
    if (probe && dladdr(probe, &info) && info.dli_fname)
        snprintf(file, sizeof file, "%s", info.dli_fname);
    else snprintf(file, sizeof file, "%s", SONAME);
}

void *ompwg_openblas_object(void)
{
    pthread_once(&load_once, load);
    return object;
}

const char *ompwg_openblas_file(void)
{
    pthread_once(&load_once, load);
    return file;
}

void *ompwg_openblas_own(void *obj, const char *name)
{
    return obj ? dlsym(obj, name) : NULL;
}
