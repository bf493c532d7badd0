/* The LAPACK routines the drop-in runs in ompwg, compiled once per
 * precision: xGETRF, xGETRS, xGESV, xPOTRF, xPOTRS, xPOSV, xGEQRF, xORMQR
 * and xGELS with LAPACK's interface (32-bit integers by address, 1-based
 * pivots, hidden lengths of the character arguments, workspace queries:
 * the sizes reference LAPACK asks for, though the library allocates its
 * own), on the public functions of
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

#include "forward_table.h"
#include "ompwg_lapack.h"
#include "openblas_gate.h"
#include "short_calls.h"

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

/* TRANS of a real routine that takes only 'N' and 'T' (xORMQR, xGELS). */
static ompwg_trans trans_real(const char *c)
{
    const ompwg_trans t = trans_of(c);
    return t == OMPWG_CONJ_TRANS ? (ompwg_trans)0 : t;
}

static ompwg_side side_of(const char *c)
{
    if (!c) return (ompwg_side)0;
    return *c == 'L' || *c == 'l' ? OMPWG_LEFT : *c == 'R' || *c == 'r' ? OMPWG_RIGHT : (ompwg_side)0;
}

/* Reference LAPACK's block size for the QR routines (ILAENV's answer). */
#define QR_NB 32

/* Whether the workspace argument (LWORK = lwork, at least `least`) settles
 * the call before it runs: a query (lwork -1) answered with `optimal` in
 * work[0], or a workspace too small (*info = -pos). Checked only when the
 * arguments before it are valid (`valid`), as the reference orders them;
 * work[0] gets `optimal` as the reference writes it. */
static bool workspace_settles(bool valid, int64_t lwork, int64_t least, int64_t optimal, T *work,
                              int pos, int64_t *info)
{
    if (work) work[0] = (T)optimal;
    if (!valid) return false;
    if (lwork == -1) return true;
    if (lwork < least) {
        *info = -pos;
        return true;
    }
    return false;
}

static int64_t max3(int64_t a, int64_t b, int64_t c)
{
    const int64_t ab = a > b ? a : b;
    return ab > c ? ab : c;
}

/* Whether a call that returned st, info must run again on OpenBLAS: it
 * failed at run time (the selected backend is not usable here, the device
 * failed), not on its arguments, and its arrays still hold the input (not
 * OMPWG_ERR_PARTIAL, said on stderr by finish()). */
static bool rerun(ompwg_status st, int64_t info)
{
    return st != OMPWG_OK && info >= 0 && st != OMPWG_ERR_NULL && st != OMPWG_ERR_PARTIAL;
}

/* `call` once, and once more on OpenBLAS (the calling thread's backend set
 * to it for that call) when it failed at run time: a LAPACK routine has no
 * status to return, so the drop-in finishes the work where it can. The
 * GPU path writes nothing to A or B before the factorisation has
 * succeeded, but for the parts of A it sends back while it runs: a device
 * failure after those is OMPWG_ERR_PARTIAL, which is not run again. */
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

/* ---- short calls --------------------------------------------------------
 * A call whose every dimension is at most LA_SHORT_DIM, whose arguments
 * are valid and which is not a workspace query goes straight to OpenBLAS's
 * own routine, with the caller's pivots and workspace, in the fork gate,
 * while the short calls' word (short_calls.h) is open: where the planner
 * would send it to OpenBLAS anyway (docs/drop-in.md#short-calls). At this
 * size every BLAS call OpenBLAS's routine makes by name (the QR routines'
 * block reflectors) is a short call of the drop-in's BLAS too, which ends
 * in OpenBLAS as on the planner's path; QR's blocked code starts only past
 * 32 columns, so the caller's workspace and the library's give the same
 * result. Anything else takes the C API's path, which checks and refuses
 * as before. */
#define LA_SHORT_DIM 32

enum { LS_GETRF, LS_GETRS, LS_GESV, LS_POTRF, LS_POTRS, LS_POSV, LS_GEQRF, LS_ORMQR, LS_GELS,
       LS_COUNT };

