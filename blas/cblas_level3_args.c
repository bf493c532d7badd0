/* netlib CBLAS's checks of the complex level-3 routines (cblas_args.h),
 * over the numbering the real ones use (level3_args.c). */
#include "cblas_args.h"

#include "shim.h"

/* p (0: legal) reported as the real routines report theirs. */
static bool verdict(const char *rout, int layout, int p)
{
    if (!p) return true;
    ompwg_blas_cblas_report(layout == OMPWG_ROW_MAJOR, p, rout, "", 0);
    return false;
}

bool ompwg_blas_cblas_symm_ok(const char *rout, int layout, int side, int uplo, ompwg_blas_int m,
                              ompwg_blas_int n, ompwg_blas_int lda, ompwg_blas_int ldb,
                              ompwg_blas_int ldc)
{
    return verdict(rout, layout,
                   ompwg_blas_cblas_symm_param(layout, side, uplo, m, n, lda, ldb, ldc));
}

/* netlib's complex xSYRK and xSYR2K take NoTrans and Trans (ConjTrans is
 * parameter 3 in either layout: the column-major Fortran routine rejects
 * 'C', the row-major C routine has no case for it); xHERK and xHER2K take
 * NoTrans and ConjTrans, and reject Trans the same way. The real routines'
 * check sees the legal ones as NoTrans and Trans, the illegal one as 0. */
bool ompwg_blas_cblas_syrk_ok(const char *rout, bool hermitian, bool two_operands, int layout,
                              int uplo, int trans, ompwg_blas_int n, ompwg_blas_int k,
                              ompwg_blas_int lda, ompwg_blas_int ldb, ompwg_blas_int ldc)
{
    int t = trans;
    if (hermitian)
        t = trans == OMPWG_CONJ_TRANS ? OMPWG_TRANS : trans == OMPWG_TRANS ? 0 : trans;
    else if (trans == OMPWG_CONJ_TRANS)
        t = 0;
    return verdict(rout, layout,
                   ompwg_blas_cblas_syrk_param(two_operands, layout, uplo, t, n, k, lda, ldb, ldc));
}

bool ompwg_blas_cblas_trxm_ok(const char *rout, int layout, int side, int uplo, int transa,
                              int diag, ompwg_blas_int m, ompwg_blas_int n, ompwg_blas_int lda,
                              ompwg_blas_int ldb)
{
    return verdict(rout, layout, ompwg_blas_cblas_trxm_param(layout, side, uplo, transa, diag, m,
                                                             n, lda, ldb));
}
