/* The tiled complex GEMM kernel for one complex precision, included by
 * cgemm.c (which sets the tile: CG_TM x CG_TN, CG_TK deep, CG_RM x CG_RN per
 * thread); cgemm_call_tmpl.c calls it.
 *
 * The work-group picture: a team owns a CG_TM x CG_TN block of C. For each
 * k slice its threads copy the slice of op(A) and of op(B) into team-shared
 * arrays (local memory), real and imaginary parts in planes of their own,
 * conjugated on the way in where op is ^H; a barrier; each thread then
 * multiplies the rows and columns it needs into its register tile, each
 * complex product a chain of four real multiply-adds into the same
 * accumulator pair (re += ar br, re -= ai bi, im += ar bi, im += ai br), so
 * that every element of C rounds as a complex multiply-add chain would, not
 * as four real GEMMs added afterwards. In double, where the build has the
 * FP64 tensor cores (CG_TC), the team's warps run the same four products
 * as mma.sync on warp tiles, each accumulator still one chain in double
 * (cg_dmma_mac_).
 *
 * Any team and thread count the runtime grants gives the right result: the
 * teams stride over the tiles. A team of CG_NT threads keeps one register
 * tile per thread across the whole k loop over double-buffered slices
 * (cg_team_full_); a team of any other size (host fallback) computes each
 * slice's register tiles in turn and adds them into C at once
 * (cg_team_any_). */
#include "prec.h"

typedef struct TN(cg_job_, ) {
    int64_t m, n, k, lda, ldb, ldc;
    bool ta, tb, ca, cb;
    const T *a, *b;
    T *c;
    TR alpha_re, alpha_im, beta_re, beta_im;
    int64_t tiles_m, ntiles;
} TN(cg_job_, );

/* op(A)(i, p) for i < m, p < k, else 0; conjugated for ^H. */
GPU_INLINE T TN(cg_op_a_, )(const TN(cg_job_, ) *J, int64_t i, int64_t p)
{
    T v = { 0, 0 };
    if (i < J->m && p < J->k) {
        v = J->ta ? J->a[p + i * J->lda] : J->a[i + p * J->lda];
        if (J->ca) v.im = -v.im;
    }
    return v;
}

/* op(B)(p, j) for p < k, j < n, else 0; conjugated for ^H. */
GPU_INLINE T TN(cg_op_b_, )(const TN(cg_job_, ) *J, int64_t p, int64_t j)
{
    T v = { 0, 0 };
    if (p < J->k && j < J->n) {
        v = J->tb ? J->b[j + p * J->ldb] : J->b[p + j * J->ldb];
        if (J->cb) v.im = -v.im;
    }
    return v;
}

/* The staged k slice of op(A) (CG_TM x CG_TK) and of op(B) (CG_TK x CG_TN),
 * real and imaginary parts apart: local memory. */
typedef struct TN(cg_slice_, ) {
    TR are[CG_TK][CG_ROW_A], aim[CG_TK][CG_ROW_A];
    TR bre[CG_TK][CG_ROW_B], bim[CG_TK][CG_ROW_B];
} TN(cg_slice_, );

/* Element e of a slice of op(A) is (i, p) and of op(B) (p, j): consecutive
 * elements lie along m (or n) where the operand is contiguous that way,
 * else along k, so consecutive threads read consecutive addresses. */
GPU_INLINE void TN(cg_a_at_, )(const TN(cg_job_, ) *J, int e, int *i, int *p)
{
    *i = J->ta ? e / CG_TK : e % CG_TM;
    *p = J->ta ? e % CG_TK : e / CG_TM;
}

GPU_INLINE void TN(cg_b_at_, )(const TN(cg_job_, ) *J, int e, int *p, int *j)
{
    *j = J->tb ? e % CG_TN : e / CG_TK;
    *p = J->tb ? e / CG_TN : e % CG_TK;
}

/* A team of any size copies the k slice at k0 of the tile at (m0, n0) into
 * sl, thread t taking elements t, t + nt, ... */