static const char *const la_short_names[LS_COUNT] = {
    [LS_GETRF] = T_PREFIX "getrf_", [LS_GETRS] = T_PREFIX "getrs_", [LS_GESV] = T_PREFIX "gesv_",
    [LS_POTRF] = T_PREFIX "potrf_", [LS_POTRS] = T_PREFIX "potrs_", [LS_POSV] = T_PREFIX "posv_",
    [LS_GEQRF] = T_PREFIX "geqrf_", [LS_ORMQR] = T_PREFIX "ormqr_", [LS_GELS] = T_PREFIX "gels_",
};

OMPWG_FORWARD_TABLE(la_short_table, "ompwg_lapack", la_short_names, LS_COUNT);

/* OpenBLAS's own routine id for a short call of these sizes (each >= 0 and
 * at most LA_SHORT_DIM), or NULL: the call then takes the C API's path. */
static void *la_short(int id, int64_t a, int64_t b, int64_t c)
{
    if (!ompwg_short_calls_open()) return NULL;
    if (a < 0 || b < 0 || c < 0 || a > LA_SHORT_DIM || b > LA_SHORT_DIM || c > LA_SHORT_DIM)
        return NULL;
    return ompwg_forward_own(&la_short_table, id);
}

/* OpenBLAS's routine fn on the arguments, in the fork gate. */
#define LA_SHORT_RUN(fn, ...)                                                                   \
    do {                                                                                        \
        ompwg_gate_slot *gate_ = ompwg_openblas_enter();                                        \
        (fn)(__VA_ARGS__);                                                                      \
        ompwg_openblas_leave(gate_);                                                            \
    } while (0)

/* A leading dimension at least max(1, rows). */
static bool ld_ok(const int *ld, int64_t rows)
{
    return ld && *ld >= (rows > 1 ? rows : 1);
}

/* LAPACK's parameter lists' function types, the hidden lengths last. */
typedef void la_getrf_fn(const int *, const int *, T *, const int *, int *, int *);
typedef void la_getrs_fn(const char *, const int *, const int *, const T *, const int *,
                         const int *, T *, const int *, int *, size_t);
typedef void la_gesv_fn(const int *, const int *, T *, const int *, int *, T *, const int *,
                        int *);
typedef void la_potrf_fn(const char *, const int *, T *, const int *, int *, size_t);
typedef void la_potrs_fn(const char *, const int *, const int *, const T *, const int *, T *,
                         const int *, int *, size_t);
typedef void la_posv_fn(const char *, const int *, const int *, T *, const int *, T *,
                        const int *, int *, size_t);
typedef void la_geqrf_fn(const int *, const int *, T *, const int *, T *, T *, const int *,
                         int *);
typedef void la_ormqr_fn(const char *, const char *, const int *, const int *, const int *,
                         const T *, const int *, const T *, T *, const int *, T *, const int *,
                         int *, size_t, size_t);
typedef void la_gels_fn(const char *, const int *, const int *, const int *, T *, const int *,
                        T *, const int *, T *, const int *, int *, size_t);

static void getrf_body(const int *m, const int *n, T *a, const int *lda, int *ipiv, int *info)
{
    const int64_t mm = read_int(m, -1), nn = read_int(n, -1), k = mm < nn ? mm : nn;
    la_getrf_fn *fn = la_short(LS_GETRF, mm, nn, 0);
    if (fn && ld_ok(lda, mm) && a && ipiv && info) {
        LA_SHORT_RUN(fn, m, n, a, lda, ipiv, info);
        return;
    }
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
    la_getrs_fn *fn = la_short(LS_GETRS, nn, read_int(nrhs, -1), 0);
    if (fn && trans_of(trans) != 0 && ld_ok(lda, nn) && ld_ok(ldb, nn) && a && ipiv && b &&
        info) {
        LA_SHORT_RUN(fn, trans, n, nrhs, a, lda, ipiv, b, ldb, info, 1);
        return;
    }
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
    la_gesv_fn *fn = la_short(LS_GESV, nn, read_int(nrhs, -1), 0);
    if (fn && ld_ok(lda, nn) && ld_ok(ldb, nn) && a && ipiv && b && info) {
        LA_SHORT_RUN(fn, n, nrhs, a, lda, ipiv, b, ldb, info);
        return;
    }
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
    la_potrf_fn *fn = la_short(LS_POTRF, read_int(n, -1), 0, 0);
    if (fn && uplo_of(uplo) != 0 && ld_ok(lda, read_int(n, -1)) && a && info) {
        LA_SHORT_RUN(fn, uplo, n, a, lda, info, 1);
        return;
    }
    int64_t inf = 0;
    ompwg_status st;
    LA_CALL(st, LA(potrf)(uplo_of(uplo), read_int(n, -1), a, read_int(lda, 0), &inf));
    *info = finish(LA_NAME("POTRF"), st, inf);
}

