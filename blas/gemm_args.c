/* GEMM argument checks in the reference order, numbered as reference BLAS
 * (xerbla_) and netlib's CBLAS (cblas_xerbla) number them. */
#include "shim.h"

ompwg_trans ompwg_blas_trans_of_char(const char *c)
{
    if (!c) return 0;
    switch (*c) {
    case 'N': case 'n': return OMPWG_NO_TRANS;
    case 'T': case 't': case 'C': case 'c': return OMPWG_TRANS;
    default: return 0;
    }
}

ompwg_trans ompwg_blas_ctrans_of_char(const char *c)
{
    if (c && (*c == 'C' || *c == 'c')) return OMPWG_CONJ_TRANS;
    return ompwg_blas_trans_of_char(c);
}

ompwg_blas_int ompwg_blas_read_int(const ompwg_blas_int *p, ompwg_blas_int illegal)
{
    return p ? *p : illegal;
}

int ompwg_blas_gemm_fortran_info(ompwg_trans transa, ompwg_trans transb, const ompwg_blas_int *m,
                                 const ompwg_blas_int *n, const ompwg_blas_int *k,
                                 const ompwg_blas_int *lda, const ompwg_blas_int *ldb,
                                 const ompwg_blas_int *ldc, ompwg_blas_int *mm, ompwg_blas_int *nn,
                                 ompwg_blas_int *kk)
{
    *mm = ompwg_blas_read_int(m, -1);
    *nn = ompwg_blas_read_int(n, -1);
    *kk = ompwg_blas_read_int(k, -1);
    return ompwg_blas_gemm_info(transa, transb, *mm, *nn, *kk, ompwg_blas_read_int(lda, 0),
                                ompwg_blas_read_int(ldb, 0), ompwg_blas_read_int(ldc, 0));
}

bool ompwg_blas_fortran_args_ok(const char *name, int info, const void *alpha, int alpha_pos,
                                const void *beta, int beta_pos)
{
    if (!info && !alpha) info = alpha_pos;
    if (!info && beta_pos && !beta) info = beta_pos;
    if (!info) return true;
    ompwg_blas_int pos = info;
    xerbla_(name, &pos, 6);
    return false;
}

static bool trans_valid(ompwg_trans t)
{
    return t == OMPWG_NO_TRANS || t == OMPWG_TRANS || t == OMPWG_CONJ_TRANS;
}

static ompwg_blas_int max1(ompwg_blas_int v) { return v > 1 ? v : 1; }

int ompwg_blas_gemm_info(ompwg_trans transa, ompwg_trans transb, ompwg_blas_int m, ompwg_blas_int n,
                         ompwg_blas_int k, ompwg_blas_int lda, ompwg_blas_int ldb,
                         ompwg_blas_int ldc)
{
    /* rows of A and B as stored (column-major) */
    ompwg_blas_int rows_a = transa == OMPWG_NO_TRANS ? m : k;
    ompwg_blas_int rows_b = transb == OMPWG_NO_TRANS ? k : n;
    if (!trans_valid(transa)) return 1;
    if (!trans_valid(transb)) return 2;
    if (m < 0) return 3;
    if (n < 0) return 4;
    if (k < 0) return 5;
    if (lda < max1(rows_a)) return 8;
    if (ldb < max1(rows_b)) return 10;
    if (ldc < max1(m)) return 13;
    return 0;
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
    if (!trans_valid(transa)) {
        ompwg_blas_cblas_report(row, 2, rout, "Illegal TransA setting, %d\n", (int)transa);
        return false;
    }
    if (!trans_valid(transb)) {
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
