/* The kernel of sum and asum (RED_DOT 0) or of dot (RED_DOT 1) for one
 * precision, a part of reduce_tmpl.c included twice.
 *
 * part[p] := the sum of the terms of virtual team p, and *answer := the sum
 * of the part[p] (finish.h). The team step is the local-memory tree, or
 * with `subgroup` (OMPWG_GPU_REDUCE=subgroup) the team reduction of
 * ompwg/team.h: each sub-group adds its lanes' partials with shuffles, and
 * the sub-groups' sums meet in local memory. */
#if RED_DOT
#define RED_KERNEL dot_kernel
#define RED_PARTIAL dot_partial
#define RED_KU RED_DOT_U
#else
#define RED_KERNEL sum_kernel
#define RED_PARTIAL sum_partial
#define RED_KU RED_SUM_U
#endif
#define RED_KBLOCK ((int64_t)RED_NT * RED_KU * RED_VW)

/* Thread t's share of virtual team p's blocks: a team of RED_NT threads on
 * 16-byte aligned unit-stride vectors (vec) reads the whole blocks with
 * vector loads, the rest element by element. Called with a constant op, so
 * that each kernel's hot loop holds its loads and adds and no branch: loads
 * issued ahead of the adds are what keeps enough bytes in flight. */
GPU_INLINE ACC RED_PARTIAL(ompwg_reduce_op op, int64_t p, int64_t np, int64_t n, const T *x,
                           int64_t incx, const T *y, int64_t incy, int t, int nt, bool vec)
{
    ACC acc[RED_KU];
#pragma unroll
    for (int j = 0; j < RED_KU; j++) acc[j] = 0;
    const int64_t nblocks = ompwg_gpu_ceil_div(n, RED_KBLOCK);
    int64_t blk = p;
    if (vec) {
        const int64_t whole = n / RED_KBLOCK;
        T xv[RED_KU * RED_VW], yv[RED_KU * RED_VW];
        for (; blk < whole; blk += np) {
            const int64_t base = blk * RED_KBLOCK;
            block_load(op, x + base, RED_DOT ? y + base : y, t, RED_KU, xv, yv);
            block_add(op, RED_KU, xv, yv, acc);
        }
    }
    for (; blk < nblocks; blk += np) {
        const int64_t base = blk * RED_KBLOCK;
        const int64_t end = base + RED_KBLOCK < n ? base + RED_KBLOCK : n;
        for (int64_t i = base + t; i < end; i += nt) acc[0] += term(op, x, incx, y, incy, i);
    }
    ACC mine = acc[0];
#pragma unroll
    for (int j = 1; j < RED_KU; j++) mine += acc[j];
    return mine;
}

static void RED_KERNEL(int dev, int teams, int64_t np, ompwg_reduce_op op_in, int64_t n,
                       const T *x, int64_t incx, const T *y, int64_t incy, ACC *part,
                       bool subgroup, unsigned *arrivals, T *answer)
{
    const bool asum = !RED_DOT && op_in == OMPWG_REDUCE_ASUM;
    /* the vector path: unit strides and 16-byte aligned vectors */
    const bool unit = incx == 1 && (uintptr_t)x % 16 == 0 &&
                      (!RED_DOT || (incy == 1 && (uintptr_t)y % 16 == 0));
#pragma omp target teams device(dev) num_teams(teams) thread_limit(RED_NT) \
    is_device_ptr(x, y, part, arrivals, answer)
    {
        /* local memory: one slot per thread a team may have (the tree's
         * array, or the scratch of the sub-group variant's team step) */
        ACC sh[RED_NT];
        int last_team;
        /* private copies: read once, instead of from team memory after every
         * barrier */
#pragma omp parallel firstprivate(np, asum, n, x, incx, y, incy, part, unit, subgroup, \
                                  arrivals, answer)
        {
            /* nt <= RED_NT: thread_limit bounds the threads of the team */
            const int t = omp_get_thread_num(), nt = omp_get_num_threads();
            const int64_t team = omp_get_team_num(), nteam = omp_get_num_teams();
            const bool full = nt == RED_NT;
            /* the tree stops where a warp can take over */
            int last = 1;
#if defined(__NVPTX__)
            if (full) last = 64;
#endif
            for (int64_t p = team; p < np; p += nteam) {
                /* one call per op, each with a constant op */
                ACC mine;
                if (RED_DOT)
                    mine = RED_PARTIAL(OMPWG_REDUCE_DOT, p, np, n, x, incx, y, incy, t, nt,
                                       full && unit);
                else if (asum)
                    mine = RED_PARTIAL(OMPWG_REDUCE_ASUM, p, np, n, x, incx, y, incy, t, nt,
                                       full && unit);
                else
                    mine = RED_PARTIAL(OMPWG_REDUCE_SUM, p, np, n, x, incx, y, incy, t, nt,
                                       full && unit);
                if (subgroup) {
                    /* ends with a barrier: sh is free for the next virtual team */
                    const ompwg_team tm = { .thread = t, .size = nt };
                    const ACC total = TEAM_ACC(ompwg_team_reduce)(tm, mine, OMPWG_GROUP_ADD, sh);
                    if (t == 0) part[p] = total;
                    continue;
                }

                sh[t] = mine;
                for (int i = t + nt; i < RED_NT; i += nt) sh[i] = 0;
#pragma omp barrier
                for (int s = RED_NT / 2; s >= last; s /= 2) {
                    for (int i = t; i < s; i += nt) sh[i] += sh[i + s];
#pragma omp barrier
                }
                if (last == 1) {
                    if (t == 0) part[p] = sh[0];
                } else if (t < 32) {
                    /* warp 0, the sub-group: 64 partials to one without barriers */
                    const ompwg_team tm = { .thread = t, .size = nt };
                    const ompwg_subgroup warp = ompwg_sg_of(tm);
                    ACC v = sh[t] + sh[t + 32];
                    for (int off = 16; off > 0; off /= 2)
                        v += TEAM_ACC(ompwg_sg_shuffle_down)(warp, v, (unsigned)off);
                    if (t == 0) part[p] = v;
                }
                /* sh is reused by the next virtual team */
#pragma omp barrier
            }
            if (ompwg_gpu_last_team(t, arrivals, (int)nteam, &last_team)) {
                const ACC total = partials_sum(part, np, t, nt);
                if (t == 0) {
                    *answer = (T)total;
                    ompwg_gpu_rearm(arrivals);
                }
            }
        }
    }
}

#undef RED_KBLOCK
#undef RED_KU
#undef RED_PARTIAL
#undef RED_KERNEL
