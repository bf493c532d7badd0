/* The OpenBLAS routines the drop-in's short calls run (short.h), one table
 * of OpenBLAS's own definitions (forward_table.h) beside the forwarders'. */
#include "short.h"

#include "forward_table.h"

static const char *const names[SHORT_COUNT] = {
    [SHORT_sgemm] = "cblas_sgemm",   [SHORT_dgemm] = "cblas_dgemm",
    [SHORT_cgemm] = "cblas_cgemm",   [SHORT_zgemm] = "cblas_zgemm",
    [SHORT_sdot] = "cblas_sdot",     [SHORT_ddot] = "cblas_ddot",
    [SHORT_sasum] = "cblas_sasum",   [SHORT_dasum] = "cblas_dasum",
    [SHORT_ssymm] = "cblas_ssymm",   [SHORT_dsymm] = "cblas_dsymm",
    [SHORT_ssyrk] = "cblas_ssyrk",   [SHORT_dsyrk] = "cblas_dsyrk",
    [SHORT_ssyr2k] = "cblas_ssyr2k", [SHORT_dsyr2k] = "cblas_dsyr2k",
    [SHORT_strmm] = "cblas_strmm",   [SHORT_dtrmm] = "cblas_dtrmm",
    [SHORT_strsm] = "cblas_strsm",   [SHORT_dtrsm] = "cblas_dtrsm",
};

OMPWG_FORWARD_TABLE(table, "ompwg_blas", names, SHORT_COUNT);

void *ompwg_blas_short_routine(ompwg_blas_short_id id)
{
#ifdef OMPWG_BLAS_ILP64
    /* the ILP64 drop-in's calls keep the planner's path: OpenBLAS's CBLAS
     * there is its ILP64 build, which the openblas backend does not run */
    (void)table;
    (void)id;
    return NULL;
#else
    return ompwg_forward_own(&table, (int)id);
#endif
}
