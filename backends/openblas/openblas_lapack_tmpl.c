/* LU, Cholesky and QR on OpenBLAS's own LAPACK (the routines its object defines,
 * dgetrf_ and the others, reached by name inside it as the BLAS forwarders
 * reach theirs), compiled once per precision. LAPACK takes 32-bit integers:
 * a size beyond them is OMPWG_ERR_TOO_LARGE. The pivots cross between the
 * caller's int64_t and LAPACK's int through a buffer; the QR routines'
 * workspace is the size OpenBLAS's own query asks for. */
#include "prec.h"

#include <limits.h>
#include <stdlib.h>

#include "ompwg.h"
#include "openblas.h"
#include "openblas_object.h"

typedef void getrf_fn(const int *m, const int *n, T *a, const int *lda, int *ipiv, int *info);
typedef void getrs_fn(const char *trans, const int *n, const int *nrhs, const T *a,
                      const int *lda, const int *ipiv, T *b, const int *ldb, int *info,
                      size_t trans_len);
typedef void gesv_fn(const int *n, const int *nrhs, T *a, const int *lda, int *ipiv, T *b,
                     const int *ldb, int *info);
typedef void posv_fn(const char *uplo, const int *n, const int *nrhs, T *a, const int *lda, T *b,
                     const int *ldb, int *info, size_t uplo_len);
typedef void potrf_fn(const char *uplo, const int *n, T *a, const int *lda, int *info,
                      size_t uplo_len);
typedef void potrs_fn(const char *uplo, const int *n, const int *nrhs, const T *a,
                      const int *lda, T *b, const int *ldb, int *info, size_t uplo_len);

typedef void geqrf_fn(const int *m, const int *n, T *a, const int *lda, T *tau, T *work,
                      const int *lwork, int *info);
typedef void ormqr_fn(const char *side, const char *trans, const int *m, const int *n,
                      const int *k, const T *a, const int *lda, const T *tau, T *c,
                      const int *ldc, T *work, const int *lwork, int *info, size_t side_len,
                      size_t trans_len);
typedef void gels_fn(const char *trans, const int *m, const int *n, const int *nrhs, T *a,
                     const int *lda, T *b, const int *ldb, T *work, const int *lwork, int *info,
                     size_t trans_len);

/* OpenBLAS's definition of a LAPACK routine, looked up once (the lookup is
 * idempotent, so a race only repeats it). */
static void *routine(void **slot, const char *name)
{
    void *fn = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (!fn) {
        fn = ompwg_openblas_own(ompwg_openblas_object(), name);
        __atomic_store_n(slot, fn, __ATOMIC_RELEASE);
    }
    return fn;
}

/* OpenBLAS's POTRF (its POTF2 tests the diagonal with `<= 0` alone) takes
 * a NaN there for positive and goes on, where reference DPOTRF2 stops with
 * info > 0. The columns before the one where the reference stops do not
 * depend on it, so the first NaN on the factor's diagonal (before the
 * column OpenBLAS stopped at itself, if any) is where the reference stops:
 * its info, 1-based. */
static int potrf_nan_info(int n, const T *a, int lda, int inf)
{
    const int last = inf > 0 ? inf - 1 : n;
    for (int j = 0; j < last; j++) {
        const T d = a[(size_t)j + (size_t)j * (size_t)lda];
        if (d != d) return j + 1;
    }
    return inf;
}

/* A QR routine called twice, as LAPACK's callers do: the workspace query
 * (lwork -1), then the call with the workspace it asked for. */
static int qr_call(const ompwg_factor_shape *s, void *fn, T *a, T *tau, T *b, int *inf)
{
    const int m = (int)s->m, n = (int)s->n, nrhs = (int)s->nrhs, k = (int)s->k,
              lda = (int)s->lda, ldb = (int)s->ldb;
    const char side = s->left ? 'L' : 'R', trans = s->trans ? 'T' : 'N';
    T query = 0;
    T *work = &query;
    int lwork = -1;
    for (int pass = 0; pass < 2; pass++) {
        switch (s->op) {
        case OMPWG_LA_GEQRF: ((geqrf_fn *)fn)(&m, &n, a, &lda, tau, work, &lwork, inf); break;
        case OMPWG_LA_ORMQR:
            ((ormqr_fn *)fn)(&side, &trans, &m, &n, &k, a, &lda, tau, b, &ldb, work, &lwork, inf,
                             1, 1);
            break;
        default:
            ((gels_fn *)fn)(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, inf, 1);
            break;
        }
        if (pass == 1 || *inf != 0) break;
        const double want = (double)query;
        lwork = want >= 1 && want < (double)INT_MAX ? (int)want : 1;
        work = malloc((size_t)lwork * sizeof(T));
        if (!work) return OMPWG_ERR_NOMEM;
    }
    if (work != &query) free(work);
    return OMPWG_OK;
}

