/* The LU and Cholesky entry points of each precision (lapack_api_tmpl.c),
 * behind the public names (lapack_api.c) and the drop-in's (lapack/): as
 * ompwg_lapack.h documents them, `device` saying whether A and B are device
 * pointers. */
#ifndef OMPWG_LAPACK_API_H
#define OMPWG_LAPACK_API_H

#include <stdbool.h>
#include <stdint.h>

#include "ompwg_lapack.h"

ompwg_status ompwg_i_sgetrf(bool device, int64_t m, int64_t n, float *a, int64_t lda,
                            int64_t *ipiv, int64_t *info);
ompwg_status ompwg_i_sgetrs(bool device, ompwg_trans trans, int64_t n, int64_t nrhs,
                            const float *a, int64_t lda, const int64_t *ipiv, float *b,
                            int64_t ldb, int64_t *info);
ompwg_status ompwg_i_sgesv(bool device, int64_t n, int64_t nrhs, float *a, int64_t lda,
                           int64_t *ipiv, float *b, int64_t ldb, int64_t *info);
ompwg_status ompwg_i_spotrf(bool device, ompwg_uplo uplo, int64_t n, float *a, int64_t lda,
                            int64_t *info);
ompwg_status ompwg_i_spotrs(bool device, ompwg_uplo uplo, int64_t n, int64_t nrhs,
                            const float *a, int64_t lda, float *b, int64_t ldb, int64_t *info);
ompwg_status ompwg_i_sposv(bool device, ompwg_uplo uplo, int64_t n, int64_t nrhs, float *a,
                           int64_t lda, float *b, int64_t ldb, int64_t *info);
ompwg_status ompwg_i_dgetrf(bool device, int64_t m, int64_t n, double *a, int64_t lda,
                            int64_t *ipiv, int64_t *info);
ompwg_status ompwg_i_dgetrs(bool device, ompwg_trans trans, int64_t n, int64_t nrhs,
                            const double *a, int64_t lda, const int64_t *ipiv, double *b,
                            int64_t ldb, int64_t *info);
ompwg_status ompwg_i_dgesv(bool device, int64_t n, int64_t nrhs, double *a, int64_t lda,
                           int64_t *ipiv, double *b, int64_t ldb, int64_t *info);
ompwg_status ompwg_i_dpotrf(bool device, ompwg_uplo uplo, int64_t n, double *a, int64_t lda,
                            int64_t *info);
ompwg_status ompwg_i_dpotrs(bool device, ompwg_uplo uplo, int64_t n, int64_t nrhs,
                            const double *a, int64_t lda, double *b, int64_t ldb, int64_t *info);
ompwg_status ompwg_i_dposv(bool device, ompwg_uplo uplo, int64_t n, int64_t nrhs, double *a,
                           int64_t lda, double *b, int64_t ldb, int64_t *info);

#endif
