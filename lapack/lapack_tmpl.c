/* The LAPACK routines the drop-in runs in ompwg, compiled once per
 * precision: xGETRF, xGETRS, xGESV, xPOTRF, xPOTRS and xPOSV with
 * LAPACK's interface (32-bit integers by address, 1-based pivots, hidden
 * lengths of the character arguments), on the public functions of
 * ompwg_lapack.h, which place each call and run a matrix the device cannot
 * hold on OpenBLAS's LAPACK. An illegal argument goes to xerbla_ with the
 * reference routine's name and number (libompwg_blas's, which returns). A
 * failure the library reports at run time is said on stderr. Linked into
 * libompwg_blas (a preloaded BLAS catches these calls too) and
 * libompwg_lapack; the exported names are spelled in full at the end. */
#include "prec.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "ompwg_lapack.h"

#define LA_EXPORT __attribute__((visibility("default")))

void xerbla_(const char *srname, const int *info, size_t len);

/* The routine's name as XERBLA takes it (six characters). */
#define LA_NAME(rest) T_PREFIX_UPPER rest

/* A size by address; a NULL one (never from Fortran) reads as `illegal`. */
static int64_t read_int(const int *p, int64_t illegal)
{
    return p ? *p : illegal;
}

/* Characters as LAPACK's LSAME reads them. */
static ompwg_uplo uplo_of(const char *c)
{
    if (!c) return (ompwg_uplo)0;
    return *c == 'U' || *c == 'u' ? OMPWG_UPPER : *c == 'L' || *c == 'l' ? OMPWG_LOWER : (ompwg_uplo)0;
}

static ompwg_trans trans_of(const char *c)
{
    if (!c) return (ompwg_trans)0;
    switch (*c) {
    case 'N': case 'n': return OMPWG_NO_TRANS;
    case 'T': case 't': return OMPWG_TRANS;
    case 'C': case 'c': return OMPWG_CONJ_TRANS;
    default: return (ompwg_trans)0;
    }
}

/* Whether a call that returned st, info must run again on OpenBLAS: it
 * failed at run time (the selected backend is not usable here, the device
 * failed), not on its arguments. */
static bool rerun(ompwg_status st, int64_t info)
{
    return st != OMPWG_OK && info >= 0 && st != OMPWG_ERR_NULL;
}

/* `call` once, and once more on OpenBLAS (the calling thread's backend set
 * to it for that call) when it failed at run time: a LAPACK routine has no
 * status to return, so the drop-in finishes the work where it can. Nothing
 * the GPU path writes reaches A or B before the factorisation has
 * succeeded. */
#define LA_CALL(st, call)                                                                     \
    do {                                                                                      \
        (st) = (call);                                                                        \
        if (rerun((st), inf)) {                                                               \
            const char *own = ompwg_get_thread_backend();                                     \
            if (ompwg_set_thread_backend("openblas") == OMPWG_OK) {                           \
                inf = 0;                                                                      \
                (st) = (call);                                                                \
                ompwg_set_thread_backend(own);                                                \
            }                                                                                 \
        }                                                                                     \
    } while (0)

/* After a call: an illegal argument to xerbla_, a run-time failure said. */
static int finish(const char *name, ompwg_status st, int64_t info)
{
    if (info < 0) {
        const int pos = (int)-info;
        xerbla_(name, &pos, 6);
    } else if (st != OMPWG_OK) {
        fprintf(stderr, "ompwg: %s failed: %s\n", name, ompwg_strerror(st));
    }
    return (int)info;
}

/* The pivots of a factorisation of k rows or columns, 64-bit: NULL when
 * they could not be had (the call then says OMPWG_ERR_NOMEM on stderr). */
static int64_t *pivots(int64_t k)
{
    return k > 0 ? malloc((size_t)k * sizeof(int64_t)) : NULL;
}

#if T_IS_DOUBLE
#define LA(name) ompwg_d##name
#else
#define LA(name) ompwg_s##name
#endif

static void getrf_body(const int *m, const int *n, T *a, const int *lda, int *ipiv, int *info)
{
    const int64_t mm = read_int(m, -1), nn = read_int(n, -1), k = mm < nn ? mm : nn;
    int64_t *piv = pivots(k), inf = 0;
    if (k > 0 && !piv) {
        *info = finish(LA_NAME("GETRF"), OMPWG_ERR_NOMEM, 0);
        return;
    }
    ompwg_status st;
    LA_CALL(st, LA(getrf)(mm, nn, a, read_int(lda, 0), piv, &inf));
    if (st == OMPWG_OK)
        for (int64_t i = 0; i < k; i++) ipiv[i] = (int)piv[i];
    free(piv);
    *info = finish(LA_NAME("GETRF"), st, inf);
}

static void getrs_body(const char *trans, const int *n, const int *nrhs, const T *a,
                       const int *lda, const int *ipiv, T *b, const int *ldb, int *info)
{
    const int64_t nn = read_int(n, -1);
    int64_t *piv = pivots(nn), inf = 0;
    if (nn > 0 && !piv) {
        *info = finish(LA_NAME("GETRS"), OMPWG_ERR_NOMEM, 0);
        return;
    }
    if (piv && ipiv)
        for (int64_t i = 0; i < nn; i++) piv[i] = ipiv[i];
    ompwg_status st;
    LA_CALL(st, LA(getrs)(trans_of(trans), nn, read_int(nrhs, -1), a, read_int(lda, 0),
                                ipiv ? piv : NULL, b, read_int(ldb, 0), &inf));
    free(piv);
    *info = finish(LA_NAME("GETRS"), st, inf);
}

