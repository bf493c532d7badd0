/* netlib CBLAS's checks of the level-2 routines (cblas_args.h): the layout
 * and enum arguments as netlib's C routines check them, then the checks of
 * the Fortran routine each calls, numbered as that routine's INFO plus one
 * (the layout argument), on the operands netlib passes it (a row-major
 * call runs the column-major routine on swapped sizes). */
#include "cblas_args.h"

#include "shim.h"

static ompwg_blas_int max1(ompwg_blas_int v) { return v > 1 ? v : 1; }

/* The layout: false, reported as parameter 1, for neither layout; *row
 * says which. */
static bool layout_ok(const char *rout, int layout, bool *row)
{
    *row = layout == OMPWG_ROW_MAJOR;
    if (*row || layout == OMPWG_COL_MAJOR) return true;
    ompwg_blas_cblas_report(false, 1, rout, "Illegal layout setting, %d\n", layout);
    return false;
}

/* An enum argument, parameter p: legal when it is one of a, b, c (c 0:
 * only a or b), else reported with netlib's message form. */
static bool enum_ok(const char *rout, bool row, int p, const char *form, int v, int a, int b,
                    int c)
{
    if (v == a || v == b || (c && v == c)) return true;
    ompwg_blas_cblas_report(row, p, rout, form, v);
    return false;
}

static bool uplo_ok(const char *rout, bool row, int uplo)
{
    return enum_ok(rout, row, 2, "Illegal Uplo setting, %d\n", uplo, OMPWG_UPPER, OMPWG_LOWER, 0);
}

static bool trans_ok(const char *rout, bool row, int p, int trans)
{
    return enum_ok(rout, row, p, "Illegal TransA setting, %d\n", trans, OMPWG_NO_TRANS,
                   OMPWG_TRANS, OMPWG_CONJ_TRANS);
}

/* The triangular routines' Uplo (2), TransA (3) and Diag (4). */
static bool triangle_ok(const char *rout, bool row, int uplo, int trans, int diag)
{
    return uplo_ok(rout, row, uplo) && trans_ok(rout, row, 3, trans) &&
           enum_ok(rout, row, 4, "Illegal Diag setting, %d\n", diag, OMPWG_NON_UNIT, OMPWG_UNIT, 0);
}

/* The Fortran routine's INFO (0: legal), reported as parameter info + 1. */
static bool fortran_ok(const char *rout, bool row, int info)
{
    if (!info) return true;
    ompwg_blas_cblas_report(row, info + 1, rout, "", 0);
    return false;
}

static void swap(ompwg_blas_int *a, ompwg_blas_int *b)
{
    ompwg_blas_int t = *a;
    *a = *b;
    *b = t;
}

bool ompwg_blas_cblas_gemv_ok(const char *rout, int layout, int trans, ompwg_blas_int m,
                              ompwg_blas_int n, ompwg_blas_int lda, ompwg_blas_int incx,
                              ompwg_blas_int incy)
{
    bool row;
    if (!layout_ok(rout, layout, &row) || !trans_ok(rout, row, 2, trans)) return false;
    if (row) swap(&m, &n);
    int info = m < 0 ? 2 : n < 0 ? 3 : lda < max1(m) ? 6 : !incx ? 8 : !incy ? 11 : 0;
    return fortran_ok(rout, row, info);
}

bool ompwg_blas_cblas_gbmv_ok(const char *rout, int layout, int trans, ompwg_blas_int m,
                              ompwg_blas_int n, ompwg_blas_int kl, ompwg_blas_int ku,
                              ompwg_blas_int lda, ompwg_blas_int incx, ompwg_blas_int incy)
{
    bool row;
    if (!layout_ok(rout, layout, &row) || !trans_ok(rout, row, 2, trans)) return false;
    if (row) {
        swap(&m, &n);
        swap(&kl, &ku);
    }
    int info = m < 0              ? 2
               : n < 0            ? 3
               : kl < 0           ? 4
               : ku < 0           ? 5
               : lda < kl + ku + 1 ? 8
               : !incx            ? 10
               : !incy            ? 13
                                  : 0;
    return fortran_ok(rout, row, info);
}

bool ompwg_blas_cblas_trmv_ok(const char *rout, int layout, int uplo, int trans, int diag,
                              ompwg_blas_int n, ompwg_blas_int lda, ompwg_blas_int incx)
{
    bool row;
    if (!layout_ok(rout, layout, &row) || !triangle_ok(rout, row, uplo, trans, diag)) return false;
    return fortran_ok(rout, row, n < 0 ? 4 : lda < max1(n) ? 6 : !incx ? 8 : 0);
}

bool ompwg_blas_cblas_tbmv_ok(const char *rout, int layout, int uplo, int trans, int diag,
                              ompwg_blas_int n, ompwg_blas_int k, ompwg_blas_int lda,
                              ompwg_blas_int incx)
{
    bool row;
    if (!layout_ok(rout, layout, &row) || !triangle_ok(rout, row, uplo, trans, diag)) return false;
    return fortran_ok(rout, row, n < 0 ? 4 : k < 0 ? 5 : lda < k + 1 ? 7 : !incx ? 9 : 0);
}

