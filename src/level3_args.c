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

/* Rows [r0, r1) of columns [c0, c1) against rows [0, rows) of columns
 * [0, cols). */
static bool rect_meets(int64_t r0, int64_t r1, int64_t c0, int64_t c1, int64_t rows,
                       int64_t cols)
{
    return r0 < rows && r1 > 0 && r0 < r1 && c0 < cols && c1 > 0;
}

bool ompwg_matrices_overlap(const void *p, int64_t rows_p, int64_t cols_p, int64_t ldp,
                            const void *q, int64_t rows_q, int64_t cols_q, int64_t ldq,
                            size_t elem)
{
    if (!ompwg_spans_overlap(p, ompwg_matrix_span(rows_p, cols_p, ldp), q,
                             ompwg_matrix_span(rows_q, cols_q, ldq), elem))
        return false;
    /* order them so that q starts at or after p */
    if ((uintptr_t)q < (uintptr_t)p) {
        const void *t = p;
        p = q;
        q = t;
        int64_t v = rows_p;
        rows_p = rows_q;
        rows_q = v;
        v = cols_p;
        cols_p = cols_q;
        cols_q = v;
    }
    uintptr_t bytes = (uintptr_t)q - (uintptr_t)p;
    if (ldp != ldq || bytes % elem != 0 || rows_p > ldp || rows_q > ldq) return true;
    /* q's first element is p's element (r0, c0); its columns may run past
     * row ld - 1 into the next column of p's grid */
    uint64_t d = bytes / elem;
    int64_t r0 = (int64_t)(d % (uint64_t)ldp), c0 = (int64_t)(d / (uint64_t)ldp);
    int64_t end = r0 + rows_q;
    if (rect_meets(r0, end < ldp ? end : ldp, c0, c0 + cols_q, rows_p, cols_p)) return true;
    return end > ldp && rect_meets(0, end - ldp, c0 + 1, c0 + 1 + cols_q, rows_p, cols_p);
}
