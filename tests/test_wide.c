/* Calls with a size, leading dimension or increment past 32 bits under
 * "auto": placed only on a backend that takes them (OpenBLAS's interface
 * is 32-bit: it refuses them with OMPWG_ERR_TOO_LARGE), so that they run
 * and give the exact result; on OpenBLAS named, OMPWG_ERR_TOO_LARGE with
 * nothing written.
 *
 * Little memory: 1 x 1 operands whose leading dimensions are never used,
 * a SYRK with alpha == 0 (A not read), and vectors whose two elements lie
 * in a reserved, mostly untouched mapping. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "ompwg.h"
#include "tap.h"

#define BIG (((int64_t)1 << 31) + 1)

/* bytes of address space, zero pages until written; NULL when it cannot be had */
static void *reserve(size_t bytes)
{
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

static bool ok(int st, bool exact, const char *what)
{
    if (!tap_ok(st == OMPWG_OK && exact, "%s", what))
        tap_diag("status %d (%s)", st, ompwg_strerror(st));
    return st == OMPWG_OK && exact;
}

static void level3(void)
{
    double a = 2, b = 3;
    int st = ompwg_dtrmm(OMPWG_COL_MAJOR, OMPWG_LEFT, OMPWG_UPPER, OMPWG_NO_TRANS,
                         OMPWG_NON_UNIT, 1, 1, 0.5, &a, BIG, &b, BIG);
    ok(st, b == 3, "dtrmm 1 x 1, lda = ldb = 2^31 + 1: runs, B := 0.5 A B exact");

    double sa = 2, sb = 3, sc = 5;
    st = ompwg_dsymm(OMPWG_COL_MAJOR, OMPWG_LEFT, OMPWG_UPPER, 1, 1, 1, &sa, INT64_MAX, &sb,
                     INT64_MAX, 1, &sc, INT64_MAX);
    ok(st, sc == 11, "dsymm 1 x 1, leading dimensions INT64_MAX: runs, C := A B + C exact");

    double c[4] = { 4, 4, 4, 4 };
    st = ompwg_dsyrk(OMPWG_COL_MAJOR, OMPWG_UPPER, OMPWG_NO_TRANS, 2, BIG, 0, NULL, 2, 0.5, c,
                     2);
    ok(st, c[0] == 2 && c[2] == 2 && c[3] == 2 && c[1] == 4,
       "dsyrk n = 2, k = 2^31 + 1, alpha = 0: runs, the upper triangle halved, the lower kept");

    double e = 3;
    ompwg_complex_double za = { 1, 1 }, zb = { 2, 0 }, zc = { 7, 7 };
    ompwg_complex_double one = { 1, 0 }, zero = { 0, 0 };
    st = ompwg_zgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, 1, 1, 1, one, &za, BIG, &zb,
                     BIG, zero, &zc, BIG);
    ok(st, zc.re == 2 && zc.im == 2, "zgemm 1 x 1 x 1, leading dimensions 2^31 + 1: runs, exact");

    double t = 0;
    st = ompwg_dtranspose(OMPWG_COL_MAJOR, 1, 1, &e, BIG, &t, BIG);
    ok(st, t == 3, "dtranspose 1 x 1, leading dimensions 2^31 + 1: runs, exact");
}

/* DOT and ASUM of two elements BIG apart. */
static void wide_increments(void)
{
    const size_t bytes = (size_t)(BIG + 1) * sizeof(double);
    double *x = reserve(bytes);
    if (!x) {
        tap_skip("ddot, dasum with incx = 2^31 + 1", "%zu bytes of address space not to be had",
                 bytes);
        return;
    }
    /* the far index through a volatile: clang 19 at -O2 merges the stores
     * x[0] = 3 and x[2^31 + 1] = -4 into one 16-byte store at x */
    volatile int64_t far = BIG;
    x[0] = 3;
    x[far] = -4;
    double dot = 0, asum = 0;
    int st = ompwg_ddot(2, x, BIG, x, BIG, &dot);
    ok(st, dot == 25, "ddot n = 2, incx = incy = 2^31 + 1: runs, exact");
    st = ompwg_dasum(2, x, BIG, &asum);
    ok(st, asum == 7, "dasum n = 2, incx = 2^31 + 1: runs, exact");
    munmap(x, bytes);
}

/* Check mode compares with OpenBLAS, which cannot take these calls: they
 * run unchecked, with their result and OMPWG_OK. */
static void check_mode(void)
{
    ompwg_set_check(1);
    double a = 2, b = 3;
    int st = ompwg_dtrmm(OMPWG_COL_MAJOR, OMPWG_LEFT, OMPWG_UPPER, OMPWG_NO_TRANS,
                         OMPWG_NON_UNIT, 1, 1, 0.5, &a, BIG, &b, BIG);
    ok(st, b == 3, "check mode: dtrmm 1 x 1, lda = ldb = 2^31 + 1: OMPWG_OK with its result "
       "(not compared)");
    ompwg_complex_double za = { 1, 1 }, zb = { 2, 0 }, zc = { 7, 7 };
    ompwg_complex_double one = { 1, 0 }, zero = { 0, 0 };
    st = ompwg_zgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, 1, 1, 1, one, &za, BIG, &zb,
                     BIG, zero, &zc, BIG);
    ok(st, zc.re == 2 && zc.im == 2, "check mode: zgemm 1 x 1 x 1, leading dimensions 2^31 + 1: "
       "OMPWG_OK with its result");
    double x[2] = { 3, -4 }, dot = 0;
    st = ompwg_ddot(1, x, BIG, x, BIG, &dot);
    ok(st, dot == 9, "check mode: ddot n = 1 with increments 2^31 + 1 (one element read): "
       "compared, OMPWG_OK");
    ompwg_set_check(0);
}

/* OpenBLAS named: its 32-bit limit is the call's status, nothing written. */
static void openblas_named(void)
{
    if (ompwg_set_thread_backend("openblas") != OMPWG_OK) {
        tap_skip("dsymm on openblas", "the openblas backend is not usable here");
        return;
    }
    double a = 2, b = 3, c = 5;
    int st = ompwg_dsymm(OMPWG_COL_MAJOR, OMPWG_LEFT, OMPWG_UPPER, 1, 1, 1, &a, INT64_MAX, &b,
                         INT64_MAX, 1, &c, INT64_MAX);
    tap_ok(st == OMPWG_ERR_TOO_LARGE && c == 5,
           "dsymm with leading dimensions INT64_MAX on openblas named: OMPWG_ERR_TOO_LARGE, C "
           "unwritten (status %d)", st);
    ompwg_set_thread_backend(NULL);
}

int main(void)
{
    tap_init("test_wide");
    if (ompwg_set_backend("auto") != OMPWG_OK) tap_bail("auto is not usable");
    level3();
    wide_increments();
    check_mode();
    openblas_named();
    return tap_done();
}
