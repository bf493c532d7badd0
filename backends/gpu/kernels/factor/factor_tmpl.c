/* The GPU LU, Cholesky and QR factorisations and solves of one precision,
 * built once per precision by Meson (prec.h), in one translation unit with
 * its parts: lu_panel.inl (the LU panel across teams), potrf_block.inl (a
 * Cholesky diagonal block in one team; the row permutation of the solves)
 * and qr_panel.inl (the QR panel across teams and the kernels around the
 * block reflectors).
 *
 * Both factorisations are recursive (LAPACK's dgetrf2 and dpotrf2): split
 * the columns in halves, factorise the left half, update the right half
 * with the library's TRSM and GEMM (LU) or TRSM and SYRK (Cholesky) on the
 * device, factorise what is left. Only the narrowest pieces need kernels of
 * their own: LU panels of at most LU_W columns, Cholesky blocks of at most
 * CH_B. QR is blocked (DGEQRF): a panel of QR_W columns in one launch,
 * which leaves its block reflector's T as well, applied to the columns
 * right of it by three GEMMs. The matrix stays on the device from the first kernel to the last;
 * host data crosses the link once each way (staging.h), a Cholesky's as
 * its stored triangle (tri_copy.inl). */
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
#include "../../runtime/drain.h"
#include "../../runtime/mover.h"
#include "../../runtime/staging.h"
#include "../grid.h"
#include "../../variant.h"
#include "config.h"
#include "ompwg.h"
#include "ompwg/team.h"
#include "prec.h"

#if T_IS_DOUBLE
#define T_SQRT sqrt
#define T_HYPOT hypot
#define T_SFMIN DBL_MIN
#define T_PREC DBL_EPSILON /* DLAMCH('P') */
#else
#define T_SQRT sqrtf
#define T_HYPOT hypotf
#define T_SFMIN FLT_MIN
#define T_PREC FLT_EPSILON
#endif

/* Widest LU panel one launch factorises, and the threads of its teams
 * (a build may set them: -DLU_W=32). */
#ifndef LU_W
#define LU_W 64
#endif
#ifndef LU_NT
#define LU_NT 128
#endif
/* Elements of the panel a team keeps in its local memory (team-shared),
 * when its rows fit. */
#ifndef LU_SH
#define LU_SH 4096
#endif
/* Rows of the panel a team owns at least: fewer teams than this would give
 * meet at a barrier at a cost that grows with their number. */
#ifndef LU_ROWS
#define LU_ROWS 64
#endif
/* Order of a Cholesky diagonal block factorised by one team (a build may
 * set it: -DCH_B=64). */
#ifndef CH_B
#define CH_B 64
#endif

/* Columns of a QR panel (and of its block reflector), the threads of the
 * panel's teams, and the rows a team owns at least. */
#ifndef QR_W
#define QR_W 64
#endif
#define QR_NT 512
#define QR_ROWS 64
/* Reflectors of the block reflector that GEQRF applies to the columns right
 * of it where the trailing matrix has at least QR_MERGE_MIN rows and
 * columns: QR_QB / QR_W panels, their V and T merged, so that the trailing
 * update is three GEMMs of inner dimension QR_QB (faster GEMMs than of
 * QR_W, and a fourth as many passes over the trailing matrix). Below that
 * each panel's own three GEMMs cost less than the merging and the panels'
 * updates inside the block (bench/NOTES.md). */
#define QR_QB (4 * QR_W)
#define QR_MERGE_MIN 8192

/* Elements from which a host-data factorisation's matrix goes back to the
 * host while it runs (host_out.inl). */
#define FAC_OUT_ELEMS (500 * 1000)

#include "lu_panel.inl"
#include "potrf_block.inl"
#include "qr_panel.inl"
#include "tri_copy.inl"
#include "host_out.inl"

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

/* C := alpha op(A) op(B) + beta C. */
static void fac_gemm(int dev, bool ta, bool tb, int64_t m, int64_t n, int64_t k, T alpha,
                     const T *a, int64_t lda, const T *b, int64_t ldb, T beta, T *c, int64_t ldc)
{
    if (m == 0 || n == 0) return;
    ompwg_gemm_shape s = { .transa = ta, .transb = tb, .m = m, .n = n, .k = k, .lda = lda,
                           .ldb = ldb, .ldc = ldc, .device_ptrs = true };
    TN(ompwg_gpu_, gemm_resident)(dev, &s, alpha, a, b, beta, c);
}

static void fac_gemm_sub(int dev, int64_t m, int64_t n, int64_t k, const T *a, int64_t lda,
                         const T *b, int64_t ldb, T *c, int64_t ldc)
{
    if (k == 0) return;
    fac_gemm(dev, false, false, m, n, k, (T)-1, a, lda, b, ldb, (T)1, c, ldc);
}

