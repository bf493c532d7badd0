/* libompwg_blas64 (ILP64) called with integers past 2^31 where they count:
 * leading dimensions of 2^31 + 1 on operands of one column, so that memory
 * stays small. An LP64 BLAS reads such an integer's low 32 bits (a
 * negative leading dimension: the call goes to the error handler and
 * computes nothing) and writes only half of an output integer, so every
 * case here fails on one. The routines ompwg runs (DGEMM, cblas_dgemm,
 * DTRSM) on every backend; forwarded ones (DGEMV, and cblas_dgemv after
 * netlib's checks) on OpenBLAS's ILP64 build; and the handlers' 64-bit
 * parameter numbers. Results are exact (small integers). */
#include <stdint.h>

#include "ompwg_blas.h"
#include "tap.h"
#include "verdict.h"
#include "walk.h"

#ifndef OMPWG_BLAS_ILP64
#error "test_blas_ilp64.c is built with OMPWG_BLAS_ILP64 (ompwg-blas64's flags)"
#endif

/* forwarded routines, declared as an ILP64 program declares them */
void dgemv_(const char *trans, const int64_t *m, const int64_t *n, const double *alpha,
            const double *a, const int64_t *lda, const double *x, const int64_t *incx,
            const double *beta, double *y, const int64_t *incy, size_t trans_len);
void cblas_dgemv(int layout, int trans, int64_t m, int64_t n, double alpha, const double *a,
                 int64_t lda, const double *x, int64_t incx, double beta, double *y, int64_t incy);

enum { COL_MAJOR = 102, NO_TRANS = 111 };

/* 2^31 + 1: its low 32 bits, as an LP64 BLAS reads them, are negative */
static const int64_t big = ((int64_t)1 << 31) + 1;

/* The program's own handlers, which a program linked with the library
 * gets the calls of: the last parameter number each received. */
static int64_t fortran_info, cblas_p;
static int handler_calls;

void xerbla_(const char *srname, const int64_t *info, size_t srname_len)
{
    (void)srname;
    (void)srname_len;
    handler_calls++;
    fortran_info = *info;
}

void cblas_xerbla(int64_t p, const char *rout, const char *form, ...)
{
    (void)rout;
    (void)form;
    handler_calls++;
    cblas_p = p;
}

static bool no_report(void)
{
    if (handler_calls == 0) return true;
    tap_diag("the error handler was called (INFO %lld, CBLAS parameter %lld)",
             (long long)fortran_info, (long long)cblas_p);
    handler_calls = 0;
    return false;
}

/* The routines ompwg runs, on backend name. */
static void placed(const char *name, void *ctx)
{
    (void)ctx;
    const int64_t m = 3, one = 1;
    const double a[3] = { 1, 2, 3 }, b[1] = { 4 }, two = 2, unit = 1;

    /* C := 2 A B + C, A 3 x 1, B 1 x 1, C 3 x 1 */
    double c[3] = { 1, 1, 1 };
    const double want_c[3] = { 9, 17, 25 };
    dgemm_("N", "N", &m, &one, &one, &two, a, &big, b, &big, &unit, c, &big, 1, 1);
    tap_ok(doubles_same(c, want_c, 3) && no_report(), "%s: dgemm_ with lda, ldb, ldc 2^31 + 1",
           name);

    double c2[3] = { 1, 1, 1 };
    cblas_dgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, m, one, one, two, a, big, b, big,
                unit, c2, big);
    tap_ok(doubles_same(c2, want_c, 3) && no_report(),
           "%s: cblas_dgemm with lda, ldb, ldc 2^31 + 1", name);

    /* B := B inv(A), A 1 x 1 upper on the right */
    const double t[1] = { 2 }, want_b[3] = { 1, 2, 3 };
    double bb[3] = { 2, 4, 6 };
    dtrsm_("R", "U", "N", "N", &m, &one, &unit, t, &big, bb, &big, 1, 1, 1, 1);
    tap_ok(doubles_same(bb, want_b, 3) && no_report(), "%s: dtrsm_ with lda, ldb 2^31 + 1", name);
}

int main(void)
{
    tap_init("test_blas_ilp64");

    walk_backends(placed, NULL);

    /* forwarded to OpenBLAS's ILP64 build: y := A x, A 3 x 1 */
    const int64_t m = 3, one = 1;
    const double a[3] = { 1, 2, 3 }, x[1] = { 2 }, unit = 1, zero = 0, want_y[3] = { 2, 4, 6 };
    double y[3] = { 0 };
    dgemv_("N", &m, &one, &unit, a, &big, x, &one, &zero, y, &one, 1);
    tap_ok(doubles_same(y, want_y, 3) && no_report(), "dgemv_ (forwarded) with lda 2^31 + 1");

    double y2[3] = { 0 };
    cblas_dgemv(COL_MAJOR, NO_TRANS, m, one, 1, a, big, x, 1, 0, y2, 1);
    tap_ok(doubles_same(y2, want_y, 3) && no_report(),
           "cblas_dgemv (netlib's checks, then forwarded) with lda 2^31 + 1");

    const double v[3] = { 1, -5, 3 };
    tap_ok(idamax_(&m, v, &one) == 2, "idamax_ returns a 64-bit index");

    /* an illegal leading dimension: the handlers get 64-bit numbers */
    double c[3] = { 1, 1, 1 };
    const double ones[3] = { 1, 1, 1 };
    const int64_t zero_ld = 0;
    dgemm_("N", "N", &m, &one, &one, &unit, a, &zero_ld, x, &one, &unit, c, &m, 1, 1);
    tap_ok(handler_calls == 1 && fortran_info == 8 && doubles_same(c, ones, 3),
           "dgemm_ with lda 0: xerbla_ gets INFO 8 as a 64-bit integer, C untouched");
    if (fortran_info != 8) tap_diag("INFO %#llx", (unsigned long long)fortran_info);
    handler_calls = 0;
    cblas_dgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, m, one, one, 1, a, 0, x, 1, 1, c,
                m);
    tap_ok(handler_calls == 1 && cblas_p == 9 && doubles_same(c, ones, 3),
           "cblas_dgemm with lda 0: cblas_xerbla gets parameter 9 as a 64-bit integer");
    handler_calls = 0;
    return tap_done();
}
