/* The GPU LU and Cholesky factorisations and solves of one precision, built
 * once per precision by Meson (prec.h), in one translation unit with its
 * parts: lu_panel.inl (the LU panel across teams) and potrf_block.inl (a
 * Cholesky diagonal block in one team; the row permutation of the solves).
 *
 * Both factorisations are recursive (LAPACK's dgetrf2 and dpotrf2): split
 * the columns in halves, factorise the left half, update the right half
 * with the library's TRSM and GEMM (LU) or TRSM and SYRK (Cholesky) on the
 * device, factorise what is left. Only the narrowest pieces need kernels of
 * their own: LU panels of at most LU_W columns, Cholesky blocks of at most
 * CH_B. The matrix stays on the device from the first kernel to the last;
 * host data crosses the link once each way (staging.h). */
#include <float.h>
#include <math.h>
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "../../gpu.h"
#include "../../runtime/buffers.h"
#include "../../runtime/devmem.h"
#include "../../runtime/staging.h"
#include "../grid.h"
#include "config.h"
#include "ompwg.h"
#include "ompwg/team.h"
#include "prec.h"

#if T_IS_DOUBLE
#define T_SQRT sqrt
#define T_SFMIN DBL_MIN
#else
#define T_SQRT sqrtf
#define T_SFMIN FLT_MIN
#endif

/* Widest LU panel one launch factorises, and the threads of its teams
 * (a build may set them: -DLU_W=32). */
#ifndef LU_W
#define LU_W 32
#endif
#ifndef LU_NT
#define LU_NT 128
#endif
/* Rows of the panel a team owns at least: fewer teams than this would give
 * meet at a barrier at a cost that grows with their number. */
#ifndef LU_ROWS
#define LU_ROWS 64
#endif
/* Order of a Cholesky diagonal block factorised in one team's local
 * memory, its leading dimension there (one more, off the banks' stride),
 * and the team's threads. */
#define CH_B 64
#define CH_LD (CH_B + 1)
#define CH_NT 256

#include "lu_panel.inl"
#include "potrf_block.inl"

/* Where a factorisation's time went, for OMPWG_VERBOSE=2: its own kernels
 * (panels or diagonal blocks), the triangular solves, the updates (GEMM or
 * SYRK) and the copies of host data. Every step is synchronous, so a host
 * clock around it times it. */
typedef struct fac_clock {
    bool on;
    double own, solve, update, copies;
    int64_t launches;
} fac_clock;

static double fac_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Adds the time since *t0 to *slot and restarts *t0 (when on). */
static void fac_tick(const fac_clock *c, double *slot, double *t0)
{
    if (!c->on) return;
    const double t = fac_now();
    *slot += t - *t0;
    *t0 = t;
}

static void fac_report(const fac_clock *c, const char *what, bool lu, int64_t m, int64_t n)
{
    if (!c->on) return;
    fprintf(stderr,
            "ompwg: %s %lldx%lld on the device: %s %.3g ms (%lld launches), trsm %.3g ms, "
            "%s %.3g ms, copies %.3g ms\n",
            what, (long long)m, (long long)n, lu ? "panels" : "diagonal blocks", c->own * 1e3,
            (long long)c->launches, c->solve * 1e3, lu ? "gemm" : "syrk", c->update * 1e3,
            c->copies * 1e3);
}

/* The library's own kernels on device data, as the factorisations use
 * them: B := op(A)^-1 B (left) or B op(A)^-1 (right), and C -= A B. */
static int fac_trsm(bool left, bool upper, bool trans, bool unit, int64_t m, int64_t n,
                    const T *a, int64_t lda, T *b, int64_t ldb)
{
    if (m == 0 || n == 0) return OMPWG_OK;
    ompwg_level3_shape s = { .op = OMPWG_L3_TRSM, .left = left, .upper = upper,
                             .trans = trans, .unit = unit, .m = m, .n = n, .lda = lda,
                             .ldb = ldb, .ldc = ldb, .device_ptrs = true };
    return TN(ompwg_gpu_, trsm)(&s, (T)1, a, NULL, (T)0, b);
}