/* Teams of a panel of `rows` rows, each owning at least `least` of them,
 * at most one a multiprocessor (a barrier across the grid needs all of
 * them running); one in host fallback. */
static int fac_panel_teams(int64_t rows, int64_t least)
{
    if (ompwg_gpu_on_host()) return 1;
    const int64_t want = ompwg_gpu_ceil_div(rows, least);
    const int sms = ompwg_gpu_sm_count() < QR_MAX_TEAMS ? ompwg_gpu_sm_count() : QR_MAX_TEAMS;
    const int teams = want < sms ? (int)want : sms;
    return teams < 1 ? 1 : teams;
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
    int64_t width; /* the panels' width, at most LU_W */
    int64_t m, n, lda;
    T *a;
    int64_t *piv, *info;
    uint64_t *counts; /* one zeroed barrier counter a panel launch */
    int64_t launches;
    T *xv;
    int64_t *xi;
    fac_clock *clock;
    /* host data still arriving (NULL: all on the device): the columns
     * [0, applied) hold every interchange of the first `pivoted` rows;
     * hpiv, their host copy */
    ompwg_gpu_mover *in;
    int64_t applied, pivoted;
    int64_t *hpiv;
    fac_out *out; /* host data going back while it runs, or NULL */
} lu_run;

static int lu_permute(int dev, int64_t rows, int64_t npiv, int64_t nrhs, const int64_t *ipiv,
                      T *b, int64_t ldb, bool forward);

/* Columns an interchange of arrived columns takes at once. */
#define LU_ABSORB 1024

/* Makes sure the first `need` columns are on the device with every
 * interchange so far: waits for them to arrive and applies the
 * interchanges to the columns that arrived since the last time. */
static int lu_absorb(lu_run *r, int64_t need)
{
    if (!r->in || need <= r->applied) return OMPWG_OK;
    const int64_t have = ompwg_gpu_mover_wait(r->in, need);
    if (have < 0) return atomic_load(&r->in->status);
    int st = OMPWG_OK;
    if (r->pivoted > 0) {
        st = ompwg_gpu_to_host(r->dev, r->hpiv, r->piv, (size_t)r->pivoted * sizeof(int64_t));
        for (int64_t i = 0; i < r->pivoted; i++) r->hpiv[i] += 1;
        for (int64_t c0 = r->applied; c0 < have && st == OMPWG_OK; c0 += LU_ABSORB)
            st = lu_permute(r->dev, r->m, r->pivoted, have - c0 < LU_ABSORB ? have - c0 : LU_ABSORB,
                            r->hpiv, r->a + c0 * r->lda, r->lda, true);
    }
    r->applied = have;
    return st;
}

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
        if (st == OMPWG_OK) st = lu_absorb(r, col + n);
        if (c->on) t0 = fac_now();
        if (st == OMPWG_OK) st = fac_trsm(true, false, false, true, m, n - m, a, lda, a + m * lda, lda);
        fac_tick(c, &c->solve, &t0);
        return st;
    }
    if (n <= r->width) {
        /* every panel on the whole grid: fewer teams for the shorter
         * panels measured slower (bench/NOTES.md); its interchanges
         * outside it on the columns that have arrived */
        const int st = lu_absorb(r, col + n);
        if (st != OMPWG_OK) return st;
        TN(lu_panel_, )(r->dev, r->teams, r->m, r->in ? r->applied : r->n, col, n, r->a, lda,
                        r->piv, r->info, r->counts + r->launches, 0, r->xv, r->xi);
        r->pivoted = col + n;
        r->launches++;
        c->launches++;
        fac_tick(c, &c->own, &t0);
        return OMPWG_OK;
    }
    const int64_t n1 = n / 2, n2 = n - n1;
    int st = lu_rec(r, col, n1);
    if (st == OMPWG_OK) st = lu_absorb(r, col + n);
    if (c->on) t0 = fac_now();
    if (st == OMPWG_OK) st = fac_trsm(true, false, false, true, n1, n2, a, lda, a + n1 * lda, lda);
    if (st != OMPWG_OK) return st;
    fac_tick(c, &c->solve, &t0);
    /* on the right spine, the rows above col + n1 are final now */
    if (col + n == r->n) fac_out_final(r->out, col + n1);
    fac_gemm_sub(r->dev, m - n1, n2, n1, a + n1, lda, a + n1 * lda, lda, a + n1 + n1 * lda, lda);
    fac_tick(c, &c->update, &t0);
    return lu_rec(r, col + n1, n2);
}