static void potrs_body(const char *uplo, const int *n, const int *nrhs, const T *a,
                       const int *lda, T *b, const int *ldb, int *info)
{
    const int64_t nn = read_int(n, -1);
    la_potrs_fn *fn = la_short(LS_POTRS, nn, read_int(nrhs, -1), 0);
    if (fn && uplo_of(uplo) != 0 && ld_ok(lda, nn) && ld_ok(ldb, nn) && a && b && info) {
        LA_SHORT_RUN(fn, uplo, n, nrhs, a, lda, b, ldb, info, 1);
        return;
    }
    int64_t inf = 0;
    ompwg_status st;
    LA_CALL(st, LA(potrs)(uplo_of(uplo), read_int(n, -1), read_int(nrhs, -1), a,
                                read_int(lda, 0), b, read_int(ldb, 0), &inf));
    *info = finish(LA_NAME("POTRS"), st, inf);
}

static void posv_body(const char *uplo, const int *n, const int *nrhs, T *a, const int *lda, T *b,
                      const int *ldb, int *info)
{
    const int64_t nn = read_int(n, -1);
    la_posv_fn *fn = la_short(LS_POSV, nn, read_int(nrhs, -1), 0);
    if (fn && uplo_of(uplo) != 0 && ld_ok(lda, nn) && ld_ok(ldb, nn) && a && b && info) {
        LA_SHORT_RUN(fn, uplo, n, nrhs, a, lda, b, ldb, info, 1);
        return;
    }
    int64_t inf = 0;
    ompwg_status st;
    LA_CALL(st, LA(posv)(uplo_of(uplo), read_int(n, -1), read_int(nrhs, -1), a,
                               read_int(lda, 0), b, read_int(ldb, 0), &inf));
    *info = finish(LA_NAME("POSV "), st, inf);
}

static void geqrf_body(const int *m, const int *n, T *a, const int *lda, T *tau, T *work,
                       const int *lwork, int *info)
{
    const int64_t mm = read_int(m, -1), nn = read_int(n, -1), ld = read_int(lda, 0);
    const int64_t k = mm < nn ? mm : nn;
    int64_t inf = 0;
    ompwg_status st = OMPWG_OK;
    const bool valid = mm >= 0 && nn >= 0 && ld >= (mm > 1 ? mm : 1);
    la_geqrf_fn *fn = la_short(LS_GEQRF, mm, nn, 0);
    if (fn && valid && read_int(lwork, 0) >= (nn > 1 ? nn : 1) && a && tau && work && info) {
        LA_SHORT_RUN(fn, m, n, a, lda, tau, work, lwork, info);
        return;
    }
    if (!workspace_settles(valid, read_int(lwork, 0), nn > 1 ? nn : 1, k > 0 ? nn * QR_NB : 1,
                           work, 7, &inf))
        LA_CALL(st, LA(geqrf)(mm, nn, a, ld, tau, &inf));
    *info = finish(LA_NAME("GEQRF"), st, inf);
}

