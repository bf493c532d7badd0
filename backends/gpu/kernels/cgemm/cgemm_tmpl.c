/* The GPU complex GEMM of one complex precision, built once per precision
 * by Meson (prec.h's OMPWG_PREC_C, OMPWG_PREC_Z), in one translation unit
 * (LLVM's OpenMP optimisations, SPMD mode and team arrays moved to shared
 * memory, work across the functions of a unit): the tiled kernel (a team
 * tile of CG_TM x CG_TN, CG_TK deep, CG_RM x CG_RN per thread), its FP64
 * tensor-core path (cgemm_dmma.inl), the kernel written once for both
 * (cgemm_tiled.inl) and the calls around it (cgemm_call.inl).
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
 * (cg_dmma_mac).
 *
 * Any team and thread count the runtime grants gives the right result: the
 * teams stride over the tiles. A team of CG_NT threads keeps one register
 * tile per thread across the whole k loop over double-buffered slices
 * (cg_team_full); a team of any other size (host fallback) computes each
 * slice's register tiles in turn and adds them into C at once
 * (cg_team_any). */
#include <omp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../runtime/gemm_copies.h"
#include "../../gpu.h"
#include "../gpu_async.h"
#include "../gpu_mma.h"
#include "../grid.h"
#include "ompwg.h"
#include "ompwg_config.h"
#include "prec.h"
#include "complex_tmpl.h"
#include "../../runtime/staging.h"
#include "../../variant.h"

/* Threads of the C := beta * C kernel's teams. */
enum { CSCALE_NT = 256 };

/* The team tile: CG_TM x CG_TN of C, CG_RM x CG_RN per thread, so
 * (CG_TM / CG_RM) * (CG_TN / CG_RN) threads, each with 16 complex
 * accumulators (32 registers of the real type): 64 x 64 and 256 threads
 * for float, 64 x 32 and 128 threads for double. meson.build caps the
 * kernels so that several teams share a multiprocessor and one's barrier
 * leaves the others' warps running: double at 168 registers a thread,
 * three teams (one team of 256 threads: ZGEMM 0.35-0.63x of cuBLAS; two
 * of 128, 248 registers: 0.54-0.70x; three, 148 bytes of spills:
 * 0.60-0.76x), float at 128, two teams, no spills (CGEMM 0.32-0.39x of
 * cuBLAS with one team, 0.49-0.51x with two; bench/NOTES.md). A thread's
 * rows are
 * CG_TM / CG_RM apart and its columns CG_TN / CG_RN apart, so the threads
 * of a warp read consecutive staged values. The k slice is 8 deep for
 * both precisions (CG_TK): a float slice 16 deep left each thread 8
 * elements to fetch ahead, and ptxas -v (sm_90) showed the float kernel
 * spilling; 8 deep neither spills. A staged slice of op(A) and op(B), real
 * and imaginary parts apart, is at most 17 KiB, two buffers of it 34 KiB a
 * team.
 *
 * CG_TC: the double kernel's FP64 tensor-core path is compiled (device
 * pass only: inline PTX, gpu_mma.h); CG_TC_HOST: the host side may ask for
 * it. The team's warps then split the tile into 16 x 32 warp tiles
 * (m16n8k8; 16 x 32 in 8 x 8 blocks for m8n8k4), whose two accumulator
 * sets, real and imaginary, take the place of the register tiles. */
enum {
    CG_TM = 64,
#if defined(OMPWG_PREC_Z)
    CG_TN = 32,
#else
    CG_TN = 64,
#endif
    CG_RM = 4,
    CG_RN = 4,
    CG_NT = (CG_TM / CG_RM) * (CG_TN / CG_RN),
    /* Staged rows 4 elements longer than the tile. A transposed operand is
     * stored down a column of the slice, 8 consecutive threads along k: a
     * row of 4 (mod 32) 4-byte banks puts a warp's float stores in 32
     * distinct banks. For double the tensor-core fragments want rows of 4
     * (mod 16) elements: the four k rows a half-warp reads fall in distinct
     * banks. */
    CG_ROW_A = CG_TM + 4,
    CG_ROW_B = CG_TN + 4,
    CG_TK = 8,
    /* elements of each slice a thread of a full team stages */
    CG_LA = CG_TM * CG_TK / CG_NT,
    CG_LB = CG_TN * CG_TK / CG_NT,
};
_Static_assert(CG_LA * CG_NT == CG_TM * CG_TK && CG_LB * CG_NT == CG_TN * CG_TK,
               "a full team stages the slices evenly");

