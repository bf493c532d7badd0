/* Complex GEMM through OpenBLAS's cblas_cgemm/cblas_zgemm (its own entry
 * points: symbols.c), compiled once per complex precision. Sizes past
 * OpenBLAS's 32-bit blasint are cut into pieces as for the real GEMM; a
 * leading dimension that does not fit is OMPWG_ERR_TOO_LARGE. */
#include "prec.h"

#include <cblas.h>
#include <limits.h>

#include "complex_tmpl.h"
#include "ompwg.h"
#include "openblas.h"

#define PIECE ((int64_t)1 << 30)

static int64_t min64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

static enum CBLAS_TRANSPOSE trans_of(bool trans, bool conj)
{
    return !trans ? CblasNoTrans : conj ? CblasConjTrans : CblasTrans;
}

int TN(ompwg_openblas_, gemm)(const ompwg_gemm_shape *s, T alpha, const T *a, const T *b,
                              T beta, T *c)
{
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    if (!ompwg_openblas_fits_cgemm(s)) return OMPWG_ERR_TOO_LARGE;
#if defined(OMPWG_PREC_C)
    ompwg_cblas_xgemm_fn *gemm = ompwg_openblas()->cgemm;
#else
    ompwg_cblas_xgemm_fn *gemm = ompwg_openblas()->zgemm;
#endif
    enum CBLAS_TRANSPOSE ta = trans_of(s->transa, s->conja), tb = trans_of(s->transb, s->conjb);
    bool reads_ab = !cplx_is_zero(alpha) && s->k > 0;
    const T one = { 1, 0 };
    for (int64_t j0 = 0; j0 < s->n; j0 += PIECE)
        for (int64_t i0 = 0; i0 < s->m; i0 += PIECE) {
            int64_t mb = min64(PIECE, s->m - i0), nb = min64(PIECE, s->n - j0);
            T *cb = c + i0 + j0 * s->ldc;
            if (!reads_ab) {
                gemm(CblasColMajor, ta, tb, (blasint)mb, (blasint)nb, 0, &alpha, a,
                     (blasint)s->lda, b, (blasint)s->ldb, &beta, cb, (blasint)s->ldc);
                continue;
            }
            for (int64_t p0 = 0; p0 < s->k; p0 += PIECE) {
                int64_t kb = min64(PIECE, s->k - p0);
                const T *ab = s->transa ? a + p0 + i0 * s->lda : a + i0 + p0 * s->lda;
                const T *bb = s->transb ? b + j0 + p0 * s->ldb : b + p0 + j0 * s->ldb;
                gemm(CblasColMajor, ta, tb, (blasint)mb, (blasint)nb, (blasint)kb, &alpha, ab,
                     (blasint)s->lda, bb, (blasint)s->ldb, p0 == 0 ? &beta : &one, cb,
                     (blasint)s->ldc);
            }
        }
    return OMPWG_OK;
}
