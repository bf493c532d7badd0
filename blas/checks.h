/* The reference checks every Fortran and CBLAS call of the routines
 * libompwg_blas runs makes first: the flag characters as LSAME reads them
 * and the INFO of the first illegal argument, inline, since a short call
 * (short.h) pays for little else. Included by shim.h. */
#ifndef OMPWG_BLAS_CHECKS_H
#define OMPWG_BLAS_CHECKS_H

#include <stdbool.h>

#include "ompwg.h"
#include "ompwg_blas.h"

/* A transpose character as LSAME reads it: OMPWG_NO_TRANS for 'N'/'n',
 * OMPWG_TRANS for 'T'/'t'/'C'/'c' (real types), 0 for anything else or
 * NULL. */
static inline ompwg_trans ompwg_blas_trans_of_char(const char *c)
{
    if (!c) return 0;
    switch (*c) {
    case 'N': case 'n': return OMPWG_NO_TRANS;
    case 'T': case 't': case 'C': case 'c': return OMPWG_TRANS;
    default: return 0;
    }
}

/* The same for the complex types, where 'C'/'c' is OMPWG_CONJ_TRANS. */
static inline ompwg_trans ompwg_blas_ctrans_of_char(const char *c)
{
    if (c && (*c == 'C' || *c == 'c')) return OMPWG_CONJ_TRANS;
    return ompwg_blas_trans_of_char(c);
}

/* Side, uplo and diag characters as LSAME reads them; 0 for anything else
 * or NULL. */
static inline ompwg_side ompwg_blas_side_of_char(const char *c)
{
    if (!c) return 0;
    return *c == 'L' || *c == 'l' ? OMPWG_LEFT : *c == 'R' || *c == 'r' ? OMPWG_RIGHT : 0;
}

static inline ompwg_uplo ompwg_blas_uplo_of_char(const char *c)
{
    if (!c) return 0;
    return *c == 'U' || *c == 'u' ? OMPWG_UPPER : *c == 'L' || *c == 'l' ? OMPWG_LOWER : 0;
}

static inline ompwg_diag ompwg_blas_diag_of_char(const char *c)
{
    if (!c) return 0;
    return *c == 'U' || *c == 'u' ? OMPWG_UNIT : *c == 'N' || *c == 'n' ? OMPWG_NON_UNIT : 0;
}

/* A size passed by address; a NULL one (never from Fortran) reads as the
 * given illegal value, so that it is reported, not followed. */
static inline ompwg_blas_int ompwg_blas_read_int(const ompwg_blas_int *p, ompwg_blas_int illegal)
{
    return p ? *p : illegal;
}

static inline bool ompwg_blas_trans_valid(ompwg_trans t)
{
    return t == OMPWG_NO_TRANS || t == OMPWG_TRANS || t == OMPWG_CONJ_TRANS;
}

static inline ompwg_blas_int ompwg_blas_max1(ompwg_blas_int v)
{
    return v > 1 ? v : 1;
}

/* The reference xGEMM's checks, in its order: the INFO it passes to
 * XERBLA for the first illegal argument (transa 1, transb 2, m 3, n 4, k 5,
 * lda 8, ldb 10, ldc 13), or 0. A transpose of 0 is illegal. */
static inline int ompwg_blas_gemm_info(ompwg_trans transa, ompwg_trans transb, ompwg_blas_int m,
                                       ompwg_blas_int n, ompwg_blas_int k, ompwg_blas_int lda, ompwg_blas_int ldb,
                                       ompwg_blas_int ldc)
{
    /* rows of A and B as stored (column-major) */
    ompwg_blas_int rows_a = transa == OMPWG_NO_TRANS ? m : k;
    ompwg_blas_int rows_b = transb == OMPWG_NO_TRANS ? k : n;
    if (!ompwg_blas_trans_valid(transa)) return 1;
    if (!ompwg_blas_trans_valid(transb)) return 2;
    if (m < 0) return 3;
    if (n < 0) return 4;
    if (k < 0) return 5;
    if (lda < ompwg_blas_max1(rows_a)) return 8;
    if (ldb < ompwg_blas_max1(rows_b)) return 10;
    if (ldc < ompwg_blas_max1(m)) return 13;
    return 0;
}

/* The Fortran xGEMM's checks of its sizes (by address, into *m, *n, *k)
 * and transposes: the reference's INFO, 0 when they are legal. */