/* The panels' width for an m-row matrix on `teams` teams: LU_W where each
 * team's rows of it fit in local memory, else half that (the wider panel
 * costs more a column from global memory than it saves in recursion). */
static int64_t lu_width(int64_t m, int teams)
{
    return ompwg_gpu_ceil_div(m, teams) * LU_W <= LU_SH ? LU_W : LU_W / 2;
}

/* Panel launches a factorisation of n columns (panels of `width`) makes,
 * at most. */
static int64_t lu_launch_bound(int64_t n, int64_t width)
{
    return n / (width / 2) + 2;
}

/* GETRF of the m x n matrix at device address a: ipiv (host, 1-based) and
 * *info as LAPACK's. `in`: A's columns still arriving, or NULL. */
static int lu_factor(int dev, int64_t m, int64_t n, T *a, int64_t lda, int64_t *ipiv,
                     int64_t *info, fac_clock *clock, ompwg_gpu_mover *in, fac_out *out)
{
    const int64_t k = m < n ? m : n;
    const int teams = fac_panel_teams(m, LU_ROWS);
    const int64_t width = lu_width(m, teams);
    const int64_t bound = lu_launch_bound(n, width);
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
    lu_run r = { .dev = dev, .teams = teams, .width = width, .m = m, .n = n, .lda = lda, .a = a,
                 .piv = piv, .info = dinfo, .counts = cnt, .xv = xv, .xi = xi, .clock = clock,
                 .in = in, .hpiv = ipiv, .out = out };
    if (st == OMPWG_OK) st = lu_rec(&r, 0, n);
    if (st == OMPWG_OK) st = lu_absorb(&r, n);
    if (st == OMPWG_OK) st = ompwg_gpu_to_host(dev, ipiv, piv, (size_t)k * sizeof(int64_t));
    if (st == OMPWG_OK) st = ompwg_gpu_to_host(dev, info, dinfo, sizeof(int64_t));
    if (st == OMPWG_OK)
        for (int64_t i = 0; i < k; i++) ipiv[i] += 1;
    ompwg_gpu_free(dev, scratch);
    return st;
}

/* B := P B (forward) or P^T B for the npiv interchanges of 1-based ipiv
 * (host), B n x nrhs at device address b. */
static int lu_permute(int dev, int64_t n, int64_t npiv, int64_t nrhs, const int64_t *ipiv,
                      T *b, int64_t ldb, bool forward)
{
    int64_t *from = malloc((size_t)n * sizeof(int64_t));
    if (!from) return OMPWG_ERR_NOMEM;
    bool moved = false;
    for (int64_t i = 0; i < n; i++) from[i] = i;
    for (int64_t s = 0; s < npiv; s++) {
        const int64_t k = forward ? s : npiv - 1 - s, p = ipiv[k] - 1;
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
        st = lu_permute(dev, n, n, nrhs, ipiv, b, ldb, true);
        if (st == OMPWG_OK) st = fac_trsm(true, false, false, true, n, nrhs, a, lda, b, ldb);
        if (st == OMPWG_OK) st = fac_trsm(true, true, false, false, n, nrhs, a, lda, b, ldb);
        return st;
    }
    st = fac_trsm(true, true, true, false, n, nrhs, a, lda, b, ldb);
    if (st == OMPWG_OK) st = fac_trsm(true, false, true, true, n, nrhs, a, lda, b, ldb);
    if (st == OMPWG_OK) st = lu_permute(dev, n, n, nrhs, ipiv, b, ldb, false);
    return st;
}

/* ---- Cholesky ---------------------------------------------------------- */

typedef struct chol_run {
    int dev;
    bool upper;
    int64_t n, lda;
    T *a;
    int64_t *dinfo, *info;
    fac_clock *clock;
    tri_stream *in; /* host data still arriving, or NULL */
    fac_out *out;   /* host data going back while it runs, or NULL */
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
        const int st = tri_absorb(r->in, col + n);
        if (st != OMPWG_OK) return st;
        TN(potrf_block_, )(r->dev, n, a, lda, r->upper, col, r->dinfo);
        c->launches++;
        fac_tick(c, &c->own, &t0);
        return OMPWG_OK;
    }
    const int64_t n1 = n / 2, n2 = n - n1;
    int st = chol_rec(r, col, n1);
    if (st == OMPWG_OK) st = tri_absorb(r->in, col + n);
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
    /* on the right spine, the columns left of col + n1 (lower; the rows
     * above it, upper) are final once the solve and the update, which
     * only reads them, are done */
    if (st == OMPWG_OK && col + n == r->n) fac_out_final(r->out, col + n1);
    fac_tick(c, &c->update, &t0);
    return st != OMPWG_OK ? st : chol_rec(r, col + n1, n2);
}