#if defined(OMPWG_PREC_Z) && defined(__NVPTX__) && OMPWG_GPU_FP64_MMA
#define CG_TC 1
#else
#define CG_TC 0
#endif
enum { CG_TC_HOST = T_IS_DOUBLE && OMPWG_GPU_FP64_MMA > 0 };

/* CG_ASYNC: the tensor-core path stages its slices with asynchronous
 * copies (gpu_async.h), CG_STAGES of them in the team's dynamic local
 * memory (53 KiB for double; three teams a multiprocessor take 160 of its
 * 227): with one slice in flight through registers, Nsight Compute showed
 * the warps waiting on global loads half of the time (bench/NOTES.md).
 * Device pass only; the host asks for the memory wherever it may take the
 * tensor-core path, the host fallback keeps the static buffers. */
#if CG_TC && GPU_ASYNC_COPY
#define CG_ASYNC 1
#else
#define CG_ASYNC 0
#endif
enum { CG_STAGES = 4 };

/* The functions that hold target regions: the offload entry of a region
 * is named after its function, and the c and z objects of this file go
 * into one device image, so these names differ between the precisions. */
#if defined(OMPWG_PREC_C)
#define cg_scale cg_scale_c
#define cg_tiled cg_tiled_c
#define cg_tiled_tc cg_tiled_tc_c
#else
#define cg_scale cg_scale_z
#define cg_tiled cg_tiled_z
#define cg_tiled_tc cg_tiled_tc_z
#endif

typedef struct cg_job {
    int64_t m, n, k, lda, ldb, ldc;
    bool ta, tb, ca, cb;
    const T *a, *b;
    T *c;
    TR alpha_re, alpha_im, beta_re, beta_im;
    int64_t tiles_m, tiles_n, ntiles;
} cg_job;

/* Where element (row, col) of op(X) lies, X stored with leading dimension
 * ld and transposed by op or not. */
GPU_INLINE const T *cg_at(const T *x, int64_t ld, bool trans, int64_t row, int64_t col)
{
    return trans ? x + col + row * ld : x + row + col * ld;
}

/* op(A)(i, p) for i < m, p < k, else 0; conjugated for ^H. */
GPU_INLINE T cg_op_a(const cg_job *J, int64_t i, int64_t p)
{
    T v = { 0, 0 };
    if (i < J->m && p < J->k) {
        v = *cg_at(J->a, J->lda, J->ta, i, p);
        if (J->ca) v.im = -v.im;
    }
    return v;
}

/* op(B)(p, j) for p < k, j < n, else 0; conjugated for ^H. */
GPU_INLINE T cg_op_b(const cg_job *J, int64_t p, int64_t j)
{
    T v = { 0, 0 };
    if (p < J->k && j < J->n) {
        v = *cg_at(J->b, J->ldb, J->tb, p, j);
        if (J->cb) v.im = -v.im;
    }
    return v;
}

/* The first row and column of C that tile number `tile` covers. */
GPU_INLINE void cg_tile_origin(const cg_job *J, int64_t tile, int64_t *m0, int64_t *n0)
{
    int64_t ti, tj;
    ompwg_gpu_tile_coords(tile, J->tiles_m, J->tiles_n, &ti, &tj);
    *m0 = ti * CG_TM;
    *n0 = tj * CG_TN;
}

/* The staged k slice of op(A) (CG_TM x CG_TK) and of op(B) (CG_TK x CG_TN),
 * real and imaginary parts apart: local memory. */
typedef struct cg_slice {
    TR are[CG_TK][CG_ROW_A], aim[CG_TK][CG_ROW_A];
    TR bre[CG_TK][CG_ROW_B], bim[CG_TK][CG_ROW_B];
} cg_slice;

/* Element e of a slice of op(A) is (i, p) and of op(B) (p, j): consecutive
 * elements lie along m (or n) where the operand is contiguous that way,
 * else along k, so consecutive threads read consecutive addresses. */
GPU_INLINE void cg_a_at(const cg_job *J, int e, int *i, int *p)
{
    *i = J->ta ? e / CG_TK : e % CG_TM;
    *p = J->ta ? e % CG_TK : e / CG_TM;
}

GPU_INLINE void cg_b_at(const cg_job *J, int e, int *p, int *j)
{
    *j = J->tb ? e % CG_TN : e / CG_TK;
    *p = J->tb ? e / CG_TN : e % CG_TK;
}

