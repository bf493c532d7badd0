/* GEMM arguments that share memory or stretch the sizes, on every backend:
 * - C sharing an element with A or B that the call reads (C == A, C == B,
 *   C = A + 1) is OMPWG_ERR_OVERLAP and C keeps its bytes;
 * - blocks of one array that interleave without sharing an element (a
 *   LAPACK trailing update with its two panels) run, exact;
 * - with alpha == 0, C may be A (A is not read);
 * - a 1 x 1 x 1 product with leading dimensions of INT64_MAX reads one
 *   element of each operand, exact;
 * - alpha == 0 with k past 32 bits reads neither A nor B: C := beta C;
 * - random blocks of one array (offsets, sizes, leading dimensions, either
 *   transpose), and wide ones of many columns with leading dimensions that
 *   differ: OMPWG_ERR_OVERLAP exactly when an element is shared, as a walk
 *   over every element finds;
 * - a billion columns with leading dimensions that differ, meeting at their
 *   ends only: OMPWG_ERR_OVERLAP at once (the test does not walk the
 *   columns). */
#include <stdint.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "ompwg.h"
#include "tap.h"
#include "walk.h"

#define N 24

/* A(i, p) = i + 2p + 1, B(p, j) = p - j: C = A B is exact in double. */
static void fill(double *x, int64_t rows, int64_t cols, int64_t ld, int kind)
{
    for (int64_t j = 0; j < cols; j++)
        for (int64_t i = 0; i < rows; i++)
            x[i + j * ld] = kind ? (double)(i - j) : (double)(i + 2 * j + 1);
}

static bool product_exact(const double *a, int64_t lda, const double *b, int64_t ldb,
                          const double *c, int64_t ldc, int64_t m, int64_t n, int64_t k)
{
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < m; i++) {
            double s = 0;
            for (int64_t p = 0; p < k; p++) s += a[i + p * lda] * b[p + j * ldb];
            if (c[i + j * ldc] != s) return false;
        }
    return true;
}

static void overlapping(const char *be)
{
    const size_t bytes = (size_t)N * N * sizeof(double);
    double *a = guard_alloc(bytes + sizeof(double)), *b = guard_alloc(bytes);
    fill(a, N, N, N, 0);
    fill(b, N, N, N, 1);
    a[N * N] = 7;
    struct {
        const char *what;
        double *c;
    } cases[] = { { "C == A", a }, { "C == B", b }, { "C = A + 1", a + 1 } };
    for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
        double *ca = test_copy(a, bytes + sizeof(double)), *cb = test_copy(b, bytes);
        int st = ompwg_dgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, N, N, N, 1, a, N,
                             b, N, 0, cases[t].c, N);
        bool kept = memcmp(a, ca, bytes + sizeof(double)) == 0 && memcmp(b, cb, bytes) == 0;
        if (!tap_ok(st == OMPWG_ERR_OVERLAP && kept, "%s: dgemm with %s: OMPWG_ERR_OVERLAP, "
                    "nothing written", be, cases[t].what))
            tap_diag("status %d (%s), operands kept: %d", st, ompwg_strerror(st), kept);
        free(ca);
        free(cb);
    }
    /* not read: no overlap */
    double *ca = test_copy(a, bytes);
    int st = ompwg_dgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, N, N, N, 0, a, N, b,
                         N, 0.5, a, N);
    bool halved = true;
    for (int i = 0; i < N * N; i++) halved &= a[i] == ca[i] * 0.5;
    tap_ok(st == OMPWG_OK && halved, "%s: alpha == 0 with C == A: C := beta C (status %d)", be,
           st);
    free(ca);
    guard_free(a);
    guard_free(b);
}

/* One 2N x 2N array: C = its lower right block, A = lower left, B = upper
 * right. Their spans interleave; no element is shared. */
static void interleaved(const char *be)
{
    const int64_t ld = 2 * N + 3;
    double *w = guard_alloc((size_t)ld * 2 * N * sizeof(double));
    fill(w, ld, 2 * N, ld, 0);
    double *a = w + N, *b = w + N * ld, *c = w + N + N * ld;
    double a0[N * N], b0[N * N];
    for (int j = 0; j < N; j++)
        for (int i = 0; i < N; i++) {
            a0[i + j * N] = a[i + j * ld];
            b0[i + j * N] = b[i + j * ld];
        }
    int st = ompwg_dgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, N, N, N, 1, a, ld, b,
                         ld, 0, c, ld);
    const char *where = "";
    bool exact = st == OMPWG_OK && product_exact(a0, N, b0, N, c, ld, N, N, N);
    if (!tap_ok(exact && guard_intact(w, &where),
                "%s: C, A and B interleaved blocks of one array: runs, exact", be))
        tap_diag("status %d (%s) %s", st, ompwg_strerror(st), where);
    guard_free(w);
}

