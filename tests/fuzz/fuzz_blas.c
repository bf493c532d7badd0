/* The drop-in BLAS's error reports as the fuzzer sees them: its own
 * xerbla_ and cblas_xerbla (the program's definitions, which libompwg_blas
 * hands its reports to), and the parameter numbers reference BLAS and
 * netlib's CBLAS give an illegal call, written from the reference routines'
 * order of checks (dgemm.f, dsymm.f, ..., cblas_dgemm.c, ...). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "fuzz.h"

static struct {
    int calls, number;
    char name[40];
} seen;

void xerbla_(const char *srname, const int *info, size_t srname_len);
void cblas_xerbla(int p, const char *rout, const char *form, ...);

void xerbla_(const char *srname, const int *info, size_t srname_len)
{
    seen.calls++;
    seen.number = info ? *info : -1;
    size_t len = 0;
    while (srname && len < srname_len && len < sizeof seen.name - 1 && srname[len] &&
           srname[len] != ' ')
        len++;
    snprintf(seen.name, sizeof seen.name, "%.*s", (int)len, srname ? srname : "");
}

/* netlib CBLAS's state: set while a row-major call reports */
extern int RowMajorStrg;

/* netlib's cblas_xerbla.c: a row-major call reports the number of the
 * column-major call made of it (M and N, and GEMM's A and B, swapped);
 * the handler gives the row-major call's own number back. */
static int row_major_number(int p, const char *rout)
{
    if (strstr(rout, "gemm")) return p == 4 ? 5 : p == 5 ? 4 : p == 9 ? 11 : p == 11 ? 9 : p;
    if (strstr(rout, "symm")) return p == 4 ? 5 : p == 5 ? 4 : p;
    if (strstr(rout, "trmm") || strstr(rout, "trsm")) return p == 6 ? 7 : p == 7 ? 6 : p;
    return p;
}

void cblas_xerbla(int p, const char *rout, const char *form, ...)
{
    (void)form;
    seen.calls++;
    seen.number = rout && RowMajorStrg ? row_major_number(p, rout) : p;
    snprintf(seen.name, sizeof seen.name, "%s", rout ? rout : "");
}

void fuzz_blas_reset(void)
{
    memset(&seen, 0, sizeof seen);
}

int fuzz_blas_seen(int *number, const char **name)
{
    *number = seen.number;
    *name = seen.name;
    return seen.calls;
}

int fuzz_blas_status(const char *name, int want_number, char *msg, size_t len)
{
    int number;
    const char *got_name;
    int calls = fuzz_blas_seen(&number, &got_name);
    if (want_number == 0) {
        if (calls == 0) return OMPWG_OK;
        snprintf(msg, len, "a legal call reported parameter %d of %s", number, got_name);
        return -1000;
    }
    if (calls != 1 || number != want_number || strcasecmp(got_name, name) != 0) {
        snprintf(msg, len, "%d reports, the last parameter %d of %s; reference: parameter %d of %s",
                 calls, number, got_name, want_number, name);
        return -1000;
    }
    return -want_number;
}

fuzz_via fuzz_route(fuzz_input *in, bool blas, bool *lower, bool *device, unsigned *nulls,
                    int *layout)
{
    *lower = false;
    if (!blas) return FUZZ_VIA_API;
    fuzz_via via = fuzz_byte(in) % 2 ? FUZZ_VIA_CBLAS : FUZZ_VIA_FORTRAN;
    *lower = fuzz_byte(in) % 2;
    *device = false;
    *nulls = 0;
    if (via == FUZZ_VIA_FORTRAN) *layout = OMPWG_COL_MAJOR;
    return via;
}

bool fuzz_status_as_documented(int st, int want, fuzz_via via, char *msg, size_t len)
{
    if (st == want) return true;
    if (via == FUZZ_VIA_API)
        snprintf(msg, len, "status %d (%s), documented %d (%s)", st, ompwg_strerror(st), want,
                 ompwg_strerror(want));
    return false;
}

const char *fuzz_via_name(fuzz_via via)
{
    return via == FUZZ_VIA_API ? "the C API" : via == FUZZ_VIA_CBLAS ? "CBLAS" : "Fortran BLAS";
}

char fuzz_letter(int value, int legal0, char c0, int legal1, char c1, bool lower)
{
    char c = value == legal0 ? c0 : value == legal1 ? c1 : 'X';
    return lower ? (char)(c - 'A' + 'a') : c;
}

char fuzz_trans_letter(int value, bool lower)
{
    if (value == OMPWG_CONJ_TRANS) return lower ? 'c' : 'C';
    return fuzz_letter(value, OMPWG_NO_TRANS, 'N', OMPWG_TRANS, 'T', lower);
}

int fuzz_lp64(int64_t v)
{
    return v < -3 ? -1 : v > 1000000 ? 1000000 : (int)v;
}

