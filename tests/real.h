/* The precision a *_tmpl.c test file is compiled for: Meson compiles each
 * once with -DOMPWG_TEST_PREC_S (float) and once with -DOMPWG_TEST_PREC_D
 * (double); everything else in the templates is written once against `real`
 * and `api`. */
#ifndef OMPWG_TEST_REAL_H
#define OMPWG_TEST_REAL_H

#include <float.h>
#include <stdint.h>

#include "ompwg.h"
#include "tap.h"
#include "verdict.h"

/* TN(pre, post): the name of this precision's function, as prec.h names
 * them for the library's templates; TN(name_, ) is also the name the linker
 * sees for an extern function of a file compiled once per precision whose
 * two precisions the fuzzer links into one program (gemm_case.h,
 * reduce_case.h): the name with the precision's letter. */
#if defined(OMPWG_TEST_PREC_S) && !defined(OMPWG_TEST_PREC_D)
typedef float real;
#define TN(pre, post) pre##s##post
#define REAL_PREFIX "s"
#define REAL_PREFIX_UPPER "S"
#define REAL_TYPE "float"
#define REAL_U 0x1.0p-24
#define REAL_UNIFORM test_uniformf
#elif defined(OMPWG_TEST_PREC_D) && !defined(OMPWG_TEST_PREC_S)
typedef double real;
#define TN(pre, post) pre##d##post
#define REAL_PREFIX "d"
#define REAL_PREFIX_UPPER "D"
#define REAL_TYPE "double"
#define REAL_U 0x1.0p-53
#define REAL_UNIFORM test_uniform
#else
#error "define exactly one of OMPWG_TEST_PREC_S and OMPWG_TEST_PREC_D"
#endif

typedef ompwg_status gemm_fn(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb, int64_t m,
                             int64_t n, int64_t k, real alpha, const real *a, int64_t lda, const real *b,
                             int64_t ldb, real beta, real *c, int64_t ldc);
typedef ompwg_status gemm_ratio_fn(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                                   int64_t m, int64_t n, int64_t k, real alpha, const real *a,
                                   int64_t lda, const real *b, int64_t ldb, real beta, const real *c0,
                                   const real *c, int64_t ldc, double *ratio);
typedef ompwg_status sum_fn(int64_t n, const real *x, int64_t incx, real *result);
typedef ompwg_status dot_fn(int64_t n, const real *x, int64_t incx, const real *y, int64_t incy,
                            real *result);
typedef ompwg_status extremum_fn(int64_t n, const real *x, int64_t incx, real *value, int64_t *index);

typedef ompwg_status symm_fn(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo, int64_t m, int64_t n,
                             real alpha, const real *a, int64_t lda, const real *b, int64_t ldb,
                             real beta, real *c, int64_t ldc);
typedef ompwg_status syrk_fn(ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans, int64_t n,
                             int64_t k, real alpha, const real *a, int64_t lda, real beta, real *c,
                             int64_t ldc);
typedef ompwg_status syr2k_fn(ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans, int64_t n,
                              int64_t k, real alpha, const real *a, int64_t lda, const real *b,
                              int64_t ldb, real beta, real *c, int64_t ldc);
typedef ompwg_status scan_fn(int64_t n, const real *x, int64_t incx, real *y, int64_t incy,
                             unsigned flags);
typedef ompwg_status trxm_fn(ompwg_layout layout, ompwg_side side, ompwg_uplo uplo, ompwg_trans transa,
                             ompwg_diag diag, int64_t m, int64_t n, real alpha, const real *a,
                             int64_t lda, real *b, int64_t ldb);

/* The public functions of this precision. */
typedef struct real_api {
    const char *prefix;     /* "s" or "d", as in the function names */
    const char *type;       /* "float" or "double" */
    double u;               /* unit roundoff of real */
    gemm_fn *gemm, *gemm_device;
    gemm_ratio_fn *gemm_ratio;
    sum_fn *sum, *asum, *sum_device, *asum_device;
    dot_fn *dot, *dot_device;
    extremum_fn *max, *min, *max_device, *min_device;
    symm_fn *symm, *symm_device;
    syrk_fn *syrk, *syrk_device;
    syr2k_fn *syr2k, *syr2k_device;
    trxm_fn *trmm, *trmm_device, *trsm, *trsm_device;
    scan_fn *scan;
} real_api;

static const real_api api = {
    REAL_PREFIX, REAL_TYPE, REAL_U,
    TN(ompwg_, gemm), TN(ompwg_, gemm_device), TN(ompwg_, gemm_ratio),
    TN(ompwg_, sum), TN(ompwg_, asum), TN(ompwg_, sum_device), TN(ompwg_, asum_device),
    TN(ompwg_, dot), TN(ompwg_, dot_device),
    TN(ompwg_, max), TN(ompwg_, min), TN(ompwg_, max_device), TN(ompwg_, min_device),
    TN(ompwg_, symm), TN(ompwg_, symm_device), TN(ompwg_, syrk), TN(ompwg_, syrk_device),
    TN(ompwg_, syr2k), TN(ompwg_, syr2k_device), TN(ompwg_, trmm), TN(ompwg_, trmm_device),
    TN(ompwg_, trsm), TN(ompwg_, trsm_device), TN(ompwg_, scan),
};

static inline real rand_real(test_rng *r)
{
    return REAL_UNIFORM(r);
}

#endif