/* A team of any size copies the k slice at k0 of the tile at (m0, n0) into
 * sl, thread t taking elements t, t + nt, ... */
GPU_INLINE void cg_stage(const cg_job *J, int t, int nt, int64_t m0, int64_t n0,
                         int64_t k0, cg_slice *sl)
{
    for (int e = t; e < CG_TM * CG_TK; e += nt) {
        int i, p;
        cg_a_at(J, e, &i, &p);
        const T v = cg_op_a(J, m0 + i, k0 + p);
        sl->are[p][i] = v.re;
        sl->aim[p][i] = v.im;
    }
    for (int e = t; e < CG_TN * CG_TK; e += nt) {
        int p, j;
        cg_b_at(J, e, &p, &j);
        const T v = cg_op_b(J, k0 + p, n0 + j);
        sl->bre[p][j] = v.re;
        sl->bim[p][j] = v.im;
    }
}

/* A team of CG_NT threads: thread t's elements of the k slice at k0 (t,
 * t + CG_NT, ...) into registers, so that their loads are in flight while
 * the team computes on the other buffer ... */
GPU_INLINE void cg_fetch(const cg_job *J, int t, int64_t m0, int64_t n0, int64_t k0,
                         T ra[CG_LA], T rb[CG_LB])
{
#pragma unroll
    for (int x = 0; x < CG_LA; x++) {
        int i, p;
        cg_a_at(J, t + x * CG_NT, &i, &p);
        ra[x] = cg_op_a(J, m0 + i, k0 + p);
    }
#pragma unroll
    for (int x = 0; x < CG_LB; x++) {
        int p, j;
        cg_b_at(J, t + x * CG_NT, &p, &j);
        rb[x] = cg_op_b(J, k0 + p, n0 + j);
    }
}

/* ... and then into that buffer. */
GPU_INLINE void cg_put(const cg_job *J, int t, const T ra[CG_LA],
                       const T rb[CG_LB], cg_slice *sl)
{
#pragma unroll
    for (int x = 0; x < CG_LA; x++) {
        int i, p;
        cg_a_at(J, t + x * CG_NT, &i, &p);
        sl->are[p][i] = ra[x].re;
        sl->aim[p][i] = ra[x].im;
    }
#pragma unroll
    for (int x = 0; x < CG_LB; x++) {
        int p, j;
        cg_b_at(J, t + x * CG_NT, &p, &j);
        sl->bre[p][j] = rb[x].re;
        sl->bim[p][j] = rb[x].im;
    }
}

/* Register tile u of the staged slice added into (re, im). */
GPU_INLINE void cg_mac(int u, const cg_slice *sl, TR re[CG_RM][CG_RN],
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
GPU_INLINE void cg_update_c(const cg_job *J, int64_t i, int64_t j, TR beta_re,
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
GPU_INLINE void cg_store(const cg_job *J, int u, int64_t m0, int64_t n0,
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
            cg_update_c(J, i, j, beta_re, beta_im, re[r][s], im[r][s]);
        }
    }
}

GPU_INLINE void cg_zero(TR re[CG_RM][CG_RN], TR im[CG_RM][CG_RN])
{
#pragma unroll
    for (int r = 0; r < CG_RM; r++)
#pragma unroll
        for (int s = 0; s < CG_RN; s++) re[r][s] = im[r][s] = 0;
}

#if CG_TC
#include "cgemm_dmma.inl"
#endif

/* Thread t's step on a staged slice: on the tensor cores (tc, a constant
 * at each call) or by its register tile. */
GPU_INLINE void cg_team_mac(bool tc, int t, const cg_slice *sl,
                            TR re[CG_RM][CG_RN], TR im[CG_RM][CG_RN])
{
#if CG_TC
    if (tc) {
        cg_dmma_mac(t / 32, t % 32, sl, 0, 0, re, im);
        return;
    }
#else
    (void)tc;
#endif
    cg_mac(t, sl, re, im);
}

/* Thread t's write of its accumulators into the tile at (m0, n0). */
GPU_INLINE void cg_team_store(bool tc, const cg_job *J, int t, int64_t m0,
                              int64_t n0, const TR re[CG_RM][CG_RN],
                              const TR im[CG_RM][CG_RN])
{
#if CG_TC
    if (tc) {
        cg_dmma_store(J, t / 32, t % 32, m0, n0, re, im);
        return;
    }
#else
    (void)tc;
#endif
    cg_store(J, t, m0, n0, J->beta_re, J->beta_im, re, im);
}

