/* CPU GEMM, compiled once per precision: Goto/BLIS packed blocks driven by
 * the kernel variant that kernel_pick() chose.
 *
 * The work-group picture: the threads of one parallel region share a packed
 * KC x NC block of B (packed by all of them, then a barrier), and each thread
 * packs its own MC x KC blocks of A into memory nobody else touches (its
 * "local memory") and runs the register-tile kernel over them. */
#include "prec.h"

#include <omp.h>
#include <stdlib.h>

#include "cpu.h"
#include "kernel_tmpl.h"
#include "ompwg.h"

/* Below this many multiply-adds, packing and a thread team cost more than
 * they save. */
#define SMALL_FMAS (64.0 * 64.0 * 64.0)
/* Multiply-adds worth waking one more thread for. */
#define FMAS_PER_THREAD (128.0 * 128.0 * 128.0)
/* Elements of C worth one more thread when only scaling C. */
#define SCALE_PER_THREAD ((int64_t)1 << 16)

static int64_t min64(int64_t x, int64_t y)
{
    return x < y ? x : y;
}

static int64_t ceil_div(int64_t x, int64_t y)
{
    return (x + y - 1) / y;
}

static void TN(scale_column_, )(int64_t m, T beta, T *cj)
{
    /* beta == 0 writes zeros without reading: a NaN in C must not survive */
    if (beta == 0)
        for (int64_t i = 0; i < m; i++) cj[i] = 0;
    else if (beta != 1)
        for (int64_t i = 0; i < m; i++) cj[i] *= beta;
}

/* alpha == 0 or k == 0: C := beta * C, A and B unread. */
static void TN(scale_, )(const ompwg_gemm_shape *s, T beta, T *c)
{
    if (beta == 1) return;
    int64_t want = min64(ompwg_cpu_threads(), ceil_div(s->m * s->n, SCALE_PER_THREAD));
    int pin_base = want > 1 ? ompwg_cpu_pin_base() : 0;
    const int team_wait = ompwg_cpu_team_begin();
#pragma omp parallel num_threads((int)want) if (want > 1)
    {
        ompwg_cpu_pin_worker(omp_get_thread_num(), pin_base);
#pragma omp for schedule(static)
        for (int64_t j = 0; j < s->n; j++) TN(scale_column_, )(s->m, beta, c + j * s->ldc);
    }
    ompwg_cpu_team_end(team_wait);
}

/* Plain loops for problems too small for packing, one thread. */
static void TN(unpacked_, )(const ompwg_gemm_shape *s, T alpha, const T *a, const T *b, T beta,
                            T *c)
{
    int64_t m = s->m, n = s->n, k = s->k, lda = s->lda, ldb = s->ldb;
    for (int64_t j = 0; j < n; j++) {
        T *cj = c + j * s->ldc;
        if (!s->transa) {
            TN(scale_column_, )(m, beta, cj);
            for (int64_t p = 0; p < k; p++) {
                T t = alpha * (s->transb ? b[j + p * ldb] : b[p + j * ldb]);
                const T *ap = a + p * lda;
                for (int64_t i = 0; i < m; i++) cj[i] += ap[i] * t;
            }
        } else {
            for (int64_t i = 0; i < m; i++) {
                const T *ai = a + i * lda;
                T sum = 0;
                if (s->transb)
                    for (int64_t p = 0; p < k; p++) sum += ai[p] * b[j + p * ldb];
                else
                    for (int64_t p = 0; p < k; p++) sum += ai[p] * b[p + j * ldb];
                cj[i] = beta == 0 ? alpha * sum : alpha * sum + beta * cj[i];
            }
        }
    }
}

/* Threads as a tm x tn grid over the MR x NR tiles of C (tm * tn == nt):
 * the split with the smallest largest share; on ties, more row groups, so
 * that threads pack disjoint parts of A. */
