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

#if defined(OMPWG_TEST_PREC_S) && !defined(OMPWG_TEST_PREC_D)
typedef float real;
#elif defined(OMPWG_TEST_PREC_D) && !defined(OMPWG_TEST_PREC_S)
typedef double real;
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
} real_api;

#if defined(OMPWG_TEST_PREC_S)
static const real_api api = {
    "s", "float", 0x1.0p-24,
    ompwg_sgemm, ompwg_sgemm_device, ompwg_sgemm_ratio,
    ompwg_ssum, ompwg_sasum, ompwg_ssum_device, ompwg_sasum_device,
    ompwg_sdot, ompwg_sdot_device,
    ompwg_smax, ompwg_smin, ompwg_smax_device, ompwg_smin_device,
    ompwg_ssymm, ompwg_ssymm_device, ompwg_ssyrk, ompwg_ssyrk_device,
    ompwg_ssyr2k, ompwg_ssyr2k_device, ompwg_strmm, ompwg_strmm_device,
    ompwg_strsm, ompwg_strsm_device,
};

static inline real rand_real(test_rng *r)
{
    return test_uniformf(r);
}
#else
static const real_api api = {
    "d", "double", 0x1.0p-53,
    ompwg_dgemm, ompwg_dgemm_device, ompwg_dgemm_ratio,
    ompwg_dsum, ompwg_dasum, ompwg_dsum_device, ompwg_dasum_device,
    ompwg_ddot, ompwg_ddot_device,
    ompwg_dmax, ompwg_dmin, ompwg_dmax_device, ompwg_dmin_device,
    ompwg_dsymm, ompwg_dsymm_device, ompwg_dsyrk, ompwg_dsyrk_device,
    ompwg_dsyr2k, ompwg_dsyr2k_device, ompwg_dtrmm, ompwg_dtrmm_device,
    ompwg_dtrsm, ompwg_dtrsm_device,
};

static inline real rand_real(test_rng *r)
{
    return test_uniform(r);
}
#endif

/* The name the linker sees for an extern function of a file compiled once
 * per precision whose two precisions the fuzzer links into one program
 * (gemm_case.h, reduce_case.h): the name with the precision's letter. */
#if defined(OMPWG_TEST_PREC_S)
#define TEST_PREC_NAME(name) name##_s
#else
#define TEST_PREC_NAME(name) name##_d
#endif

#endif
