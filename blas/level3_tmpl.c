/* xSYMM, xSYRK, xSYR2K, xTRMM and xTRSM (Fortran and CBLAS), compiled once
 * per precision (prec.h): the reference checks, numbered as reference BLAS
 * (xerbla_) and netlib's CBLAS (cblas_xerbla) number them, and the
 * reference quick returns here; the operation in ompwg, which takes either
 * layout the way netlib's CBLAS turns a row-major call into a column-major
 * one. */
#include "prec.h"

#include "shim.h"

/* the names XERBLA gets (blank-padded to six), and the CBLAS routines' */
#if defined(OMPWG_PREC_S)
static const char symm_name[] = "SSYMM ", syrk_name[] = "SSYRK ", syr2k_name[] = "SSYR2K",
                  trmm_name[] = "STRMM ", trsm_name[] = "STRSM ";
static const char cblas_symm[] = "cblas_ssymm", cblas_syrk[] = "cblas_ssyrk",
                  cblas_syr2k[] = "cblas_ssyr2k", cblas_trmm[] = "cblas_strmm",
                  cblas_trsm[] = "cblas_strsm";
#else
static const char symm_name[] = "DSYMM ", syrk_name[] = "DSYRK ", syr2k_name[] = "DSYR2K",
                  trmm_name[] = "DTRMM ", trsm_name[] = "DTRSM ";
static const char cblas_symm[] = "cblas_dsymm", cblas_syrk[] = "cblas_dsyrk",
                  cblas_syr2k[] = "cblas_dsyr2k", cblas_trmm[] = "cblas_dtrmm",
                  cblas_trsm[] = "cblas_dtrsm";
#endif

/* A scalar passed by address; a NULL one (never from Fortran) reads as the
 * given illegal value, so that it is reported, not followed. */
static int TN(arg_, )(const int *p, int illegal)
{
    return p ? *p : illegal;
}

static int TN(max1_, )(int v)
{
    return v > 1 ? v : 1;
}

/* Characters as LSAME reads them; 0 for anything else. */
static ompwg_side TN(side_of_, )(const char *c)
{
    if (!c) return 0;
    return *c == 'L' || *c == 'l' ? OMPWG_LEFT : *c == 'R' || *c == 'r' ? OMPWG_RIGHT : 0;
}

static ompwg_uplo TN(uplo_of_, )(const char *c)
{
    if (!c) return 0;
    return *c == 'U' || *c == 'u' ? OMPWG_UPPER : *c == 'L' || *c == 'l' ? OMPWG_LOWER : 0;
}

static ompwg_diag TN(diag_of_, )(const char *c)
{
    if (!c) return 0;
    return *c == 'U' || *c == 'u' ? OMPWG_UNIT : *c == 'N' || *c == 'n' ? OMPWG_NON_UNIT : 0;
}

static bool TN(trans_ok_, )(ompwg_trans t)
{
    return t == OMPWG_NO_TRANS || t == OMPWG_TRANS || t == OMPWG_CONJ_TRANS;
}

/* The reference routines' INFO for the first illegal argument, or 0. */
static int TN(symm_info_, )(ompwg_side side, ompwg_uplo uplo, int m, int n, int lda, int ldb,
                            int ldc)
{
    if (side != OMPWG_LEFT && side != OMPWG_RIGHT) return 1;
    if (uplo != OMPWG_UPPER && uplo != OMPWG_LOWER) return 2;
    if (m < 0) return 3;
    if (n < 0) return 4;
    if (lda < TN(max1_, )(side == OMPWG_LEFT ? m : n)) return 7;
    if (ldb < TN(max1_, )(m)) return 9;
    if (ldc < TN(max1_, )(m)) return 12;
    return 0;
}

/* xSYRK (two_operands false) and xSYR2K. */
static int TN(syrk_info_, )(bool two_operands, ompwg_uplo uplo, ompwg_trans trans, int n, int k,
                            int lda, int ldb, int ldc)
{
    int rows = trans == OMPWG_NO_TRANS ? n : k;
    if (uplo != OMPWG_UPPER && uplo != OMPWG_LOWER) return 1;
    if (!TN(trans_ok_, )(trans)) return 2;
    if (n < 0) return 3;
    if (k < 0) return 4;
    if (lda < TN(max1_, )(rows)) return 7;
    if (two_operands && ldb < TN(max1_, )(rows)) return 9;
    if (ldc < TN(max1_, )(n)) return two_operands ? 12 : 10;
    return 0;
}