/* A team of CG_NT threads (a GPU): thread t owns register tile t (or,
 * with tc, its lane's share of its warp's tile on the tensor cores) for the
 * whole k loop. The slices are double-buffered: slice kt + 1 is fetched
 * into registers before the team computes on slice kt and written into
 * the other buffer after, so one barrier per slice suffices (the buffer
 * written in step kt was last read in step kt - 1, before its barrier). */
GPU_INLINE void cg_team_full(bool tc, const cg_job *J, cg_slice sl[2],
                             int t, int64_t team, int64_t nteam)
{
    TR re[CG_RM][CG_RN], im[CG_RM][CG_RN];
    T ra[CG_LA], rb[CG_LB];
    const int64_t nk = (J->k + CG_TK - 1) / CG_TK;
    for (int64_t tile = team; tile < J->ntiles; tile += nteam) {
        int64_t m0, n0;
        cg_tile_origin(J, tile, &m0, &n0);
        cg_zero(re, im);
        cg_fetch(J, t, m0, n0, 0, ra, rb);
        cg_put(J, t, ra, rb, &sl[0]);
#pragma omp barrier
        for (int64_t kt = 0; kt < nk; kt++) {
            const bool more = kt + 1 < nk;
            if (more) cg_fetch(J, t, m0, n0, (kt + 1) * CG_TK, ra, rb);
            cg_team_mac(tc, t, &sl[kt & 1], re, im);
            if (more) cg_put(J, t, ra, rb, &sl[(kt + 1) & 1]);
#pragma omp barrier
        }
        cg_team_store(tc, J, t, m0, n0, re, im);
    }
}

#if CG_ASYNC
/* Where thread t's copies of a tile's slices come from and go: its first
 * elements of op(A) and op(B) at k = 0, the distance to its next ones and
 * the step from one slice to the next, and their places in a staged slice
 * (byte offsets of the real parts). The copies of a slice are then an add
 * an element, without index arithmetic and checks of their own (copies
 * checked element by element: their SEL, ISETP, IMAD and LEA were half of
 * the kernel's instructions under Nsight Compute, ZGEMM n = 2048, 17.8
 * instructions a DMMA; cuBLAS's kernel 7.5 for a DMMA's worth of work). A
 * thread's rows of A, columns of B and places along k are the same in
 * every slice, so which of them lie inside C, and inside k in the last
 * slice, is known once a tile. */
typedef struct cg_stream {
    const T *a, *b;
    int64_t next_a, next_b, step_a, step_b;
    unsigned at_a, at_b, next_at_a, next_at_b;
    /* bit x: A's element x lies in op(A)'s rows; bit CG_LA + x: B's
     * element x in op(B)'s columns (else zeros are copied: the address
     * formed past the operand is not read); in_last: the same in the last
     * slice, where also its k is below K */
    unsigned in, in_last;
} cg_stream;

/* Thread t's elements x of a slice (t + x CG_NT, cg_a_at and cg_b_at) lie
 * a constant apart in op(A) and op(B) and in the staged slice: along k
 * (next_*) where the operand is contiguous along m (or n), else along m
 * (or n); so a stream holds the first and the distance. */
_Static_assert(CG_NT % CG_TM == 0 && CG_NT % CG_TN == 0 && CG_NT % CG_TK == 0,
               "a thread's elements of a slice a constant apart");
_Static_assert(CG_LA + CG_LB <= 32, "a bit of cg_stream's `in` an element");