static void huge_sizes(const char *be)
{
    double a = 3, b = 5, c = 11;
    int st = ompwg_dgemm(OMPWG_COL_MAJOR, OMPWG_TRANS, OMPWG_TRANS, 1, 1, 1, 2, &a, INT64_MAX,
                         &b, INT64_MAX, 0.5, &c, INT64_MAX);
    if (!tap_ok(st == OMPWG_OK && c == 35.5, "%s: 1 x 1 x 1 dgemm, leading dimensions INT64_MAX: "
                "exact", be))
        tap_diag("status %d (%s), c = %g", st, ompwg_strerror(st), c);

    float cs[3] = { 4, 6, 8 };
    const int64_t k = ((int64_t)1 << 31) + 50;
    st = ompwg_sgemm(OMPWG_COL_MAJOR, OMPWG_TRANS, OMPWG_NO_TRANS, 3, 1, k, 0, NULL, k, NULL, k,
                     0.5f, cs, 3);
    if (!tap_ok(st == OMPWG_OK && cs[0] == 2 && cs[1] == 3 && cs[2] == 4,
                "%s: sgemm alpha == 0, k = 2^31 + 50: C := beta C, A and B unread", be))
        tap_diag("status %d (%s)", st, ompwg_strerror(st));
}

#define POOL 600

/* Marks the elements of a column-major block; whether one was marked. */
static bool mark(unsigned char *used, int64_t off, int64_t rows, int64_t cols, int64_t ld,
                 unsigned char bit)
{
    bool met = false;
    for (int64_t j = 0; j < cols; j++)
        for (int64_t i = 0; i < rows; i++) {
            unsigned char *u = &used[off + i + j * ld];
            met |= (*u & ~bit) != 0;
            *u |= bit;
        }
    return met;
}

static void random_blocks(void)
{
    test_rng r;
    test_rng_init(&r, 91);
    double *pool = guard_alloc(POOL * sizeof(double));
    int wrong = 0, overlaps = 0;
    const int cases = 3000;
    for (int t = 0; t < cases && wrong < 5; t++) {
        int64_t m = 1 + (int64_t)test_below(&r, 6), n = 1 + (int64_t)test_below(&r, 6);
        int64_t k = 1 + (int64_t)test_below(&r, 6);
        bool ta = test_below(&r, 2), tb = test_below(&r, 2);
        int64_t ar = ta ? k : m, ac = ta ? m : k, br = tb ? n : k, bc = tb ? k : n;
        int64_t lda = ar + (int64_t)test_below(&r, 4), ldb = br + (int64_t)test_below(&r, 4);
        int64_t ldc = m + (int64_t)test_below(&r, 4);
        /* one leading dimension for all three, half of the time */
        if (test_below(&r, 2)) lda = ldb = ldc = (lda > ldb ? (lda > ldc ? lda : ldc) : (ldb > ldc ? ldb : ldc));
        int64_t ea = (ac - 1) * lda + ar, eb = (bc - 1) * ldb + br, ec = (n - 1) * ldc + m;
        int64_t oa = (int64_t)test_below(&r, (uint64_t)(POOL - ea)), ob = (int64_t)test_below(&r, (uint64_t)(POOL - eb));
        int64_t oc = (int64_t)test_below(&r, (uint64_t)(POOL - ec));
        unsigned char used[POOL] = { 0 };
        mark(used, oa, ar, ac, lda, 1);
        mark(used, ob, br, bc, ldb, 2);
        bool shared = mark(used, oc, m, n, ldc, 4);
        overlaps += shared;
        for (int i = 0; i < POOL; i++) pool[i] = 1;
        int st = ompwg_dgemm(OMPWG_COL_MAJOR, ta ? OMPWG_TRANS : OMPWG_NO_TRANS,
                             tb ? OMPWG_TRANS : OMPWG_NO_TRANS, m, n, k, 1, pool + oa, lda,
                             pool + ob, ldb, 0, pool + oc, ldc);
        if (st != (shared ? OMPWG_ERR_OVERLAP : OMPWG_OK)) {
            wrong++;
            tap_diag("m %lld n %lld k %lld ta %d tb %d A at %lld ld %lld, B at %lld ld %lld, C at "
                     "%lld ld %lld: shared %d, status %d", (long long)m, (long long)n,
                     (long long)k, ta, tb, (long long)oa, (long long)lda, (long long)ob,
                     (long long)ldb, (long long)oc, (long long)ldc, shared, st);
        }
    }
    tap_ok(wrong == 0, "random blocks of one array: OMPWG_ERR_OVERLAP exactly where an element "
           "is shared (%d cases, %d sharing)", cases, overlaps);
    guard_free(pool);
}