static void gesv_body(const int *n, const int *nrhs, T *a, const int *lda, int *ipiv, T *b,
                      const int *ldb, int *info)
{
    const int64_t nn = read_int(n, -1);
    int64_t *piv = pivots(nn), inf = 0;
    if (nn > 0 && !piv) {
        *info = finish(LA_NAME("GESV "), OMPWG_ERR_NOMEM, 0);
        return;
    }
    ompwg_status st;
    LA_CALL(st, LA(gesv)(nn, read_int(nrhs, -1), a, read_int(lda, 0), piv, b,
                               read_int(ldb, 0), &inf));
    if (st == OMPWG_OK)
        for (int64_t i = 0; i < nn; i++) ipiv[i] = (int)piv[i];
    free(piv);
    *info = finish(LA_NAME("GESV "), st, inf);
}

static void potrf_body(const char *uplo, const int *n, T *a, const int *lda, int *info)
{
    int64_t inf = 0;
    ompwg_status st;
    LA_CALL(st, LA(potrf)(uplo_of(uplo), read_int(n, -1), a, read_int(lda, 0), &inf));
    *info = finish(LA_NAME("POTRF"), st, inf);
}

static void potrs_body(const char *uplo, const int *n, const int *nrhs, const T *a,
                       const int *lda, T *b, const int *ldb, int *info)
{
    int64_t inf = 0;
    ompwg_status st;
    LA_CALL(st, LA(potrs)(uplo_of(uplo), read_int(n, -1), read_int(nrhs, -1), a,
                                read_int(lda, 0), b, read_int(ldb, 0), &inf));
    *info = finish(LA_NAME("POTRS"), st, inf);
}

static void posv_body(const char *uplo, const int *n, const int *nrhs, T *a, const int *lda, T *b,
                      const int *ldb, int *info)
{
    int64_t inf = 0;
    ompwg_status st;
    LA_CALL(st, LA(posv)(uplo_of(uplo), read_int(n, -1), read_int(nrhs, -1), a,
                               read_int(lda, 0), b, read_int(ldb, 0), &inf));
    *info = finish(LA_NAME("POSV "), st, inf);
}

/* LAPACK's parameter lists, the hidden lengths of the character arguments
 * last (gfortran's interface). */
#define GETRF_F const int *m, const int *n, T *a, const int *lda, int *ipiv, int *info
#define GETRS_F                                                                                 \
    const char *trans, const int *n, const int *nrhs, const T *a, const int *lda,               \
        const int *ipiv, T *b, const int *ldb, int *info, size_t trans_len
#define GESV_F                                                                                  \
    const int *n, const int *nrhs, T *a, const int *lda, int *ipiv, T *b, const int *ldb,       \
        int *info
#define POTRF_F const char *uplo, const int *n, T *a, const int *lda, int *info, size_t uplo_len
#define POTRS_F                                                                                 \
    const char *uplo, const int *n, const int *nrhs, const T *a, const int *lda, T *b,          \
        const int *ldb, int *info, size_t uplo_len
#define POSV_F                                                                                  \
    const char *uplo, const int *n, const int *nrhs, T *a, const int *lda, T *b,                \
        const int *ldb, int *info, size_t uplo_len
#define GETRF_A m, n, a, lda, ipiv, info
#define GETRS_A trans, n, nrhs, a, lda, ipiv, b, ldb, info
#define GESV_A n, nrhs, a, lda, ipiv, b, ldb, info
#define POTRF_A uplo, n, a, lda, info
#define POTRS_A uplo, n, nrhs, a, lda, b, ldb, info
#define POSV_A uplo, n, nrhs, a, lda, b, ldb, info

/* LU */
#if T_IS_DOUBLE
LA_EXPORT void dgetrf_(GETRF_F) { getrf_body(GETRF_A); }
LA_EXPORT void dgetrs_(GETRS_F) { (void)trans_len; getrs_body(GETRS_A); }
LA_EXPORT void dgesv_(GESV_F) { gesv_body(GESV_A); }
#else
LA_EXPORT void sgetrf_(GETRF_F) { getrf_body(GETRF_A); }
LA_EXPORT void sgetrs_(GETRS_F) { (void)trans_len; getrs_body(GETRS_A); }
LA_EXPORT void sgesv_(GESV_F) { gesv_body(GESV_A); }
#endif

/* Cholesky */
#if T_IS_DOUBLE
LA_EXPORT void dpotrf_(POTRF_F) { (void)uplo_len; potrf_body(POTRF_A); }
LA_EXPORT void dpotrs_(POTRS_F) { (void)uplo_len; potrs_body(POTRS_A); }
LA_EXPORT void dposv_(POSV_F) { (void)uplo_len; posv_body(POSV_A); }
#else
LA_EXPORT void spotrf_(POTRF_F) { (void)uplo_len; potrf_body(POTRF_A); }
LA_EXPORT void spotrs_(POTRS_F) { (void)uplo_len; potrs_body(POTRS_A); }
LA_EXPORT void sposv_(POSV_F) { (void)uplo_len; posv_body(POSV_A); }
#endif
