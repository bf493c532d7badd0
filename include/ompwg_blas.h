/**
 * @file ompwg_blas.h
 * @brief libompwg_blas: a drop-in BLAS whose GEMM and reductions run on the
 *        ompwg backend that OMPWG_BACKEND selects.
 *
 * The library exports the standard BLAS names with the reference BLAS
 * semantics and the LP64 interface of libblas.so.3 and gfortran's default
 * (every integer is a 32-bit `int`), and computes through the public ompwg
 * API (ompwg.h). A program uses it in one of three ways:
 * - linked with `pkg-config --libs ompwg-blas` (`-lompwg_blas`) in place of
 *   `-lblas`;
 * - unchanged, with `LD_PRELOAD=libompwg_blas.so`: the names below come
 *   from this library, every other BLAS name (saxpy_, dnrm2_, ...) and
 *   LAPACK still from the system's BLAS;
 * - from Fortran, calling SGEMM, DGEMM, SDOT, ISAMAX, ... as usual.
 *
 * Routines (C: CBLAS, netlib's signatures; Fortran: trailing underscore,
 * arguments by address, the hidden lengths of character arguments last):
 * - GEMM: cblas_sgemm, cblas_dgemm, sgemm_, dgemm_. The transpose
 *   characters are read as Fortran's LSAME does: 'N' or 'n' is no
 *   transpose, 'T', 't', 'C' and 'c' transpose (real types).
 * - complex GEMM: cblas_cgemm, cblas_zgemm (alpha and beta by address, as
 *   netlib's), cgemm_, zgemm_, on ompwg_cgemm()/ompwg_zgemm(): 'N' or 'n'
 *   is no transpose, 'T' or 't' transpose, 'C' or 'c' conjugate transpose;
 *   the checks, their numbers and the quick return are those of GEMM below
 *   (with 1 + 0i for 1).
 * - dot products: cblas_sdot, cblas_ddot, sdot_, ddot_.
 * - sums of magnitudes: cblas_sasum, cblas_dasum, sasum_, dasum_.
 * - index of the largest magnitude: cblas_isamax, cblas_idamax (0-based,
 *   a size_t like netlib's CBLAS_INDEX), isamax_, idamax_ (1-based).
 *
 * Reference semantics kept exactly:
 * - GEMM: arguments checked in the reference order; quick return for
 *   m == 0, n == 0, or (alpha == 0 or k == 0) with beta == 1; beta == 0 does
 *   not read C; alpha == 0 does not read A and B; row-major calls are the
 *   column-major call on the swapped operands, as netlib's CBLAS makes them.
 * - dot: n <= 0 gives 0; a negative increment walks the vector from its end;
 *   a zero increment repeats one element.
 * - asum: n <= 0 or incx <= 0 gives 0.
 * - iamax: 0 for n < 1 or incx <= 0 (cblas_i?amax: 0 as well); else the
 *   first index of the largest |x_i|, where, as in reference BLAS 3.11 and
 *   earlier (`IF (ABS(SX(I)).GT.SMAX)`), a NaN is never chosen unless it is
 *   the first element.
 * Results are those of the ompwg backend: GEMM within the netlib test
 * programs' bound (ompwg_sgemm_ratio() below 16), sums within the bound
 * ompwg.h states (float sums accumulate in double). isamax runs as
 * ompwg_smax() and ompwg_smin() (the largest magnitude is the larger of max
 * and -min, ties to the first index); a vector with a NaN after its first
 * element is scanned in order by the reference loop instead.
 *
 * Illegal arguments: the Fortran routines call xerbla_("SGEMM ", &info, 6)
 * with the reference parameter number (transa 1, transb 2, m 3, n 4, k 5,
 * lda 8, ldb 10, ldc 13; a NULL alpha or beta, which the reference cannot
 * report, is 6 or 11); the CBLAS routines call
 * cblas_xerbla(p, "cblas_sgemm", form, ...) with the number netlib's CBLAS
 * reports (layout 1, TransA 2, TransB 3, M 4, N 5, K 6, lda 9, ldb 11,
 * ldc 14), checked in netlib's order, which for row-major is that of the
 * swapped column-major call (N before M, ldb before lda). C is not touched.
 * Both handlers are weak symbols: a program that defines its own gets the
 * calls. The default xerbla_ prints the reference message
 * (" ** On entry to SGEMM parameter number  8 had an illegal value"), the
 * default cblas_xerbla netlib's ("Parameter 9 to routine cblas_sgemm was
 * incorrect"), both to stderr, and both RETURN: unlike the reference
 * (STOP, exit(-1)) this library never ends the calling process.
 *
 * Run-time failures of the backend (memory, a backend that is not usable,
 * an offload error) run the call again on the `cpu` backend, then on
 * `openblas`, for the calling thread only (ompwg_set_thread_backend()); the
 * first fallback of each kind is reported on stderr. An offload error may
 * come after part of C was written, so a GEMM runs again after one only when
 * beta == 0 (C is then written whole). A failure that cannot be recovered
 * (that one, a NULL array pointer) is reported on stderr every time: GEMM
 * then leaves C as the failure left it, dot and asum return NaN, iamax
 * returns 0.
 */
