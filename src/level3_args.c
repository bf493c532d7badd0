/* Argument checks and column-major normalisation of the level-3 calls
 * besides GEMM, and the element-exact overlap test of their outputs. */
#include "args.h"

static int64_t max1(int64_t v)
{
    return v > 1 ? v : 1;
}

static bool has_side(ompwg_level3_op op)
{
    return op != OMPWG_L3_SYRK && op != OMPWG_L3_SYR2K;
}

static bool triangular(ompwg_level3_op op)
{
    return op == OMPWG_L3_TRMM || op == OMPWG_L3_TRSM;
}

/* The flags in the order of the arguments, as reference BLAS checks them. */
static int flags_check(ompwg_level3_op op, ompwg_side side, ompwg_uplo uplo, ompwg_trans trans,
                       ompwg_diag diag)
{
    if (has_side(op) && side != OMPWG_LEFT && side != OMPWG_RIGHT) return OMPWG_ERR_FLAGS;
    if (uplo != OMPWG_UPPER && uplo != OMPWG_LOWER) return OMPWG_ERR_FLAGS;
    if (op != OMPWG_L3_SYMM && trans != OMPWG_NO_TRANS && trans != OMPWG_TRANS &&
        trans != OMPWG_CONJ_TRANS)
        return OMPWG_ERR_TRANS;
    if (triangular(op) && diag != OMPWG_NON_UNIT && diag != OMPWG_UNIT) return OMPWG_ERR_FLAGS;
    return OMPWG_OK;
}

int ompwg_level3_args(ompwg_level3_op op, ompwg_layout layout, ompwg_side side,
                      ompwg_uplo uplo, ompwg_trans trans, ompwg_diag diag, int64_t m,
                      int64_t n, int64_t k, int64_t lda, int64_t ldb, int64_t ldc,
                      ompwg_level3_shape *s)
{
    if (layout != OMPWG_ROW_MAJOR && layout != OMPWG_COL_MAJOR) return OMPWG_ERR_LAYOUT;
    int st = flags_check(op, side, uplo, trans, diag);
    if (st != OMPWG_OK) return st;
    bool col = layout == OMPWG_COL_MAJOR;
    bool syr = !has_side(op);
    if (syr) m = n;
    else k = 0;
    if (m < 0 || n < 0 || k < 0) return OMPWG_ERR_SIZE;

    bool left = side == OMPWG_LEFT, tr = trans != OMPWG_NO_TRANS;
    /* the stored row length (row-major) or column length (column-major) */
    int64_t need_a, need_b, need_c;
    if (syr) {
        need_a = need_b = col == !tr ? n : k;
        need_c = n;
    } else {
        need_a = left ? m : n;
        need_b = need_c = col ? m : n;
    }
    if (lda < max1(need_a) || (op == OMPWG_L3_SYMM || op == OMPWG_L3_SYR2K ? ldb < max1(need_b)
                                                                          : false) ||
        ldc < max1(need_c))
        return OMPWG_ERR_LD;

    *s = (ompwg_level3_shape){
        .op = op, .left = left == col, .upper = (uplo == OMPWG_UPPER) == col,
        .trans = syr ? tr != !col : (triangular(op) && tr), .unit = triangular(op) && diag == OMPWG_UNIT,
        .m = col ? m : n, .n = col ? n : m, .k = k, .lda = lda, .ldb = ldb, .ldc = ldc,
    };
    return OMPWG_OK;
}
