/* OpenBLAS's own object in the process (openblas_object.h says why). */
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

#include "ompwg_config.h"
#include "openblas_object.h"

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static void *object;
static char file[4096];

static void load(void)
{
    const int flags = RTLD_NOW | RTLD_LOCAL;
    static const char libdir[] = OMPWG_OPENBLAS_LIBDIR;
    object = dlopen(OMPWG_OPENBLAS_SONAME, flags);
    if (!object && sizeof libdir > 1) object = dlopen(OMPWG_OPENBLAS_LIBDIR "/" OMPWG_OPENBLAS_SONAME, flags);
    if (!object) {
        const char *why = dlerror();
        snprintf(file, sizeof file, "OpenBLAS (%s could not be loaded: %s)",
                 OMPWG_OPENBLAS_SONAME, why ? why : "unknown error");
        return;
    }
    Dl_info info;
    void *probe = dlsym(object, "openblas_get_config");
    if (probe && dladdr(probe, &info) && info.dli_fname)
        snprintf(file, sizeof file, "%s", info.dli_fname);
    else
        snprintf(file, sizeof file, "%s", OMPWG_OPENBLAS_SONAME);
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
