/* xSYMM, xSYRK, xSYR2K, xTRMM and xTRSM (Fortran and CBLAS), compiled once
 * per precision (prec.h): the reference checks (level3_args.c) and quick
 * returns here; the operation in ompwg, which takes either layout the way
 * netlib's CBLAS turns a row-major call into a column-major one. */
#include "prec.h"

#include "shim.h"

/* the names XERBLA gets (blank-padded to six), and the CBLAS routines' */
static const char symm_name[] = T_PREFIX_UPPER "SYMM ", syrk_name[] = T_PREFIX_UPPER "SYRK ",
                  syr2k_name[] = T_PREFIX_UPPER "SYR2K", trmm_name[] = T_PREFIX_UPPER "TRMM ",
                  trsm_name[] = T_PREFIX_UPPER "TRSM ";
static const char cblas_symm[] = "cblas_" T_PREFIX "symm",
                  cblas_syrk[] = "cblas_" T_PREFIX "syrk",
                  cblas_syr2k[] = "cblas_" T_PREFIX "syr2k",
                  cblas_trmm[] = "cblas_" T_PREFIX "trmm",
                  cblas_trsm[] = "cblas_" T_PREFIX "trsm";

/* The operations, arguments checked, with the reference quick returns and
 * the run on a fallback backend after a run-time failure. A failure that
 * may have written part of the output is run again only where the output
 * is then written whole (beta == 0; TRMM, TRSM: alpha == 0). */
