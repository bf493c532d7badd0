/* libompwg_blas's GEMM argument errors through the program's own handlers
 * (xerbla_ and cblas_xerbla, which the dynamic linker binds to the program
 * first): every illegal argument of xGEMM and cblas_xGEMM, in both
 * layouts, reaches the handler
 * once with the routine's name and the parameter number reference BLAS and
 * netlib's CBLAS give, alone or behind an earlier illegal argument, and C is
 * not touched. Meson compiles it once per precision. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "blas_real.h"
#include "cblas_number.h"
#include "group.h"

/* What a handler saw since the last reset. */
typedef struct report {
    int calls;
    int number;      /* as passed */
    int row_major;   /* RowMajorStrg during the call */
    int from_c;      /* CBLAS_CallFromC during the call */
    char name[40];
    char message[128];
} report;

static report fortran_seen, cblas_seen;

void xerbla_(const char *srname, const int *info, size_t srname_len)
{
    fortran_seen.calls++;
    fortran_seen.number = *info;
    int len = srname_len < sizeof fortran_seen.name ? (int)srname_len : 39;
    snprintf(fortran_seen.name, sizeof fortran_seen.name, "%.*s", len, srname);
}

/* netlib CBLAS's state, which its testers' handlers read */
extern int RowMajorStrg;
extern int CBLAS_CallFromC;

void cblas_xerbla(int p, const char *rout, const char *form, ...)
{
    cblas_seen.calls++;
    cblas_seen.number = p;
    cblas_seen.row_major = RowMajorStrg;
    cblas_seen.from_c = CBLAS_CallFromC;
    snprintf(cblas_seen.name, sizeof cblas_seen.name, "%s", rout);
    va_list ap;
    va_start(ap, form);
    vsnprintf(cblas_seen.message, sizeof cblas_seen.message, form, ap);
    va_end(ap);
}

static void reset(void)
{
    memset(&fortran_seen, 0, sizeof fortran_seen);
    memset(&cblas_seen, 0, sizeof cblas_seen);
}

/* Room for every operand below (leading dimensions and sizes up to 8). */
enum { ROOM = 64 };

typedef struct operands {
    real a[ROOM], b[ROOM], c[ROOM], c0[ROOM];
} operands;

static void operands_init(operands *o)
{
    for (int i = 0; i < ROOM; i++) {
        o->a[i] = (real)(i % 5);
        o->b[i] = (real)(i % 3);
        o->c[i] = o->c0[i] = i % 7 ? (real)i : (real)NAN;
    }
}

typedef struct fortran_case {
    const char *what;
    const char *transa, *transb;
    int m, n, k, lda, ldb, ldc;
    int want;  /* INFO of reference xGEMM */
} fortran_case;