fuzz_gemm_blas_args fuzz_gemm_blas_call(int transa, int transb, bool lower, int64_t m, int64_t n,
                                        int64_t k, int64_t lda, int64_t ldb, int64_t ldc)
{
    fuzz_blas_reset();
    return (fuzz_gemm_blas_args){ .m = (int)m, .n = (int)n, .k = (int)k,
                                  .lda = (int)lda, .ldb = (int)ldb, .ldc = (int)ldc,
                                  .transa = fuzz_trans_letter(transa, lower),
                                  .transb = fuzz_trans_letter(transb, lower) };
}

int fuzz_gemm_blas_number(bool cblas, int layout, int transa, int transb, int64_t m, int64_t n,
                          int64_t k, int64_t lda, int64_t ldb, int64_t ldc)
{
    /* TRANSA TRANSB M N K ALPHA A LDA B LDB BETA C LDC; CBLAS: the layout
     * first */
    int s = cblas ? 1 : 0;
    if (cblas && layout != OMPWG_ROW_MAJOR && layout != OMPWG_COL_MAJOR) return 1;
    bool row = cblas && layout == OMPWG_ROW_MAJOR;
    if (!fuzz_trans_ok(transa)) return 1 + s;
    /* netlib's row-major branch reports an illegal TransB as parameter 2
     * too (cblas_dgemm.c) */
    if (!fuzz_trans_ok(transb)) return row ? 2 : 2 + s;
    bool ta = transa != OMPWG_NO_TRANS, tb = transb != OMPWG_NO_TRANS;
    int64_t need_a = fuzz_max1(row ? (ta ? m : k) : (ta ? k : m));
    int64_t need_b = fuzz_max1(row ? (tb ? k : n) : (tb ? n : k));
    int64_t need_c = fuzz_max1(row ? n : m);
    if (row) {
        /* netlib runs the column-major DGEMM on B and A, n and m */
        if (n < 0) return 4 + s;
        if (m < 0) return 3 + s;
        if (k < 0) return 5 + s;
        if (ldb < need_b) return 10 + s;
        if (lda < need_a) return 8 + s;
    } else {
        if (m < 0) return 3 + s;
        if (n < 0) return 4 + s;
        if (k < 0) return 5 + s;
        if (lda < need_a) return 8 + s;
        if (ldb < need_b) return 10 + s;
    }
    return ldc < need_c ? 13 + s : 0;
}

int fuzz_level3_blas_number(fuzz_level3_op op, bool cblas, int layout, int side, int uplo,
                            int trans, int diag, int64_t m, int64_t n, int64_t k, int64_t lda,
                            int64_t ldb, int64_t ldc)
{
    bool has_side = op == FUZZ_SYMM || op == FUZZ_TRMM || op == FUZZ_TRSM;
    bool triangular = op == FUZZ_TRMM || op == FUZZ_TRSM;
    if (cblas && layout != OMPWG_ROW_MAJOR && layout != OMPWG_COL_MAJOR) return 1;
    bool row = cblas && layout == OMPWG_ROW_MAJOR;
    /* the character (CBLAS: enum) arguments in order, then the sizes */
    int pos = cblas ? 2 : 1;
    if (has_side) {
        if (side != OMPWG_LEFT && side != OMPWG_RIGHT) return pos;
        pos++;
    }
    if (uplo != OMPWG_UPPER && uplo != OMPWG_LOWER) return pos;
    pos++;
    if (op != FUZZ_SYMM) {
        if (!fuzz_trans_ok(trans)) return pos;
        pos++;
    }
    if (triangular) {
        if (diag != OMPWG_NON_UNIT && diag != OMPWG_UNIT) return pos;
        pos++;
    }
    if (op == FUZZ_SYRK || op == FUZZ_SYR2K) {
        /* N K ALPHA A LDA [B LDB] BETA C LDC */
        if (n < 0) return pos;
        if (k < 0) return pos + 1;
        bool t = trans != OMPWG_NO_TRANS;
        int64_t need = fuzz_max1(row ? (t ? n : k) : (t ? k : n));
        if (lda < need) return pos + 4;
        if (op == FUZZ_SYR2K) {
            if (ldb < need) return pos + 6;
            return ldc < fuzz_max1(n) ? pos + 9 : 0;
        }
        return ldc < fuzz_max1(n) ? pos + 7 : 0;
    }
    /* M N ALPHA A LDA B LDB [BETA C LDC]; a row-major call is the
     * column-major one on n and m, which checks n first */
    if (row && n < 0) return pos + 1;
    if (m < 0) return pos;
    if (n < 0) return pos + 1;
    if (lda < fuzz_max1(side == OMPWG_LEFT ? m : n)) return pos + 4;
    int64_t need_bc = fuzz_max1(row ? n : m);
    if (ldb < need_bc) return pos + 6;
    if (op == FUZZ_SYMM && ldc < need_bc) return pos + 9;
    return 0;
}
