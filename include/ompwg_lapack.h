/**
 * @file ompwg_lapack.h
 * @brief LU, Cholesky and QR factorisations and solves, placed per call like the
 *        BLAS routines: on the GPU with the matrix resident on the device,
 *        or on OpenBLAS's own LAPACK.
 *
 * The routines follow reference LAPACK 3.11 (DGETRF, DGETRS, DGESV, DPOTRF,
 * DPOTRS, DPOSV, DGEQRF, DORMQR, DGELS and their S forms), column-major,
 * with 64-bit sizes; the library allocates their workspace (no `work`,
 * `lwork`):
 * - `info` (host memory, may not be NULL) is 0 on success; i > 0 when the
 *   factorisation met a zero pivot U(i,i) (GETRF, GESV: the factorisation is
 *   completed, as reference LAPACK completes it) or a leading minor of order
 *   i that is not positive definite (POTRF, POSV: it stops there) or a zero
 *   diagonal element R(i,i) of the triangular factor (GELS: A does not have
 *   full rank, no solution is computed); -i when
 *   argument i is invalid, together with the status below.
 * - Pivots `ipiv` are 1-based row numbers, in host memory, as LAPACK's:
 *   row i was interchanged with row ipiv[i - 1]. The QR reflectors' scalars
 *   `tau` are in host memory too, in every form.
 * - Arguments are checked in the order of the reference routine; the first
 *   invalid one gives ::OMPWG_ERR_FLAGS (uplo, side), ::OMPWG_ERR_TRANS
 *   (trans), ::OMPWG_ERR_SIZE (m, n, nrhs < 0, k outside 0..rows of Q),
 *   ::OMPWG_ERR_LD (lda, ldb, ldc below max(1, rows)), then
 *   ::OMPWG_ERR_NULL for a missing array, and nothing
 *   is written but `*info`.
 * - NaN and Inf propagate as in reference LAPACK: on the GPU the pivot is
 *   chosen as reference IDAMAX chooses it (the first largest magnitude; a
 *   NaN is never larger, except in the first place looked at); on OpenBLAS
 *   (the cpu and openblas backends) as OpenBLAS's LAPACK chooses it, which
 *   for a column holding a NaN may be another row. A NaN on the diagonal
 *   of a Cholesky factor stops it with info > 0 on every backend.
 *
 * Placement: with ::OMPWG_BACKEND unset (auto), a call runs on the GPU when
 * the copies of A (and B) over the link plus the factorisation there are
 * predicted faster than OpenBLAS's LAPACK on the host's cores, else on
 * OpenBLAS (the CPU backend has no factorisation of its own and runs
 * OpenBLAS's). On the GPU, host arrays are copied in once, factorised and
 * solved there, and copied out once; a matrix the device cannot hold runs on
 * OpenBLAS. A host-data factorisation on the GPU sends the parts of A that
 * are final back while it works on the rest; should the device fail after
 * that (a copy or a launch), the call returns ::OMPWG_ERR_PARTIAL and A holds
 * neither its input nor the factors. GELS of a wide A (m < n) runs on OpenBLAS's LAPACK (its `_device`
 * form returns ::OMPWG_ERR_UNSUPPORTED). The `_device` forms take A and B as device pointers of the GPU
 * backend's device (ompwg_device_alloc() or OpenMP `target data`), `ipiv`
 * and `info` stay in host memory; they return ::OMPWG_ERR_UNAVAILABLE where
 * the GPU backend is not usable. `OMPWG_VERBOSE=2` traces each call. In
 * check mode (ompwg_set_check()) each result on host data is judged by its
 * backward error, formed with OpenBLAS (||P A - L U||, ||A - L L^T||,
 * ||A - Q R|| and the solves' residuals below 100 n eps), since pivots may
 * rightly differ from OpenBLAS's on ties; ::OMPWG_ERR_CHECK otherwise.
 *
 * The drop-in (libompwg_lapack, and libompwg_blas when preloaded) exports
 * dgetrf_, dgetrs_, dgesv_, dpotrf_, dpotrs_, dposv_, dgeqrf_, dormqr_,
 * dgels_ and the s forms on
 * these routines, with LAPACK's 32-bit integers and XERBLA messages, and
 * every other LAPACK routine as OpenBLAS's (docs/drop-in.md).
 */
