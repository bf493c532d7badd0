/* xSYMM, xSYRK, xSYR2K, xTRMM and xTRSM (Fortran and CBLAS), compiled once
 * per precision (prec.h): the reference checks (level3_args.c) and quick
 * returns here; the operation in ompwg, which takes either layout the way
 * netlib's CBLAS turns a row-major call into a column-major one, or for a
 * short call on OpenBLAS (short.h). */
#include "prec.h"

#include "shim.h"
#include "short.h"

/* the names XERBLA gets (blank-padded to six), and the CBLAS routines' */
static const char symm_name[] = T_PREFIX_UPPER "SYMM ", syrk_name[] = T_PREFIX_UPPER "SYRK ",
                  syr2k_name[] = T_PREFIX_UPPER "SYR2K", trmm_name[] = T_PREFIX_UPPER "TRMM ",
                  trsm_name[] = T_PREFIX_UPPER "TRSM ";
static const char cblas_symm_name[] = "cblas_" T_PREFIX "symm",
                  cblas_syrk_name[] = "cblas_" T_PREFIX "syrk",
                  cblas_syr2k_name[] = "cblas_" T_PREFIX "syr2k",
                  cblas_trmm_name[] = "cblas_" T_PREFIX "trmm",
                  cblas_trsm_name[] = "cblas_" T_PREFIX "trsm";

/* OpenBLAS's cblas_xsymm, cblas_xsyrk, cblas_xsyr2k and cblas_xtrmm /
 * cblas_xtrsm */
typedef void short_symm_fn(ompwg_layout, ompwg_side, ompwg_uplo, int, int, T, const T *, int,
                           const T *, int, T, T *, int);
typedef void short_syrk_fn(ompwg_layout, ompwg_uplo, ompwg_trans, int, int, T, const T *, int,
                           T, T *, int);
typedef void short_syr2k_fn(ompwg_layout, ompwg_uplo, ompwg_trans, int, int, T, const T *, int,
                            const T *, int, T, T *, int);
typedef void short_trxm_fn(ompwg_layout, ompwg_side, ompwg_uplo, ompwg_trans, ompwg_diag, int,
                           int, T, const T *, int, T *, int);

/* A short call (short.h) is the column-major call the planner's path gives
 * the openblas backend (src/level3_args.c): a row-major one has its side
 * and uplo flipped and m and n swapped, SYRK's and SYR2K's trans flipped,
 * and every transpose other than 'N' is the transpose. */
typedef struct short_call {
    ompwg_side side;
    ompwg_uplo uplo;
    ompwg_trans trans;
    int m, n;
} short_call;

static short_call short_normalise(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                  bool flip_trans, ompwg_trans trans, int m, int n)
{
    const bool col = layout == OMPWG_COL_MAJOR;
    const bool tr = (trans != OMPWG_NO_TRANS) != (flip_trans && !col);
    return (short_call){ .side = (side == OMPWG_LEFT) == col ? OMPWG_LEFT : OMPWG_RIGHT,
                         .uplo = (uplo == OMPWG_UPPER) == col ? OMPWG_UPPER : OMPWG_LOWER,
                         .trans = tr ? OMPWG_TRANS : OMPWG_NO_TRANS,
                         .m = col ? m : n, .n = col ? n : m };
}

/* Whether an m x n C (leading dimension ldc) shares an element with a
 * rows x cols input x read (the planner's path refuses such a call). */
static bool short_overlap(const T *c, int m, int n, int ldc, const T *x, int rows, int cols,
                          int ldx)
{
    return ompwg_blas_short_overlap(c, m, n, ldc, x, rows, cols, ldx, sizeof(T));
}

/* Whether a call of a * b * c / halves multiply-adds may be short now. */
static bool short_open(int a, int b, int c, int halves)
{
    return ompwg_blas_short_work(a, b, c, halves) && ompwg_short_calls_open();
}

/* The short calls: run on OpenBLAS and true, or false where the call goes
 * through ompwg (not short, the path closed, a NULL array it reads, C
 * sharing an element with an input: the planner's path refuses those). */
