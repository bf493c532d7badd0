/* GEMM argument checks in the reference order, numbered as reference BLAS
 * (xerbla_) and netlib's CBLAS (cblas_xerbla) number them. */
#include "shim.h"

void ompwg_blas_fortran_report(const char *name, int info)
{
    ompwg_blas_int pos = info;
    xerbla_(name, &pos, 6);
}

bool ompwg_blas_cblas_gemm_ok(const char *rout, ompwg_layout layout, ompwg_trans transa,
                              ompwg_trans transb, ompwg_blas_int m, ompwg_blas_int n,
                              ompwg_blas_int k, ompwg_blas_int lda, ompwg_blas_int ldb,
                              ompwg_blas_int ldc)
{
    bool row = layout == OMPWG_ROW_MAJOR;
    if (!row && layout != OMPWG_COL_MAJOR) {
        ompwg_blas_cblas_report(false, 1, rout, "Illegal layout setting, %d\n", (int)layout);
        return false;
    }
    /* netlib converts TransA, then TransB, before calling the Fortran
     * routine; its row-major branch numbers an illegal TransB 2 as well */
    if (!ompwg_blas_trans_valid(transa)) {
        ompwg_blas_cblas_report(row, 2, rout, "Illegal TransA setting, %d\n", (int)transa);
        return false;
    }
    if (!ompwg_blas_trans_valid(transb)) {
        ompwg_blas_cblas_report(row, row ? 2 : 3, rout, "Illegal TransB setting, %d\n",
                                (int)transb);
        return false;
    }
    /* Row-major is the column-major call on B and A with M and N swapped,
     * checked in that call's order and numbered as its arguments (one on
     * for the layout argument); cblas_xerbla gives the numbers back to the
     * arguments of the row-major call, as RowMajorStrg tells it. */
    int info = row ? ompwg_blas_gemm_info(transb, transa, n, m, k, ldb, lda, ldc)
                   : ompwg_blas_gemm_info(transa, transb, m, n, k, lda, ldb, ldc);
    if (info) {
        ompwg_blas_cblas_report(row, info + 1, rout, "", 0);
        return false;
    }
    return true;
}