static void body(const char *be, void *ctx)
{
    (void)ctx;
    overlapping(be);
    interleaved(be);
    huge_sizes(be);
}

#define WIDE_POOL 4096

/* C (m x n) against B (k x n), many columns, leading dimensions that
 * differ: the exact answer where the columns interleave. */
static void random_wide_blocks(void)
{
    test_rng r;
    test_rng_init(&r, 92);
    double *pool = guard_alloc(WIDE_POOL * sizeof(double));
    double a[16]; /* A m x k, m and k up to 4 */
    for (int i = 0; i < 16; i++) a[i] = 1;
    int wrong = 0, overlaps = 0;
    const int cases = 3000;
    for (int t = 0; t < cases && wrong < 5; t++) {
        int64_t m = 1 + (int64_t)test_below(&r, 4), k = 1 + (int64_t)test_below(&r, 4);
        int64_t n = 1 + (int64_t)test_below(&r, 200);
        int64_t ldc = m + (int64_t)test_below(&r, 9), ldb = k + (int64_t)test_below(&r, 9);
        if (ldb == ldc) ldb++;
        int64_t eb = (n - 1) * ldb + k, ec = (n - 1) * ldc + m;
        if (eb >= WIDE_POOL || ec >= WIDE_POOL) continue;
        int64_t ob = (int64_t)test_below(&r, (uint64_t)(WIDE_POOL - eb));
        int64_t oc = (int64_t)test_below(&r, (uint64_t)(WIDE_POOL - ec));
        unsigned char *used = calloc(WIDE_POOL, 1);
        if (!used) tap_bail("out of memory");
        mark(used, ob, k, n, ldb, 2);
        bool shared = mark(used, oc, m, n, ldc, 4);
        free(used);
        overlaps += shared;
        for (int i = 0; i < WIDE_POOL; i++) pool[i] = 1;
        int st = ompwg_dgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, m, n, k, 1, a, m,
                             pool + ob, ldb, 0, pool + oc, ldc);
        if (st != (shared ? OMPWG_ERR_OVERLAP : OMPWG_OK)) {
            wrong++;
            tap_diag("m %lld n %lld k %lld, B at %lld ld %lld, C at %lld ld %lld: shared %d, "
                     "status %d", (long long)m, (long long)n, (long long)k, (long long)ob,
                     (long long)ldb, (long long)oc, (long long)ldc, shared, st);
        }
    }
    tap_ok(wrong == 0, "wide random blocks, leading dimensions that differ: OMPWG_ERR_OVERLAP "
           "exactly where an element is shared (%d cases, %d sharing)", cases, overlaps);
    guard_free(pool);
}

/* C (1 x 10^9, ldc 2) and B (1 x 10^9, ldb 3) with B's first column on C's
 * last: OMPWG_ERR_OVERLAP, found without a walk over the columns (which
 * took 22 s). The arrays are never touched: the addresses are made up
 * past a real C of one element. */
static void billion_columns(void)
{
    const int64_t n = 1000000000;
    double c = 5, a = 1;
    double *b = (double *)((uintptr_t)&c + (uintptr_t)(2 * (n - 1)) * sizeof(double));
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int st = ompwg_dgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, 1, n, 1, 1, &a, 1, b, 3,
                         0, &c, 2);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    tap_ok(st == OMPWG_ERR_OVERLAP && c == 5 && s < 1,
           "dgemm 1 x 10^9 x 1, ldc 2, ldb 3, B's first column on C's last: OMPWG_ERR_OVERLAP "
           "in %.3g s (under 1 s), C unwritten (status %d)", s, st);
}

int main(void)
{
    tap_init("test_gemm_aliasing");
    walk_backends(body, NULL);
    random_blocks();
    random_wide_blocks();
    billion_columns();
    return tap_done();
}
