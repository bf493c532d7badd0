/* CPU complex GEMM, compiled once per complex precision: the packed blocks
 * of gemm_tmpl.c (a KC x NC block of B packed by the whole team, MC x KC
 * blocks of A packed by each thread for itself) around the complex register
 * tile of cukernel_tmpl.c, for the instruction set ompwg_cpu_arch_pick()
 * chose. */
#include "prec.h"

#include <omp.h>
#include <stdlib.h>

#include "ckernel_tmpl.h"
#include "complex_tmpl.h"
#include "cpu.h"
#include "ompwg.h"

/* Below this many complex multiply-adds, packing and a thread team cost
 * more than they save. */
#define SMALL_FMAS (32.0 * 32.0 * 32.0)
/* Complex multiply-adds worth waking one more thread for. */
#define FMAS_PER_THREAD (80.0 * 80.0 * 80.0)
/* Elements of C worth one more thread when only scaling C. */
#define SCALE_PER_THREAD ((int64_t)1 << 15)

static int64_t min64(int64_t x, int64_t y)
{
    return x < y ? x : y;
}

static int64_t ceil_div(int64_t x, int64_t y)
{
    return (x + y - 1) / y;
}

static const TN(ompwg_cpu_, kernel) *TN(kernel_pick_, )(void)
{
    static const TN(ompwg_cpu_, kernel) *const variants[OMPWG_CPU_ARCH_COUNT] = {
        [OMPWG_CPU_GENERIC] = &TN(ompwg_cpu_, kernel_generic),
#if OMPWG_CPU_HAVE_AVX2
        [OMPWG_CPU_AVX2] = &TN(ompwg_cpu_, kernel_avx2),
#endif
#if OMPWG_CPU_HAVE_AVX512
        [OMPWG_CPU_AVX512] = &TN(ompwg_cpu_, kernel_avx512),
#endif
    };
    ompwg_cpu_arch arch = ompwg_cpu_arch_pick();
    return arch < OMPWG_CPU_ARCH_COUNT ? variants[arch] : NULL;
}

/* beta == 0 writes zeros without reading (a NaN in C must not survive);
 * beta == 1 leaves C as it is. */
static void TN(scale_column_, )(int64_t m, T beta, T *cj)
{
    if (TN(cplx_is_zero_, )(beta)) {
        for (int64_t i = 0; i < m; i++) cj[i] = (T){ 0, 0 };
    } else if (!TN(cplx_is_one_, )(beta)) {
        for (int64_t i = 0; i < m; i++) cj[i] = TN(cplx_mul_, )(beta, cj[i]);
    }
}

/* alpha == 0 or k == 0: C := beta * C, A and B unread. */
static void TN(scale_, )(const ompwg_gemm_shape *s, T beta, T *c)
{
    if (TN(cplx_is_one_, )(beta)) return;
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

/* op(X)(i, p) of a stored X. */
static inline T TN(op_at_, )(const T *x, int64_t ld, bool trans, bool conj, int64_t i, int64_t p)
{
    if (!trans) return x[i + p * ld];
    T v = x[p + i * ld];
    return conj ? TN(cplx_conj_, )(v) : v;
}

/* Plain loops for problems too small for packing, one thread. */
static void TN(unpacked_, )(const ompwg_gemm_shape *s, T alpha, const T *a, const T *b, T beta,
                            T *c)
{
    bool beta_zero = TN(cplx_is_zero_, )(beta), beta_one = TN(cplx_is_one_, )(beta);
    for (int64_t j = 0; j < s->n; j++)
        for (int64_t i = 0; i < s->m; i++) {
            TR re = 0, im = 0;
            for (int64_t p = 0; p < s->k; p++) {
                T x = TN(op_at_, )(a, s->lda, s->transa, s->conja, i, p);
                T y = TN(op_at_, )(b, s->ldb, s->transb, s->conjb, p, j);
                re += x.re * y.re;
                re -= x.im * y.im;
                im += x.re * y.im;
                im += x.im * y.re;
            }
            T *cij = c + i + j * s->ldc;
            T r = TN(cplx_mul_, )(alpha, (T){ re, im });
            if (beta_zero) {
                *cij = r;
            } else if (beta_one) {
                cij->re += r.re;
                cij->im += r.im;
            } else {
                T old = TN(cplx_mul_, )(beta, *cij);
                *cij = (T){ r.re + old.re, r.im + old.im };
            }
        }
}

/* Threads as a tm x tn grid over the MR x NR tiles of C (tm * tn == nt):
 * the split with the smallest largest share; on ties, more row groups, so
 * that threads pack disjoint parts of A. */
static void TN(grid_, )(int nt, int64_t row_tiles, int64_t col_tiles, int *tm, int *tn)
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
    TR *bpack; /* shared KC x NC block of B */
} TN(job_, );

