/* GEMM, reductions and transposes through OpenBLAS's CBLAS (its own entry
 * points: symbols.c), compiled once per precision.
 * OpenBLAS takes 32-bit sizes (blasint): longer problems are cut into
 * pieces that fit (a GEMM operand with a leading dimension past 32 bits a
 * column at a time); an increment or a transpose's leading dimension that
 * does not fit is OMPWG_ERR_TOO_LARGE. */
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

static void blas_gemm(bool ta, bool tb, int64_t m, int64_t n, int64_t k, T alpha,
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

/* The leading dimension OpenBLAS gets for a piece of a stored operand: the
 * operand's own, or, for a piece of one column (where it is never used),
 * the piece's rows, so that a leading dimension past 32 bits still works. */
static int64_t piece_ld(int64_t ld, int64_t rows, int64_t cols)
{
    return cols == 1 ? (rows > 1 ? rows : 1) : ld;
}

int TN(ompwg_openblas_, gemm)(const ompwg_gemm_shape *s, T alpha, const T *a, const T *b,
                              T beta, T *c)
{
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    const bool reads_ab = alpha != 0 && s->k > 0;
    /* Pieces of at most PIECE rows, columns and depth; an operand whose
     * leading dimension does not fit 32 bits is taken one stored column at
     * a time (A and B only where they are read). */
    int64_t mstep = PIECE, nstep = PIECE, kstep = PIECE;
    if (s->ldc > INT_MAX) nstep = 1;
    if (reads_ab && s->lda > INT_MAX) *(s->transa ? &mstep : &kstep) = 1;
    if (reads_ab && s->ldb > INT_MAX) *(s->transb ? &kstep : &nstep) = 1;
    for (int64_t j0 = 0; j0 < s->n; j0 += nstep)
        for (int64_t i0 = 0; i0 < s->m; i0 += mstep) {
            int64_t mb = min64(mstep, s->m - i0), nb = min64(nstep, s->n - j0);
            T *cb = c + i0 + j0 * s->ldc;
            int64_t ldc = piece_ld(s->ldc, mb, nb);
            if (!reads_ab) {
                /* C := beta C; A and B are not read, so C's piece stands in for
                 * them, with the smallest leading dimensions OpenBLAS takes.
                 * alpha goes as 0: no product is formed (netlib), where
                 * OpenBLAS's small-matrix kernels (AVX-512 builds) form
                 * alpha * 0, a NaN for an infinite or NaN alpha */
                blas_gemm(false, false, mb, nb, 0, (T)0, cb, mb, cb, 1, beta, cb, ldc);
                continue;
            }
            for (int64_t p0 = 0; p0 < s->k; p0 += kstep) {
                int64_t kb = min64(kstep, s->k - p0);
                const T *ab = s->transa ? a + p0 + i0 * s->lda : a + i0 + p0 * s->lda;
                const T *bb = s->transb ? b + j0 + p0 * s->ldb : b + p0 + j0 * s->ldb;
                int64_t lda = s->transa ? piece_ld(s->lda, kb, mb) : piece_ld(s->lda, mb, kb);
                int64_t ldb = s->transb ? piece_ld(s->ldb, nb, kb) : piece_ld(s->ldb, kb, nb);
                blas_gemm(s->transa, s->transb, mb, nb, kb, alpha, ab, lda, bb, ldb,
                          p0 == 0 ? beta : 1, cb, ldc);
            }
        }
    return OMPWG_OK;
}

/* BLAS wants the lowest address of a negative-increment vector. */
static const T *lowest(const T *x, int64_t n, int64_t inc)
{
    return inc < 0 ? x + (n - 1) * inc : x;
}

static ACC piece(const ompwg_vec_shape *s, const T *x, const T *y, int64_t n)
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
        extremum_scan(s->op == OMPWG_REDUCE_MAX, x, s->incx, 0, s->n, value, index);
        return OMPWG_OK;
    }
    if (!ompwg_openblas_fits_vec(s)) return OMPWG_ERR_TOO_LARGE;
    /* one element is read at the pointer whatever the increments say, so
     * they need not fit OpenBLAS's int */
    ompwg_vec_shape used = *s;
    if (s->n == 1) used.incx = used.incy = 1;
    ACC total = 0;
    for (int64_t i0 = 0; i0 < s->n; i0 += PIECE) {
        int64_t nb = min64(PIECE, s->n - i0);
        total += piece(&used, x + i0 * used.incx, y ? y + i0 * used.incy : NULL, nb);
    }
    *value = (T)total;
    return OMPWG_OK;
}

static void blas_omatcopy(int64_t m, int64_t n, const T *a, int64_t lda, T *b, int64_t ldb)
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
    if (!ompwg_openblas_fits_transpose(s)) return OMPWG_ERR_TOO_LARGE;
    for (int64_t j0 = 0; j0 < s->n; j0 += PIECE)
        for (int64_t i0 = 0; i0 < s->m; i0 += PIECE)
            blas_omatcopy(min64(PIECE, s->m - i0), min64(PIECE, s->n - j0),
                          a + i0 + j0 * s->lda, s->lda, b + j0 + i0 * s->ldb, s->ldb);
    return OMPWG_OK;
}