static void grid(int nt, int64_t row_tiles, int64_t col_tiles, int *tm, int *tn)
{
    int64_t best = -1;
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

typedef struct TN(job_, ) {
    const TN(ompwg_cpu_, kernel) *kd;
    const ompwg_gemm_shape *s;
    T alpha, beta;
    const T *a, *b;
    T *c;
    T *bpack; /* shared KC x NC block of B */
} TN(job_, );

/* One thread's part; every thread of the team must call it, since it
 * contains the team's barriers. */
static void TN(run_thread_, )(const TN(job_, ) *job, T *apack, int t, int nt)
{
    const ompwg_gemm_shape *s = job->s;
    const ompwg_cpu_blocks *bl = &job->kd->blocks;
    const int64_t MR = bl->mr, NR = bl->nr;
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
                const T *src = s->transb ? job->b + j + pc * s->ldb : job->b + pc + j * s->ldb;
                job->kd->pack_b(s->transb, kc, min64(b1 * NR, nc) - b0 * NR, src, s->ldb,
                                job->bpack + b0 * NR * kc);
            }
#pragma omp barrier
            /* later K blocks add to what the first one wrote */
            T beta = pc == 0 ? job->beta : 1;
            for (int64_t ic = r0; ic < r1; ic += bl->mc) {
                int64_t mc = min64(bl->mc, r1 - ic);
                const T *src = s->transa ? job->a + pc + ic * s->lda : job->a + ic + pc * s->lda;
                job->kd->pack_a(s->transa, mc, kc, src, s->lda, apack);
                for (int64_t q = q0; q < q1; q++) {
                    int64_t j = q * NR;
                    int n = (int)min64(NR, nc - j);
                    const T *bp = job->bpack + j * kc;
                    T *cq = job->c + ic + (jc + j) * s->ldc;
                    for (int64_t ir = 0; ir < mc; ir += MR)
                        job->kd->ukernel(kc, job->alpha, apack + ir * kc, bp, beta,
                                         cq + ir, s->ldc, (int)min64(MR, mc - ir), n);
                }
            }
            /* nobody repacks B while another thread still reads it */
#pragma omp barrier
        }
    }
}

static int TN(packed_, )(const TN(ompwg_cpu_, kernel) *kd, const ompwg_gemm_shape *s, T alpha,
                         const T *a, const T *b, T beta, T *c)
{
    const ompwg_cpu_blocks *bl = &kd->blocks;
    double fmas = (double)s->m * (double)s->n * (double)s->k;
    int64_t tiles = ceil_div(s->m, bl->mr) * ceil_div(s->n, bl->nr);
    int want = ompwg_cpu_threads();
    if (want > tiles) want = (int)tiles;
    if (want > fmas / FMAS_PER_THREAD) want = (int)(fmas / FMAS_PER_THREAD);
    if (want < 1) want = 1;

    /* 64-byte alignment: the packed panels are read as whole vectors */
    int64_t kc = min64(bl->kc, s->k);
    size_t bbytes = (size_t)(ceil_div(min64(bl->nc, s->n), bl->nr) * bl->nr * kc) * sizeof(T);
    size_t abytes = (size_t)(min64(bl->mc, ceil_div(s->m, bl->mr) * bl->mr) * kc) * sizeof(T);
    bbytes = (bbytes + 63) / 64 * 64;
    abytes = (abytes + 63) / 64 * 64;
    T *bpack = aligned_alloc(64, bbytes);
    if (!bpack) return OMPWG_ERR_NOMEM;
    TN(job_, ) job = {
        .kd = kd, .s = s, .alpha = alpha, .beta = beta, .a = a, .b = b, .c = c, .bpack = bpack,
    };
    int failed = 0;
    int pin_base = want > 1 ? ompwg_cpu_pin_base() : 0;
    const int team_wait = ompwg_cpu_team_begin();
#pragma omp parallel num_threads(want) if (want > 1)
    {
        int t = omp_get_thread_num(), nt = omp_get_num_threads();
        ompwg_cpu_pin_worker(t, pin_base);
        /* allocated by the thread that uses it, so that it lies near its core */
        T *apack = aligned_alloc(64, abytes);
        if (!apack) {
#pragma omp atomic write
            failed = 1;
        }
#pragma omp barrier
        int fail;
#pragma omp atomic read
        fail = failed;
        if (!fail) TN(run_thread_, )(&job, apack, t, nt);
        free(apack);
    }
    ompwg_cpu_team_end(team_wait);
    free(bpack);
    return failed ? OMPWG_ERR_NOMEM : OMPWG_OK;
}

int TN(ompwg_cpu_, gemm)(const ompwg_gemm_shape *s, T alpha, const T *a, const T *b, T beta,
                         T *c)
{
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    if (alpha == 0 || s->k == 0) {
        TN(scale_, )(s, beta, c);
        return OMPWG_OK;
    }
    const TN(ompwg_cpu_, kernel) *kd = TN(ompwg_cpu_, kernel_pick)();
    if (!kd || (double)s->m * (double)s->n * (double)s->k < SMALL_FMAS) {
        TN(unpacked_, )(s, alpha, a, b, beta, c);
        return OMPWG_OK;
    }
    return TN(packed_, )(kd, s, alpha, a, b, beta, c);
}