#ifndef OMPWG_BLAS_H
#define OMPWG_BLAS_H

#include <stddef.h>

#include "ompwg.h"

#ifdef __cplusplus
extern "C" {
#endif

/** @name Fortran interface (LP64)
 * @{ */
OMPWG_API void sgemm_(const char *transa, const char *transb, const int *m, const int *n,
                      const int *k, const float *alpha, const float *a, const int *lda,
                      const float *b, const int *ldb, const float *beta, float *c,
                      const int *ldc, size_t transa_len, size_t transb_len);
OMPWG_API void dgemm_(const char *transa, const char *transb, const int *m, const int *n,
                      const int *k, const double *alpha, const double *a, const int *lda,
                      const double *b, const int *ldb, const double *beta, double *c,
                      const int *ldc, size_t transa_len, size_t transb_len);
OMPWG_API void cgemm_(const char *transa, const char *transb, const int *m, const int *n,
                      const int *k, const ompwg_complex_float *alpha,
                      const ompwg_complex_float *a, const int *lda,
                      const ompwg_complex_float *b, const int *ldb,
                      const ompwg_complex_float *beta, ompwg_complex_float *c, const int *ldc,
                      size_t transa_len, size_t transb_len);
OMPWG_API void zgemm_(const char *transa, const char *transb, const int *m, const int *n,
                      const int *k, const ompwg_complex_double *alpha,
                      const ompwg_complex_double *a, const int *lda,
                      const ompwg_complex_double *b, const int *ldb,
                      const ompwg_complex_double *beta, ompwg_complex_double *c,
                      const int *ldc, size_t transa_len, size_t transb_len);
OMPWG_API float sdot_(const int *n, const float *x, const int *incx, const float *y,
                      const int *incy);
OMPWG_API double ddot_(const int *n, const double *x, const int *incx, const double *y,
                       const int *incy);
OMPWG_API float sasum_(const int *n, const float *x, const int *incx);
OMPWG_API double dasum_(const int *n, const double *x, const int *incx);
OMPWG_API int isamax_(const int *n, const float *x, const int *incx);
OMPWG_API int idamax_(const int *n, const double *x, const int *incx);
/** The Fortran error handler (weak: a definition of the program's replaces
 *  it). srname is blank-padded to srname_len characters. */
OMPWG_API void xerbla_(const char *srname, const int *info, size_t srname_len);
/** @} */

/** @name CBLAS interface (LP64)
 * The netlib signatures. A <cblas.h> declares them too, with its own enum
 * types of the same values: include that one first, or this header alone.
 * @{ */
#ifndef CBLAS_H
OMPWG_API void cblas_sgemm(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb, int m,
                           int n, int k, float alpha, const float *a, int lda, const float *b,
                           int ldb, float beta, float *c, int ldc);
OMPWG_API void cblas_dgemm(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb, int m,
                           int n, int k, double alpha, const double *a, int lda,
                           const double *b, int ldb, double beta, double *c, int ldc);
OMPWG_API void cblas_cgemm(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb, int m,
                           int n, int k, const void *alpha, const void *a, int lda,
                           const void *b, int ldb, const void *beta, void *c, int ldc);
OMPWG_API void cblas_zgemm(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb, int m,
                           int n, int k, const void *alpha, const void *a, int lda,
                           const void *b, int ldb, const void *beta, void *c, int ldc);
OMPWG_API float cblas_sdot(int n, const float *x, int incx, const float *y, int incy);
OMPWG_API double cblas_ddot(int n, const double *x, int incx, const double *y, int incy);
OMPWG_API float cblas_sasum(int n, const float *x, int incx);
OMPWG_API double cblas_dasum(int n, const double *x, int incx);
OMPWG_API size_t cblas_isamax(int n, const float *x, int incx);
OMPWG_API size_t cblas_idamax(int n, const double *x, int incx);
/** The CBLAS error handler (weak: a definition of the program's replaces
 *  it). p is the position of the illegal argument in the call, rout the
 *  routine ("cblas_sgemm"), form a printf format for the arguments after
 *  it (may be empty). */
OMPWG_API void cblas_xerbla(int p, const char *rout, const char *form, ...);
#endif
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* OMPWG_BLAS_H */
