/* The GPU reductions (sum, asum, dot, max, min) of one precision, built
 * once per precision by Meson (prec.h), in one translation unit (see
 * gemm_tmpl.c for why) with its part reduce_sum.inl, the kernel of sum and
 * asum and that of dot.
 *
 * The local-memory reduction pattern: each thread accumulates a partial over
 * the blocks of its virtual team (float terms in double), writes it to a
 * team-shared array zero-padded to RED_NT slots, and the team halves the
 * active stride with a barrier per step. On a GPU the tree stops at 64
 * partials, and warp 0 (a sub-group) adds them pairwise and finishes with
 * shuffles, without barriers. The sub-group variant (OMPWG_GPU_REDUCE)
 * replaces the tree: every sub-group reduces with shuffles first. One
 * partial per virtual team goes to device memory, and the team that
 * finishes last combines them in the same launch (finish.h) in an order
 * that depends only on their number, so a given device, variant and n
 * always give the same bits. */
#include <math.h>
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "../../runtime/buffers.h"
#include "extremum.h"
#include "../finish.h"
#include "../../gpu.h"
#include "../grid.h"
#include "ompwg.h"
#include "ompwg/team.h"
#include "prec.h"
#include "../../runtime/reply.h"
#include "../../variant.h"

/* The kernels' team size, loads in flight and grid (RED_NT, RED_SUM_U,
 * RED_DOT_U, RED_TEAMS_PER_SM, RED_DOT_TEAMS_PER_SM): tune/sm90.h, which
 * says why each value; each can be overridden with -D. */
#include "../../tune/sm90.h"
_Static_assert((RED_NT & (RED_NT - 1)) == 0 && RED_NT >= 64,
               "the team tree halves a power of two down to a warp");

/* elements per 16-byte load; elements per block of the max/min kernel */
enum { RED_VW = 16 / (int)sizeof(T), RED_BLOCK = RED_NT * RED_SUM_U * RED_VW };

/* The functions that hold target regions: the offload entry of a region
 * is named after its function, and the s and d objects of this file go
 * into one device image, so these names differ between the precisions. */
#if defined(OMPWG_PREC_S)
#define dot_kernel dot_kernel_s
#define extremum_kernel extremum_kernel_s
#define sum_kernel sum_kernel_s
#else
#define dot_kernel dot_kernel_d
#define extremum_kernel extremum_kernel_d
#define sum_kernel sum_kernel_d
#endif

/* Logical element i's term of the sum. */
GPU_INLINE ACC term(ompwg_reduce_op op, const T *x, int64_t incx, const T *y,
                    int64_t incy, int64_t i)
{
    if (op == OMPWG_REDUCE_DOT) return (ACC)x[i * incx] * (ACC)y[i * incy];
    if (op == OMPWG_REDUCE_ASUM) return (ACC)T_ABS(x[i * incx]);
    return (ACC)x[i * incx];
}

/* Thread t's pieces of a full block of 16-byte aligned vectors at unit
 * stride, into xv (and yv for dot): u independent 16-byte loads per stream
 * (a constant once inlined), each sweep of the team over RED_NT
 * consecutive pieces. */
GPU_INLINE void block_load(ompwg_reduce_op op, const T *xb, const T *yb, int t, int u,
                           T *xv, T *yv)
{
#pragma unroll
    for (int j = 0; j < u; j++) {
        const int64_t at = ((int64_t)j * RED_NT + t) * RED_VW;
        const T *xp = __builtin_assume_aligned(xb + at, 16);
#pragma unroll
        for (int e = 0; e < RED_VW; e++) xv[j * RED_VW + e] = xp[e];
        if (op == OMPWG_REDUCE_DOT) {
            const T *yp = __builtin_assume_aligned(yb + at, 16);
#pragma unroll
            for (int e = 0; e < RED_VW; e++) yv[j * RED_VW + e] = yp[e];
        }
    }
}

/* acc[j] += the terms of what block_load_ read. */
GPU_INLINE void block_add(ompwg_reduce_op op, int u, const T *xv, const T *yv, ACC *acc)
{
#pragma unroll
    for (int j = 0; j < u; j++)
#pragma unroll
        for (int e = 0; e < RED_VW; e++) {
            const T v = xv[j * RED_VW + e];
            if (op == OMPWG_REDUCE_DOT) acc[j] += (ACC)v * (ACC)yv[j * RED_VW + e];
            else if (op == OMPWG_REDUCE_ASUM) acc[j] += (ACC)T_ABS(v);
            else acc[j] += (ACC)v;
        }
}