static void run_symm(const char *routine, ompwg_layout layout, ompwg_side side,
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
static void run_syrk(const char *routine, bool two_operands, ompwg_layout layout,
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

static void run_trxm(const char *routine, bool solve, ompwg_layout layout,
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
    ompwg_side sd = ompwg_blas_side_of_char(side);
    ompwg_uplo ul = ompwg_blas_uplo_of_char(uplo);
    int mm = ompwg_blas_read_int(m, -1), nn = ompwg_blas_read_int(n, -1);
    int info = ompwg_blas_symm_info(sd, ul, mm, nn, ompwg_blas_read_int(lda, 0),
                                    ompwg_blas_read_int(ldb, 0), ompwg_blas_read_int(ldc, 0));
    if (!ompwg_blas_fortran_args_ok(symm_name, info, alpha, 5, beta, 10)) return;
    run_symm(symm_name, OMPWG_COL_MAJOR, sd, ul, mm, nn, *alpha, a, *lda, b, *ldb, *beta,
             c, *ldc);
}

/* xSYRK_ and xSYR2K_ share their checks; xSYRK_ has no B (b and ldb NULL,
 * the INFO of beta 8, not 10). */
static void fortran_syrk(bool two, const char *uplo, const char *trans, const int *n,
                         const int *k, const T *alpha, const T *a, const int *lda,
                         const T *b, const int *ldb, const T *beta, T *c, const int *ldc)
{
    ompwg_uplo ul = ompwg_blas_uplo_of_char(uplo);
    ompwg_trans tr = ompwg_blas_trans_of_char(trans);
    int nn = ompwg_blas_read_int(n, -1), kk = ompwg_blas_read_int(k, -1);
    int ldb_value = two ? ompwg_blas_read_int(ldb, 0) : 1;
    int info = ompwg_blas_syrk_info(two, ul, tr, nn, kk, ompwg_blas_read_int(lda, 0), ldb_value,
                                    ompwg_blas_read_int(ldc, 0));
    const char *name = two ? syr2k_name : syrk_name;
    if (!ompwg_blas_fortran_args_ok(name, info, alpha, 5, beta, two ? 10 : 8)) return;
    run_syrk(name, two, OMPWG_COL_MAJOR, ul, tr, nn, kk, *alpha, a, *lda, b, ldb_value,
             *beta, c, *ldc);
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
    fortran_syrk(false, uplo, trans, n, k, alpha, a, lda, NULL, NULL, beta, c, ldc);
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
    fortran_syrk(true, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

/* xTRMM_ and xTRSM_ share their arguments and checks. */
static void fortran_trxm(bool solve, const char *side, const char *uplo,
                         const char *transa, const char *diag, const int *m,
                         const int *n, const T *alpha, const T *a, const int *lda, T *b,
                         const int *ldb)
{
    ompwg_side sd = ompwg_blas_side_of_char(side);
    ompwg_uplo ul = ompwg_blas_uplo_of_char(uplo);
    ompwg_trans tr = ompwg_blas_trans_of_char(transa);
    ompwg_diag dg = ompwg_blas_diag_of_char(diag);
    int mm = ompwg_blas_read_int(m, -1), nn = ompwg_blas_read_int(n, -1);
    int info = ompwg_blas_trxm_info(sd, ul, tr, dg, mm, nn, ompwg_blas_read_int(lda, 0),
                                    ompwg_blas_read_int(ldb, 0));
    const char *name = solve ? trsm_name : trmm_name;
    if (!ompwg_blas_fortran_args_ok(name, info, alpha, 7, NULL, 0)) return;
    run_trxm(name, solve, OMPWG_COL_MAJOR, sd, ul, tr, dg, mm, nn, *alpha, a, *lda, b,
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
    fortran_trxm(false, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb);
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
    fortran_trxm(true, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb);
}

/** netlib's cblas_xsymm (LP64): layout 1, side 2, uplo 3, then the Fortran
 *  routine's numbers plus one (row-major: of the call on n and m, which
 *  cblas_xerbla gives back to M 4 and N 5). */
OMPWG_BLAS_EXPORT void TN(cblas_, symm)(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                        int m, int n, T alpha, const T *a, int lda, const T *b,
                                        int ldb, T beta, T *c, int ldc)
{
    int p = ompwg_blas_cblas_symm_param(layout, side, uplo, m, n, lda, ldb, ldc);
    if (p) {
        /* cblas_xerbla gives M and N of a row-major call their own numbers */
        ompwg_blas_cblas_report(layout == OMPWG_ROW_MAJOR, p, cblas_symm, "", 0);
        return;
    }
    run_symm(cblas_symm, layout, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
}

/** netlib's cblas_xsyrk (LP64): layout 1, uplo 2, trans 3, n 4, k 5,
 *  lda 8, ldc 11. */
OMPWG_BLAS_EXPORT void TN(cblas_, syrk)(ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans,
                                        int n, int k, T alpha, const T *a, int lda, T beta, T *c,
                                        int ldc)
{
    int p = ompwg_blas_cblas_syrk_param(false, layout, uplo, trans, n, k, lda, 1, ldc);
    if (p) {
        ompwg_blas_cblas_report(layout == OMPWG_ROW_MAJOR, p, cblas_syrk, "", 0);
        return;
    }
    run_syrk(cblas_syrk, false, layout, uplo, trans, n, k, alpha, a, lda, NULL, 1, beta, c,
             ldc);
}

/** netlib's cblas_xsyr2k (LP64): layout 1, uplo 2, trans 3, n 4, k 5,
 *  lda 8, ldb 10, ldc 13. */
OMPWG_BLAS_EXPORT void TN(cblas_, syr2k)(ompwg_layout layout, ompwg_uplo uplo,
                                         ompwg_trans trans, int n, int k, T alpha, const T *a,
                                         int lda, const T *b, int ldb, T beta, T *c, int ldc)
{
    int p = ompwg_blas_cblas_syrk_param(true, layout, uplo, trans, n, k, lda, ldb, ldc);
    if (p) {
        ompwg_blas_cblas_report(layout == OMPWG_ROW_MAJOR, p, cblas_syr2k, "", 0);
        return;
    }
    run_syrk(cblas_syr2k, true, layout, uplo, trans, n, k, alpha, a, lda, b, ldb, beta, c,
             ldc);
}

/* netlib's cblas_xtrmm and cblas_xtrsm: layout 1, side 2, uplo 3, transa 4,
 * diag 5, then the Fortran routine's numbers plus one (row-major: of the
 * call on n and m, which cblas_xerbla gives back to M 6 and N 7). */
static void cblas_trxm(bool solve, ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                       ompwg_trans transa, ompwg_diag diag, int m, int n, T alpha,
                       const T *a, int lda, T *b, int ldb)
{
    const char *name = solve ? cblas_trsm : cblas_trmm;
    int p = ompwg_blas_cblas_trxm_param(layout, side, uplo, transa, diag, m, n, lda, ldb);
    if (p) {
        /* cblas_xerbla gives M and N of a row-major call their own numbers */
        ompwg_blas_cblas_report(layout == OMPWG_ROW_MAJOR, p, name, "", 0);
        return;
    }
    run_trxm(name, solve, layout, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb);
}

/** netlib's cblas_xtrmm (LP64). */
OMPWG_BLAS_EXPORT void TN(cblas_, trmm)(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                        ompwg_trans transa, ompwg_diag diag, int m, int n,
                                        T alpha, const T *a, int lda, T *b, int ldb)
{
    cblas_trxm(false, layout, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb);
}

/** netlib's cblas_xtrsm (LP64). */
OMPWG_BLAS_EXPORT void TN(cblas_, trsm)(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                        ompwg_trans transa, ompwg_diag diag, int m, int n,
                                        T alpha, const T *a, int lda, T *b, int ldb)
{
    cblas_trxm(true, layout, side, uplo, transa, diag, m, n, alpha, a, lda, b, ldb);
}
