/* OpenBLAS's own CBLAS entry points, never those of a BLAS interposed
 * before it (openblas_object.h says why). */
#include <pthread.h>

#include "openblas.h"
#include "openblas_object.h"

static ompwg_openblas_fns fns;
static pthread_once_t fns_once = PTHREAD_ONCE_INIT;

/* The object's own definition of name, else the one the link resolved. */
static void *own(void *object, const char *name, void *linked)
{
    void *p = ompwg_openblas_own(object, name);
    return p ? p : linked;
}

static void resolve(void)
{
    void *h = ompwg_openblas_object();
    fns = (ompwg_openblas_fns){
        .sgemm = (ompwg_cblas_sgemm_fn *)own(h, "cblas_sgemm", (void *)cblas_sgemm),
        .dgemm = (ompwg_cblas_dgemm_fn *)own(h, "cblas_dgemm", (void *)cblas_dgemm),
        .sdot = (ompwg_cblas_sdot_fn *)own(h, "cblas_sdot", (void *)cblas_sdot),
        .ddot = (ompwg_cblas_ddot_fn *)own(h, "cblas_ddot", (void *)cblas_ddot),
        .sasum = (ompwg_cblas_sasum_fn *)own(h, "cblas_sasum", (void *)cblas_sasum),
        .dasum = (ompwg_cblas_dasum_fn *)own(h, "cblas_dasum", (void *)cblas_dasum),
        .somatcopy = (ompwg_cblas_somatcopy_fn *)own(h, "cblas_somatcopy", (void *)cblas_somatcopy),
        .domatcopy = (ompwg_cblas_domatcopy_fn *)own(h, "cblas_domatcopy", (void *)cblas_domatcopy),
    };
}

const ompwg_openblas_fns *ompwg_openblas(void)
{
    pthread_once(&fns_once, resolve);
    return &fns;
}
