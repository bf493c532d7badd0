/* OpenBLAS's own CBLAS entry points, never those of a BLAS interposed
 * before it, looked up in the object core/openblas_object.c loads
 * (openblas_object.h says why). */
#include <pthread.h>
#include <stdio.h>

#include "openblas.h"
#include "openblas_object.h"

static ompwg_openblas_fns fns;
static pthread_once_t fns_once = PTHREAD_ONCE_INIT;
/* the first name OpenBLAS lacks, or NULL when it has them all */
static const char *lacking;

static void *own(void *object, const char *name)
{
    void *p = ompwg_openblas_own(object, name);
    if (!p && !lacking) lacking = name;
    return p;
}

static void resolve(void)
{
    void *h = ompwg_openblas_object();
    fns = (ompwg_openblas_fns){
        .sgemm = (ompwg_cblas_sgemm_fn *)own(h, "cblas_sgemm"),
        .dgemm = (ompwg_cblas_dgemm_fn *)own(h, "cblas_dgemm"),
        .cgemm = (ompwg_cblas_xgemm_fn *)own(h, "cblas_cgemm"),
        .zgemm = (ompwg_cblas_xgemm_fn *)own(h, "cblas_zgemm"),
        .sdot = (ompwg_cblas_sdot_fn *)own(h, "cblas_sdot"),
        .ddot = (ompwg_cblas_ddot_fn *)own(h, "cblas_ddot"),
        .sasum = (ompwg_cblas_sasum_fn *)own(h, "cblas_sasum"),
        .dasum = (ompwg_cblas_dasum_fn *)own(h, "cblas_dasum"),
        .somatcopy = (ompwg_cblas_somatcopy_fn *)own(h, "cblas_somatcopy"),
        .domatcopy = (ompwg_cblas_domatcopy_fn *)own(h, "cblas_domatcopy"),
        .ssymm = (ompwg_cblas_ssymm_fn *)own(h, "cblas_ssymm"),
        .dsymm = (ompwg_cblas_dsymm_fn *)own(h, "cblas_dsymm"),
        .ssyrk = (ompwg_cblas_ssyrk_fn *)own(h, "cblas_ssyrk"),
        .dsyrk = (ompwg_cblas_dsyrk_fn *)own(h, "cblas_dsyrk"),
        .ssyr2k = (ompwg_cblas_ssyr2k_fn *)own(h, "cblas_ssyr2k"),
        .dsyr2k = (ompwg_cblas_dsyr2k_fn *)own(h, "cblas_dsyr2k"),
        .strmm = (ompwg_cblas_strxm_fn *)own(h, "cblas_strmm"),
        .dtrmm = (ompwg_cblas_dtrxm_fn *)own(h, "cblas_dtrmm"),
        .strsm = (ompwg_cblas_strxm_fn *)own(h, "cblas_strsm"),
        .dtrsm = (ompwg_cblas_dtrxm_fn *)own(h, "cblas_dtrsm"),
    };
}

const ompwg_openblas_fns *ompwg_openblas(void)
{
    pthread_once(&fns_once, resolve);
    return &fns;
}

bool ompwg_openblas_missing(char *why, size_t len)
{
    pthread_once(&fns_once, resolve);
    if (!ompwg_openblas_object()) {
        snprintf(why, len, "%s", ompwg_openblas_file());
        return true;
    }
    if (lacking) {
        snprintf(why, len, "%s has no %s", ompwg_openblas_file(), lacking);
        return true;
    }
    return false;
}