static void fac_gemm_sub(int dev, int64_t m, int64_t n, int64_t k, const T *a, int64_t lda,
                         const T *b, int64_t ldb, T *c, int64_t ldc)
{
    if (m == 0 || n == 0 || k == 0) return;
    ompwg_gemm_shape s = { .m = m, .n = n, .k = k, .lda = lda, .ldb = ldb, .ldc = ldc,
                           .device_ptrs = true };
    TN(ompwg_gpu_, gemm_resident)(dev, &s, (T)-1, a, b, (T)1, c);
}

/* C -= A A^T (trans false, A n x k) or A^T A (trans true, A k x n), C's
 * `upper` or lower triangle. */
static int fac_syrk_sub(bool upper, bool trans, int64_t n, int64_t k, const T *a, int64_t lda,
                        T *c, int64_t ldc)
{
    ompwg_level3_shape s = { .op = OMPWG_L3_SYRK, .upper = upper, .trans = trans, .m = n,
                             .n = n, .k = k, .lda = lda, .ldc = ldc, .device_ptrs = true };
    return TN(ompwg_gpu_, syrk)(&s, (T)-1, a, NULL, (T)1, c);
}

/* ---- LU ---------------------------------------------------------------- */

typedef struct lu_run {
    int dev, teams;
    int64_t m, n, lda;
    T *a;
    int64_t *piv, *info;
    uint64_t *counts; /* one zeroed barrier counter a panel launch */
    int64_t launches;
    T *xv;
    int64_t *xi;
    fac_clock *clock;
} lu_run;

/* Factorises columns col..col + n - 1, rows col..m - 1, whose columns
 * left of col are factorised and whose rows above col are final. */
static int lu_rec(lu_run *r, int64_t col, int64_t n)
{
    const int64_t m = r->m - col, lda = r->lda;
    T *a = r->a + col + col * lda;
    fac_clock *c = r->clock;
    double t0 = c->on ? fac_now() : 0;
    if (n > m) {
        /* wider than tall (the whole matrix only): the square part, then
         * its rows of the columns right of it solved with L */
        int st = lu_rec(r, col, m);
        if (c->on) t0 = fac_now();
        if (st == OMPWG_OK) st = fac_trsm(true, false, false, true, m, n - m, a, lda, a + m * lda, lda);
        fac_tick(c, &c->solve, &t0);
        return st;
    }
    if (n <= LU_W) {
        /* every panel on the whole grid: fewer teams for the shorter
         * panels measured slower (bench/NOTES.md) */
        TN(lu_panel_, )(r->dev, r->teams, r->m, r->n, col, n, r->a, lda, r->piv, r->info,
                        r->counts + r->launches, 0, r->xv, r->xi);
        r->launches++;
        c->launches++;
        fac_tick(c, &c->own, &t0);
        return OMPWG_OK;
    }
    const int64_t n1 = n / 2, n2 = n - n1;
    int st = lu_rec(r, col, n1);
    if (c->on) t0 = fac_now();
    if (st == OMPWG_OK) st = fac_trsm(true, false, false, true, n1, n2, a, lda, a + n1 * lda, lda);
    if (st != OMPWG_OK) return st;
    fac_tick(c, &c->solve, &t0);
    fac_gemm_sub(r->dev, m - n1, n2, n1, a + n1, lda, a + n1 * lda, lda, a + n1 + n1 * lda, lda);
    fac_tick(c, &c->update, &t0);
    return lu_rec(r, col + n1, n2);
}

/* Panel launches a factorisation of n columns makes, at most. */
static int64_t lu_launch_bound(int64_t n)
{
    return n / (LU_W / 2) + 2;
}

/* GETRF of the m x n matrix at device address a: ipiv (host, 1-based) and
 * *info as LAPACK's. */