GPU_INLINE void TN(cg_stage_, )(const TN(cg_job_, ) *J, int t, int nt, int64_t m0, int64_t n0,
                                int64_t k0, TN(cg_slice_, ) *sl)
{
    for (int e = t; e < CG_TM * CG_TK; e += nt) {
        int i, p;
        TN(cg_a_at_, )(J, e, &i, &p);
        const T v = TN(cg_op_a_, )(J, m0 + i, k0 + p);
        sl->are[p][i] = v.re;
        sl->aim[p][i] = v.im;
    }
    for (int e = t; e < CG_TN * CG_TK; e += nt) {
        int p, j;
        TN(cg_b_at_, )(J, e, &p, &j);
        const T v = TN(cg_op_b_, )(J, k0 + p, n0 + j);
        sl->bre[p][j] = v.re;
        sl->bim[p][j] = v.im;
    }
}

/* A team of CG_NT threads: thread t's elements of the k slice at k0 (t,
 * t + CG_NT, ...) into registers, so that their loads are in flight while
 * the team computes on the other buffer ... */
GPU_INLINE void TN(cg_fetch_, )(const TN(cg_job_, ) *J, int t, int64_t m0, int64_t n0, int64_t k0,
                                T ra[CG_LA], T rb[CG_LB])
{
#pragma unroll
    for (int x = 0; x < CG_LA; x++) {
        int i, p;
        TN(cg_a_at_, )(J, t + x * CG_NT, &i, &p);
        ra[x] = TN(cg_op_a_, )(J, m0 + i, k0 + p);
    }
#pragma unroll
    for (int x = 0; x < CG_LB; x++) {
        int p, j;
        TN(cg_b_at_, )(J, t + x * CG_NT, &p, &j);
        rb[x] = TN(cg_op_b_, )(J, k0 + p, n0 + j);
    }
}

/* ... and then into that buffer. */
GPU_INLINE void TN(cg_put_, )(const TN(cg_job_, ) *J, int t, const T ra[CG_LA],
                              const T rb[CG_LB], TN(cg_slice_, ) *sl)
{
#pragma unroll
    for (int x = 0; x < CG_LA; x++) {
        int i, p;
        TN(cg_a_at_, )(J, t + x * CG_NT, &i, &p);
        sl->are[p][i] = ra[x].re;
        sl->aim[p][i] = ra[x].im;
    }
#pragma unroll
    for (int x = 0; x < CG_LB; x++) {
        int p, j;
        TN(cg_b_at_, )(J, t + x * CG_NT, &p, &j);
        sl->bre[p][j] = rb[x].re;
        sl->bim[p][j] = rb[x].im;
    }
}

/* Register tile u of the staged slice added into (re, im). */
GPU_INLINE void TN(cg_mac_, )(int u, const TN(cg_slice_, ) *sl, TR re[CG_RM][CG_RN],
                              TR im[CG_RM][CG_RN])
{
    const int ux = u % (CG_TM / CG_RM), uy = u / (CG_TM / CG_RM);
    /* 4 deep: fully unrolled, the loads of every step hoisted ahead of the
     * arithmetic spilled registers (ptxas -v for sm_90) */
#pragma unroll 4
    for (int p = 0; p < CG_TK; p++) {
        TR ar[CG_RM], ai[CG_RM], br[CG_RN], bi[CG_RN];
#pragma unroll
        for (int r = 0; r < CG_RM; r++) {
            ar[r] = sl->are[p][ux + r * (CG_TM / CG_RM)];
            ai[r] = sl->aim[p][ux + r * (CG_TM / CG_RM)];
        }
#pragma unroll
        for (int s = 0; s < CG_RN; s++) {
            br[s] = sl->bre[p][uy + s * (CG_TN / CG_RN)];
            bi[s] = sl->bim[p][uy + s * (CG_TN / CG_RN)];
        }
#pragma unroll
        for (int r = 0; r < CG_RM; r++)
#pragma unroll
            for (int s = 0; s < CG_RN; s++) {
                re[r][s] = re[r][s] + ar[r] * br[s];
                re[r][s] = re[r][s] - ai[r] * bi[s];
                im[r][s] = im[r][s] + ar[r] * bi[s];
                im[r][s] = im[r][s] + ai[r] * br[s];
            }
    }
}

/* C(i, j) := alpha * (re, im) + beta * C(i, j); beta == 0 does not read C,
 * beta == 1 does not scale it. */
