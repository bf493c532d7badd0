/* The CBLAS routines' argument errors as a program that defines only
 * cblas_xerbla sees them (no xerbla_ of its own): every illegal call of
 * levels 2 and 3, whether libompwg_blas runs the routine or forwards it to
 * OpenBLAS, reaches cblas_xerbla once, with the routine's CBLAS name and
 * netlib's parameter number, and returns. The cases and their numbers are
 * those of netlib's CBLAS testers (CBLAS/testing/c_d2chke.c, c_z2chke.c,
 * c_z3chke.c), which read a row-major call's number through netlib's
 * renumbering (cblas_number.h) as this handler does. Level 1 has no error
 * exits in netlib: its illegal sizes report nothing. */
#include <stdio.h>
#include <string.h>

#include "cblas_number.h"
#include "netlib_cblas.h"
#include "tap.h"

/* netlib CBLAS's state, set while a row-major call reports */
extern int RowMajorStrg;

static int calls;
static int number;
static char name[40];

void cblas_xerbla(int p, const char *rout, const char *form, ...)
{
    (void)form;
    calls++;
    number = RowMajorStrg ? cblas_row_major_number(p, rout) : p;
    snprintf(name, sizeof name, "%s", rout ? rout : "(null)");
}

/* netlib's testers' operands: too short for any legal call the cases make */
static double A[4], B[4], C[4], X[4], Y[4];
static const double ALPHA = 0, BETA = 0, RALPHA = 0, RBETA = 0;
static const double ZALPHA[2], ZBETA[2];
/* an enum value that is none of the legal ones (netlib's INVALID_*) */
#define BAD 0

static void begin(void)
{
    calls = 0;
    number = 0;
    name[0] = '\0';
}

/* want 0: no report; else one, from rout, with parameter want */
static void end(int want, const char *rout, const char *args)
{
    bool ok = want ? calls == 1 && number == want && strcmp(name, rout) == 0 : calls == 0;
    tap_ok(ok, "%s(%s): %s %d", rout, args, want ? "parameter" : "no report", want);
    if (!ok)
        tap_diag("cblas_xerbla called %d times, last with %d from '%s'", calls, number, name);
}

