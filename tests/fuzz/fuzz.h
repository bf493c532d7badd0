/* The differential fuzzer's shared pieces: call parameters decoded from the
 * fuzzer's bytes, the documented status each call must return, and counts
 * of what was tried. The calls themselves are in fuzz_gemm_tmpl.c,
 * fuzz_reduce_tmpl.c, fuzz_level3_tmpl.c and fuzz_cgemm_tmpl.c (once per
 * precision), the entry point in fuzz_calls.c. */
#ifndef OMPWG_TEST_FUZZ_H
#define OMPWG_TEST_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ompwg.h"
#include "tap.h"

/* The bytes not consumed yet; past the end every read gives 0, so any
 * input decodes to a call. */
typedef struct fuzz_input {
    const uint8_t *p;
    size_t left;
} fuzz_input;

unsigned fuzz_byte(fuzz_input *in);
/* 0 <= result < n (n <= 65536). */
unsigned fuzz_below(fuzz_input *in, unsigned n);

/* A GEMM dimension: mostly small, often a block edge (the tiles of the
 * backends: 16, 32, 64, 128, 256 and their neighbours), sometimes negative. */
int64_t fuzz_dim(fuzz_input *in);
/* A leading dimension's padding over its minimum: mostly 0 to 3, sometimes
 * wide, sometimes negative (an illegal leading dimension). */
int64_t fuzz_pad(fuzz_input *in);
/* A vector length: small, past the block and threading limits, or negative. */
int64_t fuzz_len(fuzz_input *in);
/* An increment: 1, -1, small and larger strides of either sign, or 0. */
int64_t fuzz_inc(fuzz_input *in);
/* alpha or beta: 0, -0, 1, -1, 0.5, NaN, +-Inf or a random value. */
double fuzz_scalar(fuzz_input *in);
/* A layout or transpose: mostly valid, sometimes a value that is not one. */
int fuzz_layout(fuzz_input *in);
int fuzz_trans(fuzz_input *in);
/* An enum argument of two values: `first` for a byte below `split`,
 * `second` for one below 244, else one of the five values not of the enum
 * in `invalid`. */
int fuzz_enum_pair(fuzz_input *in, unsigned split, int first, int second, const int invalid[5]);
/* A value planted among the random data: NaN, +-Inf, +-0, +-2^20, and,
 * where no product can underflow (with_tiny), the smallest subnormal. */
double fuzz_special(fuzz_input *in, bool with_tiny, double tiny);

/* The backend the next call runs on, among those usable here. */
const char *fuzz_backend(fuzz_input *in);

/* Shrinks a GEMM's m, n and then k so that m * n <= max_mn and m * n * k
 * <= max_fmas, keeping the larger of m and n (the block edge being
 * probed): a call stays within milliseconds and megabytes under the
 * sanitizers. blas: first into the BLAS's int range (fuzz_lp64). */
void fuzz_gemm_cap(bool blas, int64_t *m, int64_t *n, int64_t *k, int64_t max_mn,
                   int64_t max_fmas);

/* How a legal call with a GEMM's arguments stores its operands: an
 * illegal layout or transpose as column-major and not transposed, a
 * negative size or padding (pads: A's, B's, C's) as 0. */
typedef struct fuzz_gemm_storage {
    ompwg_layout layout;
    ompwg_trans ta, tb;
    int64_t m, n, k, pad_a, pad_b, pad_c;
} fuzz_gemm_storage;
fuzz_gemm_storage fuzz_gemm_stored(int layout, int ta, int tb, int64_t m, int64_t n, int64_t k,
                                   const int64_t pads[3]);

/* The documented status of a GEMM call (ompwg.h, in its order of checks). */
int fuzz_gemm_status(int layout, int transa, int transb, int64_t m, int64_t n, int64_t k,
                     int64_t lda, int64_t ldb, int64_t ldc, bool a_null, bool b_null,
                     bool c_null, bool reads_ab);
/* The level-3 operations besides GEMM. */
typedef enum fuzz_level3_op {
    FUZZ_SYMM,
    FUZZ_SYRK,
    FUZZ_SYR2K,
    FUZZ_TRMM,
    FUZZ_TRSM,
    FUZZ_LEVEL3_OPS
} fuzz_level3_op;

/* The documented status of a SYMM, SYRK, SYR2K, TRMM or TRSM call (ompwg.h's
 * level-3 group, in its order of checks), before the overlap check. Sizes
 * and arguments an operation does not take are ignored (m for SYRK and
 * SYR2K, k for the others, side, trans, diag, ldb and ldc where absent); c
 * is the output (B for TRMM and TRSM). */
int fuzz_level3_status(fuzz_level3_op op, int layout, int side, int uplo, int trans, int diag,
                       int64_t m, int64_t n, int64_t k, int64_t lda, int64_t ldb, int64_t ldc,
                       bool alpha_zero, bool beta_one, bool a_null, bool b_null, bool c_null);
/* How a call reaches the library: the C API, or the drop-in BLAS's
 * Fortran or CBLAS names. */
typedef enum fuzz_via {
    FUZZ_VIA_API,
    FUZZ_VIA_FORTRAN,
    FUZZ_VIA_CBLAS
} fuzz_via;