static void fortran_errors(void)
{
    /* reference xGEMM: transa 1, transb 2, m 3, n 4, k 5, lda 8, ldb 10,
     * ldc 13, checked in that order */
    static const fortran_case cases[] = {
        { "transa 'X'", "X", "N", 4, 4, 4, 4, 4, 4, 1 },
        { "transa ' '", " ", "N", 4, 4, 4, 4, 4, 4, 1 },
        { "transa 'x' before transb 'y'", "x", "y", 4, 4, 4, 4, 4, 4, 1 },
        { "transb 'Y'", "N", "Y", 4, 4, 4, 4, 4, 4, 2 },
        { "transb 'Y' before m < 0", "n", "Y", -1, 4, 4, 4, 4, 4, 2 },
        { "m < 0", "N", "N", -1, 4, 4, 4, 4, 4, 3 },
        { "m < 0 before n < 0", "N", "N", -1, -1, 4, 4, 4, 4, 3 },
        { "n < 0", "N", "N", 4, -1, 4, 4, 4, 4, 4 },
        { "k < 0", "N", "N", 4, 4, -1, 4, 4, 4, 5 },
        { "k < 0 before lda too small", "N", "N", 4, 4, -1, 1, 4, 4, 5 },
        { "lda < m ('N')", "N", "N", 4, 4, 4, 3, 4, 4, 8 },
        { "lda < k ('T')", "T", "N", 4, 4, 6, 5, 6, 4, 8 },
        { "lda < k ('c')", "c", "N", 4, 4, 6, 5, 6, 4, 8 },
        { "lda 0 with m == 0", "N", "N", 0, 4, 4, 0, 4, 1, 8 },
        { "lda before ldc", "N", "N", 4, 4, 4, 3, 4, 3, 8 },
        { "ldb < k ('N')", "N", "N", 4, 4, 6, 4, 5, 4, 10 },
        { "ldb < n ('t')", "N", "t", 4, 6, 4, 4, 5, 4, 10 },
        { "ldc < m", "N", "N", 4, 4, 4, 4, 4, 3, 13 },
        { "ldc 0 with m == 0", "N", "N", 0, 4, 4, 1, 4, 0, 13 },
    };
    group g;
    group_init(&g, NULL);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const fortran_case *t = &cases[i];
        operands o;
        operands_init(&o);
        real alpha = 1, beta = 0;
        reset();
        TN(, gemm_)(t->transa, t->transb, &t->m, &t->n, &t->k, &alpha, o.a, &t->lda, o.b,
                   &t->ldb, &beta, o.c, &t->ldc, 1, 1);
        char why[160] = "";
        if (fortran_seen.calls != 1 || cblas_seen.calls != 0)
            snprintf(why, sizeof why, "xerbla_ called %d times, cblas_xerbla %d times",
                     fortran_seen.calls, cblas_seen.calls);
        else if (fortran_seen.number != t->want || strcmp(fortran_seen.name, GEMM_FORTRAN_NAME))
            snprintf(why, sizeof why, "xerbla_(\"%s\", %d), expected (\"%s\", %d)",
                     fortran_seen.name, fortran_seen.number, GEMM_FORTRAN_NAME, t->want);
        else if (memcmp(o.c, o.c0, sizeof o.c) != 0)
            snprintf(why, sizeof why, "C changed");
        group_add(&g, t->what, !why[0], why, -1);
    }

    /* NULL scalars (a C caller's mistake): reported, never followed */
    static const struct {
        const char *what;
        int null_arg;
        int want;
    } nulls[] = {
        { "NULL transa", 1, 1 }, { "NULL m", 3, 3 }, { "NULL alpha", 6, 6 },
        { "NULL lda", 8, 8 }, { "NULL beta", 11, 11 }, { "NULL ldc", 13, 13 },
    };
    for (size_t i = 0; i < sizeof nulls / sizeof nulls[0]; i++) {
        operands o;
        operands_init(&o);
        int four = 4;
        real alpha = 1, beta = 0;
        int w = nulls[i].null_arg;
        reset();
        TN(, gemm_)(w == 1 ? NULL : "N", "N", w == 3 ? NULL : &four, &four, &four,
                   w == 6 ? NULL : &alpha, o.a, w == 8 ? NULL : &four, o.b, &four,
                   w == 11 ? NULL : &beta, o.c, w == 13 ? NULL : &four, 1, 1);
        bool pass = fortran_seen.calls == 1 && fortran_seen.number == nulls[i].want &&
                    memcmp(o.c, o.c0, sizeof o.c) == 0;
        group_add(&g, nulls[i].what, pass, "not reported as that parameter, or C changed", -1);
    }
    group_report(&g, "%sgemm_: each illegal argument reaches the program's xerbla_ once as "
                 "(\"%s\", reference INFO), first one first, C untouched",
                 api.prefix, GEMM_FORTRAN_NAME);
}

typedef struct cblas_case {
    const char *what;
    ompwg_layout layout;
    ompwg_trans transa, transb;
    int m, n, k, lda, ldb, ldc;
    int want;             /* the position netlib reports, after its renumbering */
    const char *message;  /* what netlib's form and arguments print */
} cblas_case;

#define COL OMPWG_COL_MAJOR
#define ROW OMPWG_ROW_MAJOR
#define NT OMPWG_NO_TRANS
#define TR OMPWG_TRANS