#define CASE(want, rout, ...)                                                                      \
    do {                                                                                           \
        begin();                                                                                   \
        (void)rout(__VA_ARGS__);                                                                   \
        end(want, #rout, #__VA_ARGS__);                                                            \
    } while (0)

static void level1(void)
{
    CASE(0, cblas_ddot, -1, X, 1, Y, 1);
    CASE(0, cblas_daxpy, -1, ALPHA, X, 0, Y, 0);
    CASE(0, cblas_dnrm2, -1, X, 0);
    CASE(0, cblas_dscal, -1, ALPHA, X, 0);
    CASE(0, cblas_drot, -1, X, 0, Y, 0, 1.0, 0.0);
    CASE(0, cblas_zswap, -1, X, 0, Y, 0);
}

/* the settings netlib checks before it calls the Fortran routine, and the
 * Hermitian and complex symmetric rank-k transposes */
static void settings(void)
{
    CASE(1, cblas_dgemv, BAD, CblasNoTrans, 0, 0, ALPHA, A, 1, X, 1, BETA, Y, 1);
    CASE(2, cblas_dgemv, CblasRowMajor, BAD, 0, 0, ALPHA, A, 1, X, 1, BETA, Y, 1);
    CASE(7, cblas_dgemv, CblasRowMajor, CblasNoTrans, 0, 2, ALPHA, A, 1, X, 1, BETA, Y, 1);
    CASE(3, cblas_dgemv, CblasRowMajor, CblasNoTrans, -1, 0, ALPHA, A, 1, X, 1, BETA, Y, 1);
    CASE(8, cblas_dger, CblasRowMajor, 0, 0, ALPHA, X, 1, Y, 0, A, 1);
    CASE(2, cblas_dtrsv, CblasColMajor, BAD, CblasNoTrans, CblasNonUnit, 0, A, 1, X, 1);
    CASE(3, cblas_dtrsv, CblasRowMajor, CblasUpper, BAD, CblasNonUnit, 0, A, 1, X, 1);
    CASE(7, cblas_dtrsv, CblasRowMajor, CblasUpper, CblasNoTrans, CblasNonUnit, 2, A, 1, X, 1);
    CASE(8, cblas_zher2, CblasRowMajor, CblasUpper, 0, ZALPHA, X, 1, Y, 0, A, 1);
    CASE(3, cblas_zherk, CblasColMajor, CblasUpper, CblasTrans, 0, 0, RALPHA, A, 1, RBETA, C, 1);
    CASE(3, cblas_zherk, CblasRowMajor, CblasUpper, CblasTrans, 0, 0, RALPHA, A, 1, RBETA, C, 1);
    CASE(3, cblas_zsyrk, CblasColMajor, CblasUpper, CblasConjTrans, 0, 0, ZALPHA, A, 1, ZBETA, C,
         1);
    CASE(3, cblas_zsyrk, CblasRowMajor, CblasUpper, CblasConjTrans, 0, 0, ZALPHA, A, 1, ZBETA, C,
         1);
}

/* per routine: the last check of a row-major call, one before it, and the
 * last of a column-major call */
static void level2(void)
{
    CASE(12, cblas_dgemv, CblasRowMajor, CblasNoTrans, 0, 0, ALPHA, A, 1, X, 1, BETA, Y, 0);
    CASE(4, cblas_dgemv, CblasRowMajor, CblasNoTrans, 0, -1, ALPHA, A, 1, X, 1, BETA, Y, 1);
    CASE(12, cblas_dgemv, CblasColMajor, CblasNoTrans, 0, 0, ALPHA, A, 1, X, 1, BETA, Y, 0);
    CASE(14, cblas_dgbmv, CblasRowMajor, CblasNoTrans, 0, 0, 0, 0, ALPHA, A, 1, X, 1, BETA, Y, 0);
    CASE(5, cblas_dgbmv, CblasRowMajor, CblasNoTrans, 0, 0, -1, 0, ALPHA, A, 1, X, 1, BETA, Y, 1);
    CASE(14, cblas_dgbmv, CblasColMajor, CblasNoTrans, 0, 0, 0, 0, ALPHA, A, 1, X, 1, BETA, Y, 0);
    CASE(9, cblas_dtrmv, CblasRowMajor, CblasUpper, CblasNoTrans, CblasNonUnit, 0, A, 1, X, 0);
    CASE(4, cblas_dtrmv, CblasRowMajor, CblasUpper, CblasNoTrans, BAD, 0, A, 1, X, 1);
    CASE(9, cblas_dtrmv, CblasColMajor, CblasUpper, CblasNoTrans, CblasNonUnit, 0, A, 1, X, 0);
    CASE(9, cblas_dtrsv, CblasRowMajor, CblasUpper, CblasNoTrans, CblasNonUnit, 0, A, 1, X, 0);
    CASE(4, cblas_dtrsv, CblasRowMajor, CblasUpper, CblasNoTrans, BAD, 0, A, 1, X, 1);
    CASE(9, cblas_dtrsv, CblasColMajor, CblasUpper, CblasNoTrans, CblasNonUnit, 0, A, 1, X, 0);
    CASE(10, cblas_dtbmv, CblasRowMajor, CblasUpper, CblasNoTrans, CblasNonUnit, 0, 0, A, 1, X, 0);
    CASE(5, cblas_dtbmv, CblasRowMajor, CblasUpper, CblasNoTrans, CblasNonUnit, -1, 0, A, 1, X, 1);
    CASE(10, cblas_dtbmv, CblasColMajor, CblasUpper, CblasNoTrans, CblasNonUnit, 0, 0, A, 1, X, 0);
    CASE(10, cblas_dtbsv, CblasRowMajor, CblasUpper, CblasNoTrans, CblasNonUnit, 0, 0, A, 1, X, 0);
    CASE(5, cblas_dtbsv, CblasRowMajor, CblasUpper, CblasNoTrans, CblasNonUnit, -1, 0, A, 1, X, 1);
    CASE(10, cblas_dtbsv, CblasColMajor, CblasUpper, CblasNoTrans, CblasNonUnit, 0, 0, A, 1, X, 0);
    CASE(8, cblas_dtpmv, CblasRowMajor, CblasUpper, CblasNoTrans, CblasNonUnit, 0, A, X, 0);
    CASE(4, cblas_dtpmv, CblasRowMajor, CblasUpper, CblasNoTrans, BAD, 0, A, X, 1);
    CASE(8, cblas_dtpmv, CblasColMajor, CblasUpper, CblasNoTrans, CblasNonUnit, 0, A, X, 0);
    CASE(8, cblas_dtpsv, CblasRowMajor, CblasUpper, CblasNoTrans, CblasNonUnit, 0, A, X, 0);
    CASE(4, cblas_dtpsv, CblasRowMajor, CblasUpper, CblasNoTrans, BAD, 0, A, X, 1);
    CASE(8, cblas_dtpsv, CblasColMajor, CblasUpper, CblasNoTrans, CblasNonUnit, 0, A, X, 0);
    CASE(11, cblas_dsymv, CblasRowMajor, CblasUpper, 0, ALPHA, A, 1, X, 1, BETA, Y, 0);
    CASE(6, cblas_dsymv, CblasRowMajor, CblasUpper, 2, ALPHA, A, 1, X, 1, BETA, Y, 1);
    CASE(11, cblas_dsymv, CblasColMajor, CblasUpper, 0, ALPHA, A, 1, X, 1, BETA, Y, 0);
    CASE(12, cblas_dsbmv, CblasRowMajor, CblasUpper, 0, 0, ALPHA, A, 1, X, 1, BETA, Y, 0);
    CASE(4, cblas_dsbmv, CblasRowMajor, CblasUpper, 0, -1, ALPHA, A, 1, X, 1, BETA, Y, 1);
    CASE(12, cblas_dsbmv, CblasColMajor, CblasUpper, 0, 0, ALPHA, A, 1, X, 1, BETA, Y, 0);
    CASE(10, cblas_dspmv, CblasRowMajor, CblasUpper, 0, ALPHA, A, X, 1, BETA, Y, 0);
    CASE(3, cblas_dspmv, CblasRowMajor, CblasUpper, -1, ALPHA, A, X, 1, BETA, Y, 1);
    CASE(10, cblas_dspmv, CblasColMajor, CblasUpper, 0, ALPHA, A, X, 1, BETA, Y, 0);
    CASE(10, cblas_dger, CblasRowMajor, 0, 2, ALPHA, X, 1, Y, 1, A, 1);
    CASE(6, cblas_dger, CblasRowMajor, 0, 0, ALPHA, X, 0, Y, 1, A, 1);
    CASE(10, cblas_dger, CblasColMajor, 2, 0, ALPHA, X, 1, Y, 1, A, 1);
    CASE(8, cblas_dsyr, CblasRowMajor, CblasUpper, 2, ALPHA, X, 1, A, 1);
    CASE(3, cblas_dsyr, CblasRowMajor, CblasUpper, -1, ALPHA, X, 1, A, 1);
    CASE(8, cblas_dsyr, CblasColMajor, CblasUpper, 2, ALPHA, X, 1, A, 1);
    CASE(6, cblas_dspr, CblasRowMajor, CblasUpper, 0, ALPHA, X, 0, A);
    CASE(3, cblas_dspr, CblasRowMajor, CblasUpper, -1, ALPHA, X, 1, A);
    CASE(6, cblas_dspr, CblasColMajor, CblasUpper, 0, ALPHA, X, 0, A);
    CASE(10, cblas_dsyr2, CblasRowMajor, CblasUpper, 2, ALPHA, X, 1, Y, 1, A, 1);
    CASE(6, cblas_dsyr2, CblasRowMajor, CblasUpper, 0, ALPHA, X, 0, Y, 1, A, 1);
    CASE(10, cblas_dsyr2, CblasColMajor, CblasUpper, 2, ALPHA, X, 1, Y, 1, A, 1);
    CASE(8, cblas_dspr2, CblasRowMajor, CblasUpper, 0, ALPHA, X, 1, Y, 0, A);
    CASE(3, cblas_dspr2, CblasRowMajor, CblasUpper, -1, ALPHA, X, 1, Y, 1, A);
    CASE(8, cblas_dspr2, CblasColMajor, CblasUpper, 0, ALPHA, X, 1, Y, 0, A);
    CASE(12, cblas_zgemv, CblasRowMajor, CblasNoTrans, 0, 0, ZALPHA, A, 1, X, 1, ZBETA, Y, 0);
    CASE(4, cblas_zgemv, CblasRowMajor, CblasNoTrans, 0, -1, ZALPHA, A, 1, X, 1, ZBETA, Y, 1);
    CASE(12, cblas_zgemv, CblasColMajor, CblasNoTrans, 0, 0, ZALPHA, A, 1, X, 1, ZBETA, Y, 0);
    CASE(11, cblas_zhemv, CblasRowMajor, CblasUpper, 0, ZALPHA, A, 1, X, 1, ZBETA, Y, 0);
    CASE(6, cblas_zhemv, CblasRowMajor, CblasUpper, 2, ZALPHA, A, 1, X, 1, ZBETA, Y, 1);
    CASE(11, cblas_zhemv, CblasColMajor, CblasUpper, 0, ZALPHA, A, 1, X, 1, ZBETA, Y, 0);
    CASE(12, cblas_zhbmv, CblasRowMajor, CblasUpper, 0, 0, ZALPHA, A, 1, X, 1, ZBETA, Y, 0);
    CASE(4, cblas_zhbmv, CblasRowMajor, CblasUpper, 0, -1, ZALPHA, A, 1, X, 1, ZBETA, Y, 1);
    CASE(12, cblas_zhbmv, CblasColMajor, CblasUpper, 0, 0, ZALPHA, A, 1, X, 1, ZBETA, Y, 0);
    CASE(10, cblas_zhpmv, CblasRowMajor, CblasUpper, 0, ZALPHA, A, X, 1, ZBETA, Y, 0);
    CASE(3, cblas_zhpmv, CblasRowMajor, CblasUpper, -1, ZALPHA, A, X, 1, ZBETA, Y, 1);
    CASE(10, cblas_zhpmv, CblasColMajor, CblasUpper, 0, ZALPHA, A, X, 1, ZBETA, Y, 0);
    CASE(10, cblas_zgeru, CblasRowMajor, 0, 2, ZALPHA, X, 1, Y, 1, A, 1);
    CASE(6, cblas_zgeru, CblasRowMajor, 0, 0, ZALPHA, X, 0, Y, 1, A, 1);
    CASE(10, cblas_zgeru, CblasColMajor, 2, 0, ZALPHA, X, 1, Y, 1, A, 1);
    CASE(10, cblas_zgerc, CblasRowMajor, 0, 2, ZALPHA, X, 1, Y, 1, A, 1);
    CASE(6, cblas_zgerc, CblasRowMajor, 0, 0, ZALPHA, X, 0, Y, 1, A, 1);
    CASE(10, cblas_zgerc, CblasColMajor, 2, 0, ZALPHA, X, 1, Y, 1, A, 1);
    CASE(8, cblas_zher, CblasRowMajor, CblasUpper, 2, RALPHA, X, 1, A, 1);
    CASE(3, cblas_zher, CblasRowMajor, CblasUpper, -1, RALPHA, X, 1, A, 1);
    CASE(8, cblas_zher, CblasColMajor, CblasUpper, 2, RALPHA, X, 1, A, 1);
    CASE(6, cblas_zhpr, CblasRowMajor, CblasUpper, 0, RALPHA, X, 0, A);
    CASE(3, cblas_zhpr, CblasRowMajor, CblasUpper, -1, RALPHA, X, 1, A);
    CASE(6, cblas_zhpr, CblasColMajor, CblasUpper, 0, RALPHA, X, 0, A);
    CASE(10, cblas_zher2, CblasRowMajor, CblasUpper, 2, ZALPHA, X, 1, Y, 1, A, 1);
    CASE(6, cblas_zher2, CblasRowMajor, CblasUpper, 0, ZALPHA, X, 0, Y, 1, A, 1);
    CASE(10, cblas_zher2, CblasColMajor, CblasUpper, 2, ZALPHA, X, 1, Y, 1, A, 1);
    CASE(8, cblas_zhpr2, CblasRowMajor, CblasUpper, 0, ZALPHA, X, 1, Y, 0, A);
    CASE(3, cblas_zhpr2, CblasRowMajor, CblasUpper, -1, ZALPHA, X, 1, Y, 1, A);
    CASE(8, cblas_zhpr2, CblasColMajor, CblasUpper, 0, ZALPHA, X, 1, Y, 0, A);
    CASE(9, cblas_ztrsv, CblasRowMajor, CblasUpper, CblasNoTrans, CblasNonUnit, 0, A, 1, X, 0);
    CASE(4, cblas_ztrsv, CblasRowMajor, CblasUpper, CblasNoTrans, BAD, 0, A, 1, X, 1);
    CASE(9, cblas_ztrsv, CblasColMajor, CblasUpper, CblasNoTrans, CblasNonUnit, 0, A, 1, X, 0);
}

static void level3(void)
{
    CASE(13, cblas_zsymm, CblasRowMajor, CblasLeft, CblasUpper, 0, 2, ZALPHA, A, 1, B, 2, ZBETA, C,
         1);
    CASE(5, cblas_zsymm, CblasRowMajor, CblasLeft, CblasUpper, 0, -1, ZALPHA, A, 1, B, 1, ZBETA, C,
         1);
    CASE(13, cblas_zsymm, CblasColMajor, CblasLeft, CblasUpper, 2, 0, ZALPHA, A, 2, B, 2, ZBETA, C,
         1);
    CASE(13, cblas_zhemm, CblasRowMajor, CblasLeft, CblasUpper, 0, 2, ZALPHA, A, 1, B, 2, ZBETA, C,
         1);
    CASE(5, cblas_zhemm, CblasRowMajor, CblasLeft, CblasUpper, 0, -1, ZALPHA, A, 1, B, 1, ZBETA, C,
         1);
    CASE(13, cblas_zhemm, CblasColMajor, CblasLeft, CblasUpper, 2, 0, ZALPHA, A, 2, B, 2, ZBETA, C,
         1);
    CASE(11, cblas_zsyrk, CblasRowMajor, CblasUpper, CblasNoTrans, 2, 0, ZALPHA, A, 1, ZBETA, C, 1);
    CASE(4, cblas_zsyrk, CblasRowMajor, CblasUpper, CblasNoTrans, -1, 0, ZALPHA, A, 1, ZBETA, C, 1);
    CASE(11, cblas_zsyrk, CblasColMajor, CblasUpper, CblasNoTrans, 2, 0, ZALPHA, A, 2, ZBETA, C, 1);
    CASE(11, cblas_zherk, CblasRowMajor, CblasUpper, CblasNoTrans, 2, 0, RALPHA, A, 1, RBETA, C, 1);
    CASE(4, cblas_zherk, CblasRowMajor, CblasUpper, CblasNoTrans, -1, 0, RALPHA, A, 1, RBETA, C, 1);
    CASE(11, cblas_zherk, CblasColMajor, CblasUpper, CblasNoTrans, 2, 0, RALPHA, A, 2, RBETA, C, 1);
    CASE(13, cblas_zsyr2k, CblasRowMajor, CblasUpper, CblasNoTrans, 2, 0, ZALPHA, A, 1, B, 1,
         ZBETA, C, 1);
    CASE(5, cblas_zsyr2k, CblasRowMajor, CblasUpper, CblasNoTrans, 0, -1, ZALPHA, A, 1, B, 1,
         ZBETA, C, 1);
    CASE(13, cblas_zsyr2k, CblasColMajor, CblasUpper, CblasNoTrans, 2, 0, ZALPHA, A, 2, B, 2,
         ZBETA, C, 1);
    CASE(13, cblas_zher2k, CblasRowMajor, CblasUpper, CblasNoTrans, 2, 0, ZALPHA, A, 1, B, 1,
         RBETA, C, 1);
    CASE(5, cblas_zher2k, CblasRowMajor, CblasUpper, CblasNoTrans, 0, -1, ZALPHA, A, 1, B, 1,
         RBETA, C, 1);
    CASE(13, cblas_zher2k, CblasColMajor, CblasUpper, CblasNoTrans, 2, 0, ZALPHA, A, 2, B, 2,
         RBETA, C, 1);
    CASE(12, cblas_ztrmm, CblasRowMajor, CblasLeft, CblasUpper, CblasNoTrans, CblasNonUnit, 0, 2,
         ZALPHA, A, 1, B, 1);
    CASE(5, cblas_ztrmm, CblasRowMajor, CblasLeft, CblasUpper, CblasNoTrans, BAD, 0, 0, ZALPHA, A,
         1, B, 1);
    CASE(12, cblas_ztrmm, CblasColMajor, CblasLeft, CblasUpper, CblasNoTrans, CblasNonUnit, 2, 0,
         ZALPHA, A, 2, B, 1);
    CASE(12, cblas_ztrsm, CblasRowMajor, CblasLeft, CblasUpper, CblasNoTrans, CblasNonUnit, 0, 2,
         ZALPHA, A, 1, B, 1);
    CASE(5, cblas_ztrsm, CblasRowMajor, CblasLeft, CblasUpper, CblasNoTrans, BAD, 0, 0, ZALPHA, A,
         1, B, 1);
    CASE(12, cblas_ztrsm, CblasColMajor, CblasLeft, CblasUpper, CblasNoTrans, CblasNonUnit, 2, 0,
         ZALPHA, A, 2, B, 1);
}

int main(void)
{
    tap_init("test_blas_cblas_errors");
    level1();
    settings();
    level2();
    level3();
    return tap_done();
}
