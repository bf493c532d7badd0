/* OpenBLAS's own object in the process (openblas_object.h says why). */
#include <cblas.h>
#include <dlfcn.h>
#include <stddef.h>

#include "openblas_object.h"

static const char *object_file(void)
{
    Dl_info info;
    if (!dladdr((void *)openblas_get_config, &info)) return NULL;
    return info.dli_fname;
}

void *ompwg_openblas_object(void)
{
    const char *file = object_file();
    return file ? dlopen(file, RTLD_LAZY | RTLD_NOLOAD) : NULL;
}

const char *ompwg_openblas_file(void)
{
    const char *file = object_file();
    return file ? file : "OpenBLAS";
}

void *ompwg_openblas_own(void *object, const char *name)
{
    return object ? dlsym(object, name) : NULL;
}
