/* GEMM and vector argument checks and the layout normalisation. */
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
    bool col = layout == OMPWG_COL_MAJOR;
    /* The stored row length (row-major) or column length (column-major). */
    int64_t need_a = col ? (ta ? k : m) : (ta ? m : k);
    int64_t need_b = col ? (tb ? n : k) : (tb ? k : n);
    int64_t need_c = col ? m : n;
    if (lda < max1(need_a) || ldb < max1(need_b) || ldc < max1(need_c)) return OMPWG_ERR_LD;

    *swapped = !col;
    if (col)
        *s = (ompwg_gemm_shape){ .transa = ta, .transb = tb, .m = m, .n = n, .k = k,
                                 .lda = lda, .ldb = ldb, .ldc = ldc };
    else
        *s = (ompwg_gemm_shape){ .transa = tb, .transb = ta, .m = n, .n = m, .k = k,
                                 .lda = ldb, .ldb = lda, .ldc = ldc };
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
