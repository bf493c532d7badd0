/**
 * @file ompwg.h
 * @brief ompwg: work-group kernels (tiled GEMM, team reductions, prefix
 *        sums, tile transpose) as OpenMP target regions, with a run-time
 *        choice of backend.
 *
 * The collectives these kernels are built from (barrier, broadcast, vote,
 * shuffles, reduce and scan for a team and for a sub-group) are in
 * <ompwg/team.h>, for use in your own target regions.
 *
 * Every function returns an ::ompwg_status: 0 (::OMPWG_OK) on success, a
 * positive code otherwise; ompwg_strerror() turns a code into a sentence.
 * The exceptions, whose descriptions say what they return instead:
 * ompwg_version(), ompwg_version_string(), ompwg_strerror(),
 * ompwg_get_backend(), ompwg_get_thread_backend(), ompwg_backend_roles(),
 * ompwg_get_mpi_panel(), ompwg_get_split_share() (what their names say);
 * ompwg_backend_count(), ompwg_config_count(), ompwg_variant_count() and
 * ompwg_get_num_threads() (a count); ompwg_backend_info() (1, 0 or -1);
 * ompwg_get_check(), ompwg_get_fallback(), ompwg_get_short_calls(),
 * ompwg_get_mapped_data(), ompwg_get_split() and ompwg_get_verbose() (the
 * setting); ompwg_set_check(), ompwg_set_fallback(), ompwg_set_short_calls(),
 * ompwg_set_mapped_data(), ompwg_set_split() and ompwg_set_verbose() (the
 * previous setting, or ::OMPWG_ERR_RANGE for a value they refuse).
 * No function of this library calls exit() or abort(), and a call that
 * fails its argument checks writes nothing.
 *
 * Sizes, leading dimensions, increments and indices are 64-bit (int64_t);
 * index arithmetic never overflows for M*N >= 2^31 elements.
 *
 * All functions are thread-safe: any number of application threads may call
 * them at once. One-time initialisation (probing the backends, reading the
 * environment) happens on first use, guarded by pthread_once.
 *
 * Configuration: every setting is an OMPWG_* environment variable, read
 * once on first use, with a setter here (see Configuration). The variables,
 * their values and their setters are listed once, in docs/configuration.md;
 * `ompwg help` prints them and ompwg_config_describe() gives them to a
 * program.
 */
