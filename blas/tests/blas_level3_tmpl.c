/* libompwg_blas's SYMM, SYRK, SYR2K, TRMM and TRSM in a program linked with
 * -lompwg_blas, on every backend: the Fortran routines for every flag
 * character against plain loops (the GEMM-style bound, TRSM's residual
 * bound), the CBLAS routines in row-major against the Fortran call netlib
 * turns them into (bit for bit), and the parameter numbers xerbla_ and
 * cblas_xerbla receive. Meson compiles it once per precision. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blas_real.h"
#include "group.h"
#include "guard.h"
#include "recording_handlers.h"
#include "walk.h"

enum { M = 37, N = 29, K = 70, LD = 75 };

/* Column-major M x N-ish operands with leading dimension LD, big enough
 * for every shape below. */
typedef struct ops {
    real *a, *b, *c, *c0;
} ops;

static void ops_fill(ops *o, test_rng *r, bool solve)
{
    size_t len = (size_t)LD * LD;
    o->a = guard_alloc(len * sizeof(real));
    o->b = guard_alloc(len * sizeof(real));
    o->c = guard_alloc(len * sizeof(real));
    for (size_t i = 0; i < len; i++) {
        o->a[i] = rand_real(r);
        o->b[i] = rand_real(r);
        o->c[i] = rand_real(r);
    }
    if (solve)
        for (size_t j = 0; j < LD; j++) {
            for (size_t i = 0; i < LD; i++) o->a[i + j * LD] /= 2 * LD;
            o->a[j + j * LD] = 2;
        }
    o->c0 = test_copy(o->c, len * sizeof(real));
}

static void ops_free(ops *o)
{
    guard_free(o->a);
    guard_free(o->b);
    guard_free(o->c);
    free(o->c0);
}

static bool upper_of(char u)
{
    return u == 'U' || u == 'u';
}

/* op(A)(i, j) of a triangular A (zeros outside, unit diagonal). */
static long double tri(const real *a, char uplo, char trans, char diag, int i, int j)
{
    if (trans != 'N' && trans != 'n') {
        int t = i;
        i = j;
        j = t;
    }
    if (upper_of(uplo) ? i > j : i < j) return 0;
    if (i == j && (diag == 'U' || diag == 'u')) return 1;
    return a[i + j * LD];
}

static long double sym(const real *a, char uplo, int i, int j)
{
    bool stored = upper_of(uplo) ? i <= j : i >= j;
    return stored ? a[i + j * LD] : a[j + i * LD];
}

/* op(X)(i, p) for SYRK and SYR2K. */
static long double rows(const real *x, char trans, int i, int p)
{
    return trans == 'N' || trans == 'n' ? x[i + p * LD] : x[p + i * LD];
}

/* Worst |error| / (u max(16, inner) * magnitude) over the output, or
 * INFINITY where an element outside the written part changed. */
static double check(int op, const ops *o, char side, char uplo, char trans, char diag, int m,
                    int n, int k, real alpha, real beta)
{
    double worst = 0;
    bool left = side == 'L' || side == 'l';
    int inner = op == 1 || op == 2 ? k : left ? m : n;
    double unit = api.u * (inner > 16 ? inner : 16);
    for (int j = 0; j < LD; j++)
        for (int i = 0; i < LD; i++) {
            size_t at = (size_t)i + (size_t)j * LD;
            bool syr = op == 1 || op == 2;
            bool inside = syr ? i < n && j < n && (upper_of(uplo) ? i <= j : i >= j)
                              : i < m && j < n;
            if (!inside) {
                if (memcmp(&o->c[at], &o->c0[at], sizeof(real)) != 0) return INFINITY;
                continue;
            }
            long double s = 0, mag = 0;
            int len = syr ? k : left ? m : n;
            for (int p = 0; p < len; p++) {
                long double t;
                switch (op) {
                case 0:
                    t = left ? sym(o->a, uplo, i, p) * o->b[p + j * LD]
                             : o->b[i + p * LD] * sym(o->a, uplo, p, j);
                    break;
                case 1: t = rows(o->a, trans, i, p) * rows(o->a, trans, j, p); break;
                case 2:
                    t = rows(o->a, trans, i, p) * rows(o->b, trans, j, p) +
                        rows(o->b, trans, i, p) * rows(o->a, trans, j, p);
                    break;
                case 3:
                    t = left ? tri(o->a, uplo, trans, diag, i, p) * o->c0[p + j * LD]
                             : o->c0[i + p * LD] * tri(o->a, uplo, trans, diag, p, j);
                    break;
                default: /* the residual of the result */
                    t = left ? tri(o->a, uplo, trans, diag, i, p) * o->c[p + j * LD]
                             : o->c[i + p * LD] * tri(o->a, uplo, trans, diag, p, j);
                    break;
                }
                s += t;
                mag += fabsl(t);
            }
            long double e, bound;
            if (op == 4) {
                e = s - (long double)alpha * o->c0[at];
                bound = mag + fabsl((long double)alpha * o->c0[at]);
                e = fabsl(e);
            } else {
                long double c0 = op == 3 || beta == 0 ? 0 : o->c0[at];
                e = fabsl(o->c[at] - ((long double)alpha * s + (long double)beta * c0));
                bound = fabsl((long double)alpha) * mag + fabsl((long double)beta * c0);
            }
            double r = e == 0 ? 0 : (double)(e / (unit * bound));
            if (!(r <= worst)) worst = r;
        }
    return worst;
}