/* xTRMM and xTRSM. */
static int TN(trxm_info_, )(ompwg_side side, ompwg_uplo uplo, ompwg_trans transa,
                            ompwg_diag diag, int m, int n, int lda, int ldb)
{
    if (side != OMPWG_LEFT && side != OMPWG_RIGHT) return 1;
    if (uplo != OMPWG_UPPER && uplo != OMPWG_LOWER) return 2;
    if (!TN(trans_ok_, )(transa)) return 3;
    if (diag != OMPWG_UNIT && diag != OMPWG_NON_UNIT) return 4;
    if (m < 0) return 5;
    if (n < 0) return 6;
    if (lda < TN(max1_, )(side == OMPWG_LEFT ? m : n)) return 9;
    if (ldb < TN(max1_, )(m)) return 11;
    return 0;
}

static ompwg_side TN(flip_side_, )(ompwg_side s)
{
    return s == OMPWG_LEFT ? OMPWG_RIGHT : OMPWG_LEFT;
}

static ompwg_uplo TN(flip_uplo_, )(ompwg_uplo u)
{
    return u == OMPWG_UPPER ? OMPWG_LOWER : OMPWG_UPPER;
}

/* The operations, arguments checked, with the reference quick returns and
 * the run on a fallback backend after a run-time failure. A failure that
 * may have written part of the output is run again only where the output
 * is then written whole (beta == 0; TRMM, TRSM: alpha == 0). */