static bool short_symm(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo, int m, int n,
                       T alpha, const T *a, int lda, const T *b, int ldb, T beta, T *c, int ldc)
{
    const short_call s = short_normalise(layout, side, uplo, false, OMPWG_NO_TRANS, m, n);
    const int ka = s.side == OMPWG_LEFT ? s.m : s.n;
    if (!short_open(s.m, s.n, ka, 1)) return false;
    const bool reads = alpha != 0;
    if (!c || (reads && (!a || !b))) return false;
    if (reads && (short_overlap(c, s.m, s.n, ldc, a, ka, ka, lda) ||
                  short_overlap(c, s.m, s.n, ldc, b, s.m, s.n, ldb)))
        return false;
    short_symm_fn *fn = (short_symm_fn *)ompwg_blas_short_routine(TN(SHORT_, symm));
    if (!fn) return false;
    ompwg_gate_slot *gate = ompwg_openblas_enter();
    fn(OMPWG_COL_MAJOR, s.side, s.uplo, s.m, s.n, alpha, a, lda, reads ? b : NULL, ldb, beta, c,
       ldc);
    ompwg_openblas_leave(gate);
    return true;
}

static bool short_syrk(bool two, ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans,
                       int n, int k, T alpha, const T *a, int lda, const T *b, int ldb, T beta,
                       T *c, int ldc)
{
    const short_call s = short_normalise(layout, OMPWG_LEFT, uplo, true, trans, n, n);
    if (!short_open(n, n, k, two ? 1 : 2)) return false;
    const bool reads = alpha != 0 && k > 0;
    const int rows = s.trans == OMPWG_TRANS ? k : n, cols = s.trans == OMPWG_TRANS ? n : k;
    if (!c || (reads && (!a || (two && !b)))) return false;
    if (reads && (short_overlap(c, n, n, ldc, a, rows, cols, lda) ||
                  (two && short_overlap(c, n, n, ldc, b, rows, cols, ldb))))
        return false;
    if (two) {
        short_syr2k_fn *fn = (short_syr2k_fn *)ompwg_blas_short_routine(TN(SHORT_, syr2k));
        if (!fn) return false;
        ompwg_gate_slot *gate = ompwg_openblas_enter();
        fn(OMPWG_COL_MAJOR, s.uplo, s.trans, n, k, alpha, a, lda, reads ? b : NULL, ldb, beta,
           c, ldc);
        ompwg_openblas_leave(gate);
        return true;
    }
    short_syrk_fn *fn = (short_syrk_fn *)ompwg_blas_short_routine(TN(SHORT_, syrk));
    if (!fn) return false;
    ompwg_gate_slot *gate = ompwg_openblas_enter();
    fn(OMPWG_COL_MAJOR, s.uplo, s.trans, n, k, alpha, a, lda, beta, c, ldc);
    ompwg_openblas_leave(gate);
    return true;
}

static bool short_trxm(bool solve, ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                       ompwg_trans transa, ompwg_diag diag, int m, int n, T alpha, const T *a,
                       int lda, T *b, int ldb)
{
    const short_call s = short_normalise(layout, side, uplo, false, transa, m, n);
    const int ka = s.side == OMPWG_LEFT ? s.m : s.n;
    if (!short_open(s.m, s.n, ka, 2)) return false;
    const bool reads = alpha != 0;
    if (!b || (reads && !a)) return false;
    if (reads && short_overlap(b, s.m, s.n, ldb, a, ka, ka, lda)) return false;
    short_trxm_fn *fn = (short_trxm_fn *)ompwg_blas_short_routine(solve ? TN(SHORT_, trsm)
                                                                         : TN(SHORT_, trmm));
    if (!fn) return false;
    ompwg_gate_slot *gate = ompwg_openblas_enter();
    fn(OMPWG_COL_MAJOR, s.side, s.uplo, s.trans, diag == OMPWG_UNIT ? OMPWG_UNIT : OMPWG_NON_UNIT,
       s.m, s.n, alpha, a, lda, b, ldb);
    ompwg_openblas_leave(gate);
    return true;
}

/* The operations, arguments checked, with the reference quick returns and
 * the run on a fallback backend after a run-time failure. A failure that
 * may have written part of the output is run again only where the output
 * is then written whole (beta == 0; TRMM, TRSM: alpha == 0). */
