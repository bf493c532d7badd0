/* netlib's cblas.h prototypes (CBLAS_INT as int) of the routines the CBLAS
 * error tests call, declared here rather than taken from a system cblas.h,
 * whose cblas_xerbla may not have netlib's signature (OpenBLAS's takes
 * char *): a test defines cblas_xerbla as netlib declares it. */
#ifndef OMPWG_BLAS_TEST_NETLIB_CBLAS_H
#define OMPWG_BLAS_TEST_NETLIB_CBLAS_H

#include <stddef.h>

#include "../cblas_enums.h"

void cblas_xerbla(int p, const char *rout, const char *form, ...);

void cblas_dgemv(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, const int M, const int N,
                 const double alpha, const double *A, const int lda, const double *X,
                 const int incX, const double beta, double *Y, const int incY);
void cblas_dgbmv(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, const int M, const int N,
                 const int KL, const int KU, const double alpha, const double *A, const int lda,
                 const double *X, const int incX, const double beta, double *Y, const int incY);
void cblas_dtrmv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA, CBLAS_DIAG Diag,
                 const int N, const double *A, const int lda, double *X, const int incX);
void cblas_dtrsv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA, CBLAS_DIAG Diag,
                 const int N, const double *A, const int lda, double *X, const int incX);
void cblas_dtbmv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA, CBLAS_DIAG Diag,
                 const int N, const int K, const double *A, const int lda, double *X,
                 const int incX);
void cblas_dtbsv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA, CBLAS_DIAG Diag,
                 const int N, const int K, const double *A, const int lda, double *X,
                 const int incX);
void cblas_dtpmv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA, CBLAS_DIAG Diag,
                 const int N, const double *Ap, double *X, const int incX);
void cblas_dtpsv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA, CBLAS_DIAG Diag,
                 const int N, const double *Ap, double *X, const int incX);
void cblas_dsymv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const int N, const double alpha,
                 const double *A, const int lda, const double *X, const int incX, const double beta,
                 double *Y, const int incY);
void cblas_dsbmv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const int N, const int K, const double alpha,
                 const double *A, const int lda, const double *X, const int incX, const double beta,
                 double *Y, const int incY);
void cblas_dspmv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const int N, const double alpha,
                 const double *Ap, const double *X, const int incX, const double beta, double *Y,
                 const int incY);
void cblas_dger(CBLAS_LAYOUT layout, const int M, const int N, const double alpha, const double *X,
                const int incX, const double *Y, const int incY, double *A, const int lda);
void cblas_dsyr(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const int N, const double alpha,
                const double *X, const int incX, double *A, const int lda);
void cblas_dspr(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const int N, const double alpha,
                const double *X, const int incX, double *Ap);
void cblas_dsyr2(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const int N, const double alpha,
                 const double *X, const int incX, const double *Y, const int incY, double *A,
                 const int lda);
void cblas_dspr2(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const int N, const double alpha,
                 const double *X, const int incX, const double *Y, const int incY, double *A);
void cblas_zgemv(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE TransA, const int M, const int N,
                 const void *alpha, const void *A, const int lda, const void *X, const int incX,
                 const void *beta, void *Y, const int incY);
void cblas_zhemv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const int N, const void *alpha,
                 const void *A, const int lda, const void *X, const int incX, const void *beta,
                 void *Y, const int incY);
void cblas_zhbmv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const int N, const int K, const void *alpha,
                 const void *A, const int lda, const void *X, const int incX, const void *beta,
                 void *Y, const int incY);
void cblas_zhpmv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const int N, const void *alpha,
                 const void *Ap, const void *X, const int incX, const void *beta, void *Y,
                 const int incY);
void cblas_zgeru(CBLAS_LAYOUT layout, const int M, const int N, const void *alpha, const void *X,
                 const int incX, const void *Y, const int incY, void *A, const int lda);
void cblas_zgerc(CBLAS_LAYOUT layout, const int M, const int N, const void *alpha, const void *X,
                 const int incX, const void *Y, const int incY, void *A, const int lda);
void cblas_zher(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const int N, const double alpha,
                const void *X, const int incX, void *A, const int lda);
void cblas_zhpr(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const int N, const double alpha,
                const void *X, const int incX, void *A);
void cblas_zher2(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const int N, const void *alpha,
                 const void *X, const int incX, const void *Y, const int incY, void *A,
                 const int lda);
void cblas_zhpr2(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, const int N, const void *alpha,
                 const void *X, const int incX, const void *Y, const int incY, void *Ap);
void cblas_ztrsv(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA, CBLAS_DIAG Diag,
                 const int N, const void *A, const int lda, void *X, const int incX);
void cblas_zsymm(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo, const int M, const int N,
                 const void *alpha, const void *A, const int lda, const void *B, const int ldb,
                 const void *beta, void *C, const int ldc);
void cblas_zhemm(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo, const int M, const int N,
                 const void *alpha, const void *A, const int lda, const void *B, const int ldb,
                 const void *beta, void *C, const int ldc);
void cblas_zsyrk(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans, const int N,
                 const int K, const void *alpha, const void *A, const int lda, const void *beta,
                 void *C, const int ldc);
void cblas_zherk(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans, const int N,
                 const int K, const double alpha, const void *A, const int lda, const double beta,
                 void *C, const int ldc);
void cblas_zsyr2k(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans, const int N,
                  const int K, const void *alpha, const void *A, const int lda, const void *B,
                  const int ldb, const void *beta, void *C, const int ldc);
void cblas_zher2k(CBLAS_LAYOUT layout, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE Trans, const int N,
                  const int K, const void *alpha, const void *A, const int lda, const void *B,
                  const int ldb, const double beta, void *C, const int ldc);
void cblas_ztrmm(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA,
                 CBLAS_DIAG Diag, const int M, const int N, const void *alpha, const void *A,
                 const int lda, void *B, const int ldb);
void cblas_ztrsm(CBLAS_LAYOUT layout, CBLAS_SIDE Side, CBLAS_UPLO Uplo, CBLAS_TRANSPOSE TransA,
                 CBLAS_DIAG Diag, const int M, const int N, const void *alpha, const void *A,
                 const int lda, void *B, const int ldb);
double cblas_ddot(const int N, const double *X, const int incX, const double *Y, const int incY);
void cblas_daxpy(const int N, const double alpha, const double *X, const int incX, double *Y,
                 const int incY);
double cblas_dnrm2(const int N, const double *X, const int incX);
void cblas_dscal(const int N, const double alpha, double *X, const int incX);
void cblas_zswap(const int N, void *X, const int incX, void *Y, const int incY);
void cblas_drot(const int N, double *X, const int incX, double *Y, const int incY, const double c,
                const double s);

#endif
