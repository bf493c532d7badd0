/* libompwg_blas's complex GEMM argument errors through the program's own
 * handlers (xerbla_ and cblas_xerbla replace the library's weak ones):
 * zgemm_'s illegal arguments reach xerbla_("ZGEMM ") with the reference
 * INFO ('C' is a legal transpose), cblas_zgemm's reach cblas_xerbla with
 * netlib's numbers in both layouts, and C is not touched. */
#include <stdio.h>
#include <string.h>

#include "ompwg_blas.h"
#include "recording_handlers.h"
#include "tap.h"

typedef ompwg_complex_double zc;

/* Illegal arguments: the reference INFO and netlib's parameter numbers. */
static void illegal(void)
{
    zc a[16] = { { 0, 0 } }, b[16] = { { 0, 0 } }, c[16], one = { 1, 0 };
    for (int j = 0; j < 16; j++) c[j] = (zc){ j, -j };
    zc c0[16];
    memcpy(c0, c, sizeof c);
    int two = 2, one_i = 1, minus = -1;
    struct {
        const char *ta, *tb;
        const int *m, *n, *k, *lda, *ldb, *ldc;
        int want;
    } f[] = {
        { "X", "N", &two, &two, &two, &two, &two, &two, 1 },
        { "C", "Y", &two, &two, &two, &two, &two, &two, 2 },
        { "c", "t", &minus, &two, &two, &two, &two, &two, 3 },
        { "N", "C", &two, &two, &minus, &two, &two, &two, 5 },
        { "N", "N", &two, &two, &two, &one_i, &two, &two, 8 },
        { "C", "N", &two, &two, &two, &two, &one_i, &two, 10 },
        { "N", "C", &two, &two, &two, &two, &two, &one_i, 13 },
    };
    bool all = true;
    for (size_t t = 0; t < sizeof f / sizeof f[0]; t++) {
        xerbla_seen.calls = 0;
        zgemm_(f[t].ta, f[t].tb, f[t].m, f[t].n, f[t].k, &one, a, f[t].lda, b, f[t].ldb, &one, c,
               f[t].ldc, 1, 1);
        bool ok = xerbla_seen.calls == 1 && xerbla_seen.number == f[t].want &&
                  strcmp(xerbla_seen.name, "ZGEMM ") == 0 && memcmp(c, c0, sizeof c) == 0;
        if (!ok)
            tap_diag("zgemm_ case %zu: %d calls, INFO %d (want %d), name '%s'", t, xerbla_seen.calls,
                     xerbla_seen.number, f[t].want, xerbla_seen.name);
        all = all && ok;
    }
    tap_ok(all, "zgemm_ illegal arguments reach xerbla_(\"ZGEMM \") with the reference INFO; C untouched");

    struct {
        ompwg_layout layout;
        ompwg_trans ta, tb;
        int m, n, k, lda, ldb, ldc, want;
    } cb[] = {
        { 100, OMPWG_NO_TRANS, OMPWG_NO_TRANS, 2, 2, 2, 2, 2, 2, 1 },
        { OMPWG_COL_MAJOR, 114, OMPWG_NO_TRANS, 2, 2, 2, 2, 2, 2, 2 },
        /* netlib reports a row-major call's illegal TransB as parameter 2 */
        { OMPWG_ROW_MAJOR, OMPWG_CONJ_TRANS, 0, 2, 2, 2, 2, 2, 2, 2 },
        { OMPWG_ROW_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, -1, -1, 2, 2, 2, 2, 5 },
        { OMPWG_COL_MAJOR, OMPWG_CONJ_TRANS, OMPWG_NO_TRANS, 2, 2, 3, 2, 3, 2, 9 },
        { OMPWG_ROW_MAJOR, OMPWG_NO_TRANS, OMPWG_CONJ_TRANS, 2, 3, 2, 1, 1, 3, 11 },
    };
    all = true;
    for (size_t t = 0; t < sizeof cb / sizeof cb[0]; t++) {
        cblas_xerbla_seen.calls = 0;
        cblas_zgemm(cb[t].layout, cb[t].ta, cb[t].tb, cb[t].m, cb[t].n, cb[t].k, &one, a,
                    cb[t].lda, b, cb[t].ldb, &one, c, cb[t].ldc);
        bool ok = cblas_xerbla_seen.calls == 1 && cblas_xerbla_seen.number == cb[t].want &&
                  strcmp(cblas_xerbla_seen.name, "cblas_zgemm") == 0 && memcmp(c, c0, sizeof c) == 0;
        if (!ok)
            tap_diag("cblas_zgemm case %zu: %d calls, parameter %d (want %d), name '%s'", t,
                     cblas_xerbla_seen.calls, cblas_xerbla_seen.number, cb[t].want, cblas_xerbla_seen.name);
        all = all && ok;
    }
    tap_ok(all, "cblas_zgemm illegal arguments reach cblas_xerbla(\"cblas_zgemm\") with netlib's numbers; C untouched");
}

int main(void)
{
    tap_init("test_blas_zxerbla");
    illegal();
    return tap_done();
}