static const char *const op_names[5] = { "symm_", "syrk_", "syr2k_", "trmm_", "trsm_" };

/* Every operation through its Fortran routine, every flag character
 * (either case), against the loops. */
static void fortran_routines(const char *backend)
{
    static const char sides[] = "LRlr", uplos[] = "ULul", transes[] = "NTCn", diags[] = "NUnu";
    for (int op = 0; op < 5; op++) {
        group g;
        group_init(&g, "err/bound");
        test_rng r;
        test_rng_init(&r, 800 + (uint64_t)op);
        for (int v = 0; v < 16; v++) {
            char side = sides[v % 4], uplo = uplos[(v / 4) % 4], trans = transes[(v + v / 4) % 4],
                 diag = diags[(v / 2) % 4];
            ops o;
            ops_fill(&o, &r, op == 4);
            real alpha = v % 5 == 4 ? 0 : rand_real(&r), beta = v % 3 == 0 ? 0 : rand_real(&r);
            int m = M, n = N, k = K, ld = LD;
            switch (op) {
            case 0: TN(, symm_)(&side, &uplo, &m, &n, &alpha, o.a, &ld, o.b, &ld, &beta, o.c, &ld, 1, 1); break;
            case 1: TN(, syrk_)(&uplo, &trans, &n, &k, &alpha, o.a, &ld, &beta, o.c, &ld, 1, 1); break;
            case 2:
                TN(, syr2k_)(&uplo, &trans, &n, &k, &alpha, o.a, &ld, o.b, &ld, &beta, o.c, &ld, 1, 1);
                break;
            case 3:
                TN(, trmm_)(&side, &uplo, &trans, &diag, &m, &n, &alpha, o.a, &ld, o.c, &ld, 1, 1, 1, 1);
                break;
            default:
                TN(, trsm_)(&side, &uplo, &trans, &diag, &m, &n, &alpha, o.a, &ld, o.c, &ld, 1, 1, 1, 1);
                break;
            }
            double worst = check(op, &o, side, uplo, trans, diag, M, N, K, alpha, beta);
            const char *where;
            bool intact = guard_intact(o.a, &where) && guard_intact(o.b, &where) &&
                          guard_intact(o.c, &where);
            char what[96];
            snprintf(what, sizeof what, "%s%s('%c','%c','%c','%c') alpha %g beta %g", api.prefix,
                     op_names[op], side, uplo, trans, diag, (double)alpha, (double)beta);
            group_add(&g, what, intact && worst <= 1,
                      !intact ? "wrote outside a buffer" : "over the bound, or wrote outside C's "
                                                           "written part", worst);
            ops_free(&o);
        }
        group_report(&g, "%s: %s%s for the flag characters against plain loops", backend,
                     api.prefix, op_names[op]);
    }
}

/* cblas_x in row-major computes what the column-major Fortran call netlib
 * makes of it computes, bit for bit. */
