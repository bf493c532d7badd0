/* Argument checks, layout normalisation and overlap tests of every entry
 * point. */
#include "args.h"

static bool trans_valid(ompwg_trans t)
{
    return t == OMPWG_NO_TRANS || t == OMPWG_TRANS || t == OMPWG_CONJ_TRANS;
}

static int64_t max1(int64_t v)
{
    return v > 1 ? v : 1;
}

int ompwg_gemm_args(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                    int64_t m, int64_t n, int64_t k, int64_t lda, int64_t ldb, int64_t ldc,
                    ompwg_gemm_shape *s, bool *swapped)
{
    if (layout != OMPWG_ROW_MAJOR && layout != OMPWG_COL_MAJOR) return OMPWG_ERR_LAYOUT;
    if (!trans_valid(transa) || !trans_valid(transb)) return OMPWG_ERR_TRANS;
    if (m < 0 || n < 0 || k < 0) return OMPWG_ERR_SIZE;
    bool ta = transa != OMPWG_NO_TRANS, tb = transb != OMPWG_NO_TRANS;
    /* (A^H)^T = conj(A): a row-major call's conjugations follow its
     * transpositions to the swapped operands */
    bool ca = transa == OMPWG_CONJ_TRANS, cb = transb == OMPWG_CONJ_TRANS;
    bool col = layout == OMPWG_COL_MAJOR;
    /* The stored row length (row-major) or column length (column-major). */
    int64_t need_a = col ? (ta ? k : m) : (ta ? m : k);
    int64_t need_b = col ? (tb ? n : k) : (tb ? k : n);
    int64_t need_c = col ? m : n;
    if (lda < max1(need_a) || ldb < max1(need_b) || ldc < max1(need_c)) return OMPWG_ERR_LD;

    *swapped = !col;
    if (col)
        *s = (ompwg_gemm_shape){ .transa = ta, .transb = tb, .conja = ca, .conjb = cb,
                                 .m = m, .n = n, .k = k, .lda = lda, .ldb = ldb, .ldc = ldc };
    else
        *s = (ompwg_gemm_shape){ .transa = tb, .transb = ta, .conja = cb, .conjb = ca,
                                 .m = n, .n = m, .k = k, .lda = ldb, .ldb = lda, .ldc = ldc };
    return OMPWG_OK;
}

int ompwg_vec_args(ompwg_reduce_op op, int64_t n, int64_t incx, int64_t incy,
                   ompwg_vec_shape *s)
{
    if (n < 0) return OMPWG_ERR_SIZE;
    if (incx == 0 || (op == OMPWG_REDUCE_DOT && incy == 0)) return OMPWG_ERR_INC;
    *s = (ompwg_vec_shape){ .op = op, .n = n, .incx = incx,
                            .incy = op == OMPWG_REDUCE_DOT ? incy : 1 };
    return OMPWG_OK;
}

int ompwg_scan_args(int64_t n, int64_t incx, int64_t incy, unsigned flags, ompwg_scan_shape *s)
{
    if (flags & ~OMPWG_SCAN_EXCLUSIVE) return OMPWG_ERR_FLAGS;
    if (n < 0) return OMPWG_ERR_SIZE;
    if (incx == 0 || incy == 0) return OMPWG_ERR_INC;
    *s = (ompwg_scan_shape){ .n = n, .incx = incx, .incy = incy,
                             .exclusive = (flags & OMPWG_SCAN_EXCLUSIVE) != 0 };
    return OMPWG_OK;
}

int ompwg_transpose_args(ompwg_layout layout, int64_t rows, int64_t cols, int64_t lda,
                         int64_t ldb, ompwg_transpose_shape *s)
{
    if (layout != OMPWG_ROW_MAJOR && layout != OMPWG_COL_MAJOR) return OMPWG_ERR_LAYOUT;
    if (rows < 0 || cols < 0) return OMPWG_ERR_SIZE;
    bool col = layout == OMPWG_COL_MAJOR;
    /* a row-major rows x cols matrix is the column-major cols x rows one */
    int64_t m = col ? rows : cols, n = col ? cols : rows;
    if (lda < max1(m) || ldb < max1(n)) return OMPWG_ERR_LD;
    *s = (ompwg_transpose_shape){ .m = m, .n = n, .lda = lda, .ldb = ldb };
    return OMPWG_OK;
}
