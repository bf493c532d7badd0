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
        .cgemm = (ompwg_cblas_xgemm_fn *)own(h, "cblas_cgemm", (void *)cblas_cgemm),
        .zgemm = (ompwg_cblas_xgemm_fn *)own(h, "cblas_zgemm", (void *)cblas_zgemm),
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
}

const ompwg_openblas_fns *ompwg_openblas(void)
{
    pthread_once(&fns_once, resolve);
    return &fns;
}