int TN(ompwg_openblas_, factor)(const ompwg_factor_shape *s, T *a, int64_t *ipiv, T *tau, T *b,
                                int64_t *info)
{
    static void *fns[OMPWG_LA_OP_COUNT];
    static const char *const names[OMPWG_LA_OP_COUNT] = OMPWG_LA_NAMES(T_PREFIX, "_");
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    if (!ompwg_openblas_fits_factor(s)) return OMPWG_ERR_TOO_LARGE;
    void *fn = routine(&fns[s->op], names[s->op]);
    if (!fn) return OMPWG_ERR_UNAVAILABLE;
    if (s->op == OMPWG_LA_GEQRF || s->op == OMPWG_LA_ORMQR || s->op == OMPWG_LA_GELS) {
        int inf = 0;
        const int st = qr_call(s, fn, a, tau, b, &inf);
        if (info) *info = inf;
        return st;
    }
    const int m = (int)s->m, n = (int)s->n, nrhs = (int)s->nrhs, lda = (int)s->lda,
              ldb = (int)s->ldb;
    const char uplo = s->upper ? 'U' : 'L', trans = s->trans ? 'T' : 'N';
    const int64_t npiv = s->m < s->n ? s->m : s->n;
    int *piv = NULL, inf = 0;
    if (s->op == OMPWG_LA_GETRF || s->op == OMPWG_LA_GETRS || s->op == OMPWG_LA_GESV) {
        piv = malloc((size_t)npiv * sizeof(int));
        if (!piv) return OMPWG_ERR_NOMEM;
    }
    switch (s->op) {
    case OMPWG_LA_GETRF:
        ((getrf_fn *)fn)(&m, &n, a, &lda, piv, &inf);
        for (int64_t i = 0; i < npiv; i++) ipiv[i] = piv[i];
        break;
    case OMPWG_LA_GETRS:
        for (int64_t i = 0; i < npiv; i++) piv[i] = (int)ipiv[i];
        ((getrs_fn *)fn)(&trans, &n, &nrhs, a, &lda, piv, b, &ldb, &inf, 1);
        break;
    case OMPWG_LA_GESV:
        ((gesv_fn *)fn)(&n, &nrhs, a, &lda, piv, b, &ldb, &inf);
        for (int64_t i = 0; i < npiv; i++) ipiv[i] = piv[i];
        break;
    case OMPWG_LA_POSV: {
        /* POTRF, then POTRS when it succeeded: OpenBLAS's POSV would solve
         * with a factor that a NaN stopped (see potrf_nan_info) */
        void *trf = routine(&fns[OMPWG_LA_POTRF], names[OMPWG_LA_POTRF]);
        void *trs = routine(&fns[OMPWG_LA_POTRS], names[OMPWG_LA_POTRS]);
        if (!trf || !trs) {
            ((posv_fn *)fn)(&uplo, &n, &nrhs, a, &lda, b, &ldb, &inf, 1);
            break;
        }
        ((potrf_fn *)trf)(&uplo, &n, a, &lda, &inf, 1);
        inf = potrf_nan_info(n, a, lda, inf);
        if (inf == 0) ((potrs_fn *)trs)(&uplo, &n, &nrhs, a, &lda, b, &ldb, &inf, 1);
        break;
    }
    case OMPWG_LA_POTRF:
        ((potrf_fn *)fn)(&uplo, &n, a, &lda, &inf, 1);
        inf = potrf_nan_info(n, a, lda, inf);
        break;
    case OMPWG_LA_POTRS: ((potrs_fn *)fn)(&uplo, &n, &nrhs, a, &lda, b, &ldb, &inf, 1); break;
    default: break;
    }
    free(piv);
    if (info) *info = inf;
    return OMPWG_OK;
}
