#ifndef OMPWG_OPENBLAS_H
#define OMPWG_OPENBLAS_H
#include <cblas.h>

#include "backend.h"

ompwg_sgemm_sig ompwg_openblas_sgemm;
ompwg_dgemm_sig ompwg_openblas_dgemm;
ompwg_sreduce_sig ompwg_openblas_sreduce;
ompwg_dreduce_sig ompwg_openblas_dreduce;
ompwg_stranspose_sig ompwg_openblas_stranspose;
ompwg_dtranspose_sig ompwg_openblas_dtranspose;

/* SYMM, SYRK, SYR2K, TRMM, TRSM (openblas_level3_tmpl.c), indexed by
 * ompwg_level3_op in the table. */
ompwg_slevel3_sig ompwg_openblas_ssymm;
ompwg_dlevel3_sig ompwg_openblas_dsymm;
ompwg_slevel3_sig ompwg_openblas_ssyrk;
ompwg_dlevel3_sig ompwg_openblas_dsyrk;
ompwg_slevel3_sig ompwg_openblas_ssyr2k;
ompwg_dlevel3_sig ompwg_openblas_dsyr2k;
ompwg_slevel3_sig ompwg_openblas_strmm;
ompwg_dlevel3_sig ompwg_openblas_dtrmm;
ompwg_slevel3_sig ompwg_openblas_strsm;
ompwg_dlevel3_sig ompwg_openblas_dtrsm;
ompwg_cgemm_sig ompwg_openblas_cgemm;
ompwg_zgemm_sig ompwg_openblas_zgemm;

/* The CBLAS functions the backend calls, as cblas.h declares them. */
typedef void ompwg_cblas_sgemm_fn(enum CBLAS_ORDER order, enum CBLAS_TRANSPOSE transa,
                                  enum CBLAS_TRANSPOSE transb, blasint m, blasint n, blasint k,
                                  float alpha, const float *a, blasint lda, const float *b,
                                  blasint ldb, float beta, float *c, blasint ldc);
typedef void ompwg_cblas_dgemm_fn(enum CBLAS_ORDER order, enum CBLAS_TRANSPOSE transa,
                                  enum CBLAS_TRANSPOSE transb, blasint m, blasint n, blasint k,
                                  double alpha, const double *a, blasint lda, const double *b,
                                  blasint ldb, double beta, double *c, blasint ldc);
/* cblas_cgemm and cblas_zgemm: alpha, beta and the arrays as void * */
typedef void ompwg_cblas_xgemm_fn(enum CBLAS_ORDER order, enum CBLAS_TRANSPOSE transa,
                                  enum CBLAS_TRANSPOSE transb, blasint m, blasint n, blasint k,
                                  const void *alpha, const void *a, blasint lda, const void *b,
                                  blasint ldb, const void *beta, void *c, blasint ldc);
typedef float ompwg_cblas_sdot_fn(blasint n, const float *x, blasint incx, const float *y,
                                  blasint incy);
typedef double ompwg_cblas_ddot_fn(blasint n, const double *x, blasint incx, const double *y,
                                   blasint incy);
typedef float ompwg_cblas_sasum_fn(blasint n, const float *x, blasint incx);
typedef double ompwg_cblas_dasum_fn(blasint n, const double *x, blasint incx);
typedef void ompwg_cblas_somatcopy_fn(enum CBLAS_ORDER order, enum CBLAS_TRANSPOSE trans,
                                      blasint rows, blasint cols, float alpha, const float *a,
                                      blasint lda, float *b, blasint ldb);
typedef void ompwg_cblas_domatcopy_fn(enum CBLAS_ORDER order, enum CBLAS_TRANSPOSE trans,
                                      blasint rows, blasint cols, double alpha, const double *a,
                                      blasint lda, double *b, blasint ldb);

typedef void ompwg_cblas_ssymm_fn(enum CBLAS_ORDER order, enum CBLAS_SIDE side,
                                   enum CBLAS_UPLO uplo, blasint m, blasint n, float alpha,
                                   const float *a, blasint lda, const float *b, blasint ldb,
                                   float beta, float *c, blasint ldc);