GPU_INLINE cg_stream cg_stream_of(const cg_job *J, int t, int64_t m0, int64_t n0)
{
    cg_stream st;
    int i, p, j;
    cg_a_at(J, t, &i, &p);
    st.a = cg_at(J->a, J->lda, J->ta, m0 + i, p);
    st.at_a = (unsigned)((p * CG_ROW_A + i) * (int)sizeof(TR));
    /* element x: k + x CG_NT / CG_TM (!ta), row + x CG_NT / CG_TK (ta) */
    st.next_a = J->ta ? (int64_t)(CG_NT / CG_TK) * J->lda : (int64_t)(CG_NT / CG_TM) * J->lda;
    st.next_at_a =
        (unsigned)((J->ta ? CG_NT / CG_TK : CG_NT / CG_TM * CG_ROW_A) * (int)sizeof(TR));
    st.step_a = J->ta ? CG_TK : CG_TK * J->lda;
    cg_b_at(J, t, &p, &j);
    st.b = cg_at(J->b, J->ldb, J->tb, p, n0 + j);
    st.at_b = (unsigned)((p * CG_ROW_B + j) * (int)sizeof(TR));
    /* element x: column + x CG_NT / CG_TK (!tb), k + x CG_NT / CG_TN (tb) */
    st.next_b = J->tb ? (int64_t)(CG_NT / CG_TN) * J->ldb : (int64_t)(CG_NT / CG_TK) * J->ldb;
    st.next_at_b =
        (unsigned)((J->tb ? CG_NT / CG_TN * CG_ROW_B : CG_NT / CG_TK) * (int)sizeof(TR));
    st.step_b = J->tb ? CG_TK * J->ldb : CG_TK;
    /* the last slice's k from its start: all of it, or the rest */
    const int64_t last = J->k % CG_TK != 0 ? J->k % CG_TK : CG_TK;
    st.in = 0;
    st.in_last = 0;
#pragma unroll
    for (int x = 0; x < CG_LA; x++) {
        cg_a_at(J, t + x * CG_NT, &i, &p);
        st.in |= (unsigned)(m0 + i < J->m) << x;
        st.in_last |= (unsigned)(m0 + i < J->m && p < last) << x;
    }
#pragma unroll
    for (int x = 0; x < CG_LB; x++) {
        cg_b_at(J, t + x * CG_NT, &p, &j);
        st.in |= (unsigned)(n0 + j < J->n) << (CG_LA + x);
        st.in_last |= (unsigned)(n0 + j < J->n && p < last) << (CG_LA + x);
    }
    return st;
}

/* Thread t's copies of slice kt of nk by its stream into the staged slice
 * at shared address sl0. */
GPU_INLINE void cg_async_stream(const cg_stream *st, int64_t kt, int64_t nk, unsigned sl0)
{
    const T *a = st->a + kt * st->step_a, *b = st->b + kt * st->step_b;
    const unsigned in_slice = kt == nk - 1 ? st->in_last : st->in;
#pragma unroll
    for (int x = 0; x < CG_LA; x++) {
        const T *src = a + x * st->next_a;
        const unsigned at = sl0 + st->at_a + (unsigned)x * st->next_at_a;
        const bool in = in_slice >> x & 1;
        gpu_async_copy(at + (unsigned)offsetof(cg_slice, are), &src->re, sizeof(TR), in);
        gpu_async_copy(at + (unsigned)offsetof(cg_slice, aim), &src->im, sizeof(TR), in);
    }
#pragma unroll
    for (int x = 0; x < CG_LB; x++) {
        const T *src = b + x * st->next_b;
        const unsigned at = sl0 + st->at_b + (unsigned)x * st->next_at_b;
        const bool in = in_slice >> (CG_LA + x) & 1;
        gpu_async_copy(at + (unsigned)offsetof(cg_slice, bre), &src->re, sizeof(TR), in);
        gpu_async_copy(at + (unsigned)offsetof(cg_slice, bim), &src->im, sizeof(TR), in);
    }
}

/* One tile at (m0, n0) on the tensor cores with CG_STAGES staged slices in
 * the team's dynamic local memory: the copies of the next CG_STAGES - 1
 * slices are in flight while the warps compute on the current one
 * (cg_team_full has one in flight, in registers). One barrier per slice:
 * after it every thread's copies of slice kt have landed and every warp is
 * done with slice kt - 1, whose buffer then takes slice kt + CG_STAGES -
 * 1. (A barrier every two slices, five stages, measured slower:
 * bench/NOTES.md.) The copies go by the thread's stream (cg_stream). */
GPU_INLINE void cg_tile_async(const cg_job *J, cg_slice *sl, int t, int64_t m0, int64_t n0,
                              uint64_t sa, uint64_t sb)
{
    TR re[CG_RM][CG_RN], im[CG_RM][CG_RN];
    const unsigned sl0 = gpu_shared_address(sl);
    const int64_t nk = (J->k + CG_TK - 1) / CG_TK;
    const cg_stream st = cg_stream_of(J, t, m0, n0);
#pragma unroll
    for (int s = 0; s < CG_STAGES - 1; s++) {
        if (s < nk) cg_async_stream(&st, s, nk, sl0 + (unsigned)(s * sizeof(cg_slice)));
        gpu_async_commit();
    }
    cg_zero(re, im);
    for (int64_t kt = 0; kt < nk; kt++) {
        GPU_ASYNC_WAIT(CG_STAGES - 2);
        GPU_TEAM_SYNC(CG_NT);
        const int64_t ahead = kt + CG_STAGES - 1;
        if (ahead < nk)
            cg_async_stream(&st, ahead, nk,
                            sl0 + (unsigned)(ahead % CG_STAGES * sizeof(cg_slice)));
        gpu_async_commit();
        cg_dmma_mac(t / 32, t % 32, &sl[kt % CG_STAGES], sa, sb, re, im);
    }
    /* every warp is done with the buffers before the next tile's copies */
    GPU_TEAM_SYNC(CG_NT);
    cg_dmma_store(J, t / 32, t % 32, m0, n0, re, im);
}