GPU_INLINE void TN(cg_update_c_, )(const TN(cg_job_, ) *J, int64_t i, int64_t j, TR beta_re,
                                   TR beta_im, TR re, TR im)
{
    const bool beta_zero = beta_re == 0 && beta_im == 0, beta_one = beta_re == 1 && beta_im == 0;
    T *p = J->c + i + j * J->ldc;
    const TR xr = J->alpha_re * re - J->alpha_im * im;
    const TR xi = J->alpha_re * im + J->alpha_im * re;
    if (beta_zero) {
        p->re = xr;
        p->im = xi;
    } else if (beta_one) {
        p->re += xr;
        p->im += xi;
    } else {
        const T old = *p;
        p->re = xr + (beta_re * old.re - beta_im * old.im);
        p->im = xi + (beta_re * old.im + beta_im * old.re);
    }
}

/* C := alpha * acc + beta * C on register tile u's elements inside C. */
GPU_INLINE void TN(cg_store_, )(const TN(cg_job_, ) *J, int u, int64_t m0, int64_t n0,
                                TR beta_re, TR beta_im, const TR re[CG_RM][CG_RN],
                                const TR im[CG_RM][CG_RN])
{
    const int ux = u % (CG_TM / CG_RM), uy = u / (CG_TM / CG_RM);
#pragma unroll
    for (int s = 0; s < CG_RN; s++) {
        const int64_t j = n0 + uy + s * (CG_TN / CG_RN);
        if (j >= J->n) continue;
#pragma unroll
        for (int r = 0; r < CG_RM; r++) {
            const int64_t i = m0 + ux + r * (CG_TM / CG_RM);
            if (i >= J->m) continue;
            TN(cg_update_c_, )(J, i, j, beta_re, beta_im, re[r][s], im[r][s]);
        }
    }
}

GPU_INLINE void TN(cg_zero_, )(TR re[CG_RM][CG_RN], TR im[CG_RM][CG_RN])
{
#pragma unroll
    for (int r = 0; r < CG_RM; r++)
#pragma unroll
        for (int s = 0; s < CG_RN; s++) re[r][s] = im[r][s] = 0;
}

#if CG_TC
/* The FP64 tensor-core path (double only, device pass only). The team's
 * warps split the team tile into CG_DW_M x CG_DW_N warp tiles; a warp
 * computes its tile as GEMM_DMMA_M x 8 blocks (gpu_mma.h), its fragments
 * read from the four staged planes. Per k step each block takes four mma
 * into two accumulator sets: re += ar br and im += ar bi, then
 * re += (-ai) bi and im += ai br, the imaginary fragment of A negated in
 * registers (exactly). So each element of C is, as on the FMA path, one
 * chain of double multiply-adds over k for its real part and one for its
 * imaginary part, not four real GEMMs added afterwards. */
#define CG_DW_M 4
#define CG_DW_N (CG_NT / 32 / CG_DW_M)
#define CG_MI (CG_TM / CG_DW_M / GEMM_DMMA_M)
#define CG_NJ (CG_TN / CG_DW_N / 8)
_Static_assert(CG_NT % (32 * CG_DW_M) == 0 && CG_TM % (GEMM_DMMA_M * CG_DW_M) == 0 &&
                   CG_TN % (8 * CG_DW_N) == 0,
               "warp tiles of whole mma blocks");
_Static_assert(CG_MI * CG_NJ * GPU_DMMA_CF == CG_RM * CG_RN,
               "a lane's accumulators take the place of its register tile");
_Static_assert(CG_TK % GPU_DMMA_K == 0 && CG_ROW_A % 16 == 4 && CG_ROW_B % 16 == 4,
               "whole k steps; conflict-free fragment rows");

/* Accumulator r of a lane's block (i, j), kept in the storage x of its
 * register tile's real or imaginary parts. */
#define CG_DMMA_ACC(x, i, j, r) \
    (x)[(((i) * CG_NJ + (j)) * GPU_DMMA_CF + (r)) / CG_RN] \
       [(((i) * CG_NJ + (j)) * GPU_DMMA_CF + (r)) % CG_RN]

/* Block (i, j) of one accumulator set += a b, a and b this lane's
 * fragments. */
GPU_INLINE void TN(cg_dmma_block_, )(int i, int j, const TR *a, const TR *b,
                                     TR acc[CG_RM][CG_RN])
{
    TR c[GPU_DMMA_CF];
#pragma unroll
    for (int r = 0; r < GPU_DMMA_CF; r++) c[r] = CG_DMMA_ACC(acc, i, j, r);
    dmma_(a, b, c);
#pragma unroll
    for (int r = 0; r < GPU_DMMA_CF; r++) CG_DMMA_ACC(acc, i, j, r) = c[r];
}