#ifndef OMPWG_H
#define OMPWG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @name Version
 * The version this header belongs to; ompwg_version() gives the one of the
 * library actually loaded.
 * @{ */
#define OMPWG_VERSION_MAJOR 0
#define OMPWG_VERSION_MINOR 1
#define OMPWG_VERSION_PATCH 0
/** The version as one comparable number: 0xMMmmpp. */
#define OMPWG_VERSION_NUMBER \
    ((OMPWG_VERSION_MAJOR << 16) | (OMPWG_VERSION_MINOR << 8) | OMPWG_VERSION_PATCH)
#define OMPWG_VERSION_STRING "0.1.0"
/** @} */

#if defined(__GNUC__)
#define OMPWG_API __attribute__((visibility("default")))
#else
#define OMPWG_API
#endif

/** Status codes. 0 is success; every failure has its own code. */
typedef enum ompwg_status {
    OMPWG_OK = 0,               /**< success */
    OMPWG_ERR_LAYOUT = 1,       /**< layout is not ::OMPWG_ROW_MAJOR or ::OMPWG_COL_MAJOR */
    OMPWG_ERR_TRANS = 2,        /**< a transpose argument is not an ::ompwg_trans value */
    OMPWG_ERR_SIZE = 3,         /**< a size (m, n, k) is negative */
    OMPWG_ERR_LD = 4,           /**< a leading dimension is smaller than the BLAS minimum */
    OMPWG_ERR_INC = 5,          /**< a vector increment is 0 */
    OMPWG_ERR_NULL = 6,         /**< a pointer the call needs is NULL */
    OMPWG_ERR_BACKEND = 7,      /**< unknown backend name */
    OMPWG_ERR_UNAVAILABLE = 8,  /**< the selected backend is not usable here (see ompwg_backend_info()) */
    OMPWG_ERR_NOMEM = 9,        /**< host memory allocation failed */
    OMPWG_ERR_DEVICE_NOMEM = 10,/**< device memory allocation failed */
    OMPWG_ERR_DEVICE = 11,      /**< the offload runtime reported an error (copy or launch) */
    OMPWG_ERR_TOO_LARGE = 12,   /**< a size exceeds what the backend can take (OpenBLAS's 32-bit interface, named; "auto" places such a call on a backend that takes it where there is one) */
    OMPWG_ERR_CHECK = 13,       /**< check mode: the result differs from OpenBLAS beyond the bound */
    OMPWG_ERR_UNSUPPORTED = 14, /**< the backend cannot run this call (e.g. device pointers on the CPU) */
    OMPWG_ERR_FLAGS = 15,       /**< unknown bits in a flags argument, or an unknown enum value */
    OMPWG_ERR_RANGE = 16,       /**< a number is outside its documented range (a device number, a share of the cores) */
    OMPWG_ERR_OVERLAP = 17,     /**< the output overlaps an input (beyond what the call allows) */
    OMPWG_ERR_PARTIAL = 18      /**< the device failed after part of the output had gone back to host memory: the output holds neither the input nor the result (a host-data factorisation, ompwg_lapack.h) */
} ompwg_status;

/** Storage order of a matrix; the values are CBLAS's. */
typedef enum ompwg_layout {
    OMPWG_ROW_MAJOR = 101,
    OMPWG_COL_MAJOR = 102
} ompwg_layout;

/** Transposition of an operand; the values are CBLAS's. For real types
 *  ::OMPWG_CONJ_TRANS means the same as ::OMPWG_TRANS. */
typedef enum ompwg_trans {
    OMPWG_NO_TRANS = 111,
    OMPWG_TRANS = 112,
    OMPWG_CONJ_TRANS = 113
} ompwg_trans;

/** Which triangle of a symmetric or triangular matrix is stored; the values
 *  are CBLAS's. */
typedef enum ompwg_uplo {
    OMPWG_UPPER = 121,
    OMPWG_LOWER = 122
} ompwg_uplo;

/** Whether a triangular matrix has a unit diagonal (not read); the values
 *  are CBLAS's. */
typedef enum ompwg_diag {
    OMPWG_NON_UNIT = 131,
    OMPWG_UNIT = 132
} ompwg_diag;

/** The side a symmetric or triangular matrix multiplies from; the values
 *  are CBLAS's. */
typedef enum ompwg_side {
    OMPWG_LEFT = 141,
    OMPWG_RIGHT = 142
} ompwg_side;

/** @name Version and errors @{ */
/** The loaded library's version as ::OMPWG_VERSION_NUMBER encodes it. */
OMPWG_API unsigned ompwg_version(void);
/** The loaded library's version as "MAJOR.MINOR.PATCH". */
OMPWG_API const char *ompwg_version_string(void);
/** A static sentence describing a status code (never NULL). */
OMPWG_API const char *ompwg_strerror(int status);
/** @} */

/** @name GEMM
 * C := alpha * op(A) * op(B) + beta * C, with op(X) = X or X^T, C m-by-n,
 * op(A) m-by-k, op(B) k-by-n, with exactly the reference BLAS semantics:
 * - beta == 0: C is not read (NaN or Inf already in C never propagates);
 * - alpha == 0 or k == 0: A and B are not read, C := beta * C;
 * - m == 0 or n == 0: quick return, nothing is read or written;
 * - leading dimensions as in BLAS: for column-major, lda >= max(1, rows of
 *   A as stored), and so on; for row-major, the stored row length.
 * Pointers may be NULL only where the rules above say they are not read.
 *
 * Checks, in order: layout (::OMPWG_ERR_LAYOUT), transa, transb
 * (::OMPWG_ERR_TRANS), m, n, k (::OMPWG_ERR_SIZE), lda, ldb, ldc
 * (::OMPWG_ERR_LD), pointers (::OMPWG_ERR_NULL), then, when A and B are
 * read, ::OMPWG_ERR_OVERLAP if an element of C is also an element of A or
 * B (blocks of one array that interleave without sharing an element, as in
 * LAPACK's updates, are fine).
 *
 * Accuracy: each element of C is within the usual GEMM bound
 * |c - c_exact| <= k * u * (|alpha| * sum|a||b| + |beta| * |c|) (u the unit
 * roundoff of the type); the tests hold every backend to 16 * u times that
 * sum, the netlib test programs' ratio.
 * @{ */
OMPWG_API ompwg_status ompwg_sgemm(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                                   int64_t m, int64_t n, int64_t k,
                                   float alpha, const float *a, int64_t lda,
                                   const float *b, int64_t ldb,
                                   float beta, float *c, int64_t ldc);
OMPWG_API ompwg_status ompwg_dgemm(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                                   int64_t m, int64_t n, int64_t k,
                                   double alpha, const double *a, int64_t lda,
                                   const double *b, int64_t ldb,
                                   double beta, double *c, int64_t ldc);
/** @} */

/** @name Level-3 BLAS besides GEMM: SYMM, SYRK, SYR2K, TRMM, TRSM
 * Exactly the reference BLAS operations, in either layout:
 * - SYMM: C := alpha * A * B + beta * C (side ::OMPWG_LEFT, A m-by-m) or
 *   alpha * B * A + beta * C (::OMPWG_RIGHT, A n-by-n); A symmetric, only
 *   its `uplo` triangle read; B and C m-by-n.
 * - SYRK: C := alpha * A * A^T + beta * C (trans ::OMPWG_NO_TRANS, A
 *   n-by-k) or alpha * A^T * A + beta * C (A k-by-n); C n-by-n symmetric,
 *   only its `uplo` triangle read and written.
 * - SYR2K: C := alpha * (A * B^T + B * A^T) + beta * C, or with the
 *   transposes on the left operands (trans); A and B as A in SYRK, C as in
 *   SYRK.
 * - TRMM: B := alpha * op(A) * B (left) or alpha * B * op(A) (right); TRSM
 *   solves op(A) * X = alpha * B (left) or X * op(A) = alpha * B (right)
 *   and writes X over B. A triangular (its `uplo` triangle read; with
 *   ::OMPWG_UNIT its diagonal is not read and taken as ones), m-by-m (left)
 *   or n-by-n (right); B m-by-n. A singular A gives the Inf and NaN the
 *   divisions give, as in reference BLAS.
 *
 * As in reference BLAS: m == 0 or n == 0 (SYRK, SYR2K: n == 0) returns at
 * once; SYMM, SYRK, SYR2K also return at once when beta == 1 and alpha == 0
 * (SYRK, SYR2K: or k == 0); beta == 0 does not read C; alpha == 0 (SYRK,
 * SYR2K: or k == 0) does not read A and B and scales C (TRMM, TRSM: sets B
 * to zero); the triangle of C (SYRK, SYR2K) or of A that `uplo` does not
 * name is neither read nor written. Conjugate-transpose means transpose.
 *
 * Leading dimensions as in BLAS, of the arrays as stored: column-major,
 * lda >= max(1, rows of A) (SYMM, TRMM, TRSM: of the square A; SYRK,
 * SYR2K: n, or k with trans), ldb >= max(1, rows of B), ldc >= max(1, m)
 * (SYRK, SYR2K: n); row-major, the row lengths. Pointers may be NULL only
 * where the rules above say they are not read.
 *
 * Checks, in order: layout (::OMPWG_ERR_LAYOUT); side, uplo
 * (::OMPWG_ERR_FLAGS), trans (::OMPWG_ERR_TRANS), diag (::OMPWG_ERR_FLAGS),
 * in the order of the arguments; m, n, k < 0 (::OMPWG_ERR_SIZE); lda, ldb,
 * ldc (::OMPWG_ERR_LD); then the quick returns; then pointers
 * (::OMPWG_ERR_NULL); then the output (C, or B for TRMM and TRSM) sharing
 * an element with an input the call reads (::OMPWG_ERR_OVERLAP: matrices
 * of one array side by side, as blocked LAPACK passes them, are fine).
 * Nothing is written when a check fails.
 *
 * Accuracy: SYMM, SYRK, SYR2K and TRMM are held to the GEMM bound above
 * with the symmetric or triangular A expanded, max(16, k) * u *
 * (|alpha| * sum|a||b| + |beta| * |c|) elementwise (k the inner dimension:
 * SYRK's diagonal sums k positive terms, whose rounding errors do not
 * cancel); TRSM to the residual bound |op(A) * X - alpha * B| <=
 * max(16, k) * u * (|op(A)| * |X| + |alpha * B|) elementwise, since its
 * forward error depends on A's conditioning. Check mode (OMPWG_CHECK)
 * compares with OpenBLAS within the same bounds.
 *
 * Backends: cpu (blocked over its packed GEMM, host threads), openblas
 * (OpenBLAS's CBLAS routines). A backend without its own routine runs a
 * host-data call on openblas, and returns ::OMPWG_ERR_UNSUPPORTED for a
 * `_device` call.
 * @{ */
OMPWG_API ompwg_status ompwg_ssymm(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                   int64_t m, int64_t n, float alpha, const float *a, int64_t lda,
                                   const float *b, int64_t ldb, float beta, float *c, int64_t ldc);
OMPWG_API ompwg_status ompwg_dsymm(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                   int64_t m, int64_t n, double alpha, const double *a, int64_t lda,
                                   const double *b, int64_t ldb, double beta, double *c, int64_t ldc);
OMPWG_API ompwg_status ompwg_ssyrk(ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans,
                                   int64_t n, int64_t k, float alpha, const float *a, int64_t lda,
                                   float beta, float *c, int64_t ldc);
OMPWG_API ompwg_status ompwg_dsyrk(ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans,
                                   int64_t n, int64_t k, double alpha, const double *a, int64_t lda,
                                   double beta, double *c, int64_t ldc);
OMPWG_API ompwg_status ompwg_ssyr2k(ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans,
                                    int64_t n, int64_t k, float alpha, const float *a, int64_t lda,
                                    const float *b, int64_t ldb, float beta, float *c, int64_t ldc);
OMPWG_API ompwg_status ompwg_dsyr2k(ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans,
                                    int64_t n, int64_t k, double alpha, const double *a, int64_t lda,
                                    const double *b, int64_t ldb, double beta, double *c, int64_t ldc);
OMPWG_API ompwg_status ompwg_strmm(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                   ompwg_trans transa, ompwg_diag diag, int64_t m, int64_t n,
                                   float alpha, const float *a, int64_t lda, float *b, int64_t ldb);
OMPWG_API ompwg_status ompwg_dtrmm(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                   ompwg_trans transa, ompwg_diag diag, int64_t m, int64_t n,
                                   double alpha, const double *a, int64_t lda, double *b, int64_t ldb);
OMPWG_API ompwg_status ompwg_strsm(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                   ompwg_trans transa, ompwg_diag diag, int64_t m, int64_t n,
                                   float alpha, const float *a, int64_t lda, float *b, int64_t ldb);
OMPWG_API ompwg_status ompwg_dtrsm(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                   ompwg_trans transa, ompwg_diag diag, int64_t m, int64_t n,
                                   double alpha, const double *a, int64_t lda, double *b, int64_t ldb);
/** @} */

/** @name Complex GEMM
 * C := alpha * op(A) * op(B) + beta * C on complex matrices, with op(X) = X
 * (::OMPWG_NO_TRANS), X^T (::OMPWG_TRANS) or the conjugate transpose X^H
 * (::OMPWG_CONJ_TRANS), exactly as reference BLAS CGEMM and ZGEMM:
 * - beta == 0: C is not read (NaN or Inf already in C never propagates);
 *   beta == 1: C is not scaled (an Inf in C is not turned into a NaN by
 *   a multiplication by 1 + 0i);
 * - alpha == 0 or k == 0: A and B are not read, C := beta * C;
 * - m == 0 or n == 0: quick return, nothing is read or written;
 * - leading dimensions counted in complex elements, as in BLAS.
 *
 * The element types are a pair (re, im) with nothing between or after
 * them: the layout of C99 `float _Complex` / `double _Complex` and of
 * Fortran COMPLEX / COMPLEX*16, so arrays of those may be passed with a
 * cast. alpha and beta are passed by value.
 *
 * Checks, in order: layout (::OMPWG_ERR_LAYOUT), transa, transb
 * (::OMPWG_ERR_TRANS), m, n, k (::OMPWG_ERR_SIZE), lda, ldb, ldc
 * (::OMPWG_ERR_LD), pointers (::OMPWG_ERR_NULL), then C sharing memory with
 * an A or B that the call reads (::OMPWG_ERR_OVERLAP).
 *
 * Accuracy: each element of C is within the complex GEMM bound
 * |c - c_exact|_1 <= k * u * (|alpha|_1 * sum |a|_1 |b|_1 + |beta|_1 |c|_1),
 * |x|_1 = |re x| + |im x| (u the unit roundoff of the real type); the tests
 * hold every backend to 16 * u times that sum, as the netlib test programs
 * do (ZMMCH).
 * @{ */
/** A single-precision complex number, layout-compatible with float _Complex. */
typedef struct ompwg_complex_float {
    float re, im;
} ompwg_complex_float;
/** A double-precision complex number, layout-compatible with double _Complex. */
typedef struct ompwg_complex_double {
    double re, im;
} ompwg_complex_double;

OMPWG_API ompwg_status ompwg_cgemm(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                                   int64_t m, int64_t n, int64_t k,
                                   ompwg_complex_float alpha, const ompwg_complex_float *a, int64_t lda,
                                   const ompwg_complex_float *b, int64_t ldb,
                                   ompwg_complex_float beta, ompwg_complex_float *c, int64_t ldc);
OMPWG_API ompwg_status ompwg_zgemm(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                                   int64_t m, int64_t n, int64_t k,
                                   ompwg_complex_double alpha, const ompwg_complex_double *a, int64_t lda,
                                   const ompwg_complex_double *b, int64_t ldb,
                                   ompwg_complex_double beta, ompwg_complex_double *c, int64_t ldc);
/** The same on device-resident data (see "Device-resident data"). */
OMPWG_API ompwg_status ompwg_cgemm_device(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                                          int64_t m, int64_t n, int64_t k,
                                          ompwg_complex_float alpha, const ompwg_complex_float *a,
                                          int64_t lda, const ompwg_complex_float *b, int64_t ldb,
                                          ompwg_complex_float beta, ompwg_complex_float *c, int64_t ldc);
OMPWG_API ompwg_status ompwg_zgemm_device(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                                          int64_t m, int64_t n, int64_t k,
                                          ompwg_complex_double alpha, const ompwg_complex_double *a,
                                          int64_t lda, const ompwg_complex_double *b, int64_t ldb,
                                          ompwg_complex_double beta, ompwg_complex_double *c, int64_t ldc);
/** The checker of the complex GEMM: as ompwg_sgemm_ratio(), with the
 *  netlib ZMMCH ratio |c - c_ref|_1 / (eps * (|alpha|_1 * sum |a|_1 |b|_1 +
 *  |beta|_1 |c0|_1)), c_ref computed by OpenBLAS. */
OMPWG_API ompwg_status ompwg_cgemm_ratio(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                                         int64_t m, int64_t n, int64_t k, ompwg_complex_float alpha,
                                         const ompwg_complex_float *a, int64_t lda,
                                         const ompwg_complex_float *b, int64_t ldb,
                                         ompwg_complex_float beta, const ompwg_complex_float *c0,
                                         const ompwg_complex_float *c, int64_t ldc, double *ratio);
OMPWG_API ompwg_status ompwg_zgemm_ratio(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                                         int64_t m, int64_t n, int64_t k, ompwg_complex_double alpha,
                                         const ompwg_complex_double *a, int64_t lda,
                                         const ompwg_complex_double *b, int64_t ldb,
                                         ompwg_complex_double beta, const ompwg_complex_double *c0,
                                         const ompwg_complex_double *c, int64_t ldc, double *ratio);
/** @} */

/** @name Reductions over strided vectors
 * Element i of a vector (x, incx) is x[i * incx] for incx > 0 and, as in
 * BLAS, x[(n - 1 - i) * |incx|] for incx < 0; incx == 0 is
 * ::OMPWG_ERR_INC. n < 0 is ::OMPWG_ERR_SIZE. For n == 0 the sums are 0, and
 * max/min return value 0 and index -1.
 *
 * Accumulation: the float functions accumulate in double, the double ones in
 * double, as per-thread (per-team on the GPU) partial sums combined in a
 * fixed order, so that a run with the same backend and thread count gives
 * the same bits. The error bound that follows for a sum s of n terms t_i is
 * |s - s_exact| <= n * u_acc * sum|t_i| + u * |s_exact|, where u_acc is the
 * unit roundoff of the accumulation type (2^-53 for double) and u that of the
 * result type. The `openblas` backend accumulates float sums in float
 * (u_acc = 2^-24): it is the reference, not the most accurate backend.
 *
 * NaN: sum, dot and asum follow IEEE arithmetic (a NaN term gives NaN). For
 * max and min a NaN wins: the result is NaN and the index is that of the
 * first NaN. Otherwise ties go to the first occurrence (the smallest i).
 * @{ */
/** result := sum of x_i. */
OMPWG_API ompwg_status ompwg_ssum(int64_t n, const float *x, int64_t incx, float *result);
OMPWG_API ompwg_status ompwg_dsum(int64_t n, const double *x, int64_t incx, double *result);
/** result := sum of x_i * y_i. */
OMPWG_API ompwg_status ompwg_sdot(int64_t n, const float *x, int64_t incx,
                                  const float *y, int64_t incy, float *result);
OMPWG_API ompwg_status ompwg_ddot(int64_t n, const double *x, int64_t incx,
                                  const double *y, int64_t incy, double *result);
/** result := sum of |x_i|. */
OMPWG_API ompwg_status ompwg_sasum(int64_t n, const float *x, int64_t incx, float *result);
OMPWG_API ompwg_status ompwg_dasum(int64_t n, const double *x, int64_t incx, double *result);
/** value := max x_i, index := the first i where it occurs (0-based). */
OMPWG_API ompwg_status ompwg_smax(int64_t n, const float *x, int64_t incx, float *value, int64_t *index);
OMPWG_API ompwg_status ompwg_dmax(int64_t n, const double *x, int64_t incx, double *value, int64_t *index);
/** value := min x_i, index := the first i where it occurs (0-based). */
OMPWG_API ompwg_status ompwg_smin(int64_t n, const float *x, int64_t incx, float *value, int64_t *index);
OMPWG_API ompwg_status ompwg_dmin(int64_t n, const double *x, int64_t incx, double *value, int64_t *index);
/** @} */

/** @name Prefix sums (scans)
 * y_i := x_0 + ... + x_i (inclusive) or x_0 + ... + x_{i-1} (exclusive,
 * y_0 = 0) for i = 0..n-1, in single and double precision and in 64-bit
 * integers. Vectors are strided as for the reductions: element i of (x,
 * incx) is x[i * incx] for incx > 0 and x[(n - 1 - i) * |incx|] for incx <
 * 0, so that a negative increment scans from the end of memory.
 *
 * flags: 0 for an inclusive scan, ::OMPWG_SCAN_EXCLUSIVE for an exclusive
 * one; any other bit is ::OMPWG_ERR_FLAGS.
 *
 * Checks, in order: flags (::OMPWG_ERR_FLAGS), n < 0 (::OMPWG_ERR_SIZE),
 * incx, incy == 0 (::OMPWG_ERR_INC); then n == 0 returns at once; then
 * pointers (::OMPWG_ERR_NULL) and overlap: y may be x itself with incy ==
 * incx (the scan is then in place), any other overlap of the two spans is
 * ::OMPWG_ERR_OVERLAP. Nothing outside the n elements of y is written.
 *
 * Accumulation and bound: the float scan accumulates in double, the double
 * scan in double, each output as a sum of its terms in an order the
 * backend's blocking fixes (a run with the same backend, thread count and
 * device gives the same bits). For inclusive output i, with s_i the exact
 * sum of its i + 1 terms,
 *   |y_i - s_i| <= (i + 1) * u_acc * (|x_0| + ... + |x_i|) + u * |s_i|,
 * u_acc = 2^-53 (the accumulation's unit roundoff), u the unit roundoff of
 * the result type (2^-24 for float, 2^-53 for double); an exclusive output
 * i has the bound of inclusive output i - 1. The 64-bit integer scan is
 * exact, modulo 2^64 (two's complement wraparound, never undefined).
 *
 * Backends: gpu (a two-pass kernel over team scans, see docs/kernels.md),
 * cpu (host threads) and the sequential reference (the openblas backend,
 * since OpenBLAS has no scan, runs it; OMPWG_CHECK compares with it).
 * @{ */
/** Flag of the scans: an exclusive scan (y_0 = 0) instead of an inclusive one. */
#define OMPWG_SCAN_EXCLUSIVE 1u

OMPWG_API ompwg_status ompwg_sscan(int64_t n, const float *x, int64_t incx, float *y, int64_t incy,
                                   unsigned flags);
OMPWG_API ompwg_status ompwg_dscan(int64_t n, const double *x, int64_t incx, double *y, int64_t incy,
                                   unsigned flags);
OMPWG_API ompwg_status ompwg_i64scan(int64_t n, const int64_t *x, int64_t incx, int64_t *y,
                                     int64_t incy, unsigned flags);
/** @} */

/** @name Out-of-place transpose
 * B := A^T, A rows x cols and B cols x rows, both in the given layout:
 * column-major a[i + j * lda] (lda >= max(1, rows)) and b[j + i * ldb]
 * (ldb >= max(1, cols)); row-major a[i * lda + j] (lda >= max(1, cols)) and
 * b[j * ldb + i] (ldb >= max(1, rows)). The copy is exact (bit for bit),
 * and nothing of B outside its cols x rows elements (the padding between
 * its columns or rows) is written.
 *
 * Checks, in order: layout (::OMPWG_ERR_LAYOUT), rows, cols < 0
 * (::OMPWG_ERR_SIZE), lda, ldb (::OMPWG_ERR_LD); then rows == 0 or
 * cols == 0 returns at once; then pointers (::OMPWG_ERR_NULL) and overlap:
 * B must not overlap A's span (::OMPWG_ERR_OVERLAP), since an in-place
 * transpose of a non-square matrix is another algorithm.
 *
 * Backends: gpu (team-shared tiles with padded rows, see
 * OMPWG_GPU_TRANSPOSE), cpu (cache-blocked, host threads), openblas
 * (OpenBLAS's omatcopy).
 * @{ */
OMPWG_API ompwg_status ompwg_stranspose(ompwg_layout layout, int64_t rows, int64_t cols, const float *a,
                                        int64_t lda, float *b, int64_t ldb);
OMPWG_API ompwg_status ompwg_dtranspose(ompwg_layout layout, int64_t rows, int64_t cols, const double *a,
                                        int64_t lda, double *b, int64_t ldb);
/** @} */

/** @name Device-resident data (GPU backend)
 * The same operations on data that already lives on the GPU: a, b, c, x and
 * y are device pointers of the GPU backend's device (ompwg_get_gpu_device():
 * the default device unless chosen otherwise), from omp_target_alloc() or
 * `use_device_ptr`; nothing is copied, and only
 * the result of a reduction (value, index: host pointers) comes back. These
 * calls always run on the GPU backend, whatever ompwg_set_backend() chose,
 * and return ::OMPWG_ERR_UNAVAILABLE when it is not usable. Argument checks
 * and status codes are those of the host-pointer functions.
 * @{ */
OMPWG_API ompwg_status ompwg_sgemm_device(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                                          int64_t m, int64_t n, int64_t k,
                                          float alpha, const float *a, int64_t lda,
                                          const float *b, int64_t ldb,
                                          float beta, float *c, int64_t ldc);
OMPWG_API ompwg_status ompwg_dgemm_device(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                                          int64_t m, int64_t n, int64_t k,
                                          double alpha, const double *a, int64_t lda,
                                          const double *b, int64_t ldb,
                                          double beta, double *c, int64_t ldc);
OMPWG_API ompwg_status ompwg_ssum_device(int64_t n, const float *x, int64_t incx, float *result);
OMPWG_API ompwg_status ompwg_dsum_device(int64_t n, const double *x, int64_t incx, double *result);
OMPWG_API ompwg_status ompwg_sdot_device(int64_t n, const float *x, int64_t incx,
                                         const float *y, int64_t incy, float *result);
OMPWG_API ompwg_status ompwg_ddot_device(int64_t n, const double *x, int64_t incx,
                                         const double *y, int64_t incy, double *result);
OMPWG_API ompwg_status ompwg_sasum_device(int64_t n, const float *x, int64_t incx, float *result);
OMPWG_API ompwg_status ompwg_dasum_device(int64_t n, const double *x, int64_t incx, double *result);
OMPWG_API ompwg_status ompwg_smax_device(int64_t n, const float *x, int64_t incx, float *value, int64_t *index);
OMPWG_API ompwg_status ompwg_dmax_device(int64_t n, const double *x, int64_t incx, double *value, int64_t *index);
OMPWG_API ompwg_status ompwg_smin_device(int64_t n, const float *x, int64_t incx, float *value, int64_t *index);
OMPWG_API ompwg_status ompwg_dmin_device(int64_t n, const double *x, int64_t incx, double *value, int64_t *index);
OMPWG_API ompwg_status ompwg_sscan_device(int64_t n, const float *x, int64_t incx, float *y, int64_t incy,
                                          unsigned flags);
OMPWG_API ompwg_status ompwg_dscan_device(int64_t n, const double *x, int64_t incx, double *y,
                                          int64_t incy, unsigned flags);
OMPWG_API ompwg_status ompwg_i64scan_device(int64_t n, const int64_t *x, int64_t incx, int64_t *y,
                                            int64_t incy, unsigned flags);
OMPWG_API ompwg_status ompwg_stranspose_device(ompwg_layout layout, int64_t rows, int64_t cols,
                                               const float *a, int64_t lda, float *b, int64_t ldb);
OMPWG_API ompwg_status ompwg_dtranspose_device(ompwg_layout layout, int64_t rows, int64_t cols,
                                               const double *a, int64_t lda, double *b, int64_t ldb);
/* The level-3 routines besides GEMM (see their group above): a GPU backend
 * without its own routine returns ::OMPWG_ERR_UNSUPPORTED. */
OMPWG_API ompwg_status ompwg_ssymm_device(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                          int64_t m, int64_t n, float alpha, const float *a, int64_t lda,
                                          const float *b, int64_t ldb, float beta, float *c, int64_t ldc);
OMPWG_API ompwg_status ompwg_dsymm_device(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                          int64_t m, int64_t n, double alpha, const double *a,
                                          int64_t lda, const double *b, int64_t ldb, double beta,
                                          double *c, int64_t ldc);
OMPWG_API ompwg_status ompwg_ssyrk_device(ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans,
                                          int64_t n, int64_t k, float alpha, const float *a, int64_t lda,
                                          float beta, float *c, int64_t ldc);
OMPWG_API ompwg_status ompwg_dsyrk_device(ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans,
                                          int64_t n, int64_t k, double alpha, const double *a,
                                          int64_t lda, double beta, double *c, int64_t ldc);
OMPWG_API ompwg_status ompwg_ssyr2k_device(ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans,
                                           int64_t n, int64_t k, float alpha, const float *a,
                                           int64_t lda, const float *b, int64_t ldb, float beta,
                                           float *c, int64_t ldc);
OMPWG_API ompwg_status ompwg_dsyr2k_device(ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans,
                                           int64_t n, int64_t k, double alpha, const double *a,
                                           int64_t lda, const double *b, int64_t ldb, double beta,
                                           double *c, int64_t ldc);
OMPWG_API ompwg_status ompwg_strmm_device(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                          ompwg_trans transa, ompwg_diag diag, int64_t m, int64_t n,
                                          float alpha, const float *a, int64_t lda, float *b,
                                          int64_t ldb);
OMPWG_API ompwg_status ompwg_dtrmm_device(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                          ompwg_trans transa, ompwg_diag diag, int64_t m, int64_t n,
                                          double alpha, const double *a, int64_t lda, double *b,
                                          int64_t ldb);
OMPWG_API ompwg_status ompwg_strsm_device(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                          ompwg_trans transa, ompwg_diag diag, int64_t m, int64_t n,
                                          float alpha, const float *a, int64_t lda, float *b,
                                          int64_t ldb);
OMPWG_API ompwg_status ompwg_dtrsm_device(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                                          ompwg_trans transa, ompwg_diag diag, int64_t m, int64_t n,
                                          double alpha, const double *a, int64_t lda, double *b,
                                          int64_t ldb);
/** @} */

/** @name GPU properties
 * What the GPU backend's device offers, read through the CUDA driver at run
 * time: the numbers `ompwg info` prints and the benchmark's peak estimates
 * use.
 * @{ */
typedef enum ompwg_gpu_prop {
    OMPWG_GPU_SM_COUNT = 0,           /**< streaming multiprocessors */
    OMPWG_GPU_WARP_SIZE = 1,          /**< lanes of a warp: the sub-group size */
    OMPWG_GPU_SHARED_PER_TEAM = 2,    /**< bytes of shared (local) memory a team gets by default */
    OMPWG_GPU_SHARED_PER_TEAM_MAX = 3,/**< bytes a team can get by opting in */
    OMPWG_GPU_GLOBAL_MEM = 4,         /**< bytes of device memory */
    OMPWG_GPU_CLOCK_KHZ = 5,          /**< peak SM clock */
    OMPWG_GPU_L2_BYTES = 6,           /**< L2 cache size */
    OMPWG_GPU_CC_MAJOR = 7,           /**< compute capability, major */
    OMPWG_GPU_CC_MINOR = 8            /**< compute capability, minor */
} ompwg_gpu_prop;

/**
 * One property of the GPU backend's device.
 * @return ::OMPWG_OK; ::OMPWG_ERR_UNAVAILABLE when no GPU is usable or the
 *         CUDA driver cannot be loaded; ::OMPWG_ERR_FLAGS for an unknown
 *         property; ::OMPWG_ERR_NULL when value is NULL.
 */
OMPWG_API ompwg_status ompwg_gpu_property(ompwg_gpu_prop prop, int64_t *value);
/** The device's name into buf (always terminated). Same statuses. */
OMPWG_API ompwg_status ompwg_gpu_name(char *buf, size_t len);
/** @} */

/** @name Choosing the GPU
 * The GPU backend runs on one OpenMP device of the process: the one
 * OMPWG_GPU_DEVICE names, else omp_get_default_device(), unless
 * ompwg_set_gpu_device() chose another. A process per GPU (one MPI rank per
 * GPU of a node, see ompwg_mpi.h) calls ompwg_set_gpu_device() with its own
 * number, preferably before its first ompwg call, so that it never creates a
 * context on another process's GPU. OMPWG_GPU_DEVICE set where there is no
 * GPU to choose (host fallback, a build without offload, no device) is
 * ignored with one line on stderr.
 * @{ */
/**
 * Number of GPUs the offload runtime sees (0 in host fallback and in a build
 * without offload). Runs no kernel and creates no device context.
 * @return ::OMPWG_OK; ::OMPWG_ERR_NULL when count is NULL.
 */
OMPWG_API ompwg_status ompwg_gpu_device_count(int *count);
/**
 * Run the GPU backend's later calls, on every thread, on OpenMP device
 * `device` (0 <= device < ompwg_gpu_device_count()); -1 returns to the
 * default (OMPWG_GPU_DEVICE, read again, else omp_get_default_device()).
 * Called before the library's first use, the backend starts on that device
 * and no other is touched. Device pointers belong to the device that was
 * current when they were allocated: change the device only while no call is
 * running and no buffer of the old one is still in use.
 * ompwg_gpu_property() and ompwg_gpu_name() describe the current device
 * (ompwg_backend_info() keeps the description of the first one).
 * @return ::OMPWG_OK; ::OMPWG_ERR_RANGE for device < -1, for a number that
 *         is not one of the devices, and in host fallback
 *         (OMP_TARGET_OFFLOAD=DISABLED: the host is the only device, and -1
 *         names it) for anything but -1; ::OMPWG_ERR_UNAVAILABLE when the GPU
 *         backend is not usable or a kernel cannot run on that device. On
 *         failure the device is unchanged.
 */
OMPWG_API ompwg_status ompwg_set_gpu_device(int device);
/**
 * The OpenMP device number the GPU backend runs on, -1 in host fallback.
 * @return ::OMPWG_OK; ::OMPWG_ERR_NULL; ::OMPWG_ERR_UNAVAILABLE when the GPU
 *         backend is not usable (*device is then untouched).
 */
OMPWG_API ompwg_status ompwg_get_gpu_device(int *device);
/** @} */

/** @name Sharing the CPU between processes
 * The CPU backend runs one thread per core of the cores the process may use
 * (its binding, as first seen) and pins its workers to them. Processes of
 * one node that were all given the same cores (several MPI ranks started
 * without binding, see ompwg_mpi.h) split them with ompwg_set_cpu_share()
 * instead of running every thread on every core.
 * @{ */
/**
 * Use share `part` of `parts` of the allowed cores: the cores, in hwloc's
 * logical order (so that a share keeps cores of one package together), are
 * cut into `parts` contiguous, disjoint runs whose lengths differ by at most
 * one; OpenMP's thread count is capped at the length of run `part` (as
 * ompwg_set_num_threads() says) and the workers are pinned inside it. With
 * more parts than cores, part p gets core p modulo the core count alone.
 * (0, 1) is the whole set again. A count given to ompwg_set_num_threads()
 * or OMPWG_NUM_THREADS is not capped. The `openblas`
 * backend keeps OpenBLAS's own thread count (OPENBLAS_NUM_THREADS).
 * @return ::OMPWG_OK; ::OMPWG_ERR_RANGE when parts < 1 or part is not in
 *         [0, parts) (the share is then unchanged).
 */
OMPWG_API ompwg_status ompwg_set_cpu_share(int part, int parts);
/**
 * The cores the CPU backend uses now: indices first .. first + count - 1 of
 * the allowed cores in hwloc's logical order (all of them when no share was
 * set). Either pointer may be NULL.
 */
OMPWG_API ompwg_status ompwg_get_cpu_share(int *first, int *count);
/**
 * Run the CPU backend's calls on n threads from now on, in every thread of
 * the process (more than the cores too); n <= 0 takes it back
 * (OMPWG_NUM_THREADS, else OpenMP's count, holds again).
 *
 * The CPU backend's count is the last one the program set: OMP_NUM_THREADS
 * or omp_set_num_threads() (OpenMP's count, omp_get_max_threads() in the
 * calling thread, at most one thread per core of the share), this function
 * (libompwg_blas's openblas_set_num_threads() calls it), or OMPWG_NUM_THREADS
 * (as read at first use or by ompwg_config_reload(); it wins over
 * OMP_NUM_THREADS). No hook tells the library of omp_set_num_threads(), so
 * a call to it is seen as a change of the calling thread's OpenMP count from
 * what it was when this function was last called (in that thread; in
 * another, at its first call to the library after that; for
 * OMPWG_NUM_THREADS, at the start): from then on OpenMP's count wins in
 * that thread, until this function is called again. omp_set_num_threads()
 * given the count the thread already had changes nothing. Inside the
 * program's parallel region a call runs on the calling thread alone, unless
 * nested parallelism is on (omp_get_max_active_levels() above
 * omp_get_active_level()), when the count above holds for its own team.
 * `ompwg info` shows the count and where it came from. The `openblas`
 * backend keeps OpenBLAS's own count.
 * @return ::OMPWG_OK; ::OMPWG_ERR_RANGE when n > 4096 (the count is then
 *         unchanged).
 */
OMPWG_API ompwg_status ompwg_set_num_threads(int n);
/** The number of threads the CPU backend's next call from the calling
 *  thread runs on, by the rule of ompwg_set_num_threads(). */
OMPWG_API int ompwg_get_num_threads(void);
/** @name GPU kernel variants
 * Some GPU kernels come in variants, chosen by an environment variable read
 * at first use, or by ompwg_set_gpu_variant() (which a program may call
 * between calls); an unset or empty variable selects the default, an
 * unknown value the default with a line on stderr. With OMPWG_VERBOSE=1 a
 * line on stderr says which variant runs, whenever that changes.
 * The variants give results within the same documented bounds, in host
 * fallback too.
 * @{ */
typedef enum ompwg_gpu_kernel {
    /** OMPWG_GPU_GEMM: "tiled" (default: A and B staged in team-shared
     *  tiles) or "subgroup" (no team-shared memory: each lane loads one
     *  element of a k-slice of the operand the lanes share and broadcasts it
     *  across its sub-group) */
    OMPWG_GPU_KERNEL_GEMM = 0,
    /** OMPWG_GPU_REDUCE: "tree" (default: team-shared tree, a warp finishes)
     *  or "subgroup" (each sub-group reduces with shuffles, then the
     *  sub-groups' results are combined) */
    OMPWG_GPU_KERNEL_REDUCE = 1,
    /** OMPWG_GPU_TRANSPOSE: "padded" (default: team-shared tiles with one
     *  element of padding per row, against bank conflicts) or "unpadded" */
    OMPWG_GPU_KERNEL_TRANSPOSE = 2,
    /** OMPWG_GPU_DGEMM, for the tiled DGEMM and the ZGEMM: "tensor"
     *  (default: the FP64 tensor cores, mma.sync m16n8k8 on sm_90 or m8n8k4
     *  on sm_80, where every architecture the library was built for has
     *  them; the FMA units elsewhere) or "fma" (the FMA units) */
    OMPWG_GPU_KERNEL_DGEMM = 3,
    /** OMPWG_GPU_GEMM_TILE, the team tile of the tiled GEMM: "auto"
     *  (default: 64 x 64 when 128 x 128 tiles of C would be fewer than the
     *  GPU's multiprocessors, else 128 x 128), "large" (128 x 128) or
     *  "small" (64 x 64) */
    OMPWG_GPU_KERNEL_GEMM_TILE = 4,
    /** OMPWG_GPU_SGEMM, for the tiled SGEMM: "fma" (default: the FMA
     *  units) or "tf32x3" (the TF32 tensor cores, mma.sync m16n8k8, where
     *  every architecture the library was built for has them, sm_80 and
     *  later; the FMA units elsewhere). tf32x3 splits each element x of A
     *  and B into TF32 parts hi = tf32(x), lo = tf32(x - hi) (round to
     *  nearest, ties away) and accumulates lo_a hi_b + hi_a lo_b + hi_a hi_b
     *  in FP32: each product a b is taken to within 3 * 2^-22 |a| |b|
     *  (12 u |a| |b|, u = 2^-24) before its FP32 accumulation, and the
     *  tests hold the result to the same netlib ratio as the FMA kernel's
     *  (the GEMM bound of ompwg_sgemm()). On an H100 (bench_gpu, data in
     *  [-1, 1), n = 1024 to 8192) its median error against the product in
     *  double was 1.7 to 4.7 FLT_EPSILON |A| |B|, the FMA kernel's 0.10
     *  (the tensor cores' FP32 accumulation rounds less closely than an
     *  FMA), and it ran at 0.46-0.64 of cuBLAS SGEMM against the FMA
     *  kernel's 0.66-0.76: it is not the default. The sub-group kernel
     *  (OMPWG_GPU_GEMM=subgroup) is on the FMA units either way */
    OMPWG_GPU_KERNEL_SGEMM = 5,
    /** OMPWG_GPU_QR, how the GPU's GEQRF (and GELS) applies its
     *  reflectors to the columns right of a panel: "auto" (default: the
     *  block reflector of four panels merged, applied by three GEMMs of
     *  inner dimension 256, where the matrix right of them has at least
     *  8192 rows and columns; each panel's own reflector, inner dimension
     *  64, elsewhere), "panel" (each panel's own everywhere) or "merged"
     *  (merged wherever four panels and columns right of them remain) */
    OMPWG_GPU_KERNEL_QR = 6,
    /** the number of families (not a family) */
    OMPWG_GPU_KERNEL_COUNT
} ompwg_gpu_kernel;

/**
 * The variant the next call of a GPU kernel family runs (the environment's
 * choice, or ompwg_set_gpu_variant()'s); *name is a static string.
 * @return ::OMPWG_OK; ::OMPWG_ERR_FLAGS for an unknown kernel;
 *         ::OMPWG_ERR_NULL when name is NULL.
 */
OMPWG_API ompwg_status ompwg_gpu_variant(ompwg_gpu_kernel kernel, const char **name);
/**
 * Run variant `name` (any case) of a GPU kernel family from the next call
 * on, in every thread; NULL returns to the environment's choice (its
 * variable read again).
 * @return ::OMPWG_OK; ::OMPWG_ERR_FLAGS for an unknown kernel or a name
 *         that is not one of its variants (the choice is then unchanged).
 */
OMPWG_API ompwg_status ompwg_set_gpu_variant(ompwg_gpu_kernel kernel, const char *name);
/** @} */

/** @name Configuration
 * Every setting has a knob: an environment variable, read once at first use
 * (and again by ompwg_config_reload(), or by a setter given its "read the
 * environment again" value), and a setter that changes it from then on for
 * every thread. Setters may be called while other threads call the
 * library. A variable whose value cannot be used is ignored with one line
 * on stderr saying so and what is used instead (whatever OMPWG_VERBOSE
 * says); a setter given such a value returns a status and changes nothing.
 * `ompwg info` prints every knob with its setting.
 *
 * The library's kernel variants (the GPU kernel families', the CPU
 * backend's GEMM kernels per instruction set) are listed by
 * ompwg_variant_info(), and chosen by ompwg_config_set() with the
 * variant's variable and name, or by the typed setters.
 * @{ */
/** A knob, as ompwg_config_describe() gives it; strings are static. */
typedef struct ompwg_knob_info {
    const char *env;      /**< its environment variable, e.g. "OMPWG_NUM_THREADS" */
    const char *values;   /**< what it takes, e.g. "1-4096" or "tiled|subgroup" */
    const char *fallback; /**< its default, in words */
    const char *doc;      /**< what it does, in one line */
    const char *setter;   /**< its typed setter, e.g. "ompwg_set_num_threads()" */
    char value[256];      /**< its setting now, as text */
} ompwg_knob_info;

/** The number of knobs. */
OMPWG_API int ompwg_config_count(void);
/**
 * Describe knob i (0 <= i < ompwg_config_count()).
 * @return ::OMPWG_OK; ::OMPWG_ERR_NULL; ::OMPWG_ERR_RANGE for i out of range.
 */
OMPWG_API ompwg_status ompwg_config_describe(int i, ompwg_knob_info *out);
/**
 * Set a knob by its variable's name and a value as the variable would
 * hold it, through the knob's setter; value NULL reads the variable again.
 * Nothing in the process environment changes.
 * @return ::OMPWG_OK; ::OMPWG_ERR_NULL (env NULL); ::OMPWG_ERR_FLAGS for an
 *         unknown variable or a value that is not one of the choices;
 *         ::OMPWG_ERR_RANGE for a number out of range or malformed; else
 *         what the setter returns (e.g. ::OMPWG_ERR_BACKEND,
 *         ::OMPWG_ERR_UNAVAILABLE). On failure nothing changes.
 */
OMPWG_API ompwg_status ompwg_config_set(const char *env, const char *value);
/**
 * Read every OMPWG_* variable again and make it the setting, replacing
 * what the setters set (an unset variable gives the default).
 * @return ::OMPWG_OK, or the first failing setter's status (e.g.
 *         ::OMPWG_ERR_BACKEND when OMPWG_BACKEND names no backend).
 */
OMPWG_API ompwg_status ompwg_config_reload(void);

/** A kernel variant, as ompwg_variant_info() gives it; strings are static. */
typedef struct ompwg_variant {
    const char *env;    /**< the knob that selects it, e.g. "OMPWG_CPU_ARCH" */
    const char *family; /**< e.g. "cpu gemm", "gpu reduction" */
    const char *backend; /**< the backend that runs it, as ompwg_backend_info() names it */
    const char *name;   /**< the value that selects it, e.g. "avx2" */
    int runnable;       /**< 1 when this machine can run it (a CPU kernel
                             needs its instruction set and the CPU backend) */
} ompwg_variant;

/** The number of kernel variants the library has, runnable here or not. */
OMPWG_API int ompwg_variant_count(void);
/**
 * Describe variant i (0 <= i < ompwg_variant_count()); variants of one
 * family are consecutive.
 * @return ::OMPWG_OK; ::OMPWG_ERR_NULL; ::OMPWG_ERR_RANGE for i out of range.
 */
OMPWG_API ompwg_status ompwg_variant_info(int i, ompwg_variant *out);

/**
 * The CPU backend's GEMM kernel (OMPWG_CPU_ARCH): "generic", "avx2",
 * "avx512", or "auto" (the default: the best this CPU runs); NULL reads
 * OMPWG_CPU_ARCH again.
 * @return ::OMPWG_OK; ::OMPWG_ERR_FLAGS for another name;
 *         ::OMPWG_ERR_UNAVAILABLE when this CPU or build lacks the kernel
 *         (the choice is then unchanged).
 */
OMPWG_API ompwg_status ompwg_set_cpu_arch(const char *name);
/** The CPU kernel asked for ("auto" unless one was), a static string. */
OMPWG_API const char *ompwg_get_cpu_arch(void);
/**
 * How a host thread waits for the GPU (OMPWG_GPU_SYNC): "auto", "spin",
 * "yield", "blocking" or "keep", applied when the GPU backend next starts
 * on a device (first use, ompwg_set_gpu_device()); NULL reads the variable
 * again.
 * @return ::OMPWG_OK; ::OMPWG_ERR_FLAGS for another name (unchanged).
 */
OMPWG_API ompwg_status ompwg_set_gpu_sync(const char *mode);
/** The wait ompwg_set_gpu_sync() or OMPWG_GPU_SYNC chose, a static string. */
OMPWG_API const char *ompwg_get_gpu_sync(void);
/**
 * The widest panel of the distributed GEMM (OMPWG_MPI_PANEL; every rank
 * must use the same): width >= 1 columns; 0 the default, 512; -1 reads the
 * variable again.
 * @return ::OMPWG_OK; ::OMPWG_ERR_RANGE for width < -1 or > 2^31 - 1
 *         (unchanged).
 */
OMPWG_API ompwg_status ompwg_set_mpi_panel(int64_t width);
/** The panel width the distributed GEMM uses now. */
OMPWG_API int64_t ompwg_get_mpi_panel(void);
/** Check mode now: 1 on, 0 off (ompwg_set_check()). */
OMPWG_API int ompwg_get_check(void);
/** The CPU fallback now: 1 on, 0 off (ompwg_set_fallback()). */
OMPWG_API int ompwg_get_fallback(void);
/** Short calls of the drop-in BLAS now: 1 on, 0 off (ompwg_set_short_calls()). */
OMPWG_API int ompwg_get_short_calls(void);
/** Whether host arrays are looked up in OpenMP's data environment now: 1
 *  on, 0 off (ompwg_set_mapped_data()). */
OMPWG_API int ompwg_get_mapped_data(void);
/** The message level now, 0 to 2 (ompwg_set_verbose()). */
OMPWG_API int ompwg_get_verbose(void);
/** 1 when a GEMM may be split between GPU and CPU (ompwg_set_split()). */
OMPWG_API int ompwg_get_split(void);
/** The fixed GPU share of a split, 0 when the model decides
 *  (ompwg_set_split_share()). */
OMPWG_API double ompwg_get_split_share(void);
/**
 * The model file into buf (always terminated): the one named, "" for none,
 * or by default the file for this machine's GPU, CPU and thread count
 * under $XDG_CACHE_HOME/ompwg, else ~/.cache/ompwg ("" without a home).
 * @return ::OMPWG_OK; ::OMPWG_ERR_NULL; ::OMPWG_ERR_RANGE when it does not
 *         fit (buf then holds its start).
 */
OMPWG_API ompwg_status ompwg_get_model_file(char *buf, size_t len);
/** @} */

/** @name Device memory (GPU backend)
 * Buffers on the GPU backend's device for the *_device functions, so that a
 * program needs neither the OpenMP device-memory API nor a link to the
 * offload runtime of its own. In host fallback (OMP_TARGET_OFFLOAD=DISABLED)
 * they are host memory. Pointers from omp_target_alloc() on the backend's
 * device (ompwg_get_gpu_device()) work with the *_device functions just as
 * well.
 * @{ */
typedef enum ompwg_copy_kind {
    OMPWG_HOST_TO_DEVICE = 1,
    OMPWG_DEVICE_TO_HOST = 2,
    OMPWG_DEVICE_TO_DEVICE = 3
} ompwg_copy_kind;

/**
 * Allocate bytes (> 0) on the device into *ptr.
 * @return ::OMPWG_OK; ::OMPWG_ERR_NULL (ptr NULL); ::OMPWG_ERR_SIZE (bytes 0);
 *         ::OMPWG_ERR_UNAVAILABLE (no usable GPU backend);
 *         ::OMPWG_ERR_DEVICE_NOMEM (the device has no room: never an abort).
 */
OMPWG_API ompwg_status ompwg_device_alloc(size_t bytes, void **ptr);
/** Free what ompwg_device_alloc() returned; NULL is accepted. */
OMPWG_API ompwg_status ompwg_device_free(void *ptr);
/**
 * Copy bytes between host and device memory, or within the device; returns
 * when the copy is complete.
 * @return ::OMPWG_OK; ::OMPWG_ERR_NULL; ::OMPWG_ERR_FLAGS (unknown kind);
 *         ::OMPWG_ERR_UNAVAILABLE; ::OMPWG_ERR_DEVICE (the runtime failed).
 */
OMPWG_API ompwg_status ompwg_device_copy(void *dst, const void *src, size_t bytes, ompwg_copy_kind kind);
/** @} */

/** @name Checking a result against OpenBLAS
 * The checker behind OMPWG_CHECK, for an application's own tests. Given the
 * arguments of a GEMM call, C before it (c0) and after it (c), both with
 * leading dimension ldc, computes with OpenBLAS the largest netlib ratio
 *   |c - c_ref| / (eps * (|alpha| * sum_p |a_ip||b_pj| + |beta| * |c0_ij|))
 * over C, eps being FLT_EPSILON or DBL_EPSILON. The netlib test programs
 * accept a ratio below 16. A NaN or Inf in one result and not the other gives
 * INFINITY. The arguments are checked as ompwg_sgemm() checks them.
 * @{ */
OMPWG_API ompwg_status ompwg_sgemm_ratio(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                                         int64_t m, int64_t n, int64_t k, float alpha, const float *a,
                                         int64_t lda, const float *b, int64_t ldb, float beta,
                                         const float *c0, const float *c, int64_t ldc, double *ratio);
OMPWG_API ompwg_status ompwg_dgemm_ratio(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                                         int64_t m, int64_t n, int64_t k, double alpha, const double *a,
                                         int64_t lda, const double *b, int64_t ldb, double beta,
                                         const double *c0, const double *c, int64_t ldc, double *ratio);
/** @} */

/** @name Backends
 * Backends are known by name: "gpu" (OpenMP target offload), "cpu" (OpenMP
 * host threads pinned with hwloc) and "openblas" (the reference). "auto"
 * places each call where it finishes first (see Placement); the name
 * ompwg_get_backend() gives for it is the GPU when a device is usable, else
 * the CPU.
 * @{ */
/**
 * Route the calls of every thread to the named backend, or "auto".
 * NULL reads OMPWG_BACKEND again (unset, or a name that is no backend,
 * means "auto"; the latter with a line on stderr, as for every knob).
 * @return ::OMPWG_OK, ::OMPWG_ERR_BACKEND for an unknown name, or
 *         ::OMPWG_ERR_UNAVAILABLE when the backend is not usable here (the
 *         selection is then unchanged).
 */
OMPWG_API ompwg_status ompwg_set_backend(const char *name);
/** Name of the backend the calling thread's calls go to now ("gpu", "cpu"
 *  or "openblas": its own choice when ompwg_set_thread_backend() made one,
 *  else the process-wide selection), or "none" when OMPWG_BACKEND named a
 *  backend that is not usable here and nothing has been selected since
 *  (calls then return ::OMPWG_ERR_UNAVAILABLE). */
OMPWG_API const char *ompwg_get_backend(void);
/**
 * Route the calls of the calling thread only to the named backend, or
 * "auto", whatever the process-wide selection is; other threads are not
 * affected. NULL returns the thread to the process-wide selection. Lets a
 * thread keep its calls on the CPU while others use the GPU, or run one call
 * elsewhere after a failure (the BLAS library does so, see ompwg_blas.h).
 * @return ::OMPWG_OK, ::OMPWG_ERR_BACKEND for an unknown name, or
 *         ::OMPWG_ERR_UNAVAILABLE when the backend is not usable here (the
 *         thread's choice is then unchanged).
 */
OMPWG_API ompwg_status ompwg_set_thread_backend(const char *name);
/** The calling thread's own choice ("gpu", "cpu" or "openblas"), or NULL when
 *  it follows the process-wide selection. */
OMPWG_API const char *ompwg_get_thread_backend(void);
/** Number of backends compiled into the library. */
OMPWG_API int ompwg_backend_count(void);
/**
 * Describe backend i (0 <= i < ompwg_backend_count()).
 * @param name   receives the backend's name (static storage); may be NULL
 * @param why    receives, when not usable, the reason; when usable, a short
 *               description of what it runs on; may be NULL
 * @param why_len size of why in bytes
 * @return 1 if usable, 0 if not, -1 if i is out of range.
 */
OMPWG_API int ompwg_backend_info(int i, const char **name, char *why, size_t why_len);
/** What a backend is for: the bits ompwg_backend_roles() returns. */
typedef enum ompwg_backend_role {
    /** every result is checked against it (check mode) */
    OMPWG_ROLE_REFERENCE = 1 << 0,
    /** takes device pointers; host data crosses a link */
    OMPWG_ROLE_DEVICE_DATA = 1 << 1,
    /** runs a host-data call that a device backend could not hold */
    OMPWG_ROLE_FALLBACK = 1 << 2
} ompwg_backend_role;
/** The ::ompwg_backend_role bits of the named backend (compiled in, usable
 *  here or not); 0 for NULL or an unknown name. */
OMPWG_API unsigned ompwg_backend_roles(const char *name);

/**
 * Check mode: 1 runs every call on OpenBLAS too and compares within the
 * netlib bound (GEMM; for the complex GEMM the ZMMCH form, see "Complex
 * GEMM") or the documented reduction bound; scans are compared
 * with the sequential reference (twice the documented bound: both are
 * within it of the exact sums; int64 exactly), transposes bit for bit with
 * A. A difference is reported on stderr and as ::OMPWG_ERR_CHECK (the
 * backend's result stays in the output). A call OpenBLAS's 32-bit
 * interface cannot take runs unchecked: its status is the backend's
 * (::OMPWG_OK with the result written), and the first such call is said
 * on stderr. 0 turns it off; -1 reads OMPWG_CHECK again.
 * @return the previous setting (0 or 1); ::OMPWG_ERR_RANGE for any other
 *         value than -1, 0 or 1 (the setting is then unchanged).
 */
OMPWG_API int ompwg_set_check(int on);

/**
 * CPU fallback: 1 lets a call on host data that the GPU cannot hold
 * (::OMPWG_ERR_DEVICE_NOMEM) run on the CPU backend instead; 0 (the default)
 * returns the status. -1 reads OMPWG_FALLBACK again.
 * @return the previous setting (0 or 1); ::OMPWG_ERR_RANGE for any other
 *         value than -1, 0 or 1 (unchanged).
 */
OMPWG_API int ompwg_set_fallback(int on);

/**
 * Short calls of the drop-in BLAS (libompwg_blas, docs/drop-in.md): 1 (the
 * default) lets a call of at most 32^3 multiply-adds (GEMM, SYMM, SYRK,
 * SYR2K, TRMM, TRSM, complex GEMM) or 65536 elements (DOT, ASUM), and a
 * call of the drop-in LAPACK's own routines (GETRF ... GELS) whose every
 * dimension is at most 32, on host data go straight to OpenBLAS, without
 * the planner, wherever the planner
 * would send it there anyway: under "auto" with no usable GPU (or one, with
 * mapped data not looked up: ompwg_set_mapped_data()), or with the
 * backend "openblas", while check mode is off, OMPWG_VERBOSE is below 2,
 * no split share is fixed and no thread has a backend of its own. The
 * result, the argument checks and the refusals are the same either way;
 * 0 sends every call through the planner (the C API's own short GEMMs
 * too). -1 reads OMPWG_SHORT_CALLS again.
 * @return the previous setting (0 or 1); ::OMPWG_ERR_RANGE for any other
 *         value than -1, 0 or 1 (unchanged).
 */
OMPWG_API int ompwg_set_short_calls(int on);

/**
 * Mapped data (docs/api.md#data-on-the-gpu): 1 (the default) looks each
 * host array of a call up in OpenMP's data environment of the GPU
 * backend's device, and a call whose arrays are all mapped there runs on
 * the device copies (the C API and the drop-in BLAS alike). 0 takes host
 * pointers as host data, as a BLAS library does: no lookup (each costs the
 * offload runtime's omp_target_is_present, about 80 ns on an H200 node),
 * and under "auto" with a usable GPU the drop-in's short calls go straight
 * to OpenBLAS too (ompwg_set_short_calls()). Device pointers (the _device
 * forms) are unaffected. -1 reads OMPWG_MAPPED_DATA again.
 * @return the previous setting (0 or 1); ::OMPWG_ERR_RANGE for any other
 *         value than -1, 0 or 1 (unchanged).
 */
OMPWG_API int ompwg_set_mapped_data(int on);
/** @} */

/** @name Placement
 * With the backend "auto" (the default), and a GPU usable, each call on host
 * data runs where the library's model says it finishes first: on the GPU
 * (the bytes the call reads and writes cross the link, plus the kernel), on
 * the CPU backend, or, for a large GEMM, split by columns of C between both
 * in the ratio of their predicted times. Calls on device pointers (the
 * *_device functions) run on the GPU. A call whose host arrays are all
 * present in the OpenMP data environment on the GPU backend's device
 * (`#pragma omp target data map(...)`, `target enter data`) runs on the
 * mapped device copies and moves nothing, under OpenMP's rules: after the
 * host copy changes the caller writes `target update to(...)`, and reads a
 * result in host memory after `target update from(...)`. This holds for any
 * backend selection that includes the GPU ("auto" or "gpu").
 *
 * The CPU candidates are the CPU backend and OpenBLAS (a program that
 * drops ompwg in for OpenBLAS must never be slower than it was). For a
 * GEMM-shaped call (GEMM, the level-3 routines, complex GEMM) the call's
 * shape chooses between them: the updates of a blocked factorisation
 * (smallest dimension 64 to 127, at least 1.6e7 flops; a GEMM whose depth k
 * is that dimension, at least 2e9) run on the CPU backend, unless the model
 * puts it 1.5 times slower than OpenBLAS; short, narrow and square calls on
 * OpenBLAS (docs/performance.md gives the measurements). A reduction the
 * model puts under 50 us on the CPU runs on OpenBLAS: beside the program's
 * own OpenBLAS calls, waking the CPU backend's threads for it would cost
 * more than the call. Without a usable GPU no model is measured and the
 * shape alone chooses.
 *
 * The model is measured once per machine kind (see below), by `ompwg
 * calibrate` or ompwg_calibrate() ahead (a job's prologue), else when the
 * first call on host data that has a GPU to weigh finds none kept: that
 * call does not wait for it. It starts the measurement on a thread of the
 * library's own (about 3.7 s on an H100 machine; its host parts run when
 * the program leaves the cores idle) and, like every host-data call until
 * the model is ready, is placed without one: by its shape, on the CPU
 * (ompwg_get_model_state() says where the model stands; a process that
 * ends first keeps nothing). ompwg_get_model() waits for it. It measures
 * the link's rate from page-locked and from pageable memory each way, the
 * GEMM, level-3 (a TRSM), panel (m x 64 x m) and streaming (reduction,
 * scan, transpose) kernels of each candidate backend at a few sizes, and
 * three host-data GEMMs and three host-data panel updates on the GPU end
 * to end, all twice, each figure kept at its faster. Times between
 * measured sizes are interpolated, beyond them extrapolated at the last
 * rate. The model is kept across processes in a file: by default one per
 * machine kind under $XDG_CACHE_HOME/ompwg (else ~/.cache/ompwg), its name
 * a hash of the GPU, CPU and thread count, so that only the first process
 * on a machine measures it; where that cannot be written (a read-only home
 * directory) in $XDG_RUNTIME_DIR/ompwg, else in ompwg-UID under $TMPDIR or
 * /tmp (created mode 0700, used only while it is the user's alone).
 * OMPWG_MODEL_FILE=path (or ompwg_set_model_file()) names another file,
 * OMPWG_MODEL_FILE=none keeps none. It is loaded when it was written for
 * the same GPU, CPU and thread count, else measured and written there; a
 * named file that is malformed, foreign or holds absurd numbers is ignored
 * with one message (the default file silently, as is a cache directory
 * that cannot be written; OMPWG_VERBOSE=1 tells). A path that holds
 * anything but a model file (a user's file, a link, a FIFO, a device) is
 * never written over nor waited on: the model is then kept in memory, with
 * one message. `ompwg calibrate` measures the model again (after a driver
 * or BIOS change, say).
 *
 * OMPWG_VERBOSE=2 (or ompwg_set_verbose(2)) prints one line per call on
 * stderr: the operation and shape, where its data lives, each candidate's
 * estimate and the choice.
 * @{ */

/** The layout version of ::ompwg_model (2: the level-3 curves; 3: the
 *  panel curves). */
#define OMPWG_MODEL_VERSION 3
/** Measured sizes per curve. */
#define OMPWG_MODEL_POINTS 4
/** Backends a model describes (at most). */
#define OMPWG_MODEL_BACKENDS 4

/** The kinds of work the model times. */
typedef enum ompwg_model_kind {
    /** GEMM: work counted in floating-point operations, 2 m n k (the
     *  complex GEMM counts its real ones, 8 m n k, on the curve of its real
     *  precision) */
    OMPWG_MODEL_GEMM = 0,
    /** reductions, scans, transposes: work counted in bytes read and written */
    OMPWG_MODEL_STREAM = 1,
    /** SYRK, SYR2K, TRMM, TRSM: work counted in floating-point operations,
     *  timed on a TRSM (left, lower, n x n): these routines run below the
     *  GEMM's rate, the more so the smaller they are (points == 0: priced
     *  on the GEMM curve, as SYMM always is) */
    OMPWG_MODEL_LEVEL3 = 2,
    /** The block updates of a factorisation: GEMMs m x n x k whose C is at
     *  most 128 wide one way (m or n) and shallower than k, timed on
     *  m x 64 x m (work in flops, 2 m 64 m). Each element of the large
     *  operand serves only the narrow side's columns, so streaming it, not
     *  the flops, sets their time; such a call costs at least what this
     *  curve gives for a 64-wide GEMM over its large operand (points == 0:
     *  priced on the GEMM curve alone) */
    OMPWG_MODEL_PANEL = 3
} ompwg_model_kind;
/** Kinds in ::ompwg_model_kind. */
#define OMPWG_MODEL_KINDS 4
/** The narrow width of the panel curves' GEMMs (::OMPWG_MODEL_PANEL). */
#define OMPWG_MODEL_PANEL_WIDTH 64

/** Seconds a backend took for increasing amounts of work, on data in its own
 *  memory (device memory for the GPU). points == 0: not measured. */
typedef struct ompwg_model_curve {
    int points;
    double work[OMPWG_MODEL_POINTS];
    double seconds[OMPWG_MODEL_POINTS];
} ompwg_model_curve;

/** What the planner knows of this machine. */
typedef struct ompwg_model {
    int version;              /**< ::OMPWG_MODEL_VERSION */
    char gpu[128];            /**< the GPU it was measured on ("" for none) */
    char cpu[128];            /**< the CPU model */
    int cpu_threads;          /**< the CPU backend's thread count then */
    /** Link rates in bytes per second, host to device and device to host,
     *  from page-locked and from pageable host memory. */
    double h2d_pinned, d2h_pinned, h2d_pageable, d2h_pageable;
    double link_latency;      /**< seconds a transfer costs beyond its bytes */
    int overlaps;             /**< 1: a host-data GEMM overlaps transfers with its kernels */
    /** A host-data call on the GPU as measured end to end: work[i] the
     *  seconds the rates above predict for a GEMM (its transfers and kernel),
     *  seconds[i] what it took; a call's prediction maps through this curve
     *  (what the copies' path costs beyond the bare link and kernels:
     *  allocations, staging, waits). points == 0: the bare prediction. */
    ompwg_model_curve host_path;
    /** The same for the panel updates (::OMPWG_MODEL_PANEL's shape,
     *  n x 64 x n, on host data), whose path is another: one column block,
     *  the large operand's copy, then the kernel, then C back. */
    ompwg_model_curve host_panel;
    int backends;             /**< entries used in backend[] */
    struct {
        char name[16];        /**< backend name, as ompwg_backend_info() gives it */
        /** [kind][0: float, 1: double] */
        ompwg_model_curve curve[OMPWG_MODEL_KINDS][2];
    } backend[OMPWG_MODEL_BACKENDS];
} ompwg_model;

/**
 * The model the planner uses now, loaded or measured first if needed: this
 * call waits for it (and for a measurement under way, which it hurries: no
 * more waiting for idle cores). Measured on the GPU that auto weighs, else
 * on the GPU backend usable by name (host fallback).
 * @return ::OMPWG_OK; ::OMPWG_ERR_NULL; ::OMPWG_ERR_UNAVAILABLE when no GPU
 *         backend is usable, or no model could be measured (*out is then
 *         cleared).
 */
OMPWG_API ompwg_status ompwg_get_model(ompwg_model *out);

/** Where the planner's model stands (ompwg_get_model_state()). */
typedef enum ompwg_model_state {
    /** none yet: no call has needed one (nor ompwg_get_model()) */
    OMPWG_MODEL_STATE_NONE = 0,
    /** being measured, on the library's thread or a caller's; host-data
     *  calls are placed without it meanwhile */
    OMPWG_MODEL_STATE_MEASURING = 1,
    /** loaded, measured or set: the planner uses it */
    OMPWG_MODEL_STATE_READY = 2,
    /** none could be had (the measurement failed, or the process was forked
     *  while it ran: the child never uses the GPU's model); host-data
     *  calls are placed without one */
    OMPWG_MODEL_STATE_FAILED = 3
} ompwg_model_state;

/** Where the model stands now; never waits, never measures. */
OMPWG_API ompwg_model_state ompwg_get_model_state(void);

/** ompwg_calibrate(): load the model kept for this machine where there is
 *  one, measure only where there is none. */
#define OMPWG_CALIBRATE_IF_MISSING 1

/** What ompwg_calibrate() did. */
typedef struct ompwg_calibration {
    int measured;             /**< 1: measured by this call; 0: loaded from where it was kept */
    double seconds;           /**< the measurement's wall time (0 when loaded) */
    /** The file the model is kept in; "" when none took it (OMPWG_MODEL_FILE=none,
     *  or nowhere could be written: OMPWG_VERBOSE=1 says why). */
    char where[4096];
} ompwg_calibration;

/**
 * Measures the placement model now, in the calling thread and at once (no
 * waiting for idle cores), uses it from now on and keeps it where it is
 * kept (the model file, else the user's own directory: see above), so that
 * the calls of this process and of the ones after it need not wait: what
 * `ompwg calibrate` runs, e.g. in a job's prologue. With
 * ::OMPWG_CALIBRATE_IF_MISSING a model kept for this machine is loaded
 * instead. A measurement under way is waited for first. model and out may
 * be NULL.
 * @return ::OMPWG_OK; ::OMPWG_ERR_FLAGS (flags); ::OMPWG_ERR_UNAVAILABLE
 *         when no GPU backend is usable (nothing to weigh); the
 *         measurement's status when it failed.
 */
OMPWG_API ompwg_status ompwg_calibrate(int flags, ompwg_model *model, ompwg_calibration *out);
/**
 * Use this model from now on (copied), e.g. one an earlier process saved, or
 * a made-up one in a test; a measurement under way is stopped. NULL forgets
 * the model: the next call that needs one loads OMPWG_MODEL_FILE or measures
 * it again (a measurement under way goes on and gives it).
 * @return ::OMPWG_OK; ::OMPWG_ERR_FLAGS when version is not
 *         ::OMPWG_MODEL_VERSION; ::OMPWG_ERR_RANGE when a number is not
 *         finite and positive where it must be (rates, seconds, increasing
 *         work) or backends is out of range.
 */
OMPWG_API ompwg_status ompwg_set_model(const ompwg_model *model);
/**
 * The file the model is loaded from and saved to; NULL reads
 * OMPWG_MODEL_FILE again (unset: the default file per machine); "" or
 * "none" keeps no file, as OMPWG_MODEL_FILE=none does (a file named none
 * is "./none").
 * @return ::OMPWG_OK; ::OMPWG_ERR_RANGE when the path is longer than 4095 bytes.
 */
OMPWG_API ompwg_status ompwg_set_model_file(const char *path);
/**
 * Splitting a large host-data GEMM between the GPU and the CPU backend where
 * the planner's model puts the split ahead: 1 allows it, 0 forbids it (the
 * default: on the H100 machine the model's splits ran slower than the GPU
 * alone), -1 reads OMPWG_SPLIT again (unset: 0). A fixed share
 * (ompwg_set_split_share()) splits regardless.
 * @return the previous setting; ::OMPWG_ERR_RANGE for any other value than
 *         -1, 0 or 1 (unchanged).
 */
OMPWG_API int ompwg_set_split(int on);
/**
 * A fixed split instead of the model's: share in (0, 1) gives the GPU that
 * share of C's columns (rounded, at least one each) of every host-data GEMM
 * with n >= 2 that reads A and B, the CPU backend the rest, under "auto" and
 * under "gpu" (in host fallback too). 0 returns to the model's choice (the
 * default); a negative value reads OMPWG_SPLIT_SHARE again. It splits
 * whatever ompwg_set_split() says.
 * @return ::OMPWG_OK; ::OMPWG_ERR_RANGE for share >= 1 or NaN.
 */
OMPWG_API ompwg_status ompwg_set_split_share(double share);
/**
 * Messages on stderr: 0 none beyond errors, 1 the backend choice once
 * (OMPWG_VERBOSE=1), 2 also one line per call with the planner's estimates.
 * -1 reads OMPWG_VERBOSE again.
 * @return the previous level; ::OMPWG_ERR_RANGE for a level below -1 or
 *         above 2 (unchanged).
 */
OMPWG_API int ompwg_set_verbose(int level);

/** The planner's decision for a call. */
typedef struct ompwg_plan {
    const char *backend;      /**< where it runs ("gpu", "cpu", ...), static storage */
    int64_t split;            /**< > 0: the GPU takes C's first `split` columns, `backend` the rest */
    int mapped;               /**< 1: the data is mapped on the device; nothing moves */
    /** Estimated seconds per backend (ompwg_backend_info() order; a negative
     *  value: not a candidate), and of the split. */
    double estimate[OMPWG_MODEL_BACKENDS], split_estimate;
} ompwg_plan;

/**
 * What the planner would do with a column-major GEMM on pageable host data
 * (precision 's' or 'd'; beta_zero: C is not read), without running it.
 * With model NULL: where the call would run now, under the current
 * selection and model (no estimates while there is none: a call that needs
 * it starts its measurement and is placed without it, as are GEMMs under
 * 1.6e7 flops). With a model: the decision that model gives between the GPU and
 * the CPU backend, whether or not they are usable here (to study a model,
 * or test the planner on a machine without a GPU). Deterministic for a
 * given model and ompwg_set_split() setting.
 * @return ::OMPWG_OK; ::OMPWG_ERR_NULL; ::OMPWG_ERR_FLAGS (precision);
 *         ::OMPWG_ERR_SIZE (a size <= 0); ::OMPWG_ERR_RANGE (the model is
 *         not valid); ::OMPWG_ERR_UNAVAILABLE (no backend can run it; with a
 *         model, also in a build without the GPU backend).
 */
OMPWG_API ompwg_status ompwg_plan_gemm(const ompwg_model *model, char precision, int64_t m, int64_t n,
                                       int64_t k, int beta_zero, ompwg_plan *out);
/** Likewise for a reduction reading `bytes` of pageable host data. */
OMPWG_API ompwg_status ompwg_plan_stream(const ompwg_model *model, char precision, int64_t bytes,
                                         ompwg_plan *out);
/**
 * Read a model file (the format OMPWG_MODEL_FILE uses) whatever machine it
 * was measured on. Never blocks: a FIFO or device is refused.
 * @return ::OMPWG_OK; ::OMPWG_ERR_NULL; ::OMPWG_ERR_UNAVAILABLE (cannot be
 *         read, or not a regular file); ::OMPWG_ERR_RANGE (malformed, cut
 *         short, over 1 MiB, or a number no machine gives); the reason goes
 *         to stderr.
 */
OMPWG_API ompwg_status ompwg_read_model(const char *path, ompwg_model *out);
/**
 * Write a model file (through a temporary file of its own beside it,
 * created exclusively and renamed into place, so that threads writing one
 * path and readers of it see whole files). Only a missing path, an empty
 * file or a model file is replaced.
 * @return ::OMPWG_OK; ::OMPWG_ERR_NULL; ::OMPWG_ERR_RANGE (the model is not
 *         valid); ::OMPWG_ERR_UNAVAILABLE (cannot be written, or the path
 *         holds something else: a file that is not a model, a link, a FIFO,
 *         a device; left as it is; the reason goes to stderr).
 */
OMPWG_API ompwg_status ompwg_write_model(const char *path, const ompwg_model *model);
/**
 * Bytes host-data calls have moved between host and GPU memory in each
 * direction since the process started (0 without a GPU): the way to see
 * that calls on mapped data move nothing.
 * @return ::OMPWG_OK; ::OMPWG_ERR_NULL.
 */
OMPWG_API ompwg_status ompwg_link_traffic(uint64_t *to_device, uint64_t *to_host);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* OMPWG_H */