static int lu_factor(int dev, int64_t m, int64_t n, T *a, int64_t lda, int64_t *ipiv,
                     int64_t *info, fac_clock *clock)
{
    const int64_t k = m < n ? m : n;
    int teams = 1;
    if (!ompwg_gpu_on_host()) {
        const int64_t want = ompwg_gpu_ceil_div(m, LU_ROWS);
        const int sms = ompwg_gpu_sm_count();
        teams = want < sms ? (int)want : sms;
        if (teams < 1) teams = 1;
    }
    const int64_t bound = lu_launch_bound(n);
    const size_t ints = (size_t)k + 1, counts = (size_t)bound;
    const size_t bytes = (ints + counts + lu_exchange_ints(teams)) * sizeof(int64_t) +
                         lu_exchange_elems(teams) * sizeof(T);
    void *scratch = NULL;
    int st = ompwg_gpu_alloc(dev, bytes, &scratch);
    if (st != OMPWG_OK) return st;
    int64_t *piv = scratch, *dinfo = piv + k;
    uint64_t *cnt = (uint64_t *)(dinfo + 1);
    int64_t *xi = (int64_t *)(cnt + counts);
    T *xv = (T *)(xi + lu_exchange_ints(teams));
    /* info and the counters start at zero */
    uint64_t *zeros = calloc(counts + 1, sizeof(uint64_t));
    if (!zeros) st = OMPWG_ERR_NOMEM;
    if (st == OMPWG_OK) st = ompwg_gpu_to_device(dev, dinfo, zeros, (counts + 1) * sizeof(uint64_t));
    free(zeros);
    lu_run r = { .dev = dev, .teams = teams, .m = m, .n = n, .lda = lda, .a = a, .piv = piv,
                 .info = dinfo, .counts = cnt, .xv = xv, .xi = xi, .clock = clock };
    if (st == OMPWG_OK) st = lu_rec(&r, 0, n);
    if (st == OMPWG_OK) st = ompwg_gpu_to_host(dev, ipiv, piv, (size_t)k * sizeof(int64_t));
    if (st == OMPWG_OK) st = ompwg_gpu_to_host(dev, info, dinfo, sizeof(int64_t));
    if (st == OMPWG_OK)
        for (int64_t i = 0; i < k; i++) ipiv[i] += 1;
    ompwg_gpu_free(dev, scratch);
    return st;
}

/* B := P B (forward) or P^T B for the interchanges of 1-based ipiv
 * (host), B n x nrhs at device address b. */
static int lu_permute(int dev, int64_t n, int64_t nrhs, const int64_t *ipiv, T *b, int64_t ldb,
                      bool forward)
{
    int64_t *from = malloc((size_t)n * sizeof(int64_t));
    if (!from) return OMPWG_ERR_NOMEM;
    bool moved = false;
    for (int64_t i = 0; i < n; i++) from[i] = i;
    for (int64_t s = 0; s < n; s++) {
        const int64_t k = forward ? s : n - 1 - s, p = ipiv[k] - 1;
        if (p == k) continue;
        const int64_t x = from[k];
        from[k] = from[p];
        from[p] = x;
        moved = true;
    }
    int st = OMPWG_OK;
    if (moved) {
        void *dbuf = NULL;
        st = ompwg_gpu_alloc(dev, (size_t)n * sizeof(int64_t) + (size_t)n * nrhs * sizeof(T), &dbuf);
        if (st == OMPWG_OK) st = ompwg_gpu_to_device(dev, dbuf, from, (size_t)n * sizeof(int64_t));
        if (st == OMPWG_OK)
            TN(permute_rows_, )(dev, n, nrhs, b, ldb, dbuf, (T *)((int64_t *)dbuf + n));
        ompwg_gpu_free(dev, dbuf);
    }
    free(from);
    return st;
}

/* GETRS on device data. */
static int lu_solve(int dev, bool trans, int64_t n, int64_t nrhs, const T *a, int64_t lda,
                    const int64_t *ipiv, T *b, int64_t ldb)
{
    int st;
    if (!trans) {
        st = lu_permute(dev, n, nrhs, ipiv, b, ldb, true);
        if (st == OMPWG_OK) st = fac_trsm(true, false, false, true, n, nrhs, a, lda, b, ldb);
        if (st == OMPWG_OK) st = fac_trsm(true, true, false, false, n, nrhs, a, lda, b, ldb);
        return st;
    }
    st = fac_trsm(true, true, true, false, n, nrhs, a, lda, b, ldb);
    if (st == OMPWG_OK) st = fac_trsm(true, false, true, true, n, nrhs, a, lda, b, ldb);
    if (st == OMPWG_OK) st = lu_permute(dev, n, nrhs, ipiv, b, ldb, false);
    return st;
}

