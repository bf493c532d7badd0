#include "gemm_packed.h"

#include <stdlib.h>

#include "cpu.h"
#include "ompwg.h"

static int64_t min64(int64_t x, int64_t y)
{
    return x < y ? x : y;
}

static int64_t ceil_div(int64_t x, int64_t y)
{
    return (x + y - 1) / y;
}

/* The element at index i of an array of elem-byte elements. */
static const char *at(const void *base, int64_t i, size_t elem)
{
    return (const char *)base + (size_t)i * elem;
}

typedef struct scale_job {
    const ompwg_gemm_shape *s;
    size_t elem;
    void (*scale_column)(int64_t m, const void *beta, void *cj);
    const void *beta;
    void *c;
} scale_job;

static void scale_one(void *ctx, int64_t j)
{
    const scale_job *job = ctx;
    job->scale_column(job->s->m, job->beta, (char *)job->c + (size_t)(j * job->s->ldc) * job->elem);
}

void ompwg_cpu_gemm_scale(const ompwg_gemm_shape *s, size_t elem, int64_t per_thread,
                          void (*scale_column)(int64_t m, const void *beta, void *cj),
                          const void *beta, void *c)
{
    int64_t want = min64(ompwg_cpu_threads(), ceil_div(s->m * s->n, per_thread));
    scale_job job = { .s = s, .elem = elem, .scale_column = scale_column, .beta = beta, .c = c };
    ompwg_cpu_team_for((int)want, s->n, scale_one, &job);
}

/* Threads as a tm x tn grid over the MR x NR tiles of C (tm * tn == nt):
 * the split with the smallest largest share; on ties, more row groups, so
 * that threads pack disjoint parts of A. */
static void grid(int nt, int64_t row_tiles, int64_t col_tiles, int *tm, int *tn)
{
    int64_t best = -1;
    *tm = 1;
    *tn = nt;
    for (int d = 1; d <= nt; d++) {
        if (nt % d != 0) continue;
        int64_t share = ceil_div(row_tiles, d) * ceil_div(col_tiles, nt / d);
        if (best < 0 || share <= best) {
            best = share;
            *tm = d;
            *tn = nt / d;
        }
    }
}

/* One thread's part; every thread of the team must call it, since it
 * contains the team's barriers. */
static void run_thread(const ompwg_cpu_gemm_job *job, void *bpack, void *apack, int t, int nt)
{
    const ompwg_gemm_shape *s = job->s;
    const ompwg_cpu_blocks *bl = job->blocks;
    const int64_t MR = bl->mr, NR = bl->nr;
    const size_t elem = job->elem;
    int tm, tn;
    grid(nt, ceil_div(s->m, MR), ceil_div(min64(s->n, bl->nc), NR), &tm, &tn);
    int ti = t / tn, tj = t % tn;
    /* rows in whole MR panels, so that only the last thread has an edge */
    int64_t row_panels = ceil_div(s->m, MR);
    int64_t r0 = min64(s->m, row_panels * ti / tm * MR);
    int64_t r1 = min64(s->m, row_panels * (ti + 1) / tm * MR);

    for (int64_t jc = 0; jc < s->n; jc += bl->nc) {
        int64_t nc = min64(bl->nc, s->n - jc);
        int64_t panels = ceil_div(nc, NR);
        int64_t q0 = panels * tj / tn, q1 = panels * (tj + 1) / tn;
        for (int64_t pc = 0; pc < s->k; pc += bl->kc) {
            int64_t kc = min64(bl->kc, s->k - pc);
            /* the team packs the B block together, a slice of panels each */
            int64_t b0 = panels * t / nt, b1 = panels * (t + 1) / nt;
            if (b1 > b0) {
                int64_t j = jc + b0 * NR;
                int64_t src = s->transb ? j + pc * s->ldb : pc + j * s->ldb;
                job->pack_b(job, at(job->b, src, elem), kc, min64(b1 * NR, nc) - b0 * NR,
                            (char *)bpack + (size_t)(b0 * NR * kc) * elem);
            }
#pragma omp barrier
            for (int64_t ic = r0; ic < r1; ic += bl->mc) {
                int64_t mc = min64(bl->mc, r1 - ic);
                int64_t src = s->transa ? pc + ic * s->lda : ic + pc * s->lda;
                job->pack_a(job, at(job->a, src, elem), mc, kc, apack);
                for (int64_t q = q0; q < q1; q++) {
                    int64_t j = q * NR;
                    int n = (int)min64(NR, nc - j);
                    const void *bp = at(bpack, j * kc, elem);
                    int64_t cq = ic + (jc + j) * s->ldc;
                    for (int64_t ir = 0; ir < mc; ir += MR)
                        /* later K blocks add to what the first one wrote */
                        job->tile(job, kc, at(apack, ir * kc, elem), bp, pc == 0,
                                  (char *)job->c + (size_t)(cq + ir) * elem,
                                  (int)min64(MR, mc - ir), n);
                }
            }
            /* nobody repacks B while another thread still reads it */
#pragma omp barrier
        }
    }
}

typedef struct packed_team {
    const ompwg_cpu_gemm_job *job;
    void *bpack;
    size_t abytes;
    int failed;
} packed_team;

static int packed_part(void *ctx, int t, int nt)
{
    packed_team *team = ctx;
    /* allocated by the thread that uses it, so that it lies near its core */
    void *apack = aligned_alloc(64, team->abytes);
    if (!apack) {
#pragma omp atomic write
        team->failed = 1;
    }
#pragma omp barrier
    int fail;
#pragma omp atomic read
    fail = team->failed;
    if (!fail) run_thread(team->job, team->bpack, apack, t, nt);
    free(apack);
    return fail ? OMPWG_ERR_NOMEM : OMPWG_OK;
}

int ompwg_cpu_gemm_packed(const ompwg_cpu_gemm_job *job)
{
    const ompwg_gemm_shape *s = job->s;
    const ompwg_cpu_blocks *bl = job->blocks;
    double fmas = (double)s->m * (double)s->n * (double)s->k;
    int64_t tiles = ceil_div(s->m, bl->mr) * ceil_div(s->n, bl->nr);
    int want = ompwg_cpu_threads();
    if (want > tiles) want = (int)tiles;
    if (want > fmas / job->fmas_per_thread) want = (int)(fmas / job->fmas_per_thread);
    if (want < 1) want = 1;

    /* 64-byte alignment: the packed panels are read as whole vectors */
    int64_t kc = min64(bl->kc, s->k);
    size_t bbytes = (size_t)(ceil_div(min64(bl->nc, s->n), bl->nr) * bl->nr * kc) * job->elem;
    size_t abytes = (size_t)(min64(bl->mc, ceil_div(s->m, bl->mr) * bl->mr) * kc) * job->elem;
    bbytes = (bbytes + 63) / 64 * 64;
    abytes = (abytes + 63) / 64 * 64;
    void *bpack = aligned_alloc(64, bbytes);
    if (!bpack) return OMPWG_ERR_NOMEM;
    packed_team team = { .job = job, .bpack = bpack, .abytes = abytes };
    int st = ompwg_cpu_team_run(want, packed_part, &team);
    free(bpack);
    return st;
}