/* The staged slice added into lane `lane`'s share of warp w's tile. */
GPU_INLINE void TN(cg_dmma_mac_, )(int w, int lane, const TN(cg_slice_, ) *sl,
                                   TR re[CG_RM][CG_RN], TR im[CG_RM][CG_RN])
{
    const int g = lane >> 2, q = lane & 3;
    const int wm0 = w % CG_DW_M * (CG_TM / CG_DW_M), wn0 = w / CG_DW_M * (CG_TN / CG_DW_N);
#pragma unroll
    for (int kk = 0; kk < CG_TK; kk += GPU_DMMA_K) {
        TR ar[CG_MI][GPU_DMMA_AF], ai[CG_MI][GPU_DMMA_AF], nai[CG_MI][GPU_DMMA_AF];
        TR br[CG_NJ][GPU_DMMA_BF], bi[CG_NJ][GPU_DMMA_BF];
#pragma unroll
        for (int i = 0; i < CG_MI; i++)
#pragma unroll
            for (int r = 0; r < GPU_DMMA_AF; r++) {
                const int p = kk + dmma_a_k_(q, r);
                const int x = wm0 + i * GEMM_DMMA_M + dmma_a_row_(g, r);
                ar[i][r] = sl->are[p][x];
                ai[i][r] = sl->aim[p][x];
                nai[i][r] = -ai[i][r];
            }
#pragma unroll
        for (int j = 0; j < CG_NJ; j++)
#pragma unroll
            for (int r = 0; r < GPU_DMMA_BF; r++) {
                const int p = kk + dmma_b_k_(q, r), y = wn0 + j * 8 + g;
                br[j][r] = sl->bre[p][y];
                bi[j][r] = sl->bim[p][y];
            }
        /* every block's first product, then its second, so that the two
         * mma on one accumulator block are issued apart */
#pragma unroll
        for (int i = 0; i < CG_MI; i++)
#pragma unroll
            for (int j = 0; j < CG_NJ; j++) {
                TN(cg_dmma_block_, )(i, j, ar[i], br[j], re);
                TN(cg_dmma_block_, )(i, j, ar[i], bi[j], im);
            }
#pragma unroll
        for (int i = 0; i < CG_MI; i++)
#pragma unroll
            for (int j = 0; j < CG_NJ; j++) {
                TN(cg_dmma_block_, )(i, j, nai[i], bi[j], re);
                TN(cg_dmma_block_, )(i, j, ai[i], br[j], im);
            }
    }
}

/* C := alpha * acc + beta * C on lane `lane`'s share of warp w's tile,
 * inside C only. */
GPU_INLINE void TN(cg_dmma_store_, )(const TN(cg_job_, ) *J, int w, int lane, int64_t m0,
                                     int64_t n0, const TR re[CG_RM][CG_RN],
                                     const TR im[CG_RM][CG_RN])
{
    const int g = lane >> 2, q = lane & 3;
    const int64_t wm0 = m0 + w % CG_DW_M * (CG_TM / CG_DW_M);
    const int64_t wn0 = n0 + w / CG_DW_M * (CG_TN / CG_DW_N);
#pragma unroll
    for (int j = 0; j < CG_NJ; j++)
#pragma unroll
        for (int i = 0; i < CG_MI; i++)
#pragma unroll
            for (int r = 0; r < GPU_DMMA_CF; r++) {
                const int64_t row = wm0 + i * GEMM_DMMA_M + dmma_c_row_(g, r);
                const int64_t col = wn0 + j * 8 + dmma_c_col_(q, r);
                if (row < J->m && col < J->n)
                    TN(cg_update_c_, )(J, row, col, J->beta_re, J->beta_im,
                                       CG_DMMA_ACC(re, i, j, r), CG_DMMA_ACC(im, i, j, r));
            }
}
#endif

/* Thread t's step on a staged slice: on the tensor cores (tc, a constant
 * at each call) or by its register tile. */
GPU_INLINE void TN(cg_team_mac_, )(bool tc, int t, const TN(cg_slice_, ) *sl,
                                   TR re[CG_RM][CG_RN], TR im[CG_RM][CG_RN])
{
#if CG_TC
    if (tc) {
        TN(cg_dmma_mac_, )(t / 32, t % 32, sl, re, im);
        return;
    }
#else
    (void)tc;
#endif
    TN(cg_mac_, )(t, sl, re, im);
}