static void cblas_row_major(const char *backend)
{
    test_rng r;
    test_rng_init(&r, 900);
    group g;
    group_init(&g, NULL);
    for (int op = 0; op < 5; op++) {
        ops x, y;
        ops_fill(&x, &r, op == 4);
        y.a = test_copy(x.a, (size_t)LD * LD * sizeof(real));
        y.b = test_copy(x.b, (size_t)LD * LD * sizeof(real));
        y.c = test_copy(x.c, (size_t)LD * LD * sizeof(real));
        real alpha = (real)0.75, beta = (real)-0.5, one_alpha = alpha, one_beta = beta;
        int m = M, n = N, k = K, ld = LD;
        switch (op) {
        case 0:
            TN(cblas_, symm)(OMPWG_ROW_MAJOR, OMPWG_LEFT, OMPWG_UPPER, n, m, alpha, x.a, LD, x.b, LD, beta,
                     x.c, LD);
            TN(, symm_)("R", "L", &m, &n, &one_alpha, y.a, &ld, y.b, &ld, &one_beta, y.c, &ld, 1, 1);
            break;
        case 1:
            TN(cblas_, syrk)(OMPWG_ROW_MAJOR, OMPWG_LOWER, OMPWG_NO_TRANS, n, k, alpha, x.a, LD, beta, x.c,
                     LD);
            TN(, syrk_)("U", "T", &n, &k, &one_alpha, y.a, &ld, &one_beta, y.c, &ld, 1, 1);
            break;
        case 2:
            TN(cblas_, syr2k)(OMPWG_ROW_MAJOR, OMPWG_UPPER, OMPWG_TRANS, n, k, alpha, x.a, LD, x.b, LD,
                      beta, x.c, LD);
            TN(, syr2k_)("L", "N", &n, &k, &one_alpha, y.a, &ld, y.b, &ld, &one_beta, y.c, &ld, 1, 1);
            break;
        case 3:
            TN(cblas_, trmm)(OMPWG_ROW_MAJOR, OMPWG_RIGHT, OMPWG_LOWER, OMPWG_TRANS, OMPWG_UNIT, n, m,
                     alpha, x.a, LD, x.c, LD);
            TN(, trmm_)("L", "U", "T", "U", &m, &n, &one_alpha, y.a, &ld, y.c, &ld, 1, 1, 1, 1);
            break;
        default:
            TN(cblas_, trsm)(OMPWG_ROW_MAJOR, OMPWG_LEFT, OMPWG_UPPER, OMPWG_NO_TRANS, OMPWG_NON_UNIT, n,
                     m, alpha, x.a, LD, x.c, LD);
            TN(, trsm_)("R", "L", "N", "N", &m, &n, &one_alpha, y.a, &ld, y.c, &ld, 1, 1, 1, 1);
            break;
        }
        bool same = memcmp(x.c, y.c, (size_t)LD * LD * sizeof(real)) == 0;
        /* and the Fortran result is right */
        real *saved = x.c;
        x.c = y.c;
        static const char fs[5][4] = { "RL", "UT", "LN", "LUTU", "RLNN" };
        double worst = op == 0 ? check(0, &x, 'R', 'L', 'N', 'N', M, N, K, alpha, beta)
                       : op == 1 ? check(1, &x, 'L', 'U', 'T', 'N', M, N, K, alpha, beta)
                       : op == 2 ? check(2, &x, 'L', 'L', 'N', 'N', M, N, K, alpha, beta)
                       : check(op, &x, fs[op][0], fs[op][1], fs[op][2], fs[op][3], M, N, K, alpha,
                               beta);
        x.c = saved;
        char what[64];
        snprintf(what, sizeof what, "cblas_%s%.*s row-major", api.prefix,
                 (int)strlen(op_names[op]) - 1, op_names[op]);
        group_add(&g, what, same && worst <= 1, same ? "over the bound" : "differs", worst);
        ops_free(&x);
        free(y.a);
        free(y.b);
        free(y.c);
    }
    group_report(&g, "%s: the %s CBLAS level-3 routines in row-major are netlib's column-major "
                 "call, bit for bit", backend, api.prefix);
}

/* Parameter numbers: reference INFO from the Fortran routines, netlib's
 * from CBLAS (with its row-major renumbering); nothing written. */