static void TN(run_symm_, )(const char *routine, ompwg_layout layout, ompwg_side side,
                            ompwg_uplo uplo, int m, int n, T alpha, const T *a, int lda,
                            const T *b, int ldb, T beta, T *c, int ldc)
{
    if (m == 0 || n == 0 || (alpha == 0 && beta == 1)) return;
    ompwg_blas_attempt at = { .routine = routine };
    int st;
    do
        st = TN(ompwg_, symm)(layout, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
    while (ompwg_blas_retry(&at, st, beta == 0));
}

/* xSYRK (two_operands false: b unused) and xSYR2K. */
static void TN(run_syrk_, )(const char *routine, bool two_operands, ompwg_layout layout,
                            ompwg_uplo uplo, ompwg_trans trans, int n, int k, T alpha,
                            const T *a, int lda, const T *b, int ldb, T beta, T *c, int ldc)
{
    if (n == 0 || ((alpha == 0 || k == 0) && beta == 1)) return;
    ompwg_blas_attempt at = { .routine = routine };
    int st;
    do
        st = two_operands ? TN(ompwg_, syr2k)(layout, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
               : TN(ompwg_, syrk)(layout, uplo, trans, n, k, alpha, a, lda, beta, c, ldc);
    while (ompwg_blas_retry(&at, st, beta == 0));
}

static void TN(run_trxm_, )(const char *routine, bool solve, ompwg_layout layout,
                            ompwg_side side, ompwg_uplo uplo, ompwg_trans transa,
                            ompwg_diag diag, int m, int n, T alpha, const T *a, int lda, T *b,
                            int ldb)
{
    if (m == 0 || n == 0) return;
    ompwg_blas_attempt at = { .routine = routine };
    int st;
    do
        st = solve ? TN(ompwg_, trsm)(layout, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb)
                   : TN(ompwg_, trmm)(layout, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb);
    while (ompwg_blas_retry(&at, st, alpha == 0));
}

/**
 * The Fortran xSYMM (LP64): the reference checks (INFO: side 1, uplo 2,
 * m 3, n 4, lda 7, ldb 9, ldc 12; a NULL alpha 5, beta 10) and quick
 * returns; see ompwg_blas.h.
 */
OMPWG_BLAS_EXPORT void TN(, symm_)(const char *side, const char *uplo, const int *m,
                                   const int *n, const T *alpha, const T *a, const int *lda,
                                   const T *b, const int *ldb, const T *beta, T *c,
                                   const int *ldc, size_t side_len, size_t uplo_len)
{
    (void)side_len;
    (void)uplo_len;
    ompwg_side sd = TN(side_of_, )(side);
    ompwg_uplo ul = TN(uplo_of_, )(uplo);
    int mm = TN(arg_, )(m, -1), nn = TN(arg_, )(n, -1);
    int info = TN(symm_info_, )(sd, ul, mm, nn, TN(arg_, )(lda, 0), TN(arg_, )(ldb, 0),
                                TN(arg_, )(ldc, 0));
    if (!info && !alpha) info = 5;
    if (!info && !beta) info = 10;
    if (info) {
        xerbla_(symm_name, &info, sizeof symm_name - 1);
        return;
    }
    TN(run_symm_, )(symm_name, OMPWG_COL_MAJOR, sd, ul, mm, nn, *alpha, a, *lda, b, *ldb, *beta,
                    c, *ldc);
}

/** The Fortran xSYRK (LP64): INFO uplo 1, trans 2, n 3, k 4, lda 7,
 *  ldc 10; a NULL alpha 5, beta 8. */
OMPWG_BLAS_EXPORT void TN(, syrk_)(const char *uplo, const char *trans, const int *n,
                                   const int *k, const T *alpha, const T *a, const int *lda,
                                   const T *beta, T *c, const int *ldc, size_t uplo_len,
                                   size_t trans_len)
{
    (void)uplo_len;
    (void)trans_len;
    ompwg_uplo ul = TN(uplo_of_, )(uplo);
    ompwg_trans tr = ompwg_blas_trans_of_char(trans);
    int nn = TN(arg_, )(n, -1), kk = TN(arg_, )(k, -1);
    int info = TN(syrk_info_, )(false, ul, tr, nn, kk, TN(arg_, )(lda, 0), 1, TN(arg_, )(ldc, 0));
    if (!info && !alpha) info = 5;
    if (!info && !beta) info = 8;
    if (info) {
        xerbla_(syrk_name, &info, sizeof syrk_name - 1);
        return;
    }
    TN(run_syrk_, )(syrk_name, false, OMPWG_COL_MAJOR, ul, tr, nn, kk, *alpha, a, *lda, NULL, 1,
                    *beta, c, *ldc);
}

/** The Fortran xSYR2K (LP64): INFO uplo 1, trans 2, n 3, k 4, lda 7,
 *  ldb 9, ldc 12; a NULL alpha 5, beta 10. */
OMPWG_BLAS_EXPORT void TN(, syr2k_)(const char *uplo, const char *trans, const int *n,
                                    const int *k, const T *alpha, const T *a, const int *lda,
                                    const T *b, const int *ldb, const T *beta, T *c,
                                    const int *ldc, size_t uplo_len, size_t trans_len)
{
    (void)uplo_len;
    (void)trans_len;
    ompwg_uplo ul = TN(uplo_of_, )(uplo);
    ompwg_trans tr = ompwg_blas_trans_of_char(trans);
    int nn = TN(arg_, )(n, -1), kk = TN(arg_, )(k, -1);
    int info = TN(syrk_info_, )(true, ul, tr, nn, kk, TN(arg_, )(lda, 0), TN(arg_, )(ldb, 0),
                                TN(arg_, )(ldc, 0));
    if (!info && !alpha) info = 5;
    if (!info && !beta) info = 10;
    if (info) {
        xerbla_(syr2k_name, &info, sizeof syr2k_name - 1);
        return;
    }
    TN(run_syrk_, )(syr2k_name, true, OMPWG_COL_MAJOR, ul, tr, nn, kk, *alpha, a, *lda, b, *ldb,
                    *beta, c, *ldc);
}

/* xTRMM_ and xTRSM_ share their arguments and checks. */
static void TN(fortran_trxm_, )(bool solve, const char *side, const char *uplo,
                                const char *transa, const char *diag, const int *m,
                                const int *n, const T *alpha, const T *a, const int *lda, T *b,
                                const int *ldb)
{
    ompwg_side sd = TN(side_of_, )(side);
    ompwg_uplo ul = TN(uplo_of_, )(uplo);
    ompwg_trans tr = ompwg_blas_trans_of_char(transa);
    ompwg_diag dg = TN(diag_of_, )(diag);
    int mm = TN(arg_, )(m, -1), nn = TN(arg_, )(n, -1);
    int info = TN(trxm_info_, )(sd, ul, tr, dg, mm, nn, TN(arg_, )(lda, 0), TN(arg_, )(ldb, 0));
    if (!info && !alpha) info = 7;
    const char *name = solve ? trsm_name : trmm_name;
    if (info) {
        xerbla_(name, &info, 6);
        return;
    }
    TN(run_trxm_, )(name, solve, OMPWG_COL_MAJOR, sd, ul, tr, dg, mm, nn, *alpha, a, *lda, b,
                    *ldb);
}

/** The Fortran xTRMM (LP64): INFO side 1, uplo 2, transa 3, diag 4, m 5,
 *  n 6, lda 9, ldb 11; a NULL alpha 7. */
OMPWG_BLAS_EXPORT void TN(, trmm_)(const char *side, const char *uplo, const char *transa,
                                   const char *diag, const int *m, const int *n, const T *alpha,
                                   const T *a, const int *lda, T *b, const int *ldb,
                                   size_t side_len, size_t uplo_len, size_t transa_len,
                                   size_t diag_len)
{
    (void)side_len;
    (void)uplo_len;
    (void)transa_len;
    (void)diag_len;
    TN(fortran_trxm_, )(false, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb);
}

/** The Fortran xTRSM (LP64): as xTRMM. */
OMPWG_BLAS_EXPORT void TN(, trsm_)(const char *side, const char *uplo, const char *transa,
                                   const char *diag, const int *m, const int *n, const T *alpha,
                                   const T *a, const int *lda, T *b, const int *ldb,
                                   size_t side_len, size_t uplo_len, size_t transa_len,
                                   size_t diag_len)
{
    (void)side_len;
    (void)uplo_len;
    (void)transa_len;
    (void)diag_len;
    TN(fortran_trxm_, )(true, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb);
}

/* netlib's checks of the enum arguments, before the Fortran routine's:
 * the number it reports (after the layout, 1), or 0. */
static int TN(cblas_enum_param_, )(ompwg_layout layout, int first, const int *values,
                                   const int (*legal)[2], int count)
{
    if (layout != OMPWG_COL_MAJOR && layout != OMPWG_ROW_MAJOR) return 1;
    for (int i = 0; i < count; i++)
        if (values[i] != legal[i][0] && values[i] != legal[i][1] &&
            !(legal[i][0] == OMPWG_NO_TRANS && values[i] == OMPWG_CONJ_TRANS))
            return first + i;
    return 0;
}

/** netlib's cblas_xsymm (LP64): layout 1, side 2, uplo 3, then the Fortran
 *  routine's numbers plus one (row-major: of the call on n and m, which
 *  cblas_xerbla gives back to M 4 and N 5). */
OMPWG_BLAS_EXPORT void TN(cblas_, symm)(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                        int m, int n, T alpha, const T *a, int lda, const T *b,
                                        int ldb, T beta, T *c, int ldc)
{
    static const int legal[2][2] = { { OMPWG_LEFT, OMPWG_RIGHT }, { OMPWG_UPPER, OMPWG_LOWER } };
    const int values[2] = { (int)side, (int)uplo };
    int p = TN(cblas_enum_param_, )(layout, 2, values, legal, 2);
    if (!p) {
        bool col = layout == OMPWG_COL_MAJOR;
        int info = col ? TN(symm_info_, )(side, uplo, m, n, lda, ldb, ldc)
                       : TN(symm_info_, )(TN(flip_side_, )(side), TN(flip_uplo_, )(uplo), n, m,
                                          lda, ldb, ldc);
        p = info ? info + 1 : 0;
    }
    if (p) {
        /* cblas_xerbla gives M and N of a row-major call their own numbers */
        ompwg_blas_cblas_report(layout == OMPWG_ROW_MAJOR, p, cblas_symm, "", 0);
        return;
    }
    TN(run_symm_, )(cblas_symm, layout, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
}

/* netlib's row-major SYRK and SYR2K run the column-major routine with the
 * other triangle and the other form. */
static ompwg_trans TN(flip_trans_, )(ompwg_trans t)
{
    return t == OMPWG_NO_TRANS ? OMPWG_TRANS : OMPWG_NO_TRANS;
}

static int TN(cblas_syrk_param_, )(bool two_operands, ompwg_layout layout, ompwg_uplo uplo,
                                   ompwg_trans trans, int n, int k, int lda, int ldb, int ldc)
{
    static const int legal[2][2] = { { OMPWG_UPPER, OMPWG_LOWER }, { OMPWG_NO_TRANS, OMPWG_TRANS } };
    const int values[2] = { (int)uplo, (int)trans };
    int p = TN(cblas_enum_param_, )(layout, 2, values, legal, 2);
    if (p) return p;
    bool col = layout == OMPWG_COL_MAJOR;
    int info = TN(syrk_info_, )(two_operands, col ? uplo : TN(flip_uplo_, )(uplo),
                                col ? trans : TN(flip_trans_, )(trans), n, k, lda, ldb, ldc);
    return info ? info + 1 : 0;
}

/** netlib's cblas_xsyrk (LP64): layout 1, uplo 2, trans 3, n 4, k 5,
 *  lda 8, ldc 11. */
OMPWG_BLAS_EXPORT void TN(cblas_, syrk)(ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans,
                                        int n, int k, T alpha, const T *a, int lda, T beta, T *c,
                                        int ldc)
{
    int p = TN(cblas_syrk_param_, )(false, layout, uplo, trans, n, k, lda, 1, ldc);
    if (p) {
        ompwg_blas_cblas_report(layout == OMPWG_ROW_MAJOR, p, cblas_syrk, "", 0);
        return;
    }
    TN(run_syrk_, )(cblas_syrk, false, layout, uplo, trans, n, k, alpha, a, lda, NULL, 1, beta, c,
                    ldc);
}

/** netlib's cblas_xsyr2k (LP64): layout 1, uplo 2, trans 3, n 4, k 5,
 *  lda 8, ldb 10, ldc 13. */
OMPWG_BLAS_EXPORT void TN(cblas_, syr2k)(ompwg_layout layout, ompwg_uplo uplo,
                                         ompwg_trans trans, int n, int k, T alpha, const T *a,
                                         int lda, const T *b, int ldb, T beta, T *c, int ldc)
{
    int p = TN(cblas_syrk_param_, )(true, layout, uplo, trans, n, k, lda, ldb, ldc);
    if (p) {
        ompwg_blas_cblas_report(layout == OMPWG_ROW_MAJOR, p, cblas_syr2k, "", 0);
        return;
    }
    TN(run_syrk_, )(cblas_syr2k, true, layout, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c,
                    ldc);
}

/* netlib's cblas_xtrmm and cblas_xtrsm: layout 1, side 2, uplo 3, transa 4,
 * diag 5, then the Fortran routine's numbers plus one (row-major: of the
 * call on n and m, which cblas_xerbla gives back to M 6 and N 7). */
static void TN(cblas_trxm_, )(bool solve, ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                              ompwg_trans transa, ompwg_diag diag, int m, int n, T alpha,
                              const T *a, int lda, T *b, int ldb)
{
    static const int legal[4][2] = { { OMPWG_LEFT, OMPWG_RIGHT }, { OMPWG_UPPER, OMPWG_LOWER },
                                     { OMPWG_NO_TRANS, OMPWG_TRANS },
                                     { OMPWG_UNIT, OMPWG_NON_UNIT } };
    const int values[4] = { (int)side, (int)uplo, (int)transa, (int)diag };
    const char *name = solve ? cblas_trsm : cblas_trmm;
    int p = TN(cblas_enum_param_, )(layout, 2, values, legal, 4);
    if (!p) {
        bool col = layout == OMPWG_COL_MAJOR;
        int info = col ? TN(trxm_info_, )(side, uplo, transa, diag, m, n, lda, ldb)
                       : TN(trxm_info_, )(TN(flip_side_, )(side), TN(flip_uplo_, )(uplo), transa,
                                          diag, n, m, lda, ldb);
        p = info ? info + 1 : 0;
    }
    if (p) {
        /* cblas_xerbla gives M and N of a row-major call their own numbers */
        ompwg_blas_cblas_report(layout == OMPWG_ROW_MAJOR, p, name, "", 0);
        return;
    }
    TN(run_trxm_, )(name, solve, layout, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb);
}

/** netlib's cblas_xtrmm (LP64). */
OMPWG_BLAS_EXPORT void TN(cblas_, trmm)(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                        ompwg_trans transa, ompwg_diag diag, int m, int n,
                                        T alpha, const T *a, int lda, T *b, int ldb)
{
    TN(cblas_trxm_, )(false, layout, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb);
}

/** netlib's cblas_xtrsm (LP64). */
OMPWG_BLAS_EXPORT void TN(cblas_, trsm)(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                        ompwg_trans transa, ompwg_diag diag, int m, int n,
                                        T alpha, const T *a, int lda, T *b, int ldb)
{
    TN(cblas_trxm_, )(true, layout, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb);
}
