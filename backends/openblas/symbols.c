/* OpenBLAS's own CBLAS entry points. The dynamic linker binds a name to its
 * first definition in the process, so a BLAS interposed before OpenBLAS
 * (libompwg_blas, LD_PRELOAD, a profiling wrapper) would receive this
 * backend's cblas_sgemm and call back into ompwg, endlessly. Looking the
 * names up in OpenBLAS's own handle binds them to OpenBLAS itself. */
#include <dlfcn.h>
#include <pthread.h>

#include "openblas.h"

static ompwg_openblas_fns fns;
static pthread_once_t fns_once = PTHREAD_ONCE_INIT;

/* The object that defines openblas_get_config: a name only OpenBLAS has, so
 * no BLAS interposed in the process takes it. NULL when it cannot be
 * found. */
static void *openblas_handle(void)
{
    Dl_info info;
    if (!dladdr((void *)openblas_get_config, &info) || !info.dli_fname) return NULL;
    return dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
}

/* The handle's own definition of name (dlsym searches the object before
 * its dependencies), else the one the link resolved. */
static void *own(void *handle, const char *name, void *linked)
{
    void *p = handle ? dlsym(handle, name) : NULL;
    return p ? p : linked;
}

static void resolve(void)
{
    void *h = openblas_handle();
    fns = (ompwg_openblas_fns){
        .sgemm = (ompwg_cblas_sgemm_fn *)own(h, "cblas_sgemm", (void *)cblas_sgemm),
        .dgemm = (ompwg_cblas_dgemm_fn *)own(h, "cblas_dgemm", (void *)cblas_dgemm),
        .cgemm = (ompwg_cblas_xgemm_fn *)own(h, "cblas_cgemm", (void *)cblas_cgemm),
        .zgemm = (ompwg_cblas_xgemm_fn *)own(h, "cblas_zgemm", (void *)cblas_zgemm),
        .sdot = (ompwg_cblas_sdot_fn *)own(h, "cblas_sdot", (void *)cblas_sdot),
        .ddot = (ompwg_cblas_ddot_fn *)own(h, "cblas_ddot", (void *)cblas_ddot),
        .sasum = (ompwg_cblas_sasum_fn *)own(h, "cblas_sasum", (void *)cblas_sasum),
        .dasum = (ompwg_cblas_dasum_fn *)own(h, "cblas_dasum", (void *)cblas_dasum),
        .somatcopy = (ompwg_cblas_somatcopy_fn *)own(h, "cblas_somatcopy", (void *)cblas_somatcopy),
        .domatcopy = (ompwg_cblas_domatcopy_fn *)own(h, "cblas_domatcopy", (void *)cblas_domatcopy),
    };
    /* the handle stays open: OpenBLAS is a dependency of this library and
     * is never unloaded before it */
}

const ompwg_openblas_fns *ompwg_openblas(void)
{
    pthread_once(&fns_once, resolve);
    return &fns;
}
