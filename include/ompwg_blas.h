/**
 * @file ompwg_blas.h
 * @brief libompwg_blas: a complete drop-in BLAS whose GEMM and reductions run
 *        on the ompwg backend that OMPWG_BACKEND selects, every other routine
 *        on OpenBLAS.
 *
 * The library exports every routine of reference BLAS 3.11 and of netlib's
 * CBLAS (the names Debian's libblas.so.3 defines: levels 1, 2 and 3 in s, d,
 * c and z, xerbla_, cblas_xerbla, lsame_, xerbla_array_, the xDOTSUB-style
 * subroutines CBLAS calls, scabs1_ and dcabs1_, and netlib's RowMajorStrg
 * and CBLAS_CallFromC), with the reference semantics and the LP64
 * interface of libblas.so.3 and gfortran's default (every integer is a
 * 32-bit `int`). libompwg_blas64 is the same library for the ILP64
 * interface of Debian's libblas64.so.3 (gfortran -fdefault-integer-8,
 * netlib's CBLAS with 64-bit CBLAS_INT): the same names, every integer
 * 64-bit (ompwg_blas_int below, with OMPWG_BLAS_ILP64 defined), the
 * routines not run in ompwg forwarded to OpenBLAS's ILP64 build
 * (libopenblas64.so.0). A program uses either in one of three ways:
 * - linked with `pkg-config --libs ompwg-blas` (`-lompwg_blas`) in place of
 *   `-lblas`, with no other BLAS on its link line;
 * - unchanged, with `LD_PRELOAD=libompwg_blas.so`: every BLAS name then
 *   comes from this library;
 * - from Fortran, calling SGEMM, DAXPY, ZGEMV, ... as usual.
 *
 * What runs in ompwg (through the public API, ompwg.h), declared below:
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
 * - Level 3: cblas_?symm, ?syrk, ?syr2k, ?trmm, ?trsm and ssymm_ ... dtrsm_
 *   (s and d), the side, uplo and diag characters read as LSAME does.
 *   Reference checks, INFO numbers and quick returns (m == 0 or n == 0;
 *   SYMM, SYRK, SYR2K also with beta == 1 and alpha == 0 or, SYRK, SYR2K,
 *   k == 0): SYMM side 1, uplo 2, m 3, n 4, lda 7, ldb 9, ldc 12; SYRK
 *   uplo 1, trans 2, n 3, k 4, lda 7, ldc 10; SYR2K as SYRK with ldb 9,
 *   ldc 12; TRMM and TRSM side 1, uplo 2, transa 3, diag 4, m 5, n 6,
 *   lda 9, ldb 11 (a NULL alpha or beta: its position). The CBLAS routines
 *   report netlib's numbers: the layout 1, then the others one on, with
 *   netlib's row-major renumbering (SYMM: M 4 and N 5, TRMM and TRSM: M 6
 *   and N 7 checked in the order of the transposed call). A run-time
 *   failure runs again on a fallback backend where the output is then
 *   written whole (beta == 0; TRMM, TRSM: alpha == 0).
 *
 * Every other routine is forwarded to OpenBLAS: a C function with the
 * routine's own prototype (netlib's cblas.h for the CBLAS names; gfortran's
 * interface for the Fortran names, the hidden lengths of CHARACTER
 * arguments last, COMPLEX functions such as cdotc_ and zdotu_ returning
 * their value) that calls OpenBLAS's own definition, looked up once in
 * OpenBLAS's object (never a definition interposed before it, this
 * library's included). Declare those routines as for any BLAS (netlib's
 * cblas.h, or your own Fortran prototypes). A routine the loaded OpenBLAS
 * does not define says so on stderr once and returns without writing
 * anything (functions return 0). The xDOTSUB-style subroutines, which
 * OpenBLAS does not have, and cblas_scabs1 and cblas_dcabs1 call the
 * function they stand for. tools/gen-blas-forward.py writes the forwarders
 * from tools/blas-prototypes.txt when the library is built; its list at the
 * top names the routines ompwg runs.
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
 * cblas_xerbla(p, "cblas_sgemm", form, ...) as netlib's CBLAS does: checked
 * in netlib's order, with CBLAS_CallFromC 1 and RowMajorStrg 1 for a
 * row-major call during the report (both 0 after it), and with the number
 * netlib passes, which for row-major is that of the column-major call on B
 * and A that netlib makes (N before M, ldb before lda): cblas_xerbla gives
 * it back to the row-major argument (layout 1, TransA 2, TransB 3, or 2 in
 * row-major as in netlib, M 4, N 5, K 6, lda 9, ldb 11, ldc 14). C is not
 * touched. The forwarded CBLAS routines of levels 2 and 3 make netlib's
 * checks before they call OpenBLAS, in netlib's order (the layout 1, then
 * the enum arguments netlib's C routine converts, then the checks of the
 * Fortran routine it calls, on the swapped sizes for row-major) and report
 * the first illegal argument through cblas_xerbla the same way (e.g.
 * cblas_dger in row-major with lda < N: parameter 10); OpenBLAS is not
 * called. netlib's level-1 CBLAS routines have no error exits, nor do
 * these. The forwarded Fortran routines report as OpenBLAS does (xerbla_
 * with the routine's name and the reference INFO).
 *
 * The handlers: a program linked with this library that defines its own
 * xerbla_ or cblas_xerbla gets the calls (the dynamic linker binds the
 * names to the program first). Preloaded, this library's handlers come
 * first in the process: they pass each call on to the handler of the
 * object that made the BLAS call (the first object on the call stack that
 * is neither this library nor a BLAS or LAPACK itself, by the routines it
 * defines) where that object defines one, such as a module opened with
 * dlopen(RTLD_LOCAL) (NumPy's lapack_lite). Otherwise the library's
 * xerbla_ prints the reference message
 * (" ** On entry to SGEMM parameter number  8 had an illegal value"), its
 * cblas_xerbla netlib's ("Parameter 9 to routine cblas_sgemm was
 * incorrect", renumbered for row-major as netlib's), both to stderr, and
 * both RETURN: unlike the reference (STOP, exit(-1)) this library never
 * ends the calling process.
 *
 * Threads: openblas_set_num_threads(n) and goto_set_num_threads(n) set the
 * thread count of ompwg's CPU backend (ompwg_set_num_threads(), whose
 * rule says when OpenMP's count wins over it) and of OpenBLAS, which runs
 * the forwarded routines (a count past 4096 changes neither, with a line on
 * stderr); openblas_get_num_threads() returns the CPU backend's
 * (ompwg_get_num_threads()).
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

/** The BLAS integer: every Fortran INTEGER (and LOGICAL) and every CBLAS
 *  size, increment and leading dimension below. `int` for libompwg_blas
 *  (LP64); `int64_t` where OMPWG_BLAS_ILP64 is defined, as
 *  `pkg-config --cflags ompwg-blas64` defines it, for libompwg_blas64
 *  (ILP64, the interface of Debian's libblas64.so.3). */