/* How the next call reaches the library: the C API, or, when blas, the
 * drop-in BLAS's Fortran or CBLAS name (drawn, with *lower: whether its
 * letters are lower case), then on host data (*device false), with no NULL
 * pointer (*nulls 0: reference BLAS does not check them) and, through the
 * Fortran name, column-major (*layout). */
fuzz_via fuzz_route(fuzz_input *in, bool blas, bool *lower, bool *device, unsigned *nulls,
                    int *layout);
/* "the C API", "Fortran BLAS" or "CBLAS". */
const char *fuzz_via_name(fuzz_via via);
/* The Fortran character of an argument: its letter (upper or lower case)
 * where value is one of the two legal ones, else an illegal letter. */
char fuzz_letter(int value, int legal0, char c0, int legal1, char c1, bool lower);
/* A transpose's letter: 'N', 'T', 'C' (or lower case), 'X' for a value that
 * is none of them. */
char fuzz_trans_letter(int value, bool lower);
/* A size for the BLAS's int arguments. */
int fuzz_lp64(int64_t v);
/* The smallest legal leading dimension for v elements: max(1, v). */
int64_t fuzz_max1(int64_t v);
/* Whether t is one of the three ompwg_trans values. */
bool fuzz_trans_ok(int t);

/* A GEMM's sizes and transposes as the BLAS takes them: LP64 ints and
 * letters. */
typedef struct fuzz_gemm_blas_args {
    int m, n, k, lda, ldb, ldc;
    char transa, transb;
} fuzz_gemm_blas_args;
/* The arguments of a GEMM through the BLAS, the error reports seen so far
 * forgotten (fuzz_blas_reset) so that the call's own are the ones seen. */
fuzz_gemm_blas_args fuzz_gemm_blas_call(int transa, int transb, bool lower, int64_t m, int64_t n,
                                        int64_t k, int64_t lda, int64_t ldb, int64_t ldc);

/* The parameter number reference BLAS (Fortran names, column-major) or
 * netlib's CBLAS (cblas, either layout, as its cblas_xerbla renumbers it)
 * reports for a call, 0 for a legal one; enum values stand for the
 * characters ('L' for OMPWG_LEFT, ...), others for illegal ones. */
int fuzz_gemm_blas_number(bool cblas, int layout, int transa, int transb, int64_t m, int64_t n,
                          int64_t k, int64_t lda, int64_t ldb, int64_t ldc);
int fuzz_level3_blas_number(fuzz_level3_op op, bool cblas, int layout, int side, int uplo,
                            int trans, int diag, int64_t m, int64_t n, int64_t k, int64_t lda,
                            int64_t ldb, int64_t ldc);
/* Whether a call gave its documented status want; when not, a line in msg
 * (through the BLAS: fuzz_blas_status's, there already). */
bool fuzz_status_as_documented(int st, int want, fuzz_via via, char *msg, size_t len);
/* Forgets the error reports seen so far. */
void fuzz_blas_reset(void);
/* The reports since the reset (xerbla_ and cblas_xerbla together): how
 * many, and the last one's number and routine. */
int fuzz_blas_seen(int *number, const char **name);
/* The reports since the reset as a status: OMPWG_OK for none where
 * want_number is 0, -want_number for exactly one report of want_number by
 * routine `name` (case aside), anything else with *msg saying what came. */
int fuzz_blas_status(const char *name, int want_number, char *msg, size_t len);

/* The documented status of a reduction. */
int fuzz_reduce_status(int64_t n, int64_t incx, int64_t incy, bool dot, bool extremum,
                       bool value_null, bool index_null, bool x_null, bool y_null);

/* The families of calls, counted apart in the summary. */
typedef enum fuzz_family {
    FUZZ_FAMILY_GEMM,
    FUZZ_FAMILY_REDUCE,
    FUZZ_FAMILY_LEVEL3,
    FUZZ_FAMILY_COMPLEX_GEMM,
    FUZZ_FAMILY_BLAS,
    FUZZ_FAMILIES
} fuzz_family;

/* Counts one call: its family, its backend, and for an illegal one (status != OK) its
 * arguments, so that distinct illegal calls are counted too. */
void fuzz_count(fuzz_family family, const char *backend, int status, const int64_t *args, int nargs);

/* A call that broke a rule: said on stderr; aborts (the fuzzer saves the
 * input), or, when replaying, is counted. */
void fuzz_fail(const char *fmt, ...) TAP_PRINTF(1, 2);
extern bool fuzz_keep_going;
extern long fuzz_failures;

/* Sets the environment up before the first call into the library (the
 * GPU kernels in host fallback) and registers the summary at exit. */
void fuzz_setup(void);

/* One fuzzed call each; blas: through the drop-in BLAS's names instead of
 * the C API. */
int fuzz_sgemm(fuzz_input *in, bool blas);
int fuzz_dgemm(fuzz_input *in, bool blas);
int fuzz_cgemm(fuzz_input *in, bool blas);
int fuzz_zgemm(fuzz_input *in, bool blas);
int fuzz_slevel3(fuzz_input *in, bool blas);
int fuzz_dlevel3(fuzz_input *in, bool blas);
int fuzz_sreduce(fuzz_input *in);
int fuzz_dreduce(fuzz_input *in);

/* Runs one input: the first byte picks the operation. */
int fuzz_one(const uint8_t *data, size_t size);

#endif