bool ompwg_blas_cblas_tpmv_ok(const char *rout, int layout, int uplo, int trans, int diag,
                              ompwg_blas_int n, ompwg_blas_int incx)
{
    bool row;
    if (!layout_ok(rout, layout, &row) || !triangle_ok(rout, row, uplo, trans, diag)) return false;
    return fortran_ok(rout, row, n < 0 ? 4 : !incx ? 7 : 0);
}

bool ompwg_blas_cblas_symv_ok(const char *rout, int layout, int uplo, ompwg_blas_int n,
                              ompwg_blas_int lda, ompwg_blas_int incx, ompwg_blas_int incy)
{
    bool row;
    if (!layout_ok(rout, layout, &row) || !uplo_ok(rout, row, uplo)) return false;
    return fortran_ok(rout, row, n < 0 ? 2 : lda < max1(n) ? 5 : !incx ? 7 : !incy ? 10 : 0);
}

bool ompwg_blas_cblas_sbmv_ok(const char *rout, int layout, int uplo, ompwg_blas_int n,
                              ompwg_blas_int k, ompwg_blas_int lda, ompwg_blas_int incx,
                              ompwg_blas_int incy)
{
    bool row;
    if (!layout_ok(rout, layout, &row) || !uplo_ok(rout, row, uplo)) return false;
    return fortran_ok(rout, row,
                      n < 0 ? 2 : k < 0 ? 3 : lda < k + 1 ? 6 : !incx ? 8 : !incy ? 11 : 0);
}

bool ompwg_blas_cblas_spmv_ok(const char *rout, int layout, int uplo, ompwg_blas_int n,
                              ompwg_blas_int incx, ompwg_blas_int incy)
{
    bool row;
    if (!layout_ok(rout, layout, &row) || !uplo_ok(rout, row, uplo)) return false;
    return fortran_ok(rout, row, n < 0 ? 2 : !incx ? 6 : !incy ? 9 : 0);
}

bool ompwg_blas_cblas_ger_ok(const char *rout, int layout, ompwg_blas_int m, ompwg_blas_int n,
                             ompwg_blas_int incx, ompwg_blas_int incy, ompwg_blas_int lda)
{
    bool row;
    if (!layout_ok(rout, layout, &row)) return false;
    if (row) {
        swap(&m, &n);
        swap(&incx, &incy);
    }
    return fortran_ok(rout, row,
                      m < 0 ? 1 : n < 0 ? 2 : !incx ? 5 : !incy ? 7 : lda < max1(m) ? 9 : 0);
}

bool ompwg_blas_cblas_syr_ok(const char *rout, int layout, int uplo, ompwg_blas_int n,
                             ompwg_blas_int incx, ompwg_blas_int lda)
{
    bool row;
    if (!layout_ok(rout, layout, &row) || !uplo_ok(rout, row, uplo)) return false;
    return fortran_ok(rout, row, n < 0 ? 2 : !incx ? 5 : lda < max1(n) ? 7 : 0);
}

bool ompwg_blas_cblas_spr_ok(const char *rout, int layout, int uplo, ompwg_blas_int n,
                             ompwg_blas_int incx)
{
    bool row;
    if (!layout_ok(rout, layout, &row) || !uplo_ok(rout, row, uplo)) return false;
    return fortran_ok(rout, row, n < 0 ? 2 : !incx ? 5 : 0);
}

/* xSYR2 and xSPR2 (packed: no lda), and the Hermitian forms (swapped: x
 * and y change places in a row-major call). */
static bool rank2_ok(const char *rout, int layout, int uplo, ompwg_blas_int n, ompwg_blas_int incx,
                     ompwg_blas_int incy, bool packed, ompwg_blas_int lda, bool swapped)
{
    bool row;
    if (!layout_ok(rout, layout, &row) || !uplo_ok(rout, row, uplo)) return false;
    if (row && swapped) swap(&incx, &incy);
    int info = n < 0 ? 2 : !incx ? 5 : !incy ? 7 : !packed && lda < max1(n) ? 9 : 0;
    return fortran_ok(rout, row, info);
}

bool ompwg_blas_cblas_syr2_ok(const char *rout, int layout, int uplo, ompwg_blas_int n,
                              ompwg_blas_int incx, ompwg_blas_int incy, ompwg_blas_int lda)
{
    return rank2_ok(rout, layout, uplo, n, incx, incy, false, lda, false);
}

bool ompwg_blas_cblas_her2_ok(const char *rout, int layout, int uplo, ompwg_blas_int n,
                              ompwg_blas_int incx, ompwg_blas_int incy, ompwg_blas_int lda)
{
    return rank2_ok(rout, layout, uplo, n, incx, incy, false, lda, true);
}

bool ompwg_blas_cblas_spr2_ok(const char *rout, int layout, int uplo, ompwg_blas_int n,
                              ompwg_blas_int incx, ompwg_blas_int incy)
{
    return rank2_ok(rout, layout, uplo, n, incx, incy, true, 0, false);
}

bool ompwg_blas_cblas_hpr2_ok(const char *rout, int layout, int uplo, ompwg_blas_int n,
                              ompwg_blas_int incx, ompwg_blas_int incy)
{
    return rank2_ok(rout, layout, uplo, n, incx, incy, true, 0, true);
}