#ifdef OMPWG_BLAS_ILP64
typedef int64_t ompwg_blas_int;
#else
typedef int ompwg_blas_int;
#endif

/** @name Fortran interface (LP64, or ILP64: ompwg_blas_int)
 * @{ */
OMPWG_API void sgemm_(const char *transa, const char *transb, const ompwg_blas_int *m,
                      const ompwg_blas_int *n, const ompwg_blas_int *k, const float *alpha,
                      const float *a, const ompwg_blas_int *lda, const float *b,
                      const ompwg_blas_int *ldb, const float *beta, float *c,
                      const ompwg_blas_int *ldc, size_t transa_len, size_t transb_len);
OMPWG_API void dgemm_(const char *transa, const char *transb, const ompwg_blas_int *m,
                      const ompwg_blas_int *n, const ompwg_blas_int *k, const double *alpha,
                      const double *a, const ompwg_blas_int *lda, const double *b,
                      const ompwg_blas_int *ldb, const double *beta, double *c,
                      const ompwg_blas_int *ldc, size_t transa_len, size_t transb_len);
OMPWG_API void cgemm_(const char *transa, const char *transb, const ompwg_blas_int *m,
                      const ompwg_blas_int *n, const ompwg_blas_int *k,
                      const ompwg_complex_float *alpha, const ompwg_complex_float *a,
                      const ompwg_blas_int *lda, const ompwg_complex_float *b,
                      const ompwg_blas_int *ldb, const ompwg_complex_float *beta,
                      ompwg_complex_float *c, const ompwg_blas_int *ldc, size_t transa_len,
                      size_t transb_len);