typedef void ompwg_cblas_ssyrk_fn(enum CBLAS_ORDER order, enum CBLAS_UPLO uplo,
                                   enum CBLAS_TRANSPOSE trans, blasint n, blasint k, float alpha,
                                   const float *a, blasint lda, float beta, float *c, blasint ldc);
typedef void ompwg_cblas_ssyr2k_fn(enum CBLAS_ORDER order, enum CBLAS_UPLO uplo,
                                    enum CBLAS_TRANSPOSE trans, blasint n, blasint k, float alpha,
                                    const float *a, blasint lda, const float *b, blasint ldb,
                                    float beta, float *c, blasint ldc);
/* TRMM and TRSM have the same arguments */
typedef void ompwg_cblas_strxm_fn(enum CBLAS_ORDER order, enum CBLAS_SIDE side,
                                   enum CBLAS_UPLO uplo, enum CBLAS_TRANSPOSE transa,
                                   enum CBLAS_DIAG diag, blasint m, blasint n, float alpha,
                                   const float *a, blasint lda, float *b, blasint ldb);
typedef void ompwg_cblas_dsymm_fn(enum CBLAS_ORDER order, enum CBLAS_SIDE side,
                                   enum CBLAS_UPLO uplo, blasint m, blasint n, double alpha,
                                   const double *a, blasint lda, const double *b, blasint ldb,
                                   double beta, double *c, blasint ldc);
typedef void ompwg_cblas_dsyrk_fn(enum CBLAS_ORDER order, enum CBLAS_UPLO uplo,
                                   enum CBLAS_TRANSPOSE trans, blasint n, blasint k, double alpha,
                                   const double *a, blasint lda, double beta, double *c, blasint ldc);
typedef void ompwg_cblas_dsyr2k_fn(enum CBLAS_ORDER order, enum CBLAS_UPLO uplo,
                                    enum CBLAS_TRANSPOSE trans, blasint n, blasint k, double alpha,
                                    const double *a, blasint lda, const double *b, blasint ldb,
                                    double beta, double *c, blasint ldc);
/* TRMM and TRSM have the same arguments */
typedef void ompwg_cblas_dtrxm_fn(enum CBLAS_ORDER order, enum CBLAS_SIDE side,
                                   enum CBLAS_UPLO uplo, enum CBLAS_TRANSPOSE transa,
                                   enum CBLAS_DIAG diag, blasint m, blasint n, double alpha,
                                   const double *a, blasint lda, double *b, blasint ldb);

typedef struct ompwg_openblas_fns {
    ompwg_cblas_sgemm_fn *sgemm;
    ompwg_cblas_dgemm_fn *dgemm;
    ompwg_cblas_xgemm_fn *cgemm;
    ompwg_cblas_xgemm_fn *zgemm;
    ompwg_cblas_sdot_fn *sdot;
    ompwg_cblas_ddot_fn *ddot;
    ompwg_cblas_sasum_fn *sasum;
    ompwg_cblas_dasum_fn *dasum;
    ompwg_cblas_somatcopy_fn *somatcopy;
    ompwg_cblas_domatcopy_fn *domatcopy;
    ompwg_cblas_ssymm_fn *ssymm;
    ompwg_cblas_dsymm_fn *dsymm;
    ompwg_cblas_ssyrk_fn *ssyrk;
    ompwg_cblas_dsyrk_fn *dsyrk;
    ompwg_cblas_ssyr2k_fn *ssyr2k;
    ompwg_cblas_dsyr2k_fn *dsyr2k;
    ompwg_cblas_strxm_fn *strmm, *strsm;
    ompwg_cblas_dtrxm_fn *dtrmm, *dtrsm;
} ompwg_openblas_fns;

/* OpenBLAS's own definitions of those functions, never an interposed
 * BLAS's (symbols.c says why). */
const ompwg_openblas_fns *ompwg_openblas(void);

/* Whether OpenBLAS could not be loaded or lacks one of those functions
 * (then why says so, and the table must not be used). */
bool ompwg_openblas_missing(char *why, size_t len);
#endif