static void run_symm(const char *routine, ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                     ompwg_blas_int m, ompwg_blas_int n, T alpha, const T *a, ompwg_blas_int lda,
                     const T *b, ompwg_blas_int ldb, T beta, T *c, ompwg_blas_int ldc)
{
    if (m == 0 || n == 0 || (alpha == 0 && beta == 1)) return;
    if (OMPWG_BLAS_SHORT_CALLS &&
        short_symm(layout, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc))
        return;
    ompwg_blas_attempt at = { .routine = routine };
    int st;
    do
        st = TN(ompwg_, symm)(layout, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
    while (ompwg_blas_retry(&at, st, beta == 0));
}

/* xSYRK (two_operands false: b unused) and xSYR2K. */
static void run_syrk(const char *routine, bool two_operands, ompwg_layout layout, ompwg_uplo uplo,
                     ompwg_trans trans, ompwg_blas_int n, ompwg_blas_int k, T alpha, const T *a,
                     ompwg_blas_int lda, const T *b, ompwg_blas_int ldb, T beta, T *c,
                     ompwg_blas_int ldc)
{
    if (n == 0 || ((alpha == 0 || k == 0) && beta == 1)) return;
    if (OMPWG_BLAS_SHORT_CALLS &&
        short_syrk(two_operands, layout, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc))
        return;
    ompwg_blas_attempt at = { .routine = routine };
    int st;
    do
        st = two_operands ? TN(ompwg_, syr2k)(layout, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
               : TN(ompwg_, syrk)(layout, uplo, trans, n, k, alpha, a, lda, beta, c, ldc);
    while (ompwg_blas_retry(&at, st, beta == 0));
}

static void run_trxm(const char *routine, bool solve, ompwg_layout layout, ompwg_side side,
                     ompwg_uplo uplo, ompwg_trans transa, ompwg_diag diag, ompwg_blas_int m,
                     ompwg_blas_int n, T alpha, const T *a, ompwg_blas_int lda, T *b,
                     ompwg_blas_int ldb)
{
    if (m == 0 || n == 0) return;
    if (OMPWG_BLAS_SHORT_CALLS &&
        short_trxm(solve, layout, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb))
        return;
    ompwg_blas_attempt at = { .routine = routine };
    int st;
    do
        st = solve ? TN(ompwg_, trsm)(layout, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb)
                   : TN(ompwg_, trmm)(layout, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb);
    while (ompwg_blas_retry(&at, st, alpha == 0));
}

/* The Fortran xSYMM (LP64 or ILP64): the reference checks (INFO: side 1, uplo 2,
 * m 3, n 4, lda 7, ldb 9, ldc 12; a NULL alpha 5, beta 10) and quick
 * returns; see ompwg_blas.h. */
static void fortran_symm(const char *side, const char *uplo, const ompwg_blas_int *m,
                         const ompwg_blas_int *n, const T *alpha, const T *a,
                         const ompwg_blas_int *lda, const T *b, const ompwg_blas_int *ldb,
                         const T *beta, T *c, const ompwg_blas_int *ldc, size_t side_len,
                         size_t uplo_len)
{
    (void)side_len;
    (void)uplo_len;
    ompwg_side sd = ompwg_blas_side_of_char(side);
    ompwg_uplo ul = ompwg_blas_uplo_of_char(uplo);
    ompwg_blas_int mm = ompwg_blas_read_int(m, -1), nn = ompwg_blas_read_int(n, -1);
    int info = ompwg_blas_symm_info(sd, ul, mm, nn, ompwg_blas_read_int(lda, 0),
                                    ompwg_blas_read_int(ldb, 0), ompwg_blas_read_int(ldc, 0));
    if (!ompwg_blas_fortran_args_ok(symm_name, info, alpha, 5, beta, 10)) return;
    run_symm(symm_name, OMPWG_COL_MAJOR, sd, ul, mm, nn, *alpha, a, *lda, b, *ldb, *beta,
             c, *ldc);
}

/* The Fortran xSYRK (two false: b and ldb NULL) and xSYR2K (LP64 or ILP64), which
 * share their checks. xSYRK's INFO: uplo 1, trans 2, n 3, k 4, lda 7,
 * ldc 10; a NULL alpha 5, beta 8. xSYR2K's: uplo 1, trans 2, n 3, k 4,
 * lda 7, ldb 9, ldc 12; a NULL alpha 5, beta 10. */
static void fortran_syrk(bool two, const char *uplo, const char *trans, const ompwg_blas_int *n,
                         const ompwg_blas_int *k, const T *alpha, const T *a,
                         const ompwg_blas_int *lda, const T *b, const ompwg_blas_int *ldb,
                         const T *beta, T *c, const ompwg_blas_int *ldc, size_t uplo_len,
                         size_t trans_len)
{
    (void)uplo_len;
    (void)trans_len;
    ompwg_uplo ul = ompwg_blas_uplo_of_char(uplo);
    ompwg_trans tr = ompwg_blas_trans_of_char(trans);
    ompwg_blas_int nn = ompwg_blas_read_int(n, -1), kk = ompwg_blas_read_int(k, -1);
    ompwg_blas_int ldb_value = two ? ompwg_blas_read_int(ldb, 0) : 1;
    int info = ompwg_blas_syrk_info(two, ul, tr, nn, kk, ompwg_blas_read_int(lda, 0), ldb_value,
                                    ompwg_blas_read_int(ldc, 0));
    const char *name = two ? syr2k_name : syrk_name;
    if (!ompwg_blas_fortran_args_ok(name, info, alpha, 5, beta, two ? 10 : 8)) return;
    run_syrk(name, two, OMPWG_COL_MAJOR, ul, tr, nn, kk, *alpha, a, *lda, b, ldb_value,
             *beta, c, *ldc);
}

/* The Fortran xTRMM and xTRSM (solve) (LP64 or ILP64), which share their arguments
 * and checks: INFO side 1, uplo 2, transa 3, diag 4, m 5, n 6, lda 9,
 * ldb 11; a NULL alpha 7. */
static void fortran_trxm(bool solve, const char *side, const char *uplo, const char *transa,
                         const char *diag, const ompwg_blas_int *m, const ompwg_blas_int *n,
                         const T *alpha, const T *a, const ompwg_blas_int *lda, T *b,
                         const ompwg_blas_int *ldb, size_t side_len, size_t uplo_len,
                         size_t transa_len, size_t diag_len)
{
    (void)side_len;
    (void)uplo_len;
    (void)transa_len;
    (void)diag_len;
    ompwg_side sd = ompwg_blas_side_of_char(side);
    ompwg_uplo ul = ompwg_blas_uplo_of_char(uplo);
    ompwg_trans tr = ompwg_blas_trans_of_char(transa);
    ompwg_diag dg = ompwg_blas_diag_of_char(diag);
    ompwg_blas_int mm = ompwg_blas_read_int(m, -1), nn = ompwg_blas_read_int(n, -1);
    int info = ompwg_blas_trxm_info(sd, ul, tr, dg, mm, nn, ompwg_blas_read_int(lda, 0),
                                    ompwg_blas_read_int(ldb, 0));
    const char *name = solve ? trsm_name : trmm_name;
    if (!ompwg_blas_fortran_args_ok(name, info, alpha, 7, NULL, 0)) return;
    run_trxm(name, solve, OMPWG_COL_MAJOR, sd, ul, tr, dg, mm, nn, *alpha, a, *lda, b,
             *ldb);
}

/* netlib's cblas_xsymm (LP64 or ILP64): layout 1, side 2, uplo 3, then the Fortran
 * routine's numbers plus one (row-major: of the call on n and m, which
 * cblas_xerbla gives back to M 4 and N 5). */
static void cblas_symm(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo, ompwg_blas_int m,
                       ompwg_blas_int n, T alpha, const T *a, ompwg_blas_int lda, const T *b,
                       ompwg_blas_int ldb, T beta, T *c, ompwg_blas_int ldc)
{
    int p = ompwg_blas_cblas_symm_param(layout, side, uplo, m, n, lda, ldb, ldc);
    if (p) {
        /* cblas_xerbla gives M and N of a row-major call their own numbers */
        ompwg_blas_cblas_report(layout == OMPWG_ROW_MAJOR, p, cblas_symm_name, "", 0);
        return;
    }
    run_symm(cblas_symm_name, layout, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
}

/* netlib's cblas_xsyrk (two false: b NULL, ldb 1) and cblas_xsyr2k (LP64 or ILP64):
 * layout 1, uplo 2, trans 3, n 4, k 5, lda 8, then cblas_xsyrk's ldc 11,
 * cblas_xsyr2k's ldb 10 and ldc 13. */
static void cblas_syrk(bool two, ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans,
                       ompwg_blas_int n, ompwg_blas_int k, T alpha, const T *a, ompwg_blas_int lda,
                       const T *b, ompwg_blas_int ldb, T beta, T *c, ompwg_blas_int ldc)
{
    const char *name = two ? cblas_syr2k_name : cblas_syrk_name;
    int p = ompwg_blas_cblas_syrk_param(two, layout, uplo, trans, n, k, lda, ldb, ldc);
    if (p) {
        ompwg_blas_cblas_report(layout == OMPWG_ROW_MAJOR, p, name, "", 0);
        return;
    }
    run_syrk(name, two, layout, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

/* netlib's cblas_xtrmm and cblas_xtrsm (solve) (LP64 or ILP64): layout 1, side 2,
 * uplo 3, transa 4, diag 5, then the Fortran routine's numbers plus one
 * (row-major: of the call on n and m, which cblas_xerbla gives back to M 6
 * and N 7). */
static void cblas_trxm(bool solve, ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                       ompwg_trans transa, ompwg_diag diag, ompwg_blas_int m, ompwg_blas_int n,
                       T alpha, const T *a, ompwg_blas_int lda, T *b, ompwg_blas_int ldb)
{
    const char *name = solve ? cblas_trsm_name : cblas_trmm_name;
    int p = ompwg_blas_cblas_trxm_param(layout, side, uplo, transa, diag, m, n, lda, ldb);
    if (p) {
        /* cblas_xerbla gives M and N of a row-major call their own numbers */
        ompwg_blas_cblas_report(layout == OMPWG_ROW_MAJOR, p, name, "", 0);
        return;
    }
    run_trxm(name, solve, layout, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb);
}

/* The exported names, each precision's spelled out (ompwg_blas.h declares
 * them): their parameters, Fortran's (F) and CBLAS's (C), and those passed
 * on. */
#define SYMM_F_PARAMS                                                                              \
    const char *side, const char *uplo, const ompwg_blas_int *m, const ompwg_blas_int *n,          \
        const T *alpha, const T *a, const ompwg_blas_int *lda, const T *b,                         \
        const ompwg_blas_int *ldb, const T *beta, T *c, const ompwg_blas_int *ldc,                 \
        size_t side_len, size_t uplo_len
#define SYMM_F_ARGS side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc, side_len, uplo_len
#define SYRK_F_PARAMS                                                                              \
    const char *uplo, const char *trans, const ompwg_blas_int *n, const ompwg_blas_int *k,         \
        const T *alpha, const T *a, const ompwg_blas_int *lda, const T *beta, T *c,                \
        const ompwg_blas_int *ldc, size_t uplo_len, size_t trans_len
#define SYRK_F_ARGS uplo, trans, n, k, alpha, a, lda, NULL, NULL, beta, c, ldc, uplo_len, trans_len
#define SYR2K_F_PARAMS                                                                             \
    const char *uplo, const char *trans, const ompwg_blas_int *n, const ompwg_blas_int *k,         \
        const T *alpha, const T *a, const ompwg_blas_int *lda, const T *b,                         \
        const ompwg_blas_int *ldb, const T *beta, T *c, const ompwg_blas_int *ldc,                 \
        size_t uplo_len, size_t trans_len
#define SYR2K_F_ARGS uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc, uplo_len, trans_len
#define TRXM_F_PARAMS                                                                              \
    const char *side, const char *uplo, const char *transa, const char *diag,                      \
        const ompwg_blas_int *m, const ompwg_blas_int *n, const T *alpha, const T *a,              \
        const ompwg_blas_int *lda, T *b, const ompwg_blas_int *ldb, size_t side_len,               \
        size_t uplo_len, size_t transa_len, size_t diag_len
#define TRXM_F_ARGS                                                                                \
    side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb, side_len, uplo_len, transa_len, diag_len
#define SYMM_C_PARAMS                                                                              \
    ompwg_layout layout, ompwg_side side, ompwg_uplo uplo, ompwg_blas_int m, ompwg_blas_int n,     \
        T alpha, const T *a, ompwg_blas_int lda, const T *b, ompwg_blas_int ldb, T beta, T *c,     \
        ompwg_blas_int ldc
#define SYMM_C_ARGS layout, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc
#define SYRK_C_PARAMS                                                                              \
    ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans, ompwg_blas_int n, ompwg_blas_int k,   \
        T alpha, const T *a, ompwg_blas_int lda, T beta, T *c, ompwg_blas_int ldc
#define SYRK_C_ARGS layout, uplo, trans, n, k, alpha, a, lda, NULL, 1, beta, c, ldc
#define SYR2K_C_PARAMS                                                                             \
    ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans, ompwg_blas_int n, ompwg_blas_int k,   \
        T alpha, const T *a, ompwg_blas_int lda, const T *b, ompwg_blas_int ldb, T beta, T *c,     \
        ompwg_blas_int ldc
#define SYR2K_C_ARGS layout, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc
#define TRXM_C_PARAMS                                                                              \
    ompwg_layout layout, ompwg_side side, ompwg_uplo uplo, ompwg_trans transa, ompwg_diag diag,    \
        ompwg_blas_int m, ompwg_blas_int n, T alpha, const T *a, ompwg_blas_int lda, T *b,         \
        ompwg_blas_int ldb
#define TRXM_C_ARGS layout, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb

#if defined(OMPWG_PREC_S)
OMPWG_BLAS_EXPORT void ssymm_(SYMM_F_PARAMS) { fortran_symm(SYMM_F_ARGS); }
OMPWG_BLAS_EXPORT void ssyrk_(SYRK_F_PARAMS) { fortran_syrk(false, SYRK_F_ARGS); }
OMPWG_BLAS_EXPORT void ssyr2k_(SYR2K_F_PARAMS) { fortran_syrk(true, SYR2K_F_ARGS); }
OMPWG_BLAS_EXPORT void strmm_(TRXM_F_PARAMS) { fortran_trxm(false, TRXM_F_ARGS); }
OMPWG_BLAS_EXPORT void strsm_(TRXM_F_PARAMS) { fortran_trxm(true, TRXM_F_ARGS); }
OMPWG_BLAS_EXPORT void cblas_ssymm(SYMM_C_PARAMS) { cblas_symm(SYMM_C_ARGS); }
OMPWG_BLAS_EXPORT void cblas_ssyrk(SYRK_C_PARAMS) { cblas_syrk(false, SYRK_C_ARGS); }
OMPWG_BLAS_EXPORT void cblas_ssyr2k(SYR2K_C_PARAMS) { cblas_syrk(true, SYR2K_C_ARGS); }
OMPWG_BLAS_EXPORT void cblas_strmm(TRXM_C_PARAMS) { cblas_trxm(false, TRXM_C_ARGS); }
OMPWG_BLAS_EXPORT void cblas_strsm(TRXM_C_PARAMS) { cblas_trxm(true, TRXM_C_ARGS); }
#elif defined(OMPWG_PREC_D)
OMPWG_BLAS_EXPORT void dsymm_(SYMM_F_PARAMS) { fortran_symm(SYMM_F_ARGS); }
OMPWG_BLAS_EXPORT void dsyrk_(SYRK_F_PARAMS) { fortran_syrk(false, SYRK_F_ARGS); }
OMPWG_BLAS_EXPORT void dsyr2k_(SYR2K_F_PARAMS) { fortran_syrk(true, SYR2K_F_ARGS); }
OMPWG_BLAS_EXPORT void dtrmm_(TRXM_F_PARAMS) { fortran_trxm(false, TRXM_F_ARGS); }
OMPWG_BLAS_EXPORT void dtrsm_(TRXM_F_PARAMS) { fortran_trxm(true, TRXM_F_ARGS); }
OMPWG_BLAS_EXPORT void cblas_dsymm(SYMM_C_PARAMS) { cblas_symm(SYMM_C_ARGS); }
OMPWG_BLAS_EXPORT void cblas_dsyrk(SYRK_C_PARAMS) { cblas_syrk(false, SYRK_C_ARGS); }
OMPWG_BLAS_EXPORT void cblas_dsyr2k(SYR2K_C_PARAMS) { cblas_syrk(true, SYR2K_C_ARGS); }
OMPWG_BLAS_EXPORT void cblas_dtrmm(TRXM_C_PARAMS) { cblas_trxm(false, TRXM_C_ARGS); }
OMPWG_BLAS_EXPORT void cblas_dtrsm(TRXM_C_PARAMS) { cblas_trxm(true, TRXM_C_ARGS); }
#else
#error "level3_tmpl.c: no exported names for this precision"
#endif