/* The sum of part[0..np), written by other teams, for thread 0 of the last
 * team; every thread of the team calls it. The order of the additions
 * depends on np alone (ompwg_gpu_warp_finish). */
GPU_INLINE ACC partials_sum(const ACC *part, int64_t np, int t, int nt)
{
    /* volatile: read past this multiprocessor's L1 cache */
    const volatile ACC *vp = part;
    const bool warp = ompwg_gpu_warp_finish(nt);
    ACC s = 0;
    if (warp ? t >= 32 : t != 0) return s;
    for (int64_t p = t; p < np; p += warp ? 32 : 1) s += vp[p];
    if (warp) {
        const ompwg_subgroup sg = ompwg_sg_of((ompwg_team){ .thread = t, .size = nt });
        for (int off = 16; off > 0; off /= 2)
            s += TEAM_ACC(ompwg_sg_shuffle_down)(sg, s, (unsigned)off);
    }
    return s;
}

/* sum and asum, then dot: each its own kernel, so that sum and asum carry
 * only one stream's registers and more of their teams fit on an SM. */
#define RED_DOT 0
#include "reduce_sum.inl"
#undef RED_DOT
#define RED_DOT 1
#include "reduce_sum.inl"
#undef RED_DOT

/* The extremum of the lanes of a sub-group into lane 0, in a tree of
 * shuffles (the other lanes keep partial results). */
GPU_INLINE void sg_extremum(ompwg_subgroup sg, bool want_max, T *best, int64_t *best_i)
{
    for (int off = 1; off < sg.size; off <<= 1) {
        const T v = TEAM_T(ompwg_sg_shuffle_down)(sg, *best, (unsigned)off);
        const int64_t i = ompwg_sg_shuffle_down_l(sg, *best_i, (unsigned)off);
        if (sg.lane + off < sg.size && i >= 0 &&
            ompwg_extremum_beats(want_max, v, i, *best, *best_i)) {
            *best = v;
            *best_i = i;
        }
    }
}

/* The extremum of the partials (pv, pi)[0..np), written by other teams, for
 * thread 0 of the last team, which every thread of the team calls: as
 * partials_sum_, with the comparison of extremum.h, under which the order
 * of the combination does not change the result. */
GPU_INLINE void partials_extremum(bool want_max, const T *pv, const int64_t *pi,
                                  int64_t np, int t, int nt, T *best, int64_t *best_i)
{
    const volatile T *vv = pv;
    const volatile int64_t *vi = pi;
    const bool warp = ompwg_gpu_warp_finish(nt);
    *best = 0;
    *best_i = -1;
    if (warp ? t >= 32 : t != 0) return;
    for (int64_t p = t; p < np; p += warp ? 32 : 1) {
        const T v = vv[p];
        const int64_t i = vi[p];
        if (i >= 0 && ompwg_extremum_beats(want_max, v, i, *best, *best_i)) {
            *best = v;
            *best_i = i;
        }
    }
    if (warp)
        sg_extremum(ompwg_sg_of((ompwg_team){ .thread = t, .size = nt }), want_max, best,
                    best_i);
}

/* Whether element v, later than the best so far (best, best_i), replaces it
 * by the rule of extremum.h: a thread visits its elements in increasing
 * order, so a tie never does and a NaN does only when the best is not one. */
GPU_INLINE bool later_beats(bool want_max, T v, T best, int64_t best_i)
{
    if (best_i < 0) return true;
    if (best != best) return false;
    if (v != v) return true;
    return want_max ? v > best : v < best;
}

/* Thread t's extremum of virtual team p's blocks, with vector loads on the
 * whole blocks when vec; want_max is a constant at each call. */
GPU_INLINE void extremum_partial(bool want_max, int64_t p, int64_t np, int64_t n,
                                 const T *x, int64_t incx, int t, int nt, bool vec,
                                 T *best_out, int64_t *best_i_out)
{
    T best = 0;
    int64_t best_i = -1;
    const int64_t nblocks = ompwg_gpu_ceil_div(n, RED_BLOCK);
    int64_t blk = p;
    if (vec) {
        const int64_t whole = n / RED_BLOCK;
        for (; blk < whole; blk += np) {
            const int64_t base = blk * RED_BLOCK;
            T xv[RED_SUM_U * RED_VW];
#pragma unroll
            for (int j = 0; j < RED_SUM_U; j++) {
                const T *xp = __builtin_assume_aligned(x + base + ((int64_t)j * RED_NT + t) * RED_VW,
                                                       16);
#pragma unroll
                for (int e = 0; e < RED_VW; e++) xv[j * RED_VW + e] = xp[e];
            }
#pragma unroll
            for (int j = 0; j < RED_SUM_U; j++)
#pragma unroll
                for (int e = 0; e < RED_VW; e++) {
                    const T v = xv[j * RED_VW + e];
                    if (later_beats(want_max, v, best, best_i)) {
                        best = v;
                        best_i = base + ((int64_t)j * RED_NT + t) * RED_VW + e;
                    }
                }
        }
    }
    for (; blk < nblocks; blk += np) {
        const int64_t base = blk * RED_BLOCK;
        const int64_t end = base + RED_BLOCK < n ? base + RED_BLOCK : n;
        for (int64_t i = base + t; i < end; i += nt) {
            const T v = x[i * incx];
            if (later_beats(want_max, v, best, best_i)) {
                best = v;
                best_i = i;
            }
        }
    }
    *best_out = best;
    *best_i_out = best_i;
}