static void cblas_errors(void)
{
    /* m 4, n 5, k 6: a swap of M and N, or of lda and ldb, shows.
     * Column-major: lda >= m, ldb >= k, ldc >= m. Row-major (netlib calls
     * the column-major routine on B, A with N, M): lda >= k, ldb >= n,
     * ldc >= n, checked as ldb, then lda; N, then M. */
    static const cblas_case cases[] = {
        { "layout 0", 0, NT, NT, 4, 5, 6, 4, 6, 4, 1, "Illegal layout setting, 0\n" },
        { "layout 103 before M < 0", 103, NT, NT, -1, 5, 6, 4, 6, 4, 1,
          "Illegal layout setting, 103\n" },
        { "col TransA 110", COL, 110, NT, 4, 5, 6, 4, 6, 4, 2, "Illegal TransA setting, 110\n" },
        { "col TransA before TransB", COL, 0, 0, 4, 5, 6, 4, 6, 4, 2, "Illegal TransA setting, 0\n" },
        { "col TransB 114", COL, NT, 114, 4, 5, 6, 4, 6, 4, 3, "Illegal TransB setting, 114\n" },
        { "col M < 0", COL, NT, NT, -1, 5, 6, 4, 6, 4, 4, "" },
        { "col M before N", COL, NT, NT, -1, -1, 6, 4, 6, 4, 4, "" },
        { "col N < 0", COL, NT, NT, 4, -1, 6, 4, 6, 4, 5, "" },
        { "col K < 0", COL, NT, NT, 4, 5, -1, 4, 6, 4, 6, "" },
        { "col lda < m", COL, NT, NT, 4, 5, 6, 3, 6, 4, 9, "" },
        { "col lda < k (TransA)", COL, TR, NT, 4, 5, 6, 5, 6, 4, 9, "" },
        { "col lda before ldb", COL, NT, NT, 4, 5, 6, 3, 5, 4, 9, "" },
        { "col ldb < k", COL, NT, NT, 4, 5, 6, 4, 5, 4, 11, "" },
        { "col ldb < n (TransB)", COL, NT, TR, 4, 5, 6, 4, 4, 4, 11, "" },
        { "col ldc < m", COL, NT, NT, 4, 5, 6, 4, 6, 3, 14, "" },
        { "row TransA 110", ROW, 110, NT, 4, 5, 6, 6, 5, 5, 2, "Illegal TransA setting, 110\n" },
        { "row TransA before TransB", ROW, 110, 114, 4, 5, 6, 6, 5, 5, 2,
          "Illegal TransA setting, 110\n" },
        /* netlib's row-major branch numbers an illegal TransB 2 too */
        { "row TransB 114", ROW, NT, 114, 4, 5, 6, 6, 5, 5, 2, "Illegal TransB setting, 114\n" },
        { "row M < 0", ROW, NT, NT, -1, 5, 6, 6, 5, 5, 4, "" },
        { "row N < 0", ROW, NT, NT, 4, -1, 6, 6, 5, 5, 5, "" },
        { "row N before M", ROW, NT, NT, -1, -1, 6, 6, 5, 5, 5, "" },
        { "row M before K", ROW, NT, NT, -1, 5, -1, 6, 5, 5, 4, "" },
        { "row K < 0", ROW, NT, NT, 4, 5, -1, 6, 5, 5, 6, "" },
        { "row lda < k", ROW, NT, NT, 4, 5, 6, 5, 5, 5, 9, "" },
        { "row lda < m (TransA)", ROW, TR, NT, 4, 5, 6, 3, 5, 5, 9, "" },
        { "row ldb < n", ROW, NT, NT, 4, 5, 6, 6, 4, 5, 11, "" },
        { "row ldb < k (TransB)", ROW, NT, TR, 4, 5, 6, 6, 5, 5, 11, "" },
        { "row ldb before lda", ROW, NT, NT, 4, 5, 6, 5, 4, 5, 11, "" },
        { "row lda before ldc", ROW, NT, NT, 4, 5, 6, 5, 5, 4, 9, "" },
        { "row ldc < n", ROW, NT, NT, 4, 5, 6, 6, 5, 4, 14, "" },
    };
    group g;
    group_init(&g, NULL);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const cblas_case *t = &cases[i];
        operands o;
        operands_init(&o);
        reset();
        TN(cblas_, gemm)(t->layout, t->transa, t->transb, t->m, t->n, t->k, 1, o.a, t->lda, o.b,
                        t->ldb, 0, o.c, t->ldc);
        char why[200] = "";
        int row = t->layout == ROW;
        int got = cblas_seen.row_major ? cblas_row_major_number(cblas_seen.number, cblas_seen.name)
                                       : cblas_seen.number;
        if (cblas_seen.calls != 1 || fortran_seen.calls != 0)
            snprintf(why, sizeof why, "cblas_xerbla called %d times, xerbla_ %d times",
                     cblas_seen.calls, fortran_seen.calls);
        else if (cblas_seen.row_major != row || cblas_seen.from_c != 1)
            snprintf(why, sizeof why, "RowMajorStrg %d, CBLAS_CallFromC %d in the handler, "
                     "expected %d, 1", cblas_seen.row_major, cblas_seen.from_c, row);
        else if (RowMajorStrg != 0 || CBLAS_CallFromC != 0)
            snprintf(why, sizeof why, "RowMajorStrg %d, CBLAS_CallFromC %d after the call, "
                     "expected 0, 0", RowMajorStrg, CBLAS_CallFromC);
        else if (got != t->want || strcmp(cblas_seen.name, GEMM_CBLAS_NAME) ||
                 strcmp(cblas_seen.message, t->message))
            snprintf(why, sizeof why,
                     "cblas_xerbla(%d -> %d, \"%s\", \"%s\"), expected (%d, \"%s\", \"%s\")",
                     cblas_seen.number, got, cblas_seen.name, cblas_seen.message, t->want,
                     GEMM_CBLAS_NAME, t->message);
        else if (memcmp(o.c, o.c0, sizeof o.c) != 0)
            snprintf(why, sizeof why, "C changed");
        group_add(&g, t->what, !why[0], why, -1);
    }
    group_report(&g, "%s: each illegal argument reaches the program's cblas_xerbla once with "
                 "netlib's number, RowMajorStrg and message, in netlib's order for both "
                 "layouts, C untouched",
                 GEMM_CBLAS_NAME);
}

int main(void)
{
    tap_init("test_blas_%sxerbla", api.prefix);
    fortran_errors();
    cblas_errors();
    return tap_done();
}
