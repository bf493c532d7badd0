/* The public LU and Cholesky functions (ompwg_lapack.h), each spelled in
 * full: host data, then device data (lapack_api_tmpl.c does the work). */
#include "lapack_api.h"

ompwg_status ompwg_sgetrf(int64_t m, int64_t n, float *a, int64_t lda, int64_t *ipiv,
                          int64_t *info)
{
    return ompwg_i_sgetrf(false, m, n, a, lda, ipiv, info);
}

ompwg_status ompwg_sgetrs(ompwg_trans trans, int64_t n, int64_t nrhs, const float *a,
                          int64_t lda, const int64_t *ipiv, float *b, int64_t ldb, int64_t *info)
{
    return ompwg_i_sgetrs(false, trans, n, nrhs, a, lda, ipiv, b, ldb, info);
}

ompwg_status ompwg_sgesv(int64_t n, int64_t nrhs, float *a, int64_t lda, int64_t *ipiv, float *b,
                         int64_t ldb, int64_t *info)
{
    return ompwg_i_sgesv(false, n, nrhs, a, lda, ipiv, b, ldb, info);
}

ompwg_status ompwg_spotrf(ompwg_uplo uplo, int64_t n, float *a, int64_t lda, int64_t *info)
{
    return ompwg_i_spotrf(false, uplo, n, a, lda, info);
}

ompwg_status ompwg_spotrs(ompwg_uplo uplo, int64_t n, int64_t nrhs, const float *a,
                          int64_t lda, float *b, int64_t ldb, int64_t *info)
{
    return ompwg_i_spotrs(false, uplo, n, nrhs, a, lda, b, ldb, info);
}

ompwg_status ompwg_sposv(ompwg_uplo uplo, int64_t n, int64_t nrhs, float *a, int64_t lda,
                         float *b, int64_t ldb, int64_t *info)
{
    return ompwg_i_sposv(false, uplo, n, nrhs, a, lda, b, ldb, info);
}

ompwg_status ompwg_sgetrf_device(int64_t m, int64_t n, float *a, int64_t lda, int64_t *ipiv,
                          int64_t *info)
{
    return ompwg_i_sgetrf(true, m, n, a, lda, ipiv, info);
}

ompwg_status ompwg_sgetrs_device(ompwg_trans trans, int64_t n, int64_t nrhs, const float *a,
                          int64_t lda, const int64_t *ipiv, float *b, int64_t ldb, int64_t *info)
{
    return ompwg_i_sgetrs(true, trans, n, nrhs, a, lda, ipiv, b, ldb, info);
}

ompwg_status ompwg_sgesv_device(int64_t n, int64_t nrhs, float *a, int64_t lda, int64_t *ipiv, float *b,
                         int64_t ldb, int64_t *info)
{
    return ompwg_i_sgesv(true, n, nrhs, a, lda, ipiv, b, ldb, info);
}

ompwg_status ompwg_spotrf_device(ompwg_uplo uplo, int64_t n, float *a, int64_t lda, int64_t *info)
{
    return ompwg_i_spotrf(true, uplo, n, a, lda, info);
}

ompwg_status ompwg_spotrs_device(ompwg_uplo uplo, int64_t n, int64_t nrhs, const float *a,
                          int64_t lda, float *b, int64_t ldb, int64_t *info)
{
    return ompwg_i_spotrs(true, uplo, n, nrhs, a, lda, b, ldb, info);
}

ompwg_status ompwg_sposv_device(ompwg_uplo uplo, int64_t n, int64_t nrhs, float *a, int64_t lda,
                         float *b, int64_t ldb, int64_t *info)
{
    return ompwg_i_sposv(true, uplo, n, nrhs, a, lda, b, ldb, info);
}

ompwg_status ompwg_dgetrf(int64_t m, int64_t n, double *a, int64_t lda, int64_t *ipiv,
                          int64_t *info)
{
    return ompwg_i_dgetrf(false, m, n, a, lda, ipiv, info);
}

ompwg_status ompwg_dgetrs(ompwg_trans trans, int64_t n, int64_t nrhs, const double *a,
                          int64_t lda, const int64_t *ipiv, double *b, int64_t ldb, int64_t *info)
{
    return ompwg_i_dgetrs(false, trans, n, nrhs, a, lda, ipiv, b, ldb, info);
}

ompwg_status ompwg_dgesv(int64_t n, int64_t nrhs, double *a, int64_t lda, int64_t *ipiv, double *b,
                         int64_t ldb, int64_t *info)
{
    return ompwg_i_dgesv(false, n, nrhs, a, lda, ipiv, b, ldb, info);
}

ompwg_status ompwg_dpotrf(ompwg_uplo uplo, int64_t n, double *a, int64_t lda, int64_t *info)
{
    return ompwg_i_dpotrf(false, uplo, n, a, lda, info);
}

ompwg_status ompwg_dpotrs(ompwg_uplo uplo, int64_t n, int64_t nrhs, const double *a,
                          int64_t lda, double *b, int64_t ldb, int64_t *info)
{
    return ompwg_i_dpotrs(false, uplo, n, nrhs, a, lda, b, ldb, info);
}

ompwg_status ompwg_dposv(ompwg_uplo uplo, int64_t n, int64_t nrhs, double *a, int64_t lda,
                         double *b, int64_t ldb, int64_t *info)
{
    return ompwg_i_dposv(false, uplo, n, nrhs, a, lda, b, ldb, info);
}

ompwg_status ompwg_dgetrf_device(int64_t m, int64_t n, double *a, int64_t lda, int64_t *ipiv,
                          int64_t *info)
{
    return ompwg_i_dgetrf(true, m, n, a, lda, ipiv, info);
}

ompwg_status ompwg_dgetrs_device(ompwg_trans trans, int64_t n, int64_t nrhs, const double *a,
                          int64_t lda, const int64_t *ipiv, double *b, int64_t ldb, int64_t *info)
{
    return ompwg_i_dgetrs(true, trans, n, nrhs, a, lda, ipiv, b, ldb, info);
}

ompwg_status ompwg_dgesv_device(int64_t n, int64_t nrhs, double *a, int64_t lda, int64_t *ipiv, double *b,
                         int64_t ldb, int64_t *info)
{
    return ompwg_i_dgesv(true, n, nrhs, a, lda, ipiv, b, ldb, info);
}

ompwg_status ompwg_dpotrf_device(ompwg_uplo uplo, int64_t n, double *a, int64_t lda, int64_t *info)
{
    return ompwg_i_dpotrf(true, uplo, n, a, lda, info);
}

ompwg_status ompwg_dpotrs_device(ompwg_uplo uplo, int64_t n, int64_t nrhs, const double *a,
                          int64_t lda, double *b, int64_t ldb, int64_t *info)
{
    return ompwg_i_dpotrs(true, uplo, n, nrhs, a, lda, b, ldb, info);
}

ompwg_status ompwg_dposv_device(ompwg_uplo uplo, int64_t n, int64_t nrhs, double *a, int64_t lda,
                         double *b, int64_t ldb, int64_t *info)
{
    return ompwg_i_dposv(true, uplo, n, nrhs, a, lda, b, ldb, info);
}