/* max, min: (pv[p], pi[p]) := the extremum of virtual team p and its index,
 * by the rule of extremum.h, and (*answer_v, *answer_i) := the extremum of
 * them all (finish.h). The team step is the local-memory tree, or
 * with `subgroup` a tree of shuffles in each sub-group and the sub-groups'
 * results combined in order from local memory. */
static void extremum_kernel(int dev, int teams, int64_t np, bool want_max, int64_t n,
                            const T *x, int64_t incx, T *pv, int64_t *pi, bool subgroup,
                            unsigned *arrivals, T *answer_v, int64_t *answer_i)
{
    const bool unit = incx == 1 && (uintptr_t)x % 16 == 0;
#pragma omp target teams device(dev) num_teams(teams) thread_limit(RED_NT) \
    is_device_ptr(x, pv, pi, arrivals, answer_v, answer_i)
    {
        T shv[RED_NT];
        int64_t shi[RED_NT];
        int last_team;
#pragma omp parallel firstprivate(np, want_max, n, x, incx, pv, pi, unit, subgroup, arrivals, \
                                  answer_v, answer_i)
        {
            const int t = omp_get_thread_num(), nt = omp_get_num_threads();
            const int64_t team = omp_get_team_num(), nteam = omp_get_num_teams();
            const bool vec = unit && nt == RED_NT;
            for (int64_t p = team; p < np; p += nteam) {
                T best;
                int64_t best_i;
                /* one call per direction, each with a constant want_max */
                if (want_max)
                    extremum_partial(true, p, np, n, x, incx, t, nt, vec, &best, &best_i);
                else
                    extremum_partial(false, p, np, n, x, incx, t, nt, vec, &best, &best_i);
                if (subgroup) {
                    const ompwg_team tm = { .thread = t, .size = nt };
                    const ompwg_subgroup sg = ompwg_sg_of(tm);
                    sg_extremum(sg, want_max, &best, &best_i);
                    if (sg.lane == 0) {
                        shv[sg.id] = best;
                        shi[sg.id] = best_i;
                    }
#pragma omp barrier
                    if (t == 0) {
                        for (int i = 1; i < sg.count; i++)
                            if (shi[i] >= 0 && ompwg_extremum_beats(want_max, shv[i], shi[i],
                                                                    shv[0], shi[0])) {
                                shv[0] = shv[i];
                                shi[0] = shi[i];
                            }
                        pv[p] = shv[0];
                        pi[p] = shi[0];
                    }
#pragma omp barrier
                    continue;
                }
                shv[t] = best;
                shi[t] = best_i;
                for (int i = t + nt; i < RED_NT; i += nt) {
                    shv[i] = 0;
                    shi[i] = -1;
                }
#pragma omp barrier
                for (int s = RED_NT / 2; s >= 1; s /= 2) {
                    for (int i = t; i < s; i += nt)
                        if (shi[i + s] >= 0 && ompwg_extremum_beats(want_max, shv[i + s],
                                                                    shi[i + s], shv[i], shi[i])) {
                            shv[i] = shv[i + s];
                            shi[i] = shi[i + s];
                        }
#pragma omp barrier
                }
                if (t == 0) {
                    pv[p] = shv[0];
                    pi[p] = shi[0];
                }
#pragma omp barrier
            }
            if (ompwg_gpu_last_team(t, arrivals, (int)nteam, &last_team)) {
                T best;
                int64_t best_i;
                partials_extremum(want_max, pv, pi, np, t, nt, &best, &best_i);
                if (t == 0) {
                    *answer_v = best;
                    *answer_i = best_i;
                    ompwg_gpu_rearm(arrivals);
                }
            }
        }
    }
}