/* One thread's part; every thread of the team must call it, since it
 * contains the team's barriers. */
static void TN(run_thread_, )(const TN(job_, ) *job, TR *apack, int t, int nt)
{
    const ompwg_gemm_shape *s = job->s;
    const ompwg_cpu_blocks *bl = &job->kd->blocks;
    const int64_t MR = bl->mr, NR = bl->nr;
    const T one = { 1, 0 };
    int tm, tn;
    TN(grid_, )(nt, ceil_div(s->m, MR), ceil_div(min64(s->n, bl->nc), NR), &tm, &tn);
    int ti = t / tn, tj = t % tn;
    int64_t row_panels = ceil_div(s->m, MR);
    int64_t r0 = min64(s->m, row_panels * ti / tm * MR);
    int64_t r1 = min64(s->m, row_panels * (ti + 1) / tm * MR);

    for (int64_t jc = 0; jc < s->n; jc += bl->nc) {
        int64_t nc = min64(bl->nc, s->n - jc);
        int64_t panels = ceil_div(nc, NR);
        int64_t q0 = panels * tj / tn, q1 = panels * (tj + 1) / tn;
        for (int64_t pc = 0; pc < s->k; pc += bl->kc) {
            int64_t kc = min64(bl->kc, s->k - pc);
            int64_t b0 = panels * t / nt, b1 = panels * (t + 1) / nt;
            if (b1 > b0) {
                int64_t j = jc + b0 * NR;
                const T *src = s->transb ? job->b + j + pc * s->ldb : job->b + pc + j * s->ldb;
                job->kd->pack_b(s->transb, s->conjb, kc, min64(b1 * NR, nc) - b0 * NR, src,
                                s->ldb, job->bpack + 2 * b0 * NR * kc);
            }
#pragma omp barrier
            /* later K blocks add to what the first one wrote */
            T beta = pc == 0 ? job->beta : one;
            for (int64_t ic = r0; ic < r1; ic += bl->mc) {
                int64_t mc = min64(bl->mc, r1 - ic);
                const T *src = s->transa ? job->a + pc + ic * s->lda : job->a + ic + pc * s->lda;
                job->kd->pack_a(s->transa, s->conja, mc, kc, src, s->lda, apack);
                for (int64_t q = q0; q < q1; q++) {
                    int64_t j = q * NR;
                    int n = (int)min64(NR, nc - j);
                    const TR *bp = job->bpack + 2 * j * kc;
                    T *cq = job->c + ic + (jc + j) * s->ldc;
                    for (int64_t ir = 0; ir < mc; ir += MR)
                        job->kd->ukernel(kc, job->alpha, apack + 2 * ir * kc, bp, beta, cq + ir,
                                         s->ldc, (int)min64(MR, mc - ir), n);
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

    int64_t kc = min64(bl->kc, s->k);
    size_t bbytes = (size_t)(ceil_div(min64(bl->nc, s->n), bl->nr) * bl->nr * kc) * 2 * sizeof(TR);
    size_t abytes = (size_t)(min64(bl->mc, ceil_div(s->m, bl->mr) * bl->mr) * kc) * 2 * sizeof(TR);
    bbytes = (bbytes + 63) / 64 * 64;
    abytes = (abytes + 63) / 64 * 64;
    TR *bpack = aligned_alloc(64, bbytes);
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
        TR *apack = aligned_alloc(64, abytes);
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
    if (TN(cplx_is_zero_, )(alpha) || s->k == 0) {
        TN(scale_, )(s, beta, c);
        return OMPWG_OK;
    }
    const TN(ompwg_cpu_, kernel) *kd = TN(kernel_pick_, )();
    if (!kd || (double)s->m * (double)s->n * (double)s->k < SMALL_FMAS) {
        TN(unpacked_, )(s, alpha, a, b, beta, c);
        return OMPWG_OK;
    }
    return TN(packed_, )(kd, s, alpha, a, b, beta, c);
}