static int chol_factor(int dev, bool upper, int64_t n, T *a, int64_t lda, int64_t *info,
                       fac_clock *clock, tri_stream *in, fac_out *out)
{
    void *dinfo = NULL;
    int st = ompwg_gpu_alloc(dev, sizeof(int64_t), &dinfo);
    if (st != OMPWG_OK) return st;
    *info = 0;
    st = ompwg_gpu_to_device(dev, dinfo, info, sizeof(int64_t));
    chol_run r = { .dev = dev, .upper = upper, .n = n, .lda = lda, .a = a, .dinfo = dinfo,
                   .info = info, .clock = clock, .in = in, .out = out };
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

/* ---- QR ---------------------------------------------------------------- */

/* A QR call's device workspace: V of a panel (vrows x QR_W), its T and
 * V^T V; GEQRF's merged block reflector: its V (vb, vrows x QR_QB), T
 * (tb, QR_QB x QR_QB) and two products while merging (gb, xb); the block
 * reflector's two products (QR_QB x wcols each), tau, the panels' exchange
 * buffer and barrier counters (zeroed). */
typedef struct qr_work {
    int dev;
    T *v, *tmat, *g, *vb, *tb, *gb, *xb, *w1, *w2, *tau, *xv;
    uint64_t *counts;
    void *mem;
} qr_work;

static int qr_work_alloc(int dev, int64_t vrows, int64_t wcols, int64_t k, int64_t panels,
                         qr_work *w)
{
    const int teams = fac_panel_teams(vrows, QR_ROWS);
    const size_t cnt = (size_t)panels + 1;
    const size_t elems = (size_t)vrows * (QR_W + QR_QB) + 2 * (size_t)QR_W * QR_W +
                         3 * (size_t)QR_QB * QR_QB + 2 * (size_t)QR_QB * (size_t)wcols +
                         (size_t)k + qr_exchange_elems(teams);
    w->dev = dev;
    w->mem = NULL;
    int st = ompwg_gpu_alloc(dev, cnt * sizeof(uint64_t) + elems * sizeof(T), &w->mem);
    if (st != OMPWG_OK) return st;
    w->counts = w->mem;
    w->v = (T *)(w->counts + cnt);
    w->tmat = w->v + (size_t)vrows * QR_W;
    w->g = w->tmat + QR_W * QR_W;
    w->vb = w->g + QR_W * QR_W;
    w->tb = w->vb + (size_t)vrows * QR_QB;
    w->gb = w->tb + QR_QB * QR_QB;
    w->xb = w->gb + QR_QB * QR_QB;
    w->w1 = w->xb + QR_QB * QR_QB;
    w->w2 = w->w1 + (size_t)QR_QB * (size_t)wcols;
    w->tau = w->w2 + (size_t)QR_QB * (size_t)wcols;
    w->xv = w->tau + k;
    uint64_t *zeros = calloc(cnt, sizeof(uint64_t));
    st = zeros ? ompwg_gpu_to_device(dev, w->counts, zeros, cnt * sizeof(uint64_t))
               : OMPWG_ERR_NOMEM;
    free(zeros);
    if (st != OMPWG_OK) ompwg_gpu_free(dev, w->mem);
    return st;
}

/* The block reflector H = I - V T V^T of w reflectors: V (nv x w) at v,
 * T (w x w) at t, their leading dimensions. */
typedef struct qr_block {
    const T *v, *t;
    int64_t ldv, ldt, nv, w;
} qr_block;

/* C := op(H) C (left; C m x n, m == nv) or C op(H) (right; n == nv) for
 * the block reflector h, op(H) = H^T when trans: three GEMMs through
 * wk->w1 and wk->w2. */
static void qr_apply_block(const qr_work *wk, const qr_block *h, bool left, bool trans,
                           int64_t m, int64_t n, T *c, int64_t ldc)
{
    const int dev = wk->dev;
    const int64_t nv = h->nv, w = h->w;
    if (left) {
        fac_gemm(dev, true, false, w, n, nv, 1, h->v, h->ldv, c, ldc, 0, wk->w1, w);
        fac_gemm(dev, trans, false, w, n, w, 1, h->t, h->ldt, wk->w1, w, 0, wk->w2, w);
        fac_gemm(dev, false, false, m, n, w, -1, h->v, h->ldv, wk->w2, w, 1, c, ldc);
    } else {
        fac_gemm(dev, false, false, m, w, nv, 1, c, ldc, h->v, h->ldv, 0, wk->w1, m);
        fac_gemm(dev, false, trans, m, w, w, 1, wk->w1, m, h->t, h->ldt, 0, wk->w2, m);
        fac_gemm(dev, false, true, m, nv, w, -1, wk->w2, m, h->v, h->ldv, 1, c, ldc);
    }
}

static int64_t qr_panels(int64_t k)
{
    return ompwg_gpu_ceil_div(k, QR_W);
}

/* Merges the T of the panel at column j0 of a block (w reflectors, T in
 * wk->tmat, V in wk->vb from row j0) into the block's T (wk->tb), whose
 * first j0 columns hold the T of the reflectors before it (DLARFT by
 * blocks): T(0:j0, j0:j0+w) = -T(0:j0, 0:j0) V(:, 0:j0)^T V(:, j0:j0+w) T_p,
 * the panel's V being zero above row j0. */
static void qr_merge_t(const qr_work *wk, int64_t rb, int64_t j0, int64_t w)
{
    const int dev = wk->dev;
    TN(tri_place_, )(dev, w, w, wk->tmat, QR_W, wk->tb + j0 + j0 * QR_QB, QR_QB);
    if (j0 == 0) return;
    const T *vj = wk->vb + j0 + j0 * rb;
    fac_gemm(dev, true, false, j0, w, rb - j0, 1, wk->vb + j0, rb, vj, rb, 0, wk->gb, QR_QB);
    fac_gemm(dev, false, false, j0, w, j0, 1, wk->tb, QR_QB, wk->gb, QR_QB, 0, wk->xb, QR_QB);
    fac_gemm(dev, false, false, j0, w, w, -1, wk->xb, QR_QB, wk->tmat, QR_W, 0,
             wk->tb + j0 * QR_QB, QR_QB);
}

/* GEQRF on device data: tau into wk->tau. Blocks of QR_QB columns: each
 * panel of a block, then its block reflector applied to the block's
 * columns right of it; the panels' V and T merged, and the block's
 * reflector applied to the columns right of the block. */
static void qr_factor(const qr_work *wk, int64_t m, int64_t n, T *a, int64_t lda, fac_clock *c,
                      fac_out *out)
{
    const int dev = wk->dev;
    const int64_t k = m < n ? m : n;
    const int how = ompwg_gpu_pick(OMPWG_GPU_KERNEL_QR);
    double t0 = c->on ? fac_now() : 0;
    for (int64_t b0 = 0, p = 0, bend; b0 < k; b0 = bend) {
        const int64_t rb = m - b0, wide = k - b0 < QR_QB ? k : b0 + QR_QB;
        /* a large trailing matrix right of the block (under "merged", any
         * columns right of a block of two panels or more): the block's
         * reflectors merged for it; else a block of one panel */
        const bool merged =
            how == OMPWG_GPU_QR_MERGED ? k - b0 > QR_W && wide < n
            : how == OMPWG_GPU_QR_AUTO ? k - b0 > QR_QB && rb >= QR_MERGE_MIN &&
                                             n - wide >= QR_MERGE_MIN
                                       : false;
        bend = merged ? wide : k - b0 < QR_W ? k : b0 + QR_W;
        const int64_t inner_end = merged ? bend : n;
        if (merged) {
            TN(qr_scale_, )(dev, rb, bend - b0, 0, wk->vb, rb);
            TN(qr_scale_, )(dev, bend - b0, bend - b0, 0, wk->tb, QR_QB);
        }
        for (int64_t c0 = b0; c0 < bend; c0 += QR_W, p++) {
            const int64_t w = bend - c0 < QR_W ? bend - c0 : QR_W, rows = m - c0;
            const qr_block h = { .v = merged ? wk->vb + (c0 - b0) * (rb + 1) : wk->v,
                                 .ldv = merged ? rb : rows, .t = wk->tmat, .ldt = QR_W,
                                 .nv = rows, .w = w };
            TN(qr_panel_, )(dev, fac_panel_teams(rows, QR_ROWS), rows, w, a + c0 + c0 * lda, lda,
                            wk->tau + c0, wk->tmat, (T *)h.v, h.ldv, wk->counts + p, wk->xv);
            c->launches++;
            fac_tick(c, &c->own, &t0);
            /* the columns up to the panel's last are final */
            fac_out_final(out, c0 + w);
            if (c0 + w < inner_end)
                qr_apply_block(wk, &h, true, true, rows, inner_end - c0 - w,
                               a + c0 + (c0 + w) * lda, lda);
            if (merged) qr_merge_t(wk, rb, c0 - b0, w);
            fac_tick(c, &c->update, &t0);
        }
        if (merged) {
            const qr_block hb = { .v = wk->vb, .ldv = rb, .t = wk->tb, .ldt = QR_QB, .nv = rb,
                                  .w = bend - b0 };
            qr_apply_block(wk, &hb, true, true, rb, n - bend, a + b0 + bend * lda, lda);
            fac_tick(c, &c->update, &t0);
        }
    }
}

/* ORMQR on device data, tau in wk->tau: block by block, each block's T
 * from V^T V; forward when op(Q) is applied as Q^T from the left or as Q
 * from the right, as DORMQR orders them. */
static void qr_multiply(const qr_work *wk, bool left, bool trans, int64_t m, int64_t n,
                        int64_t k, const T *a, int64_t lda, T *c, int64_t ldc)
{
    const int dev = wk->dev;
    const int64_t nq = left ? m : n, blocks = qr_panels(k);
    const bool forward = left == trans;
    for (int64_t b = 0; b < blocks; b++) {
        const int64_t i = (forward ? b : blocks - 1 - b) * QR_W;
        const int64_t w = k - i < QR_W ? k - i : QR_W, nv = nq - i;
        TN(qr_make_v_, )(dev, nv, w, a + i + i * lda, lda, wk->v);
        fac_gemm(dev, true, false, w, w, nv, 1, wk->v, nv, wk->v, nv, 0, wk->g, QR_W);
        TN(qr_larft_, )(dev, w, wk->g, wk->tau + i, wk->tmat);
        const qr_block h = { .v = wk->v, .ldv = nv, .t = wk->tmat, .ldt = QR_W, .nv = nv, .w = w };
        if (left)
            qr_apply_block(wk, &h, true, trans, nv, n, c + i, ldc);
        else
            qr_apply_block(wk, &h, false, trans, m, nv, c + i * ldc, ldc);
    }
}

static int qr_geqrf(int dev, int64_t m, int64_t n, T *a, int64_t lda, T *tau, fac_clock *c,
                    fac_out *out)
{
    const int64_t k = m < n ? m : n;
    qr_work wk;
    int st = qr_work_alloc(dev, m, n, k, qr_panels(k), &wk);
    if (st != OMPWG_OK) return st;
    qr_factor(&wk, m, n, a, lda, c, out);
    st = ompwg_gpu_to_host(dev, tau, wk.tau, (size_t)k * sizeof(T));
    ompwg_gpu_free(dev, wk.mem);
    return st;
}

static int qr_ormqr(int dev, const ompwg_factor_shape *s, const T *a, int64_t lda, const T *tau,
                    T *c, int64_t ldc)
{
    qr_work wk;
    int st = qr_work_alloc(dev, s->left ? s->m : s->n, s->left ? s->n : s->m, s->k, 0, &wk);
    if (st != OMPWG_OK) return st;
    st = ompwg_gpu_to_device(dev, wk.tau, tau, (size_t)s->k * sizeof(T));
    if (st == OMPWG_OK) qr_multiply(&wk, s->left, s->trans, s->m, s->n, s->k, a, lda, c, ldc);
    ompwg_gpu_free(dev, wk.mem);
    return st;
}

/* How DGELS scales a matrix whose largest magnitude `norm` is outside
 * [smlnum, bignum]: the factor (1 when it is inside, or a NaN). */
static T qr_range_factor(T norm, bool nan)
{
    const T smlnum = T_SFMIN / T_PREC, bignum = (T)1 / smlnum;
    if (nan) return 1;
    if (norm > 0 && norm < smlnum) return smlnum / norm;
    if (norm > bignum) return bignum / norm;
    return 1;
}

/* GELS on device data, m >= n: DGELS's steps with its scaling. */
static int qr_gels(int dev, const ompwg_factor_shape *s, T *a, int64_t lda, T *b, int64_t ldb,
                   int64_t *info, fac_clock *c)
{
    const int64_t m = s->m, n = s->n, nrhs = s->nrhs;
    *info = 0;
    bool anan = false, bnan = false;
    const T anrm = TN(qr_amax_, )(dev, m, n, a, lda, &anan);
    if (!anan && anrm == 0) {
        TN(qr_scale_, )(dev, m, nrhs, 0, b, ldb);
        return OMPWG_OK;
    }
    const T fa = qr_range_factor(anrm, anan);
    if (fa != 1) TN(qr_scale_, )(dev, m, n, fa, a, lda);
    const int64_t brow = s->trans ? n : m;
    const T bnrm = TN(qr_amax_, )(dev, brow, nrhs, b, ldb, &bnan);
    const T fb = qr_range_factor(bnrm, bnan);
    if (fb != 1) TN(qr_scale_, )(dev, brow, nrhs, fb, b, ldb);
    qr_work wk;
    int st = qr_work_alloc(dev, m, n > nrhs ? n : nrhs, n, qr_panels(n), &wk);
    if (st != OMPWG_OK) return st;
    qr_factor(&wk, m, n, a, lda, c, NULL);
    int64_t scllen = n;
    if (!s->trans) {
        qr_multiply(&wk, true, true, m, nrhs, n, a, lda, b, ldb);
        *info = TN(qr_zero_diag_, )(dev, n, a, lda);
        if (*info == 0) st = fac_trsm(true, true, false, false, n, nrhs, a, lda, b, ldb);
    } else {
        *info = TN(qr_zero_diag_, )(dev, n, a, lda);
        if (*info == 0) st = fac_trsm(true, true, true, false, n, nrhs, a, lda, b, ldb);
        if (*info == 0 && st == OMPWG_OK) {
            TN(qr_scale_, )(dev, m - n, nrhs, 0, b + n, ldb);
            qr_multiply(&wk, true, false, m, nrhs, n, a, lda, b, ldb);
        }
        scllen = m;
    }
    ompwg_gpu_free(dev, wk.mem);
    if (st != OMPWG_OK || *info != 0) return st;
    /* X back to the scale of the problem as posed (DLASCL: cto / cfrom) */
    if (fa != 1) TN(qr_scale_, )(dev, scllen, nrhs, fa, b, ldb);
    if (fb != 1) TN(qr_scale_, )(dev, scllen, nrhs, (T)1 / fb, b, ldb);
    return OMPWG_OK;
}

/* ---- the entry --------------------------------------------------------- */

/* Columns an LU's host matrix arrives in, while the first panels run, or 0
 * where it crosses whole first (other calls, small matrices). */
static int64_t lu_stream_step(const ompwg_factor_shape *s)
{
    if (s->op != OMPWG_LA_GETRF && s->op != OMPWG_LA_GESV) return 0;
    const int64_t step = ompwg_gpu_ceil_div(s->n, 16) > 128 ? ompwg_gpu_ceil_div(s->n, 16) : 128;
    return s->n >= 4 * step ? step : 0;
}

static const char *const fac_names[OMPWG_LA_OP_COUNT] = OMPWG_LA_NAMES(T_PREFIX, "");

static int factor_resident(int dev, const ompwg_factor_shape *s, T *a, int64_t lda,
                           int64_t *ipiv, T *tau, T *b, int64_t ldb, int64_t *info, fac_clock *c,
                           ompwg_gpu_mover *in, tri_stream *tin, fac_out *out)
{
    int st = OMPWG_OK;
    switch (s->op) {
    case OMPWG_LA_GETRF: return lu_factor(dev, s->m, s->n, a, lda, ipiv, info, c, in, out);
    case OMPWG_LA_GETRS: return lu_solve(dev, s->trans, s->n, s->nrhs, a, lda, ipiv, b, ldb);
    case OMPWG_LA_GESV:
        st = lu_factor(dev, s->n, s->n, a, lda, ipiv, info, c, in, out);
        if (st == OMPWG_OK && *info == 0) st = lu_solve(dev, false, s->n, s->nrhs, a, lda, ipiv, b, ldb);
        return st;
    case OMPWG_LA_POTRF: return chol_factor(dev, s->upper, s->n, a, lda, info, c, tin, out);
    case OMPWG_LA_POTRS: return chol_solve(s->upper, s->n, s->nrhs, a, lda, b, ldb);
    case OMPWG_LA_POSV:
        st = chol_factor(dev, s->upper, s->n, a, lda, info, c, tin, out);
        if (st == OMPWG_OK && *info == 0) st = chol_solve(s->upper, s->n, s->nrhs, a, lda, b, ldb);
        return st;
    case OMPWG_LA_GEQRF: return qr_geqrf(dev, s->m, s->n, a, lda, tau, c, out);
    case OMPWG_LA_ORMQR: return qr_ormqr(dev, s, a, lda, tau, b, ldb);
    case OMPWG_LA_GELS: return qr_gels(dev, s, a, lda, b, ldb, info, c);
    }
    return OMPWG_ERR_UNSUPPORTED;
}

int TN(ompwg_gpu_, factor)(const ompwg_factor_shape *s, T *a, int64_t *ipiv, T *tau, T *b,
                           int64_t *info)
{
    if (!ompwg_gpu_ready()) return OMPWG_ERR_UNAVAILABLE;
    /* the kernels' least squares are those of a tall A (QR); a wide one
     * (LQ) is the host's */
    if (s->op == OMPWG_LA_GELS && s->m < s->n) return OMPWG_ERR_UNSUPPORTED;
    const int dev = ompwg_gpu_device();
    fac_clock clock = { .on = ompwg_verbose_level() >= 2 };
    const bool factors = s->op != OMPWG_LA_GETRS && s->op != OMPWG_LA_POTRS &&
                         s->op != OMPWG_LA_ORMQR;
    const bool lu = s->op != OMPWG_LA_POTRF && s->op != OMPWG_LA_POSV;
    int st;
    if (s->device_ptrs) {
        st = factor_resident(dev, s, a, s->lda, ipiv, tau, b, s->ldb, info, &clock, NULL, NULL,
                             NULL);
        if (factors) fac_report(&clock, fac_names[s->op], lu, s->m, s->n);
        return st;
    }
    /* host data: A (and B) in once, packed; back what the call writes */
    const ompwg_factor_extents x = ompwg_factor_extents_of(s);
    void *da = NULL, *db = NULL;
    ompwg_gpu_block ab = { .host = a, .ld = s->lda, .rows = x.a_rows, .cols = x.a_cols,
                           .elem = sizeof(T) };
    ompwg_gpu_block bb = { .host = b, .ld = s->ldb, .rows = x.b_rows, .cols = x.b_cols,
                           .elem = sizeof(T) };
    st = ompwg_gpu_alloc(dev, (size_t)x.a_rows * (size_t)x.a_cols * sizeof(T), &da);
    if (st == OMPWG_OK && x.has_b)
        st = ompwg_gpu_alloc(dev, (size_t)x.b_rows * (size_t)x.b_cols * sizeof(T), &db);
    ab.dev = da;
    bb.dev = db;
    const bool tri = tri_moves(s);
    /* an LU's columns, a Cholesky's trapezoids arrive while its first
     * steps run */
    const int64_t step = lu_stream_step(s);
    ompwg_gpu_mover mover;
    tri_stream tin = { 0 };
    const bool streams = st == OMPWG_OK && step > 0;
    const bool tri_streams = st == OMPWG_OK && tri &&
                             (s->op == OMPWG_LA_POTRF || s->op == OMPWG_LA_POSV);
    double t0 = clock.on ? fac_now() : 0;
    if (streams) ompwg_gpu_mover_start(&mover, dev, &ab, step);
    else if (tri_streams) st = tri_stream_start(&tin, dev, s->upper, s->n, a, s->lda, da);
    else if (st == OMPWG_OK)
        st = tri ? tri_move(dev, s->upper, s->n, a, s->lda, da, true) : ompwg_gpu_block_in(dev, &ab);
    if (st == OMPWG_OK && x.has_b) st = ompwg_gpu_block_in(dev, &bb);
    fac_tick(&clock, &clock.copies, &t0);
    int64_t inf = 0;
    /* A's final parts back while the rest runs */
    fac_out out;
    const bool drains = st == OMPWG_OK && x.a_written && fac_out_wanted(s);
    if (drains) fac_out_begin(&out, s, dev, a, da, x.a_rows);
    if (st == OMPWG_OK)
        st = factor_resident(dev, s, da, x.a_rows, ipiv, tau, db, x.b_rows, &inf, &clock,
                             streams ? &mover : NULL, tri_streams ? &tin : NULL,
                             drains ? &out : NULL);
    if (streams) {
        const int moved = ompwg_gpu_mover_finish(&mover);
        if (st == OMPWG_OK) st = moved;
    }
    if (tri_streams) {
        const int moved = tri_stream_end(&tin);
        if (st == OMPWG_OK) st = moved;
    }
    if (clock.on) t0 = fac_now();
    /* the rest of A after what went while it ran; the whole of it again
     * where a part could not go */
    bool a_out = x.a_written && !drains;
    if (drains && st == OMPWG_OK) a_out = fac_out_end(&out) != OMPWG_OK;
    else if (drains) st = fac_out_abandon(&out, st);
    /* B as the reference leaves it: unchanged by a solve that did not run
     * (GESV, POSV), whatever GELS made of it */
    const bool b_out = x.has_b && (inf == 0 || s->op == OMPWG_LA_GELS);
    if (st == OMPWG_OK && a_out)
        st = tri ? tri_move(dev, s->upper, s->n, a, s->lda, da, false) : ompwg_gpu_block_out(dev, &ab);
    if (st == OMPWG_OK && b_out) st = ompwg_gpu_block_out(dev, &bb);
    fac_tick(&clock, &clock.copies, &t0);
    if (info) *info = inf;
    if (factors) fac_report(&clock, fac_names[s->op], lu, s->m, s->n);
    ompwg_gpu_free(dev, db);
    ompwg_gpu_free(dev, da);
    return st;
}