OMPWG_API void zgemm_(const char *transa, const char *transb, const ompwg_blas_int *m,
                      const ompwg_blas_int *n, const ompwg_blas_int *k,
                      const ompwg_complex_double *alpha, const ompwg_complex_double *a,
                      const ompwg_blas_int *lda, const ompwg_complex_double *b,
                      const ompwg_blas_int *ldb, const ompwg_complex_double *beta,
                      ompwg_complex_double *c, const ompwg_blas_int *ldc, size_t transa_len,
                      size_t transb_len);
OMPWG_API float sdot_(const ompwg_blas_int *n, const float *x, const ompwg_blas_int *incx,
                      const float *y, const ompwg_blas_int *incy);
OMPWG_API double ddot_(const ompwg_blas_int *n, const double *x, const ompwg_blas_int *incx,
                       const double *y, const ompwg_blas_int *incy);
OMPWG_API float sasum_(const ompwg_blas_int *n, const float *x, const ompwg_blas_int *incx);
OMPWG_API double dasum_(const ompwg_blas_int *n, const double *x, const ompwg_blas_int *incx);
OMPWG_API ompwg_blas_int isamax_(const ompwg_blas_int *n, const float *x,
                                 const ompwg_blas_int *incx);
OMPWG_API ompwg_blas_int idamax_(const ompwg_blas_int *n, const double *x,
                                 const ompwg_blas_int *incx);
/* level 3 besides GEMM: see "Level 3" above */
OMPWG_API void ssymm_(const char *side, const char *uplo, const ompwg_blas_int *m,
                      const ompwg_blas_int *n, const float *alpha, const float *a,
                      const ompwg_blas_int *lda, const float *b, const ompwg_blas_int *ldb,
                      const float *beta, float *c, const ompwg_blas_int *ldc, size_t side_len,
                      size_t uplo_len);
OMPWG_API void ssyrk_(const char *uplo, const char *trans, const ompwg_blas_int *n,
                      const ompwg_blas_int *k, const float *alpha, const float *a,
                      const ompwg_blas_int *lda, const float *beta, float *c,
                      const ompwg_blas_int *ldc, size_t uplo_len, size_t trans_len);
OMPWG_API void ssyr2k_(const char *uplo, const char *trans, const ompwg_blas_int *n,
                       const ompwg_blas_int *k, const float *alpha, const float *a,
                       const ompwg_blas_int *lda, const float *b, const ompwg_blas_int *ldb,
                       const float *beta, float *c, const ompwg_blas_int *ldc, size_t uplo_len,
                       size_t trans_len);
OMPWG_API void strmm_(const char *side, const char *uplo, const char *transa, const char *diag,
                      const ompwg_blas_int *m, const ompwg_blas_int *n, const float *alpha,
                      const float *a, const ompwg_blas_int *lda, float *b,
                      const ompwg_blas_int *ldb, size_t side_len, size_t uplo_len,
                      size_t transa_len, size_t diag_len);
OMPWG_API void strsm_(const char *side, const char *uplo, const char *transa, const char *diag,
                      const ompwg_blas_int *m, const ompwg_blas_int *n, const float *alpha,
                      const float *a, const ompwg_blas_int *lda, float *b,
                      const ompwg_blas_int *ldb, size_t side_len, size_t uplo_len,
                      size_t transa_len, size_t diag_len);
