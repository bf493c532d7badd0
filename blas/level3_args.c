/* The level-3 argument checks besides GEMM's, in the reference order,
 * numbered as reference BLAS (xerbla_) and netlib's CBLAS (cblas_xerbla)
 * number them. */
#include "shim.h"

static ompwg_side flip_side(ompwg_side s)
{
    return s == OMPWG_LEFT ? OMPWG_RIGHT : OMPWG_LEFT;
}

static ompwg_uplo flip_uplo(ompwg_uplo u)
{
    return u == OMPWG_UPPER ? OMPWG_LOWER : OMPWG_UPPER;
}

/* netlib's checks of the enum arguments, before the Fortran routine's:
 * the number it reports (after the layout, 1), or 0. */
static int enum_param(ompwg_layout layout, int first, const int *values,
                      const int (*legal)[2], int count)
{
    if (layout != OMPWG_COL_MAJOR && layout != OMPWG_ROW_MAJOR) return 1;
    for (int i = 0; i < count; i++)
        if (values[i] != legal[i][0] && values[i] != legal[i][1] &&
            !(legal[i][0] == OMPWG_NO_TRANS && values[i] == OMPWG_CONJ_TRANS))
            return first + i;
    return 0;
}

int ompwg_blas_cblas_symm_param(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                ompwg_blas_int m, ompwg_blas_int n, ompwg_blas_int lda,
                                ompwg_blas_int ldb, ompwg_blas_int ldc)
{
    static const int legal[2][2] = { { OMPWG_LEFT, OMPWG_RIGHT }, { OMPWG_UPPER, OMPWG_LOWER } };
    const int values[2] = { (int)side, (int)uplo };
    int p = enum_param(layout, 2, values, legal, 2);
    if (p) return p;
    bool col = layout == OMPWG_COL_MAJOR;
    int info = col ? ompwg_blas_symm_info(side, uplo, m, n, lda, ldb, ldc)
                   : ompwg_blas_symm_info(flip_side(side), flip_uplo(uplo), n, m, lda, ldb, ldc);
    /* row-major: the numbers of the call on n and m, which cblas_xerbla
     * gives back to M and N while RowMajorStrg is 1 */
    return info ? info + 1 : 0;
}

/* netlib's row-major SYRK and SYR2K run the column-major routine with the
 * other triangle and the other form. */
static ompwg_trans flip_trans(ompwg_trans t)
{
    return t == OMPWG_NO_TRANS ? OMPWG_TRANS : OMPWG_NO_TRANS;
}

int ompwg_blas_cblas_syrk_param(bool two_operands, ompwg_layout layout, ompwg_uplo uplo,
                                ompwg_trans trans, ompwg_blas_int n, ompwg_blas_int k,
                                ompwg_blas_int lda, ompwg_blas_int ldb, ompwg_blas_int ldc)
{
    static const int legal[2][2] = { { OMPWG_UPPER, OMPWG_LOWER }, { OMPWG_NO_TRANS, OMPWG_TRANS } };
    const int values[2] = { (int)uplo, (int)trans };
    int p = enum_param(layout, 2, values, legal, 2);
    if (p) return p;
    bool col = layout == OMPWG_COL_MAJOR;
    int info = ompwg_blas_syrk_info(two_operands, col ? uplo : flip_uplo(uplo),
                                    col ? trans : flip_trans(trans), n, k, lda, ldb, ldc);
    return info ? info + 1 : 0;
}

int ompwg_blas_cblas_trxm_param(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                ompwg_trans transa, ompwg_diag diag, ompwg_blas_int m,
                                ompwg_blas_int n, ompwg_blas_int lda, ompwg_blas_int ldb)
{
    static const int legal[4][2] = { { OMPWG_LEFT, OMPWG_RIGHT }, { OMPWG_UPPER, OMPWG_LOWER },
                                     { OMPWG_NO_TRANS, OMPWG_TRANS },
                                     { OMPWG_UNIT, OMPWG_NON_UNIT } };
    const int values[4] = { (int)side, (int)uplo, (int)transa, (int)diag };
    int p = enum_param(layout, 2, values, legal, 4);
    if (p) return p;
    bool col = layout == OMPWG_COL_MAJOR;
    int info = col ? ompwg_blas_trxm_info(side, uplo, transa, diag, m, n, lda, ldb)
                   : ompwg_blas_trxm_info(flip_side(side), flip_uplo(uplo), transa, diag, n, m,
                                          lda, ldb);
    /* row-major: as for SYMM */
    return info ? info + 1 : 0;
}