/* ---- Cholesky ---------------------------------------------------------- */

typedef struct chol_run {
    int dev;
    bool upper;
    int64_t lda;
    T *a;
    int64_t *dinfo, *info;
    fac_clock *clock;
} chol_run;

/* Factorises the trailing block of order n at column col. The diagonal
 * blocks after one that is not positive definite do nothing (its kernel
 * leaves *info set), so the host reads info once, at the end; the updates
 * between them still run, on columns LAPACK leaves unspecified then. */
static int chol_rec(chol_run *r, int64_t col, int64_t n)
{
    const int64_t lda = r->lda;
    T *a = r->a + col + col * lda;
    fac_clock *c = r->clock;
    double t0 = c->on ? fac_now() : 0;
    if (n <= CH_B) {
        TN(potrf_block_, )(r->dev, n, a, lda, r->upper, col, r->dinfo);
        c->launches++;
        fac_tick(c, &c->own, &t0);
        return OMPWG_OK;
    }
    const int64_t n1 = n / 2, n2 = n - n1;
    int st = chol_rec(r, col, n1);
    if (st != OMPWG_OK) return st;
    if (c->on) t0 = fac_now();
    if (r->upper) {
        st = fac_trsm(true, true, true, false, n1, n2, a, lda, a + n1 * lda, lda);
        fac_tick(c, &c->solve, &t0);
        if (st == OMPWG_OK) st = fac_syrk_sub(true, true, n2, n1, a + n1 * lda, lda, a + n1 + n1 * lda, lda);
    } else {
        st = fac_trsm(false, false, true, false, n2, n1, a, lda, a + n1, lda);
        fac_tick(c, &c->solve, &t0);
        if (st == OMPWG_OK) st = fac_syrk_sub(false, false, n2, n1, a + n1, lda, a + n1 + n1 * lda, lda);
    }
    fac_tick(c, &c->update, &t0);
    return st != OMPWG_OK ? st : chol_rec(r, col + n1, n2);
}

static int chol_factor(int dev, bool upper, int64_t n, T *a, int64_t lda, int64_t *info,
                       fac_clock *clock)
{
    void *dinfo = NULL;
    int st = ompwg_gpu_alloc(dev, sizeof(int64_t), &dinfo);
    if (st != OMPWG_OK) return st;
    *info = 0;
    st = ompwg_gpu_to_device(dev, dinfo, info, sizeof(int64_t));
    chol_run r = { .dev = dev, .upper = upper, .lda = lda, .a = a, .dinfo = dinfo, .info = info,
                   .clock = clock };
    if (st == OMPWG_OK) st = chol_rec(&r, 0, n);
    if (st == OMPWG_OK) st = ompwg_gpu_to_host(dev, info, dinfo, sizeof(int64_t));
    ompwg_gpu_free(dev, dinfo);
    return st;
}

static int chol_solve(bool upper, int64_t n, int64_t nrhs, const T *a, int64_t lda, T *b,
                      int64_t ldb)
{
    int st = fac_trsm(true, upper, upper, false, n, nrhs, a, lda, b, ldb);
    return st != OMPWG_OK ? st : fac_trsm(true, upper, !upper, false, n, nrhs, a, lda, b, ldb);
}

/* ---- the entry --------------------------------------------------------- */

static const char *const fac_names[OMPWG_LA_OP_COUNT] = {
    [OMPWG_LA_GETRF] = T_PREFIX "getrf", [OMPWG_LA_GETRS] = T_PREFIX "getrs",
    [OMPWG_LA_GESV] = T_PREFIX "gesv",   [OMPWG_LA_POTRF] = T_PREFIX "potrf",
    [OMPWG_LA_POTRS] = T_PREFIX "potrs", [OMPWG_LA_POSV] = T_PREFIX "posv",
};