/* Thread t's write of its accumulators into the tile at (m0, n0). */
GPU_INLINE void TN(cg_team_store_, )(bool tc, const TN(cg_job_, ) *J, int t, int64_t m0,
                                     int64_t n0, const TR re[CG_RM][CG_RN],
                                     const TR im[CG_RM][CG_RN])
{
#if CG_TC
    if (tc) {
        TN(cg_dmma_store_, )(J, t / 32, t % 32, m0, n0, re, im);
        return;
    }
#else
    (void)tc;
#endif
    TN(cg_store_, )(J, t, m0, n0, J->beta_re, J->beta_im, re, im);
}

/* A team of CG_NT threads (a GPU): thread t owns register tile t (or,
 * with tc, its lane's share of its warp's tile on the tensor cores) for the
 * whole k loop. The slices are double-buffered: slice kt + 1 is fetched
 * into registers before the team computes on slice kt and written into
 * the other buffer after, so one barrier per slice suffices (the buffer
 * written in step kt was last read in step kt - 1, before its barrier). */
GPU_INLINE void TN(cg_team_full_, )(bool tc, const TN(cg_job_, ) *J, TN(cg_slice_, ) sl[2],
                                    int t, int64_t team, int64_t nteam)
{
    TR re[CG_RM][CG_RN], im[CG_RM][CG_RN];
    T ra[CG_LA], rb[CG_LB];
    const int64_t nk = (J->k + CG_TK - 1) / CG_TK;
    for (int64_t tile = team; tile < J->ntiles; tile += nteam) {
        const int64_t m0 = tile % J->tiles_m * CG_TM, n0 = tile / J->tiles_m * CG_TN;
        TN(cg_zero_, )(re, im);
        TN(cg_fetch_, )(J, t, m0, n0, 0, ra, rb);
        TN(cg_put_, )(J, t, ra, rb, &sl[0]);
#pragma omp barrier
        for (int64_t kt = 0; kt < nk; kt++) {
            const bool more = kt + 1 < nk;
            if (more) TN(cg_fetch_, )(J, t, m0, n0, (kt + 1) * CG_TK, ra, rb);
            TN(cg_team_mac_, )(tc, t, &sl[kt & 1], re, im);
            if (more) TN(cg_put_, )(J, t, ra, rb, &sl[(kt + 1) & 1]);
#pragma omp barrier
        }
        TN(cg_team_store_, )(tc, J, t, m0, n0, re, im);
    }
}

/* A team of any other size (host fallback): each slice staged by all the
 * threads into one buffer, then each thread's share of the register tiles
 * computed from it and added into C at once (alpha * acc + beta * C for
 * the first slice, + C after). Every thread reaches every barrier. Kept
 * out of line: a GPU never takes it. */
static __attribute__((noinline)) void TN(cg_team_any_, )(const TN(cg_job_, ) *J,
                                                         TN(cg_slice_, ) *sl, int t, int nt,
                                                         int64_t team, int64_t nteam)
{
    TR re[CG_RM][CG_RN], im[CG_RM][CG_RN];
    for (int64_t tile = team; tile < J->ntiles; tile += nteam) {
        const int64_t m0 = tile % J->tiles_m * CG_TM, n0 = tile / J->tiles_m * CG_TN;
        for (int64_t k0 = 0; k0 < J->k; k0 += CG_TK) {
            TN(cg_stage_, )(J, t, nt, m0, n0, k0, sl);
#pragma omp barrier
            for (int u = t; u < CG_NT; u += nt) {
                TN(cg_zero_, )(re, im);
                TN(cg_mac_, )(u, sl, re, im);
                if (k0 == 0)
                    TN(cg_store_, )(J, u, m0, n0, J->beta_re, J->beta_im, re, im);
                else
                    TN(cg_store_, )(J, u, m0, n0, 1, 0, re, im);
            }
            /* the slice is free for the next one */
#pragma omp barrier
        }
    }
}

/* A team's share of the tiles: the GPU path for a team of CG_NT threads
 * (on the tensor cores when tc, a constant at each call), the any-size
 * path otherwise; nt is the same for every thread of the team, so all take
 * the same one. */