static int sum_on_device(int dev, const ompwg_vec_shape *s, const T *x, int64_t incx,
                         const T *y, int64_t incy, T *value, bool subgroup)
{
    const bool dot = s->op == OMPWG_REDUCE_DOT;
    const int64_t np =
        dot ? ompwg_gpu_partials_for(s->n, RED_NT * RED_DOT_U * RED_VW, RED_DOT_TEAMS_PER_SM)
            : ompwg_gpu_partials_for(s->n, RED_NT * RED_SUM_U * RED_VW, RED_TEAMS_PER_SM);
    ompwg_gpu_reply r;
    int st = ompwg_gpu_reply_take(dev, &r);
    if (st != OMPWG_OK) return st;
    void *part = NULL;
    st = ompwg_gpu_alloc(dev, (size_t)np * sizeof(ACC), &part);
    if (st == OMPWG_OK) {
        if (dot)
            dot_kernel(dev, ompwg_gpu_teams_for(np), np, s->op, s->n, x, incx, y, incy,
                       part, subgroup, r.arrivals, r.answer);
        else
            sum_kernel(dev, ompwg_gpu_teams_for(np), np, s->op, s->n, x, incx, y, incy,
                       part, subgroup, r.arrivals, r.answer);
        st = ompwg_gpu_reply_read(&r, value, sizeof *value);
    }
    ompwg_gpu_free(dev, part);
    ompwg_gpu_reply_give(&r);
    return st;
}

/* The answer of the max/min kernel: a value and its index. */
typedef struct extremum_answer {
    int64_t index;
    T value;
} extremum_answer;
_Static_assert(sizeof(extremum_answer) <= OMPWG_GPU_REPLY_BYTES, "the answer fits a reply");

static int extremum_on_device(int dev, const ompwg_vec_shape *s, const T *x,
                              int64_t incx, T *value, int64_t *index, bool subgroup)
{
    const int64_t np = ompwg_gpu_partials_for(s->n, RED_BLOCK, RED_TEAMS_PER_SM);
    const bool want_max = s->op == OMPWG_REDUCE_MAX;
    ompwg_gpu_reply r;
    int st = ompwg_gpu_reply_take(dev, &r);
    if (st != OMPWG_OK) return st;
    void *pv = NULL, *pi = NULL;
    st = ompwg_gpu_alloc(dev, (size_t)np * sizeof(T), &pv);
    if (st == OMPWG_OK) st = ompwg_gpu_alloc(dev, (size_t)np * sizeof(int64_t), &pi);
    if (st == OMPWG_OK) {
        extremum_answer *answer = r.answer;
        extremum_kernel(dev, ompwg_gpu_teams_for(np), np, want_max, s->n, x, incx, pv, pi,
                        subgroup, r.arrivals, &answer->value, &answer->index);
        extremum_answer got;
        st = ompwg_gpu_reply_read(&r, &got, sizeof got);
        if (st == OMPWG_OK) {
            *value = got.value;
            *index = got.index;
        }
    }
    ompwg_gpu_free(dev, pi);
    ompwg_gpu_free(dev, pv);
    ompwg_gpu_reply_give(&r);
    return st;
}

int TN(ompwg_gpu_, reduce)(const ompwg_vec_shape *s, const T *x, const T *y, T *value,
                           int64_t *index)
{
    if (!ompwg_gpu_ready()) return OMPWG_ERR_UNAVAILABLE;
    const int dev = ompwg_gpu_device();
    const bool dot = s->op == OMPWG_REDUCE_DOT;
    int64_t incx = s->incx, incy = dot ? s->incy : 1;
    const T *dx = x, *dy = dot ? y : NULL;
    void *bx = NULL, *by = NULL;
    int st = OMPWG_OK;
    if (!s->device_ptrs) {
        const void *on_device = NULL;
        st = ompwg_gpu_vec_to_device(dev, s->n, x, &incx, sizeof(T), &bx, &on_device);
        dx = on_device;
        if (st == OMPWG_OK && dot) {
            st = ompwg_gpu_vec_to_device(dev, s->n, y, &incy, sizeof(T), &by, &on_device);
            dy = on_device;
        }
    }
    if (st == OMPWG_OK) {
        const bool subgroup = ompwg_gpu_pick(OMPWG_GPU_KERNEL_REDUCE) == OMPWG_GPU_REDUCE_SUBGROUP;
        if (s->op == OMPWG_REDUCE_MAX || s->op == OMPWG_REDUCE_MIN)
            st = extremum_on_device(dev, s, dx, incx, value, index, subgroup);
        else
            st = sum_on_device(dev, s, dx, incx, dy, incy, value, subgroup);
    }
    ompwg_gpu_free(dev, by);
    ompwg_gpu_free(dev, bx);
    return st;
}