static inline int ompwg_blas_gemm_fortran_info(ompwg_trans transa, ompwg_trans transb,
                                               const ompwg_blas_int *m, const ompwg_blas_int *n,
                                               const ompwg_blas_int *k, const ompwg_blas_int *lda,
                                               const ompwg_blas_int *ldb, const ompwg_blas_int *ldc,
                                               ompwg_blas_int *mm, ompwg_blas_int *nn, ompwg_blas_int *kk)
{
    *mm = ompwg_blas_read_int(m, -1);
    *nn = ompwg_blas_read_int(n, -1);
    *kk = ompwg_blas_read_int(k, -1);
    return ompwg_blas_gemm_info(transa, transb, *mm, *nn, *kk, ompwg_blas_read_int(lda, 0),
                                ompwg_blas_read_int(ldb, 0), ompwg_blas_read_int(ldc, 0));
}

/* The reference xSYMM, xSYRK (two_operands false) / xSYR2K and
 * xTRMM / xTRSM checks, in their order: the INFO for the first illegal
 * argument, or 0 (ompwg_blas.h lists the numbers). */
static inline int ompwg_blas_symm_info(ompwg_side side, ompwg_uplo uplo, ompwg_blas_int m,
                                       ompwg_blas_int n, ompwg_blas_int lda, ompwg_blas_int ldb,
                                       ompwg_blas_int ldc)
{
    if (side != OMPWG_LEFT && side != OMPWG_RIGHT) return 1;
    if (uplo != OMPWG_UPPER && uplo != OMPWG_LOWER) return 2;
    if (m < 0) return 3;
    if (n < 0) return 4;
    if (lda < ompwg_blas_max1(side == OMPWG_LEFT ? m : n)) return 7;
    if (ldb < ompwg_blas_max1(m)) return 9;
    if (ldc < ompwg_blas_max1(m)) return 12;
    return 0;
}

static inline int ompwg_blas_syrk_info(bool two_operands, ompwg_uplo uplo, ompwg_trans trans,
                                       ompwg_blas_int n, ompwg_blas_int k, ompwg_blas_int lda,
                                       ompwg_blas_int ldb, ompwg_blas_int ldc)
{
    ompwg_blas_int rows = trans == OMPWG_NO_TRANS ? n : k;
    if (uplo != OMPWG_UPPER && uplo != OMPWG_LOWER) return 1;
    if (!ompwg_blas_trans_valid(trans)) return 2;
    if (n < 0) return 3;
    if (k < 0) return 4;
    if (lda < ompwg_blas_max1(rows)) return 7;
    if (two_operands && ldb < ompwg_blas_max1(rows)) return 9;
    if (ldc < ompwg_blas_max1(n)) return two_operands ? 12 : 10;
    return 0;
}

static inline int ompwg_blas_trxm_info(ompwg_side side, ompwg_uplo uplo, ompwg_trans transa,
                                       ompwg_diag diag, ompwg_blas_int m, ompwg_blas_int n,
                                       ompwg_blas_int lda, ompwg_blas_int ldb)
{
    if (side != OMPWG_LEFT && side != OMPWG_RIGHT) return 1;
    if (uplo != OMPWG_UPPER && uplo != OMPWG_LOWER) return 2;
    if (!ompwg_blas_trans_valid(transa)) return 3;
    if (diag != OMPWG_UNIT && diag != OMPWG_NON_UNIT) return 4;
    if (m < 0) return 5;
    if (n < 0) return 6;
    if (lda < ompwg_blas_max1(side == OMPWG_LEFT ? m : n)) return 9;
    if (ldb < ompwg_blas_max1(m)) return 11;
    return 0;
}

/* Reports an illegal argument of a Fortran routine: xerbla_(name, &info,
 * 6) (gemm_args.c). */
void ompwg_blas_fortran_report(const char *name, int info);

/* The end of a Fortran routine's checks: info from the checks of its
 * other arguments, else alpha_pos (beta_pos) where alpha (beta) is NULL;
 * beta_pos 0 for a routine without beta. An illegal argument goes to
 * xerbla_ under name (six characters, blank-padded) and gives false. */
static inline bool ompwg_blas_fortran_args_ok(const char *name, int info, const void *alpha,
                                              int alpha_pos, const void *beta, int beta_pos)
{
    if (!info && !alpha) info = alpha_pos;
    if (!info && beta_pos && !beta) info = beta_pos;
    if (!info) return true;
    ompwg_blas_fortran_report(name, info);
    return false;
}

#endif
