/* What the files of libompwg_blas share: argument checks with the reference
 * numbering (the Fortran ones inline, checks.h), error reports, and the
 * recovery from backend failures. Only the
 * standard BLAS names are exported (OMPWG_BLAS_EXPORT); everything else is
 * hidden (-fvisibility=hidden).
 *
 * Every file of the library is compiled twice (blas/meson.build): as
 * libompwg_blas, and with OMPWG_BLAS_ILP64 defined as libompwg_blas64, whose
 * BLAS integer (ompwg_blas_int, ompwg_blas.h) is 64-bit and whose forwarded
 * routines go to OpenBLAS's ILP64 build (core/openblas_object.c). */
#ifndef OMPWG_BLAS_SHIM_H
#define OMPWG_BLAS_SHIM_H

#include <stdbool.h>

#include "checks.h"
#include "ompwg.h"
#include "ompwg_blas.h"

#define OMPWG_BLAS_EXPORT __attribute__((visibility("default")))

/* The library's name in its messages. */
#ifdef OMPWG_BLAS_ILP64
#define OMPWG_BLAS_LIBRARY "ompwg_blas64"
#else
#define OMPWG_BLAS_LIBRARY "ompwg_blas"
#endif

/* netlib's cblas_xGEMM checks, in its order: true when the arguments are
 * legal; else the first illegal one has been reported as netlib reports it
 * (cblas_xerbla(p, rout, form, value) with netlib's number, RowMajorStrg 1
 * for a row-major call; ompwg_blas.h lists the numbers). */
bool ompwg_blas_cblas_gemm_ok(const char *rout, ompwg_layout layout, ompwg_trans transa,
                              ompwg_trans transb, ompwg_blas_int m, ompwg_blas_int n,
                              ompwg_blas_int k, ompwg_blas_int lda, ompwg_blas_int ldb,
                              ompwg_blas_int ldc);

/* netlib CBLAS's error state (cblas_error.c), which a program may define
 * itself. */
extern int RowMajorStrg;
extern int CBLAS_CallFromC;

/* Calls cblas_xerbla(p, rout, form, value) with CBLAS_CallFromC 1 and
 * RowMajorStrg row_major, as netlib's routines do, and sets both back to
 * 0. */
void ompwg_blas_cblas_report(bool row_major, int p, const char *rout, const char *form,
                             int value);

/* RowMajorStrg now. */
int ompwg_blas_row_major_state(void);

/* The handler called name (xerbla_, cblas_xerbla) that the object which
 * made the call defines itself, where this library stands in front of it;
 * NULL when there is none (handler.c says how it is found). */
void *ompwg_blas_program_handler(const char *name);

/* netlib's cblas_x checks of the same: the parameter number it passes to
 * cblas_xerbla for the first illegal argument, or 0 (for a row-major call,
 * that of the column-major call netlib makes, which cblas_xerbla renumbers
 * while RowMajorStrg is 1: report it with ompwg_blas_cblas_report). */
int ompwg_blas_cblas_symm_param(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                ompwg_blas_int m, ompwg_blas_int n, ompwg_blas_int lda,
                                ompwg_blas_int ldb, ompwg_blas_int ldc);
int ompwg_blas_cblas_syrk_param(bool two_operands, ompwg_layout layout, ompwg_uplo uplo,
                                ompwg_trans trans, ompwg_blas_int n, ompwg_blas_int k,
                                ompwg_blas_int lda, ompwg_blas_int ldb, ompwg_blas_int ldc);
int ompwg_blas_cblas_trxm_param(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                ompwg_trans transa, ompwg_diag diag, ompwg_blas_int m,
                                ompwg_blas_int n, ompwg_blas_int lda, ompwg_blas_int ldb);

/* One BLAS call through ompwg, run again on a fallback backend when the
 * backend fails at run time:
 *     ompwg_blas_attempt at = { .routine = "SGEMM" };
 *     do st = ompwg_sgemm(...); while (ompwg_blas_retry(&at, st, rerun_ok));
 */
typedef struct ompwg_blas_attempt {
    const char *routine;     /* the name messages give */
    int next_fallback;       /* the next backend to try */
    bool switched;           /* the thread's backend was changed ... */
    const char *own_choice;  /* ... from this (NULL: the process-wide one) */
} ompwg_blas_attempt;

/* After an ompwg call returned st: true when the call must run again (the
 * calling thread's backend now is a fallback); false when the attempt is
 * over: the result is in place (st OMPWG_OK, or OMPWG_ERR_CHECK, whose
 * message ompwg printed), or the failure has been reported on stderr.
 * rerun_ok says whether the outputs may be written again from scratch after
 * a failure that may have written part of them. The thread's backend is as
 * it was whenever false is returned. */
bool ompwg_blas_retry(ompwg_blas_attempt *at, int st, bool rerun_ok);

#endif
