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

static bool trans_valid(ompwg_trans t)
{
    return t == OMPWG_NO_TRANS || t == OMPWG_TRANS || t == OMPWG_CONJ_TRANS;
}

static int max1(int v)
{
    return v > 1 ? v : 1;
}

int ompwg_blas_gemm_info(ompwg_trans transa, ompwg_trans transb, int m, int n, int k, int lda,
                         int ldb, int ldc)
{
    /* rows of A and B as stored (column-major) */
    int rows_a = transa == OMPWG_NO_TRANS ? m : k;
    int rows_b = transb == OMPWG_NO_TRANS ? k : n;
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

int ompwg_blas_cblas_gemm_param(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                                int m, int n, int k, int lda, int ldb, int ldc)
{
    if (layout != OMPWG_COL_MAJOR && layout != OMPWG_ROW_MAJOR) return 1;
    /* netlib converts TransA, then TransB, before calling the Fortran
     * routine, for either layout */
    if (!trans_valid(transa)) return 2;
    if (!trans_valid(transb)) return 3;
    if (layout == OMPWG_COL_MAJOR) {
        int info = ompwg_blas_gemm_info(transa, transb, m, n, k, lda, ldb, ldc);
        /* the Fortran routine's numbers, one on for the layout argument */
        return info ? info + 1 : 0;
    }
    /* Row-major is the column-major call on B and A with M and N swapped,
     * checked in that call's order; netlib's cblas_xerbla then gives the
     * numbers back to the arguments of the row-major call. */
    int info = ompwg_blas_gemm_info(transb, transa, n, m, k, ldb, lda, ldc);
    switch (info ? info + 1 : 0) {
    case 0: return 0;
    case 4: return 5;   /* the Fortran m is N */
    case 5: return 4;   /* the Fortran n is M */
    case 9: return 11;  /* the Fortran lda is ldb */
    case 11: return 9;  /* the Fortran ldb is lda */
    default: return info + 1;
    }
}

void ompwg_blas_cblas_gemm_error(int p, const char *rout, ompwg_layout layout,
                                 ompwg_trans transa, ompwg_trans transb)
{
    switch (p) {
    case 1: cblas_xerbla(p, rout, "Illegal layout setting, %d\n", (int)layout); break;
    case 2: cblas_xerbla(p, rout, "Illegal TransA setting, %d\n", (int)transa); break;
    case 3: cblas_xerbla(p, rout, "Illegal TransB setting, %d\n", (int)transb); break;
    default: cblas_xerbla(p, rout, ""); break;
    }
}