static void ormqr_body(const char *side, const char *trans, const int *m, const int *n,
                       const int *k, const T *a, const int *lda, const T *tau, T *c,
                       const int *ldc, T *work, const int *lwork, int *info)
{
    const ompwg_side sd = side_of(side);
    const ompwg_trans tr = trans_real(trans);
    const int64_t mm = read_int(m, -1), nn = read_int(n, -1), kk = read_int(k, -1);
    const int64_t ld = read_int(lda, 0), ldcc = read_int(ldc, 0);
    const int64_t nq = sd == OMPWG_LEFT ? mm : nn, nw = sd == OMPWG_LEFT ? nn : mm;
    const int64_t least = nw > 1 ? nw : 1;
    int64_t inf = 0;
    ompwg_status st = OMPWG_OK;
    const bool valid = sd != 0 && tr != 0 && mm >= 0 && nn >= 0 && kk >= 0 && kk <= nq &&
                       ld >= (nq > 1 ? nq : 1) && ldcc >= (mm > 1 ? mm : 1);
    const int64_t optimal = mm == 0 || nn == 0 || kk == 0 ? 1 : least * QR_NB + 65 * 64;
    la_ormqr_fn *fn = la_short(LS_ORMQR, mm, nn, kk);
    if (fn && valid && read_int(lwork, 0) >= least && a && tau && c && work && info) {
        LA_SHORT_RUN(fn, side, trans, m, n, k, a, lda, tau, c, ldc, work, lwork, info, 1, 1);
        return;
    }
    if (!workspace_settles(valid, read_int(lwork, 0), least, optimal, work, 12, &inf))
        LA_CALL(st, LA(ormqr)(sd, tr, mm, nn, kk, a, ld, tau, c, ldcc, &inf));
    *info = finish(LA_NAME("ORMQR"), st, inf);
}

static void gels_body(const char *trans, const int *m, const int *n, const int *nrhs, T *a,
                      const int *lda, T *b, const int *ldb, T *work, const int *lwork, int *info)
{
    const ompwg_trans tr = trans_real(trans);
    const int64_t mm = read_int(m, -1), nn = read_int(n, -1), nr = read_int(nrhs, -1);
    const int64_t ld = read_int(lda, 0), ldbb = read_int(ldb, 0);
    const int64_t mn = mm < nn ? mm : nn, most = mn > nr ? mn : nr;
    int64_t inf = 0;
    ompwg_status st = OMPWG_OK;
    const bool valid = tr != 0 && mm >= 0 && nn >= 0 && nr >= 0 && ld >= (mm > 1 ? mm : 1) &&
                       ldbb >= max3(1, mm, nn);
    const int64_t least = mn + most > 1 ? mn + most : 1;
    const int64_t optimal = mn + most * QR_NB > 1 ? mn + most * QR_NB : 1;
    la_gels_fn *fn = la_short(LS_GELS, mm, nn, nr);
    if (fn && valid && read_int(lwork, 0) >= least && a && b && work && info) {
        LA_SHORT_RUN(fn, trans, m, n, nrhs, a, lda, b, ldb, work, lwork, info, 1);
        return;
    }
    if (!workspace_settles(valid, read_int(lwork, 0), least, optimal, work, 10, &inf))
        LA_CALL(st, LA(gels)(tr, mm, nn, nr, a, ld, b, ldbb, &inf));
    *info = finish(LA_NAME("GELS "), st, inf);
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
#define GEQRF_F                                                                                 \
    const int *m, const int *n, T *a, const int *lda, T *tau, T *work, const int *lwork, int *info
#define ORMQR_F                                                                                 \
    const char *side, const char *trans, const int *m, const int *n, const int *k, const T *a,  \
        const int *lda, const T *tau, T *c, const int *ldc, T *work, const int *lwork,           \
        int *info, size_t side_len, size_t trans_len
#define GELS_F                                                                                  \
    const char *trans, const int *m, const int *n, const int *nrhs, T *a, const int *lda, T *b,  \
        const int *ldb, T *work, const int *lwork, int *info, size_t trans_len
#define GEQRF_A m, n, a, lda, tau, work, lwork, info
#define ORMQR_A side, trans, m, n, k, a, lda, tau, c, ldc, work, lwork, info
#define GELS_A trans, m, n, nrhs, a, lda, b, ldb, work, lwork, info
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

/* QR and least squares */
#if T_IS_DOUBLE
LA_EXPORT void dgeqrf_(GEQRF_F) { geqrf_body(GEQRF_A); }
LA_EXPORT void dormqr_(ORMQR_F) { (void)side_len, (void)trans_len; ormqr_body(ORMQR_A); }
LA_EXPORT void dgels_(GELS_F) { (void)trans_len; gels_body(GELS_A); }
#else
LA_EXPORT void sgeqrf_(GEQRF_F) { geqrf_body(GEQRF_A); }
LA_EXPORT void sormqr_(ORMQR_F) { (void)side_len, (void)trans_len; ormqr_body(ORMQR_A); }
LA_EXPORT void sgels_(GELS_F) { (void)trans_len; gels_body(GELS_A); }
#endif