OMPWG_API void dsymm_(const char *side, const char *uplo, const ompwg_blas_int *m,
                      const ompwg_blas_int *n, const double *alpha, const double *a,
                      const ompwg_blas_int *lda, const double *b, const ompwg_blas_int *ldb,
                      const double *beta, double *c, const ompwg_blas_int *ldc, size_t side_len,
                      size_t uplo_len);
OMPWG_API void dsyrk_(const char *uplo, const char *trans, const ompwg_blas_int *n,
                      const ompwg_blas_int *k, const double *alpha, const double *a,
                      const ompwg_blas_int *lda, const double *beta, double *c,
                      const ompwg_blas_int *ldc, size_t uplo_len, size_t trans_len);
OMPWG_API void dsyr2k_(const char *uplo, const char *trans, const ompwg_blas_int *n,
                       const ompwg_blas_int *k, const double *alpha, const double *a,
                       const ompwg_blas_int *lda, const double *b, const ompwg_blas_int *ldb,
                       const double *beta, double *c, const ompwg_blas_int *ldc, size_t uplo_len,
                       size_t trans_len);
OMPWG_API void dtrmm_(const char *side, const char *uplo, const char *transa, const char *diag,
                      const ompwg_blas_int *m, const ompwg_blas_int *n, const double *alpha,
                      const double *a, const ompwg_blas_int *lda, double *b,
                      const ompwg_blas_int *ldb, size_t side_len, size_t uplo_len,
                      size_t transa_len, size_t diag_len);
OMPWG_API void dtrsm_(const char *side, const char *uplo, const char *transa, const char *diag,
                      const ompwg_blas_int *m, const ompwg_blas_int *n, const double *alpha,
                      const double *a, const ompwg_blas_int *lda, double *b,
                      const ompwg_blas_int *ldb, size_t side_len, size_t uplo_len,
                      size_t transa_len, size_t diag_len);
/** The Fortran error handler (see above for which handler gets a call).
 *  srname is blank-padded to srname_len characters. */
OMPWG_API void xerbla_(const char *srname, const ompwg_blas_int *info, size_t srname_len);
/** @} */

/** @name OpenBLAS's thread-count functions
 * @{ */
/** n threads for ompwg's CPU backend and for OpenBLAS; n <= 0: their
 *  defaults; n > 4096 (more than ompwg_set_num_threads() takes) changes
 *  neither count and says so in one line on stderr. */
OMPWG_API void openblas_set_num_threads(int n);
/** The same as openblas_set_num_threads. */
OMPWG_API void goto_set_num_threads(int n);
/** The CPU backend's thread count (ompwg_get_num_threads()). */
OMPWG_API int openblas_get_num_threads(void);
/** @} */

/** @name CBLAS interface (LP64, or ILP64: ompwg_blas_int)
 * The netlib signatures. A <cblas.h> declares them too, with its own enum
 * types of the same values: include that one first, or this header alone.
 * @{ */
#ifndef CBLAS_H
OMPWG_API void cblas_sgemm(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                           ompwg_blas_int m, ompwg_blas_int n, ompwg_blas_int k, float alpha,
                           const float *a, ompwg_blas_int lda, const float *b, ompwg_blas_int ldb,
                           float beta, float *c, ompwg_blas_int ldc);
OMPWG_API void cblas_dgemm(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                           ompwg_blas_int m, ompwg_blas_int n, ompwg_blas_int k, double alpha,
                           const double *a, ompwg_blas_int lda, const double *b, ompwg_blas_int ldb,
                           double beta, double *c, ompwg_blas_int ldc);
OMPWG_API void cblas_cgemm(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                           ompwg_blas_int m, ompwg_blas_int n, ompwg_blas_int k, const void *alpha,
                           const void *a, ompwg_blas_int lda, const void *b, ompwg_blas_int ldb,
                           const void *beta, void *c, ompwg_blas_int ldc);
OMPWG_API void cblas_zgemm(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                           ompwg_blas_int m, ompwg_blas_int n, ompwg_blas_int k, const void *alpha,
                           const void *a, ompwg_blas_int lda, const void *b, ompwg_blas_int ldb,
                           const void *beta, void *c, ompwg_blas_int ldc);
