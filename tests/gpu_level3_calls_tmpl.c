/* test_gpu_level3's calls in one precision (gpu_level3_test.h); Meson
 * compiles this file once per precision (real.h). */
#include <cblas.h>

#include "gpu_level3_test.h"
#include "real.h"

int TN(gpu_level3_call_, )(const ompwg_level3_shape *s, double alpha, double beta, const void *a,
                           const void *b, void *c)
{
    const ompwg_layout col = OMPWG_COL_MAJOR;
    const ompwg_side side = s->left ? OMPWG_LEFT : OMPWG_RIGHT;
    const ompwg_uplo uplo = s->upper ? OMPWG_UPPER : OMPWG_LOWER;
    const ompwg_trans tr = s->trans ? OMPWG_TRANS : OMPWG_NO_TRANS;
    const ompwg_diag diag = s->unit ? OMPWG_UNIT : OMPWG_NON_UNIT;
    const bool dev = s->device_ptrs;
    const real al = (real)alpha, be = (real)beta;
    switch (s->op) {
    case OMPWG_L3_SYMM:
        return (dev ? api.symm_device : api.symm)(col, side, uplo, s->m, s->n, al, a, s->lda, b,
                                                  s->ldb, be, c, s->ldc);
    case OMPWG_L3_SYRK:
        return (dev ? api.syrk_device : api.syrk)(col, uplo, tr, s->n, s->k, al, a, s->lda, be, c,
                                                  s->ldc);
    case OMPWG_L3_SYR2K:
        return (dev ? api.syr2k_device : api.syr2k)(col, uplo, tr, s->n, s->k, al, a, s->lda, b,
                                                    s->ldb, be, c, s->ldc);
    case OMPWG_L3_TRMM:
        return (dev ? api.trmm_device : api.trmm)(col, side, uplo, tr, diag, s->m, s->n, al, a,
                                                  s->lda, c, s->ldc);
    default:
        return (dev ? api.trsm_device : api.trsm)(col, side, uplo, tr, diag, s->m, s->n, al, a,
                                                  s->lda, c, s->ldc);
    }
}

void TN(gpu_level3_reference_, )(const ompwg_level3_shape *s, double alpha, double beta,
                                 const void *a, int64_t lda, const void *b, int64_t ldb, void *c,
                                 int64_t ldc)
{
    const enum CBLAS_ORDER o = CblasColMajor;
    const enum CBLAS_SIDE side = s->left ? CblasLeft : CblasRight;
    const enum CBLAS_UPLO uplo = s->upper ? CblasUpper : CblasLower;
    const enum CBLAS_TRANSPOSE tr = s->trans ? CblasTrans : CblasNoTrans;
    const enum CBLAS_DIAG diag = s->unit ? CblasUnit : CblasNonUnit;
    const int m = (int)s->m, n = (int)s->n, kk = (int)s->k;
    const int la = (int)lda, lb = (int)ldb, lc = (int)ldc;
    const real al = (real)alpha, be = (real)beta;
    switch (s->op) {
    case OMPWG_L3_SYMM: TN(cblas_, symm)(o, side, uplo, m, n, al, a, la, b, lb, be, c, lc); break;
    case OMPWG_L3_SYRK: TN(cblas_, syrk)(o, uplo, tr, n, kk, al, a, la, be, c, lc); break;
    case OMPWG_L3_SYR2K: TN(cblas_, syr2k)(o, uplo, tr, n, kk, al, a, la, b, lb, be, c, lc); break;
    case OMPWG_L3_TRMM: TN(cblas_, trmm)(o, side, uplo, tr, diag, m, n, al, a, la, c, lc); break;
    case OMPWG_L3_TRSM: TN(cblas_, trsm)(o, side, uplo, tr, diag, m, n, al, a, la, c, lc); break;
    }
}
