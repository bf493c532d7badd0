/* netlib CBLAS's argument checks of the level-2 and level-3 routines that
 * libompwg_blas forwards to OpenBLAS (the generated forwarders of
 * blas/forward/ call them first): netlib's C routine checks the layout (1)
 * and its enum arguments, then the Fortran routine it calls (on the
 * swapped operands for a row-major call) checks the rest; each check here
 * makes the same checks in the same order. For the first illegal argument
 * it calls cblas_xerbla(p, rout, form, ...) as netlib does, with
 * CBLAS_CallFromC 1 and RowMajorStrg 1 for a row-major call (p is then the
 * number in the column-major call, which netlib's cblas_xerbla renumbers),
 * and gives false: the forwarder returns without calling OpenBLAS. True
 * when the arguments are legal. rout is the routine's CBLAS name
 * ("cblas_dgemv"); the enum arguments are netlib's values as ints, the
 * sizes the library's BLAS integer (ompwg_blas_int).
 *
 * Level 1 has no checks: netlib's level-1 routines report nothing (a size
 * below 1 computes nothing). */
#ifndef OMPWG_BLAS_CBLAS_ARGS_H
#define OMPWG_BLAS_CBLAS_ARGS_H

#include <stdbool.h>

#include "ompwg_blas.h"

/* level 2 (cblas_level2_args.c): xGEMV; xGBMV */
bool ompwg_blas_cblas_gemv_ok(const char *rout, int layout, int trans, ompwg_blas_int m,
                              ompwg_blas_int n, ompwg_blas_int lda, ompwg_blas_int incx,
                              ompwg_blas_int incy);
bool ompwg_blas_cblas_gbmv_ok(const char *rout, int layout, int trans, ompwg_blas_int m,
                              ompwg_blas_int n, ompwg_blas_int kl, ompwg_blas_int ku,
                              ompwg_blas_int lda, ompwg_blas_int incx, ompwg_blas_int incy);
/* xTRMV and xTRSV; xTBMV and xTBSV; xTPMV and xTPSV */
bool ompwg_blas_cblas_trmv_ok(const char *rout, int layout, int uplo, int trans, int diag,
                              ompwg_blas_int n, ompwg_blas_int lda, ompwg_blas_int incx);
bool ompwg_blas_cblas_tbmv_ok(const char *rout, int layout, int uplo, int trans, int diag,
                              ompwg_blas_int n, ompwg_blas_int k, ompwg_blas_int lda,
                              ompwg_blas_int incx);
bool ompwg_blas_cblas_tpmv_ok(const char *rout, int layout, int uplo, int trans, int diag,
                              ompwg_blas_int n, ompwg_blas_int incx);
/* xSYMV and xHEMV; xSBMV and xHBMV; xSPMV and xHPMV */
bool ompwg_blas_cblas_symv_ok(const char *rout, int layout, int uplo, ompwg_blas_int n,
                              ompwg_blas_int lda, ompwg_blas_int incx, ompwg_blas_int incy);
bool ompwg_blas_cblas_sbmv_ok(const char *rout, int layout, int uplo, ompwg_blas_int n,
                              ompwg_blas_int k, ompwg_blas_int lda, ompwg_blas_int incx,
                              ompwg_blas_int incy);
bool ompwg_blas_cblas_spmv_ok(const char *rout, int layout, int uplo, ompwg_blas_int n,
                              ompwg_blas_int incx, ompwg_blas_int incy);
/* xGER, xGERU and xGERC */
bool ompwg_blas_cblas_ger_ok(const char *rout, int layout, ompwg_blas_int m, ompwg_blas_int n,
                             ompwg_blas_int incx, ompwg_blas_int incy, ompwg_blas_int lda);
/* xSYR and xHER */
bool ompwg_blas_cblas_syr_ok(const char *rout, int layout, int uplo, ompwg_blas_int n,
                             ompwg_blas_int incx, ompwg_blas_int lda);
/* xSYR2; xHER2, whose row-major call netlib makes with x and y swapped */
bool ompwg_blas_cblas_syr2_ok(const char *rout, int layout, int uplo, ompwg_blas_int n,
                              ompwg_blas_int incx, ompwg_blas_int incy, ompwg_blas_int lda);
bool ompwg_blas_cblas_her2_ok(const char *rout, int layout, int uplo, ompwg_blas_int n,
                              ompwg_blas_int incx, ompwg_blas_int incy, ompwg_blas_int lda);
/* the packed forms: xSPR and xHPR; xSPR2; xHPR2 (x and y swapped as
 * xHER2's) */
bool ompwg_blas_cblas_spr_ok(const char *rout, int layout, int uplo, ompwg_blas_int n,
                             ompwg_blas_int incx);
bool ompwg_blas_cblas_spr2_ok(const char *rout, int layout, int uplo, ompwg_blas_int n,
                              ompwg_blas_int incx, ompwg_blas_int incy);
bool ompwg_blas_cblas_hpr2_ok(const char *rout, int layout, int uplo, ompwg_blas_int n,
                              ompwg_blas_int incx, ompwg_blas_int incy);

/* level 3 (cblas_level3_args.c), the complex routines: xSYMM and xHEMM;
 * xSYRK, xSYR2K (two_operands, with ldb), xHERK, xHER2K (hermitian: Trans
 * is illegal, ConjTrans legal; for the symmetric ones the other way
 * round); xTRMM and xTRSM */
bool ompwg_blas_cblas_symm_ok(const char *rout, int layout, int side, int uplo, ompwg_blas_int m,
                              ompwg_blas_int n, ompwg_blas_int lda, ompwg_blas_int ldb,
                              ompwg_blas_int ldc);
bool ompwg_blas_cblas_syrk_ok(const char *rout, bool hermitian, bool two_operands, int layout,
                              int uplo, int trans, ompwg_blas_int n, ompwg_blas_int k,
                              ompwg_blas_int lda, ompwg_blas_int ldb, ompwg_blas_int ldc);
bool ompwg_blas_cblas_trxm_ok(const char *rout, int layout, int side, int uplo, int transa,
                              int diag, ompwg_blas_int m, ompwg_blas_int n, ompwg_blas_int lda,
                              ompwg_blas_int ldb);

#endif