OMPWG_API float cblas_sdot(ompwg_blas_int n, const float *x, ompwg_blas_int incx, const float *y,
                           ompwg_blas_int incy);
OMPWG_API double cblas_ddot(ompwg_blas_int n, const double *x, ompwg_blas_int incx, const double *y,
                            ompwg_blas_int incy);
OMPWG_API float cblas_sasum(ompwg_blas_int n, const float *x, ompwg_blas_int incx);
OMPWG_API double cblas_dasum(ompwg_blas_int n, const double *x, ompwg_blas_int incx);
OMPWG_API size_t cblas_isamax(ompwg_blas_int n, const float *x, ompwg_blas_int incx);
OMPWG_API size_t cblas_idamax(ompwg_blas_int n, const double *x, ompwg_blas_int incx);
OMPWG_API void cblas_ssymm(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo, ompwg_blas_int m,
                           ompwg_blas_int n, float alpha, const float *a, ompwg_blas_int lda,
                           const float *b, ompwg_blas_int ldb, float beta, float *c,
                           ompwg_blas_int ldc);
OMPWG_API void cblas_ssyrk(ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans,
                           ompwg_blas_int n, ompwg_blas_int k, float alpha, const float *a,
                           ompwg_blas_int lda, float beta, float *c, ompwg_blas_int ldc);
OMPWG_API void cblas_ssyr2k(ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans,
                            ompwg_blas_int n, ompwg_blas_int k, float alpha, const float *a,
                            ompwg_blas_int lda, const float *b, ompwg_blas_int ldb, float beta,
                            float *c, ompwg_blas_int ldc);
OMPWG_API void cblas_strmm(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                           ompwg_trans transa, ompwg_diag diag, ompwg_blas_int m, ompwg_blas_int n,
                           float alpha, const float *a, ompwg_blas_int lda, float *b,
                           ompwg_blas_int ldb);
OMPWG_API void cblas_strsm(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                           ompwg_trans transa, ompwg_diag diag, ompwg_blas_int m, ompwg_blas_int n,
                           float alpha, const float *a, ompwg_blas_int lda, float *b,
                           ompwg_blas_int ldb);
OMPWG_API void cblas_dsymm(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo, ompwg_blas_int m,
                           ompwg_blas_int n, double alpha, const double *a, ompwg_blas_int lda,
                           const double *b, ompwg_blas_int ldb, double beta, double *c,
                           ompwg_blas_int ldc);
OMPWG_API void cblas_dsyrk(ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans,
                           ompwg_blas_int n, ompwg_blas_int k, double alpha, const double *a,
                           ompwg_blas_int lda, double beta, double *c, ompwg_blas_int ldc);
OMPWG_API void cblas_dsyr2k(ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans,
                            ompwg_blas_int n, ompwg_blas_int k, double alpha, const double *a,
                            ompwg_blas_int lda, const double *b, ompwg_blas_int ldb, double beta,
                            double *c, ompwg_blas_int ldc);
OMPWG_API void cblas_dtrmm(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                           ompwg_trans transa, ompwg_diag diag, ompwg_blas_int m, ompwg_blas_int n,
                           double alpha, const double *a, ompwg_blas_int lda, double *b,
                           ompwg_blas_int ldb);
OMPWG_API void cblas_dtrsm(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo,
                           ompwg_trans transa, ompwg_diag diag, ompwg_blas_int m, ompwg_blas_int n,
                           double alpha, const double *a, ompwg_blas_int lda, double *b,
                           ompwg_blas_int ldb);
/** The CBLAS error handler (see above for which handler gets a call). p
 *  is netlib's number of the illegal argument (renumbered for a row-major
 *  call while RowMajorStrg is 1), rout the routine ("cblas_sgemm"), form a
 *  printf format for the arguments after it (may be empty). */
OMPWG_API void cblas_xerbla(ompwg_blas_int p, const char *rout, const char *form, ...);
#endif
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* OMPWG_BLAS_H */
