#include "dropin_libs.h"

#include <dlfcn.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ompwg.h"
#include "openblas_object.h"

static const char soname[] = "libompwg_blas.so.0";

/* the drop-in beside libompwg in the process, in candidate; false when
 * there is none there */
static bool beside_libompwg(char *candidate, size_t len)
{
    Dl_info info;
    if (!dladdr((void *)ompwg_version_string, &info) || !info.dli_fname) return false;
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", info.dli_fname);
    const char *d = dirname(dir);
    static const char *const places[] = { "%s/%s", "%s/blas/%s" };
    for (size_t i = 0; i < sizeof places / sizeof places[0]; i++) {
        char path[4096 + 64];
        snprintf(path, sizeof path, places[i], d, soname);
        char *resolved = realpath(path, NULL);
        if (resolved && access(resolved, R_OK) == 0) {
            snprintf(candidate, len, "%s", resolved);
            free(resolved);
            return true;
        }
        free(resolved);
    }
    return false;
}

bool bench_dropin_libs_load(bench_dropin_libs *l, const char *path)
{
    *l = (bench_dropin_libs){ 0 };
    char candidate[4096];
    if (!path) path = beside_libompwg(candidate, sizeof candidate) ? candidate : soname;
    l->dropin = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (l->dropin) {
        /* the file the loader took, where it searched for the soname */
        Dl_info info;
        void *probe = dlsym(l->dropin, "ddot_");
        snprintf(l->dropin_file, sizeof l->dropin_file, "%s",
                 probe && dladdr(probe, &info) && info.dli_fname ? info.dli_fname : path);
    } else {
        const char *why = dlerror();
        snprintf(l->dropin_file, sizeof l->dropin_file, "%s could not be loaded: %s", path,
                 why ? why : "unknown error");
    }
    l->openblas = ompwg_openblas_object();
    l->openblas_file = ompwg_openblas_file();
    return l->dropin && l->openblas;
}

void *bench_dropin_libs_dropin(const bench_dropin_libs *l, const char *name)
{
    return dlsym(l->dropin, name);
}

void *bench_dropin_libs_openblas(const bench_dropin_libs *l, const char *name)
{
    return ompwg_openblas_own(l->openblas, name);
}