static int factor_resident(int dev, const ompwg_factor_shape *s, T *a, int64_t lda,
                           int64_t *ipiv, T *b, int64_t ldb, int64_t *info, fac_clock *c)
{
    int st = OMPWG_OK;
    switch (s->op) {
    case OMPWG_LA_GETRF: return lu_factor(dev, s->m, s->n, a, lda, ipiv, info, c);
    case OMPWG_LA_GETRS: return lu_solve(dev, s->trans, s->n, s->nrhs, a, lda, ipiv, b, ldb);
    case OMPWG_LA_GESV:
        st = lu_factor(dev, s->n, s->n, a, lda, ipiv, info, c);
        if (st == OMPWG_OK && *info == 0) st = lu_solve(dev, false, s->n, s->nrhs, a, lda, ipiv, b, ldb);
        return st;
    case OMPWG_LA_POTRF: return chol_factor(dev, s->upper, s->n, a, lda, info, c);
    case OMPWG_LA_POTRS: return chol_solve(s->upper, s->n, s->nrhs, a, lda, b, ldb);
    case OMPWG_LA_POSV:
        st = chol_factor(dev, s->upper, s->n, a, lda, info, c);
        if (st == OMPWG_OK && *info == 0) st = chol_solve(s->upper, s->n, s->nrhs, a, lda, b, ldb);
        return st;
    }
    return OMPWG_ERR_UNSUPPORTED;
}

int TN(ompwg_gpu_, factor)(const ompwg_factor_shape *s, T *a, int64_t *ipiv, T *b, int64_t *info)
{
    if (!ompwg_gpu_ready()) return OMPWG_ERR_UNAVAILABLE;
    const int dev = ompwg_gpu_device();
    fac_clock clock = { .on = ompwg_verbose_level() >= 2 };
    const bool factors = s->op != OMPWG_LA_GETRS && s->op != OMPWG_LA_POTRS;
    const bool lu = s->op == OMPWG_LA_GETRF || s->op == OMPWG_LA_GESV;
    int st;
    if (s->device_ptrs) {
        st = factor_resident(dev, s, a, s->lda, ipiv, b, s->ldb, info, &clock);
        if (factors) fac_report(&clock, fac_names[s->op], lu, s->m, s->n);
        return st;
    }
    /* host data: A (and B) in once, packed; back what the call writes */
    const bool solves = s->op != OMPWG_LA_GETRF && s->op != OMPWG_LA_POTRF;
    void *da = NULL, *db = NULL;
    ompwg_gpu_block ab = { .host = a, .ld = s->lda, .rows = s->m, .cols = s->n, .elem = sizeof(T) };
    ompwg_gpu_block bb = { .host = b, .ld = s->ldb, .rows = s->n, .cols = s->nrhs, .elem = sizeof(T) };
    st = ompwg_gpu_alloc(dev, (size_t)s->m * (size_t)s->n * sizeof(T), &da);
    if (st == OMPWG_OK && solves) st = ompwg_gpu_alloc(dev, (size_t)s->n * (size_t)s->nrhs * sizeof(T), &db);
    ab.dev = da;
    bb.dev = db;
    double t0 = clock.on ? fac_now() : 0;
    if (st == OMPWG_OK) st = ompwg_gpu_block_in(dev, &ab);
    if (st == OMPWG_OK && solves) st = ompwg_gpu_block_in(dev, &bb);
    fac_tick(&clock, &clock.copies, &t0);
    int64_t inf = 0;
    if (st == OMPWG_OK) st = factor_resident(dev, s, da, s->m, ipiv, db, s->n, &inf, &clock);
    if (clock.on) t0 = fac_now();
    if (st == OMPWG_OK && factors) st = ompwg_gpu_block_out(dev, &ab);
    if (st == OMPWG_OK && solves && inf == 0) st = ompwg_gpu_block_out(dev, &bb);
    fac_tick(&clock, &clock.copies, &t0);
    if (info) *info = inf;
    if (factors) fac_report(&clock, fac_names[s->op], lu, s->m, s->n);
    ompwg_gpu_free(dev, db);
    ompwg_gpu_free(dev, da);
    return st;
}