GPU_INLINE void TN(cg_team_, )(bool tc, const TN(cg_job_, ) *J, TN(cg_slice_, ) sl[2])
{
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    const int64_t team = omp_get_team_num(), nteam = omp_get_num_teams();
    if (nt == CG_NT)
        TN(cg_team_full_, )(tc, J, sl, t, team, nteam);
    else
        TN(cg_team_any_, )(J, &sl[0], t, nt, team, nteam);
}

/* One call's job, built by every thread from the kernel's scalar
 * arguments (kernel parameters are cheap to read again, where a struct
 * passed in would live in local memory). */
GPU_INLINE TN(cg_job_, ) TN(cg_job_of_, )(bool ta, bool tb, bool ca, bool cb, int64_t m,
                                          int64_t n, int64_t k, int64_t lda, int64_t ldb,
                                          int64_t ldc, const T *a, const T *b, T *c, TR alpha_re,
                                          TR alpha_im, TR beta_re, TR beta_im, int64_t tiles_m,
                                          int64_t ntiles)
{
    return (TN(cg_job_, )){
        .m = m, .n = n, .k = k, .lda = lda, .ldb = ldb, .ldc = ldc,
        .ta = ta, .tb = tb, .ca = ca, .cb = cb, .a = a, .b = b, .c = c,
        .alpha_re = alpha_re, .alpha_im = alpha_im, .beta_re = beta_re,
        .beta_im = beta_im, .tiles_m = tiles_m, .ntiles = ntiles,
    };
}

/* The tiled kernels, the tensor-core one apart so that neither one's
 * registers weigh on the other's allocation; tc asks for the tensor cores
 * (used where CG_TC_HOST). In each, the local memory (two buffers of a k
 * slice) is declared in the teams region and shared by its threads, and
 * the arguments are firstprivate so that no thread reads team memory for
 * them after a barrier. */
static void TN(cg_tiled_, )(int dev, bool tc, const ompwg_gemm_shape *s, T alpha, const T *a,
                            const T *b, T beta, T *c)
{
    const bool ta = s->transa, tb = s->transb, ca = s->transa && s->conja,
               cb = s->transb && s->conjb;
    const int64_t m = s->m, n = s->n, k = s->k, lda = s->lda, ldb = s->ldb, ldc = s->ldc;
    const TR alpha_re = alpha.re, alpha_im = alpha.im, beta_re = beta.re, beta_im = beta.im;
    const int64_t tiles_m = ompwg_gpu_ceil_div(m, CG_TM);
    const int64_t ntiles = tiles_m * ompwg_gpu_ceil_div(n, CG_TN);
    const int teams = ompwg_gpu_teams_for(ntiles);
    if (CG_TC_HOST && tc) {
#pragma omp target teams device(dev) num_teams(teams) thread_limit(CG_NT) is_device_ptr(a, b, c)
        {
            TN(cg_slice_, ) sl[2];
#pragma omp parallel firstprivate(ta, tb, ca, cb, m, n, k, lda, ldb, ldc, a, b, c, alpha_re, \
                                      alpha_im, beta_re, beta_im, tiles_m, ntiles)
            {
                const TN(cg_job_, ) J =
                    TN(cg_job_of_, )(ta, tb, ca, cb, m, n, k, lda, ldb, ldc, a, b, c, alpha_re,
                                     alpha_im, beta_re, beta_im, tiles_m, ntiles);
                TN(cg_team_, )(CG_TC, &J, sl);
            }
        }
        return;
    }
#pragma omp target teams device(dev) num_teams(teams) thread_limit(CG_NT) is_device_ptr(a, b, c)
    {
        TN(cg_slice_, ) sl[2];
#pragma omp parallel firstprivate(ta, tb, ca, cb, m, n, k, lda, ldb, ldc, a, b, c, alpha_re, \
                                      alpha_im, beta_re, beta_im, tiles_m, ntiles)
        {
            const TN(cg_job_, ) J =
                TN(cg_job_of_, )(ta, tb, ca, cb, m, n, k, lda, ldb, ldc, a, b, c, alpha_re,
                                 alpha_im, beta_re, beta_im, tiles_m, ntiles);
            TN(cg_team_, )(false, &J, sl);
        }
    }
}

#if CG_TC
#undef CG_DW_M
#undef CG_DW_N
#undef CG_MI
#undef CG_NJ
#undef CG_DMMA_ACC
#endif
