/* GEMM, reductions and transposes through OpenBLAS's CBLAS (its own entry
 * points: symbols.c), compiled once per precision.
 * OpenBLAS takes 32-bit sizes (blasint): longer problems are cut into
 * pieces that fit; a leading dimension or an increment that does not fit is
 * OMPWG_ERR_TOO_LARGE. */
#include "prec.h"

#include <cblas.h>
#include <limits.h>
#include <math.h>

#include "extremum_tmpl.h"
#include "ompwg.h"
#include "openblas.h"

#define PIECE ((int64_t)1 << 30)

static int64_t min64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

static void TN(blas_, gemm)(bool ta, bool tb, int64_t m, int64_t n, int64_t k, T alpha,
                            const T *a, int64_t lda, const T *b, int64_t ldb, T beta, T *c,
                            int64_t ldc)
{
#if defined(OMPWG_PREC_S)
    ompwg_openblas()->sgemm(
#else
    ompwg_openblas()->dgemm(
#endif
        CblasColMajor, ta ? CblasTrans : CblasNoTrans, tb ? CblasTrans : CblasNoTrans,
        (blasint)m, (blasint)n, (blasint)k, alpha, a, (blasint)lda, b, (blasint)ldb, beta, c,
        (blasint)ldc);
}

int TN(ompwg_openblas_, gemm)(const ompwg_gemm_shape *s, T alpha, const T *a, const T *b,
                              T beta, T *c)
{
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    if (s->lda > INT_MAX || s->ldb > INT_MAX || s->ldc > INT_MAX) return OMPWG_ERR_TOO_LARGE;
    bool reads_ab = alpha != 0 && s->k > 0;
    for (int64_t j0 = 0; j0 < s->n; j0 += PIECE)
        for (int64_t i0 = 0; i0 < s->m; i0 += PIECE) {
            int64_t mb = min64(PIECE, s->m - i0), nb = min64(PIECE, s->n - j0);
            T *cb = c + i0 + j0 * s->ldc;
            if (!reads_ab) {
                TN(blas_, gemm)(s->transa, s->transb, mb, nb, 0, alpha, a, s->lda, b, s->ldb,
                                beta, cb, s->ldc);
                continue;
            }
            for (int64_t p0 = 0; p0 < s->k; p0 += PIECE) {
                int64_t kb = min64(PIECE, s->k - p0);
                const T *ab = s->transa ? a + p0 + i0 * s->lda : a + i0 + p0 * s->lda;
                const T *bb = s->transb ? b + j0 + p0 * s->ldb : b + p0 + j0 * s->ldb;
                TN(blas_, gemm)(s->transa, s->transb, mb, nb, kb, alpha, ab, s->lda, bb,
                                s->ldb, p0 == 0 ? beta : 1, cb, s->ldc);
            }
        }
    return OMPWG_OK;
}

/* BLAS wants the lowest address of a negative-increment vector. */
static const T *lowest(const T *x, int64_t n, int64_t inc)
{
    return inc < 0 ? x + (n - 1) * inc : x;
}

static ACC TN(piece_, )(const ompwg_vec_shape *s, const T *x, const T *y, int64_t n)
{
    static const T one = 1;
    const ompwg_openblas_fns *blas = ompwg_openblas();
    blasint bn = (blasint)n, ix = (blasint)s->incx, iy = (blasint)s->incy;
#if defined(OMPWG_PREC_S)
    switch (s->op) {
    case OMPWG_REDUCE_SUM: return blas->sdot(bn, lowest(x, n, ix), ix, &one, 0);
    case OMPWG_REDUCE_DOT: return blas->sdot(bn, lowest(x, n, ix), ix, lowest(y, n, iy), iy);
    default: return blas->sasum(bn, lowest(x, n, ix), ix < 0 ? -ix : ix);
    }
#else
    switch (s->op) {
    case OMPWG_REDUCE_SUM: return blas->ddot(bn, lowest(x, n, ix), ix, &one, 0);
    case OMPWG_REDUCE_DOT: return blas->ddot(bn, lowest(x, n, ix), ix, lowest(y, n, iy), iy);
    default: return blas->dasum(bn, lowest(x, n, ix), ix < 0 ? -ix : ix);
    }
#endif
}

int TN(ompwg_openblas_, reduce)(const ompwg_vec_shape *s, const T *x, const T *y, T *value,
                                int64_t *index)
{
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    if (s->op == OMPWG_REDUCE_MAX || s->op == OMPWG_REDUCE_MIN) {
        /* CBLAS has no signed max/min with our NaN rule: scan in order. */
        TN(ompwg_extremum_scan_, )(s->op == OMPWG_REDUCE_MAX, x, s->incx, 0, s->n, value, index);
        return OMPWG_OK;
    }
    /* one element is read at the pointer whatever the increments say, so
     * they need not fit OpenBLAS's int */
    ompwg_vec_shape used = *s;
    if (s->n == 1) used.incx = used.incy = 1;
    if (used.incx > INT_MAX || used.incx < -INT_MAX || used.incy > INT_MAX || used.incy < -INT_MAX)
        return OMPWG_ERR_TOO_LARGE;
    ACC total = 0;
    for (int64_t i0 = 0; i0 < s->n; i0 += PIECE) {
        int64_t nb = min64(PIECE, s->n - i0);
        total += TN(piece_, )(&used, x + i0 * used.incx, y ? y + i0 * used.incy : NULL, nb);
    }
    *value = (T)total;
    return OMPWG_OK;
}

static void TN(blas_, omatcopy)(int64_t m, int64_t n, const T *a, int64_t lda, T *b, int64_t ldb)
{
#if defined(OMPWG_PREC_S)
    ompwg_openblas()->somatcopy(
#else
    ompwg_openblas()->domatcopy(
#endif
        CblasColMajor, CblasTrans, (blasint)m, (blasint)n, (T)1, a, (blasint)lda, b,
        (blasint)ldb);
}

/* OpenBLAS's omatcopy with alpha 1, in pieces its 32-bit sizes can take. */
int TN(ompwg_openblas_, transpose)(const ompwg_transpose_shape *s, const T *a, T *b)
{
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    if (s->lda > INT_MAX || s->ldb > INT_MAX) return OMPWG_ERR_TOO_LARGE;
    for (int64_t j0 = 0; j0 < s->n; j0 += PIECE)
        for (int64_t i0 = 0; i0 < s->m; i0 += PIECE)
            TN(blas_, omatcopy)(min64(PIECE, s->m - i0), min64(PIECE, s->n - j0),
                                a + i0 + j0 * s->lda, s->lda, b + j0 + i0 * s->ldb, s->ldb);
    return OMPWG_OK;
}
