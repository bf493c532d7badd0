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
        .sdot = (ompwg_cblas_sdot_fn *)own(h, "cblas_sdot", (void *)cblas_sdot),
        .ddot = (ompwg_cblas_ddot_fn *)own(h, "cblas_ddot", (void *)cblas_ddot),
        .sasum = (ompwg_cblas_sasum_fn *)own(h, "cblas_sasum", (void *)cblas_sasum),
        .dasum = (ompwg_cblas_dasum_fn *)own(h, "cblas_dasum", (void *)cblas_dasum),
        .somatcopy = (ompwg_cblas_somatcopy_fn *)own(h, "cblas_somatcopy", (void *)cblas_somatcopy),
        .domatcopy = (ompwg_cblas_domatcopy_fn *)own(h, "cblas_domatcopy", (void *)cblas_domatcopy),
        .ssymm = (ompwg_cblas_ssymm_fn *)own(h, "cblas_ssymm", (void *)cblas_ssymm),
        .dsymm = (ompwg_cblas_dsymm_fn *)own(h, "cblas_dsymm", (void *)cblas_dsymm),
        .ssyrk = (ompwg_cblas_ssyrk_fn *)own(h, "cblas_ssyrk", (void *)cblas_ssyrk),
        .dsyrk = (ompwg_cblas_dsyrk_fn *)own(h, "cblas_dsyrk", (void *)cblas_dsyrk),
        .ssyr2k = (ompwg_cblas_ssyr2k_fn *)own(h, "cblas_ssyr2k", (void *)cblas_ssyr2k),
        .dsyr2k = (ompwg_cblas_dsyr2k_fn *)own(h, "cblas_dsyr2k", (void *)cblas_dsyr2k),
        .strmm = (ompwg_cblas_strxm_fn *)own(h, "cblas_strmm", (void *)cblas_strmm),
        .dtrmm = (ompwg_cblas_dtrxm_fn *)own(h, "cblas_dtrmm", (void *)cblas_dtrmm),
        .strsm = (ompwg_cblas_strxm_fn *)own(h, "cblas_strsm", (void *)cblas_strsm),
        .dtrsm = (ompwg_cblas_dtrxm_fn *)own(h, "cblas_dtrsm", (void *)cblas_dtrsm),
    };
    /* the handle stays open: OpenBLAS is a dependency of this library and
     * is never unloaded before it */
}

const ompwg_openblas_fns *ompwg_openblas(void)
{
    pthread_once(&fns_once, resolve);
    return &fns;
}