/* A team of CG_NT threads on the tensor cores: its tiles, without the sign
 * flips (XOR with 0) where neither operand is conjugated. */
GPU_INLINE void cg_team_async(const cg_job *J, cg_slice *sl, int t, int64_t team, int64_t nteam)
{
    const uint64_t sa = J->ca ? CG_SIGN_BIT : 0, sb = J->cb ? CG_SIGN_BIT : 0;
    for (int64_t tile = team; tile < J->ntiles; tile += nteam) {
        int64_t m0, n0;
        cg_tile_origin(J, tile, &m0, &n0);
        if (sa | sb)
            cg_tile_async(J, sl, t, m0, n0, sa, sb);
        else
            cg_tile_async(J, sl, t, m0, n0, 0, 0);
    }
}
#endif

/* A team of any other size (host fallback): each slice staged by all the
 * threads into one buffer, then each thread's share of the register tiles
 * computed from it and added into C at once (alpha * acc + beta * C for
 * the first slice, + C after). Every thread reaches every barrier. Kept
 * out of line: a GPU never takes it. */
static __attribute__((noinline)) void cg_team_any(const cg_job *J,
                                                  cg_slice *sl, int t, int nt,
                                                  int64_t team, int64_t nteam)
{
    TR re[CG_RM][CG_RN], im[CG_RM][CG_RN];
    for (int64_t tile = team; tile < J->ntiles; tile += nteam) {
        int64_t m0, n0;
        cg_tile_origin(J, tile, &m0, &n0);
        for (int64_t k0 = 0; k0 < J->k; k0 += CG_TK) {
            cg_stage(J, t, nt, m0, n0, k0, sl);
#pragma omp barrier
            for (int u = t; u < CG_NT; u += nt) {
                cg_zero(re, im);
                cg_mac(u, sl, re, im);
                if (k0 == 0)
                    cg_store(J, u, m0, n0, J->beta_re, J->beta_im, re, im);
                else
                    cg_store(J, u, m0, n0, 1, 0, re, im);
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
GPU_INLINE void cg_team(bool tc, const cg_job *J, cg_slice *sl)
{
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    const int64_t team = omp_get_team_num(), nteam = omp_get_num_teams();
#if CG_ASYNC
    if (tc && nt == CG_NT) {
        cg_team_async(J, sl, t, team, nteam);
        return;
    }
#endif
    if (nt == CG_NT)
        cg_team_full(tc, J, sl, t, team, nteam);
    else
        cg_team_any(J, &sl[0], t, nt, team, nteam);
}

/* One call's job, built by every thread from the kernel's scalar
 * arguments (kernel parameters are cheap to read again, where a struct
 * passed in would live in local memory). */
GPU_INLINE cg_job cg_job_of(bool ta, bool tb, bool ca, bool cb, int64_t m,
                            int64_t n, int64_t k, int64_t lda, int64_t ldb,
                            int64_t ldc, const T *a, const T *b, T *c, TR alpha_re,
                            TR alpha_im, TR beta_re, TR beta_im, int64_t tiles_m,
                            int64_t ntiles)
{
    return (cg_job){
        .m = m, .n = n, .k = k, .lda = lda, .ldb = ldb, .ldc = ldc,
        .ta = ta, .tb = tb, .ca = ca, .cb = cb, .a = a, .b = b, .c = c,
        .alpha_re = alpha_re, .alpha_im = alpha_im, .beta_re = beta_re,
        .beta_im = beta_im, .tiles_m = tiles_m, .tiles_n = ntiles / tiles_m,
        .ntiles = ntiles,
    };
}

/* The tiled kernel, on the tensor cores (cg_tiled_tc) and not (cg_tiled). */
#define CG_TILED_TC 0
#include "cgemm_tiled.inl"
#undef CG_TILED_TC
#define CG_TILED_TC 1
#include "cgemm_tiled.inl"
#undef CG_TILED_TC

#include "cgemm_call.inl"