static void error_numbers(void)
{
    real a[64], b[64], c[64], c0[64], one = 1;
    for (int i = 0; i < 64; i++) a[i] = b[i] = c[i] = c0[i] = (real)i;
    int m4 = 4, n4 = 4, neg = -1, ld1 = 1, ld4 = 4;
    typedef struct { int got, want; const char *what; } seen;
    seen s[16];
    int count = 0;
#define EXPECT(want_, what_, call_)                                                           \
    do {                                                                                      \
        xerbla_seen = cblas_xerbla_seen = (handler_record){ 0 };                              \
        call_;                                                                                \
        int calls_ = xerbla_seen.calls + cblas_xerbla_seen.calls;                             \
        int got_ = xerbla_seen.number + cblas_xerbla_seen.number;                             \
        s[count++] = (seen){ calls_ == 1 ? got_ : -1, want_, what_ };                         \
    } while (0)
    EXPECT(1, "trsm_ side 'X'", TN(, trsm_)("X", "U", "N", "N", &m4, &n4, &one, a, &ld4, c, &ld4, 1, 1, 1, 1));
    EXPECT(4, "trsm_ diag 'Y'", TN(, trsm_)("L", "U", "N", "Y", &m4, &n4, &one, a, &ld4, c, &ld4, 1, 1, 1, 1));
    EXPECT(9, "trmm_ lda 1", TN(, trmm_)("L", "U", "N", "N", &m4, &n4, &one, a, &ld1, c, &ld4, 1, 1, 1, 1));
    EXPECT(11, "trsm_ ldb 1", TN(, trsm_)("R", "U", "N", "N", &m4, &n4, &one, a, &ld4, c, &ld1, 1, 1, 1, 1));
    EXPECT(4, "symm_ n -1", TN(, symm_)("L", "U", &m4, &neg, &one, a, &ld4, b, &ld4, &one, c, &ld4, 1, 1));
    EXPECT(12, "symm_ ldc 1", TN(, symm_)("L", "U", &m4, &n4, &one, a, &ld4, b, &ld4, &one, c, &ld1, 1, 1));
    EXPECT(2, "syrk_ trans 'X'", TN(, syrk_)("U", "X", &n4, &m4, &one, a, &ld4, &one, c, &ld4, 1, 1));
    EXPECT(10, "syrk_ ldc 1", TN(, syrk_)("U", "N", &n4, &m4, &one, a, &ld4, &one, c, &ld1, 1, 1));
    EXPECT(9, "syr2k_ ldb 1", TN(, syr2k_)("L", "N", &n4, &m4, &one, a, &ld4, b, &ld1, &one, c, &ld4, 1, 1));
    EXPECT(6, "cblas_trsm col-major m -1", TN(cblas_, trsm)(OMPWG_COL_MAJOR, OMPWG_LEFT, OMPWG_UPPER, OMPWG_NO_TRANS, OMPWG_UNIT, -1, 4, 1, a, 4, c, 4));
    EXPECT(6, "cblas_trsm row-major m -1", TN(cblas_, trsm)(OMPWG_ROW_MAJOR, OMPWG_LEFT, OMPWG_UPPER, OMPWG_NO_TRANS, OMPWG_UNIT, -1, 4, 1, a, 4, c, 4));
    EXPECT(7, "cblas_trmm row-major n -1", TN(cblas_, trmm)(OMPWG_ROW_MAJOR, OMPWG_LEFT, OMPWG_UPPER, OMPWG_NO_TRANS, OMPWG_UNIT, 4, -1, 1, a, 4, c, 4));
    EXPECT(5, "cblas_symm row-major n -1", TN(cblas_, symm)(OMPWG_ROW_MAJOR, OMPWG_LEFT, OMPWG_UPPER, 4, -1, 1, a, 4, b, 4, 1, c, 4));
    EXPECT(8, "cblas_syrk row-major N, lda 3 < k", TN(cblas_, syrk)(OMPWG_ROW_MAJOR, OMPWG_UPPER, OMPWG_NO_TRANS, 2, 4, 1, a, 3, 1, c, 4));
    EXPECT(5, "cblas_trsm diag 0", TN(cblas_, trsm)(OMPWG_COL_MAJOR, OMPWG_LEFT, OMPWG_UPPER, OMPWG_NO_TRANS, 0, 4, 4, 1, a, 4, c, 4));
    EXPECT(1, "cblas_syr2k layout 0", TN(cblas_, syr2k)(0, OMPWG_UPPER, OMPWG_NO_TRANS, 4, 4, 1, a, 4, b, 4, 1, c, 4));
#undef EXPECT
    group g;
    group_init(&g, NULL);
    for (int i = 0; i < count; i++) {
        char why[64];
        snprintf(why, sizeof why, "got %d, want %d", s[i].got, s[i].want);
        group_add(&g, s[i].what, s[i].got == s[i].want, why, -1);
    }
    bool kept = memcmp(c, c0, sizeof c) == 0;
    group_add(&g, "C untouched by the illegal calls", kept, "C written", -1);
    group_report(&g, "%s level 3: each illegal argument reaches xerbla_ or cblas_xerbla once with "
                 "the reference number", api.prefix);
}

static void run_backend(const char *backend, void *ctx)
{
    (void)ctx;
    fortran_routines(backend);
    cblas_row_major(backend);
}

int main(void)
{
    tap_init("test_blas_%slevel3", api.prefix);
    walk_backends(run_backend, NULL);
    error_numbers();
    return tap_done();
}