#ifndef OMPWG_LAPACK_H
#define OMPWG_LAPACK_H

#include <stdint.h>

#include "ompwg.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @name LU factorisation with partial pivoting (GETRF, GETRS, GESV)
 * GETRF: A (m x n) = P L U, L unit lower (m x min(m,n)), U upper; ipiv has
 * min(m, n) entries. GETRS solves op(A) X = B with the factors, op(A) = A
 * (::OMPWG_NO_TRANS) or A^T (::OMPWG_TRANS or ::OMPWG_CONJ_TRANS), B n x
 * nrhs overwritten by X. GESV: GETRF then, when info == 0, GETRS.
 * @{ */
OMPWG_API ompwg_status ompwg_sgetrf(int64_t m, int64_t n, float *a, int64_t lda, int64_t *ipiv,
                                    int64_t *info);
OMPWG_API ompwg_status ompwg_dgetrf(int64_t m, int64_t n, double *a, int64_t lda, int64_t *ipiv,
                                    int64_t *info);
OMPWG_API ompwg_status ompwg_sgetrf_device(int64_t m, int64_t n, float *a, int64_t lda,
                                           int64_t *ipiv, int64_t *info);
OMPWG_API ompwg_status ompwg_dgetrf_device(int64_t m, int64_t n, double *a, int64_t lda,
                                           int64_t *ipiv, int64_t *info);
OMPWG_API ompwg_status ompwg_sgetrs(ompwg_trans trans, int64_t n, int64_t nrhs, const float *a,
                                    int64_t lda, const int64_t *ipiv, float *b, int64_t ldb,
                                    int64_t *info);
OMPWG_API ompwg_status ompwg_dgetrs(ompwg_trans trans, int64_t n, int64_t nrhs, const double *a,
                                    int64_t lda, const int64_t *ipiv, double *b, int64_t ldb,
                                    int64_t *info);
OMPWG_API ompwg_status ompwg_sgetrs_device(ompwg_trans trans, int64_t n, int64_t nrhs,
                                           const float *a, int64_t lda, const int64_t *ipiv,
                                           float *b, int64_t ldb, int64_t *info);
OMPWG_API ompwg_status ompwg_dgetrs_device(ompwg_trans trans, int64_t n, int64_t nrhs,
                                           const double *a, int64_t lda, const int64_t *ipiv,
                                           double *b, int64_t ldb, int64_t *info);
OMPWG_API ompwg_status ompwg_sgesv(int64_t n, int64_t nrhs, float *a, int64_t lda, int64_t *ipiv,
                                   float *b, int64_t ldb, int64_t *info);
OMPWG_API ompwg_status ompwg_dgesv(int64_t n, int64_t nrhs, double *a, int64_t lda, int64_t *ipiv,
                                   double *b, int64_t ldb, int64_t *info);
OMPWG_API ompwg_status ompwg_sgesv_device(int64_t n, int64_t nrhs, float *a, int64_t lda,
                                          int64_t *ipiv, float *b, int64_t ldb, int64_t *info);
OMPWG_API ompwg_status ompwg_dgesv_device(int64_t n, int64_t nrhs, double *a, int64_t lda,
                                          int64_t *ipiv, double *b, int64_t ldb, int64_t *info);
/** @} */

/** @name Cholesky factorisation (POTRF, POTRS, POSV)
 * POTRF: A = U^T U (::OMPWG_UPPER) or L L^T (::OMPWG_LOWER), only that
 * triangle of A read and written. POTRS solves A X = B with the factor.
 * POSV: POTRF then, when info == 0, POTRS.
 * @{ */
OMPWG_API ompwg_status ompwg_spotrf(ompwg_uplo uplo, int64_t n, float *a, int64_t lda,
                                    int64_t *info);
OMPWG_API ompwg_status ompwg_dpotrf(ompwg_uplo uplo, int64_t n, double *a, int64_t lda,
                                    int64_t *info);
OMPWG_API ompwg_status ompwg_spotrf_device(ompwg_uplo uplo, int64_t n, float *a, int64_t lda,
                                           int64_t *info);
OMPWG_API ompwg_status ompwg_dpotrf_device(ompwg_uplo uplo, int64_t n, double *a, int64_t lda,
                                           int64_t *info);
OMPWG_API ompwg_status ompwg_spotrs(ompwg_uplo uplo, int64_t n, int64_t nrhs, const float *a,
                                    int64_t lda, float *b, int64_t ldb, int64_t *info);
OMPWG_API ompwg_status ompwg_dpotrs(ompwg_uplo uplo, int64_t n, int64_t nrhs, const double *a,
                                    int64_t lda, double *b, int64_t ldb, int64_t *info);
OMPWG_API ompwg_status ompwg_spotrs_device(ompwg_uplo uplo, int64_t n, int64_t nrhs,
                                           const float *a, int64_t lda, float *b, int64_t ldb,
                                           int64_t *info);
OMPWG_API ompwg_status ompwg_dpotrs_device(ompwg_uplo uplo, int64_t n, int64_t nrhs,
                                           const double *a, int64_t lda, double *b, int64_t ldb,
                                           int64_t *info);
OMPWG_API ompwg_status ompwg_sposv(ompwg_uplo uplo, int64_t n, int64_t nrhs, float *a, int64_t lda,
                                   float *b, int64_t ldb, int64_t *info);
OMPWG_API ompwg_status ompwg_dposv(ompwg_uplo uplo, int64_t n, int64_t nrhs, double *a, int64_t lda,
                                   double *b, int64_t ldb, int64_t *info);
OMPWG_API ompwg_status ompwg_sposv_device(ompwg_uplo uplo, int64_t n, int64_t nrhs, float *a,
                                          int64_t lda, float *b, int64_t ldb, int64_t *info);
OMPWG_API ompwg_status ompwg_dposv_device(ompwg_uplo uplo, int64_t n, int64_t nrhs, double *a,
                                          int64_t lda, double *b, int64_t ldb, int64_t *info);
/** @} */

/** @name Placement of the factorisations
 * @{ */
/**
 * What the planner would do with a call of `routine` ("dgetrf", "spotrf",
 * "dgeqrf", ... any of this header's routines by its LAPACK name) on
 * pageable host data, without running it: m x n A (m == n for the square
 * solves), nrhs right-hand sides (ORMQR: k reflectors applied from the
 * left to an m x n C), as ompwg_plan_gemm() describes, with the same model
 * argument. The device's estimate is the level-3 curve times the measured
 * slowdown of the factorisations, plus their time a column that no rate
 * covers (the panels' barriers); the host's is OpenBLAS's LAPACK at the
 * level-3 rate. `ompwg info` prints it for the common routines.
 * @return ::OMPWG_OK; ::OMPWG_ERR_NULL; ::OMPWG_ERR_FLAGS (an unknown
 *         routine); ::OMPWG_ERR_SIZE; ::OMPWG_ERR_RANGE (the model is not
 *         valid); ::OMPWG_ERR_UNAVAILABLE (no backend can run it).
 */
OMPWG_API ompwg_status ompwg_plan_factor(const ompwg_model *model, const char *routine,
                                         int64_t m, int64_t n, int64_t nrhs, ompwg_plan *out);
/** @} */

/** @name QR factorisation and least squares (GEQRF, ORMQR, GELS)
 * GEQRF: A (m x n) = Q R; R (min(m,n) x n, upper trapezoidal) overwrites A
 * on and above the diagonal, Q = H(1) ... H(k), k = min(m, n), is kept as
 * LAPACK keeps it: H(i) = I - tau[i-1] v v^T, v(i) = 1, v(i+1:m) below the
 * diagonal of column i. ORMQR: C (m x n) := op(Q) C (::OMPWG_LEFT, Q of
 * order m) or C op(Q) (::OMPWG_RIGHT, order n), op(Q) = Q or Q^T
 * (::OMPWG_TRANS or ::OMPWG_CONJ_TRANS), Q of the first k reflectors of
 * a GEQRF in A (rows x k) and tau. GELS: the least-squares solution of
 * min ||B - A X|| (trans ::OMPWG_NO_TRANS, m >= n) or the minimum-norm
 * solution of A^T X = B (trans, m >= n), and for m < n the minimum-norm
 * solution of A X = B or the least-squares one of A^T X = B, as DGELS:
 * A overwritten by its QR (or LQ) factorisation, B (max(m, n) x nrhs)
 * by X in its first n (or m) rows.
 * @{ */
OMPWG_API ompwg_status ompwg_sgeqrf(int64_t m, int64_t n, float *a, int64_t lda, float *tau,
                                    int64_t *info);
OMPWG_API ompwg_status ompwg_dgeqrf(int64_t m, int64_t n, double *a, int64_t lda, double *tau,
                                    int64_t *info);
OMPWG_API ompwg_status ompwg_sgeqrf_device(int64_t m, int64_t n, float *a, int64_t lda,
                                           float *tau, int64_t *info);
OMPWG_API ompwg_status ompwg_dgeqrf_device(int64_t m, int64_t n, double *a, int64_t lda,
                                           double *tau, int64_t *info);
OMPWG_API ompwg_status ompwg_sormqr(ompwg_side side, ompwg_trans trans, int64_t m, int64_t n,
                                    int64_t k, const float *a, int64_t lda, const float *tau,
                                    float *c, int64_t ldc, int64_t *info);
OMPWG_API ompwg_status ompwg_dormqr(ompwg_side side, ompwg_trans trans, int64_t m, int64_t n,
                                    int64_t k, const double *a, int64_t lda, const double *tau,
                                    double *c, int64_t ldc, int64_t *info);
OMPWG_API ompwg_status ompwg_sormqr_device(ompwg_side side, ompwg_trans trans, int64_t m,
                                           int64_t n, int64_t k, const float *a, int64_t lda,
                                           const float *tau, float *c, int64_t ldc,
                                           int64_t *info);
OMPWG_API ompwg_status ompwg_dormqr_device(ompwg_side side, ompwg_trans trans, int64_t m,
                                           int64_t n, int64_t k, const double *a, int64_t lda,
                                           const double *tau, double *c, int64_t ldc,
                                           int64_t *info);
OMPWG_API ompwg_status ompwg_sgels(ompwg_trans trans, int64_t m, int64_t n, int64_t nrhs, float *a,
                                   int64_t lda, float *b, int64_t ldb, int64_t *info);
OMPWG_API ompwg_status ompwg_dgels(ompwg_trans trans, int64_t m, int64_t n, int64_t nrhs,
                                   double *a, int64_t lda, double *b, int64_t ldb, int64_t *info);
OMPWG_API ompwg_status ompwg_sgels_device(ompwg_trans trans, int64_t m, int64_t n, int64_t nrhs,
                                          float *a, int64_t lda, float *b, int64_t ldb,
                                          int64_t *info);
OMPWG_API ompwg_status ompwg_dgels_device(ompwg_trans trans, int64_t m, int64_t n, int64_t nrhs,
                                          double *a, int64_t lda, double *b, int64_t ldb,
                                          int64_t *info);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* OMPWG_LAPACK_H */
