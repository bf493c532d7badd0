/* SYMM, SYRK, SYR2K, TRMM and TRSM through OpenBLAS's CBLAS (its own entry
 * points: symbols.c), compiled once per precision. OpenBLAS takes 32-bit
 * sizes (blasint): a size or a leading dimension beyond them is
 * OMPWG_ERR_TOO_LARGE, since these operations do not cut into independent
 * pieces the way GEMM does. */
#include "prec.h"

#include <cblas.h>
#include <limits.h>

#include "ompwg.h"
#include "openblas.h"

static int fits_openblas(const ompwg_level3_shape *s)
{
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    if (!ompwg_openblas_fits_level3(s)) return OMPWG_ERR_TOO_LARGE;
    return OMPWG_OK;
}

static enum CBLAS_UPLO uplo_of(const ompwg_level3_shape *s)
{
    return s->upper ? CblasUpper : CblasLower;
}

static enum CBLAS_SIDE side_of(const ompwg_level3_shape *s)
{
    return s->left ? CblasLeft : CblasRight;
}

static enum CBLAS_TRANSPOSE trans_of(const ompwg_level3_shape *s)
{
    return s->trans ? CblasTrans : CblasNoTrans;
}

static enum CBLAS_DIAG diag_of(const ompwg_level3_shape *s)
{
    return s->unit ? CblasUnit : CblasNonUnit;
}

int TN(ompwg_openblas_, symm)(const ompwg_level3_shape *s, T alpha, const T *a, const T *b,
                              T beta, T *c)
{
    int st = fits_openblas(s);
    if (st != OMPWG_OK) return st;
    ompwg_openblas()->TN(, symm)(CblasColMajor, side_of(s), uplo_of(s), (blasint)s->m,
                                 (blasint)s->n, alpha, a, (blasint)s->lda, b, (blasint)s->ldb,
                                 beta, c, (blasint)s->ldc);
    return OMPWG_OK;
}

int TN(ompwg_openblas_, syrk)(const ompwg_level3_shape *s, T alpha, const T *a, const T *b,
                              T beta, T *c)
{
    (void)b;
    int st = fits_openblas(s);
    if (st != OMPWG_OK) return st;
    ompwg_openblas()->TN(, syrk)(CblasColMajor, uplo_of(s), trans_of(s), (blasint)s->n,
                                 (blasint)s->k, alpha, a, (blasint)s->lda, beta, c,
                                 (blasint)s->ldc);
    return OMPWG_OK;
}

int TN(ompwg_openblas_, syr2k)(const ompwg_level3_shape *s, T alpha, const T *a, const T *b,
                               T beta, T *c)
{
    int st = fits_openblas(s);
    if (st != OMPWG_OK) return st;
    ompwg_openblas()->TN(, syr2k)(CblasColMajor, uplo_of(s), trans_of(s),
                                  (blasint)s->n, (blasint)s->k, alpha, a, (blasint)s->lda, b,
                                  (blasint)s->ldb, beta, c, (blasint)s->ldc);
    return OMPWG_OK;
}

/* TRMM and TRSM (fn, OpenBLAS's routine): B is the shape's C. */
static int triangular(TN(ompwg_cblas_, trxm_fn) *fn, const ompwg_level3_shape *s, T alpha,
                      const T *a, T *c)
{
    int st = fits_openblas(s);
    if (st != OMPWG_OK) return st;
    fn(CblasColMajor, side_of(s), uplo_of(s), trans_of(s), diag_of(s), (blasint)s->m,
       (blasint)s->n, alpha, a, (blasint)s->lda, c, (blasint)s->ldc);
    return OMPWG_OK;
}

int TN(ompwg_openblas_, trmm)(const ompwg_level3_shape *s, T alpha, const T *a, const T *b,
                              T beta, T *c)
{
    (void)b;
    (void)beta;
    return triangular(ompwg_openblas()->TN(, trmm), s, alpha, a, c);
}

int TN(ompwg_openblas_, trsm)(const ompwg_level3_shape *s, T alpha, const T *a, const T *b,
                              T beta, T *c)
{
    (void)b;
    (void)beta;
    return triangular(ompwg_openblas()->TN(, trsm), s, alpha, a, c);
}
