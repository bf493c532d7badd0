/* The value collectives of ompwg/team.h for one type; team.h includes this
 * file once per type (see there for the rules every function follows).
 * Expects OMPWG_TEAM_T (the type), OMPWG_TEAM_U (the unsigned type of its
 * width), OMPWG_TEAM_FN(name) (the suffixed name), OMPWG_TEAM_FLOATING,
 * OMPWG_TEAM_WIDE (64 bits) and OMPWG_TEAM_LOWEST / OMPWG_TEAM_HIGHEST (the
 * identities of max and min). */
#define T_ OMPWG_TEAM_T
#define FN_ OMPWG_TEAM_FN

OMPWG_TEAM_INLINE T_ FN_(ompwg_impl_combine)(T_ a, T_ b, ompwg_group_op op)
{
    if (op == OMPWG_GROUP_ADD) {
#if OMPWG_TEAM_FLOATING
        return a + b;
#else
        return (T_)((OMPWG_TEAM_U)a + (OMPWG_TEAM_U)b);
#endif
    }
#if OMPWG_TEAM_FLOATING
    /* a NaN a loses to whatever b is (fmin/fmax) */
    if (a != a) return b;
#endif
    if (op == OMPWG_GROUP_MIN) return b < a ? b : a;
    return b > a ? b : a;
}

OMPWG_TEAM_INLINE T_ FN_(ompwg_impl_identity)(ompwg_group_op op)
{
    return op == OMPWG_GROUP_ADD ? (T_)0
           : op == OMPWG_GROUP_MIN ? (T_)OMPWG_TEAM_HIGHEST : (T_)OMPWG_TEAM_LOWEST;
}

/* The value of warp lane src & 31 (inactive source lanes give garbage, which
 * the callers discard); on the host, where a sub-group is one lane, the
 * caller's own value. */
OMPWG_TEAM_INLINE T_ FN_(ompwg_impl_shfl)(ompwg_subgroup sg, T_ v, int src)
{
#if defined(__NVPTX__)
#if OMPWG_TEAM_WIDE
    union {
        T_ t;
        int32_t h[2];
    } u;
    u.t = v;
    u.h[0] = ompwg_impl_shfl32(sg.mask, u.h[0], src);
    u.h[1] = ompwg_impl_shfl32(sg.mask, u.h[1], src);
#else
    union {
        T_ t;
        int32_t h;
    } u;
    u.t = v;
    u.h = ompwg_impl_shfl32(sg.mask, u.h, src);
#endif
    return u.t;
#else
    (void)sg;
    (void)src;
    return v;
#endif
}

/* v from lane src when 0 <= src < size, else the caller's own v. */
OMPWG_TEAM_INLINE T_ FN_(ompwg_impl_from_lane)(ompwg_subgroup sg, T_ v, int64_t src)
{
    T_ r = FN_(ompwg_impl_shfl)(sg, v, (int)(src & 31));
    return src >= 0 && src < sg.size ? r : v;
}

/** The value of lane src, the same src on every lane; a src that is not a
 *  lane of the sub-group gives each caller its own v. */
OMPWG_TEAM_INLINE T_ FN_(ompwg_sg_broadcast)(ompwg_subgroup sg, T_ v, int src)
{
    return FN_(ompwg_impl_from_lane)(sg, v, src);
}

/** The value of lane src, src chosen by each lane; a src that is not a lane
 *  gives the caller its own v. */
OMPWG_TEAM_INLINE T_ FN_(ompwg_sg_shuffle)(ompwg_subgroup sg, T_ v, int src)
{
    return FN_(ompwg_impl_from_lane)(sg, v, src);
}

/** The value of lane lane - delta; lanes below delta keep their own v. */
OMPWG_TEAM_INLINE T_ FN_(ompwg_sg_shuffle_up)(ompwg_subgroup sg, T_ v, unsigned delta)
{
    return FN_(ompwg_impl_from_lane)(sg, v, (int64_t)sg.lane - (int64_t)delta);
}

/** The value of lane lane + delta; lanes from size - delta keep their own v. */
OMPWG_TEAM_INLINE T_ FN_(ompwg_sg_shuffle_down)(ompwg_subgroup sg, T_ v, unsigned delta)
{
    return FN_(ompwg_impl_from_lane)(sg, v, (int64_t)sg.lane + (int64_t)delta);
}

/** The value of lane lane ^ mask; a partner beyond the sub-group leaves
 *  the caller its own v. */
OMPWG_TEAM_INLINE T_ FN_(ompwg_sg_shuffle_xor)(ompwg_subgroup sg, T_ v, unsigned mask)
{
    return FN_(ompwg_impl_from_lane)(sg, v, (int64_t)((unsigned)sg.lane ^ mask));
}

/** op over the v of every lane, on every lane. */
OMPWG_TEAM_INLINE T_ FN_(ompwg_sg_reduce)(ompwg_subgroup sg, T_ v, ompwg_group_op op)
{
    if (sg.size == 32) {
        /* butterfly: partners hold sums of the same lanes, so every lane
         * ends with the same bits */
        for (int off = 16; off > 0; off >>= 1)
            v = FN_(ompwg_impl_combine)(v, FN_(ompwg_impl_shfl)(sg, v, sg.lane ^ off), op);
        return v;
    }
    /* a partial sub-group: a tree into lane 0, which then tells the others */
    for (int off = 1; off < sg.size; off <<= 1) {
        T_ other = FN_(ompwg_impl_shfl)(sg, v, sg.lane + off);
        if (sg.lane + off < sg.size) v = FN_(ompwg_impl_combine)(v, other, op);
    }
    return FN_(ompwg_impl_shfl)(sg, v, 0);
}

/** op over the v of lanes 0..lane. */
OMPWG_TEAM_INLINE T_ FN_(ompwg_sg_inclusive_scan)(ompwg_subgroup sg, T_ v, ompwg_group_op op)
{
    for (int off = 1; off < sg.size; off <<= 1) {
        T_ before = FN_(ompwg_impl_shfl)(sg, v, sg.lane - off);
        if (sg.lane >= off) v = FN_(ompwg_impl_combine)(before, v, op);
    }
    return v;
}

/** op over the v of lanes 0..lane-1; lane 0 gets the identity of op (0,
 *  the largest value for min, the smallest for max; +-infinity for float
 *  and double). */
OMPWG_TEAM_INLINE T_ FN_(ompwg_sg_exclusive_scan)(ompwg_subgroup sg, T_ v, ompwg_group_op op)
{
    T_ incl = FN_(ompwg_sg_inclusive_scan)(sg, v, op);
    T_ before = FN_(ompwg_impl_shfl)(sg, incl, sg.lane - 1);
    return sg.lane > 0 ? before : FN_(ompwg_impl_identity)(op);
}

/** The v of thread src, the same src on every thread; a src that is not a
 *  thread of the team gives each caller its own v (and no barrier). */
OMPWG_TEAM_INLINE T_ FN_(ompwg_team_broadcast)(ompwg_team tm, T_ v, int src, T_ *scratch)
{
    if (src < 0 || src >= tm.size) return v;
    if (tm.thread == src) scratch[0] = v;
#pragma omp barrier
    T_ r = scratch[0];
#pragma omp barrier
    return r;
}

/* v from thread src when 0 <= src < size, else the caller's own v. */
OMPWG_TEAM_INLINE T_ FN_(ompwg_impl_from_thread)(ompwg_team tm, T_ v, int64_t src, T_ *scratch)
{
    scratch[tm.thread] = v;
#pragma omp barrier
    T_ r = src >= 0 && src < tm.size ? scratch[src] : v;
#pragma omp barrier
    return r;
}

/** The v of thread src, src chosen by each thread; a src that is not a
 *  thread gives the caller its own v. */
OMPWG_TEAM_INLINE T_ FN_(ompwg_team_shuffle)(ompwg_team tm, T_ v, int src, T_ *scratch)
{
    return FN_(ompwg_impl_from_thread)(tm, v, src, scratch);
}

/** The v of thread thread - delta; threads below delta keep their own. */
OMPWG_TEAM_INLINE T_ FN_(ompwg_team_shuffle_up)(ompwg_team tm, T_ v, unsigned delta, T_ *scratch)
{
    return FN_(ompwg_impl_from_thread)(tm, v, (int64_t)tm.thread - (int64_t)delta, scratch);
}

/** The v of thread thread + delta; threads from size - delta keep their own. */
OMPWG_TEAM_INLINE T_ FN_(ompwg_team_shuffle_down)(ompwg_team tm, T_ v, unsigned delta,
                                                  T_ *scratch)
{
    return FN_(ompwg_impl_from_thread)(tm, v, (int64_t)tm.thread + (int64_t)delta, scratch);
}

/** The v of thread thread ^ mask; a partner beyond the team leaves the
 *  caller its own v. */
OMPWG_TEAM_INLINE T_ FN_(ompwg_team_shuffle_xor)(ompwg_team tm, T_ v, unsigned mask, T_ *scratch)
{
    return FN_(ompwg_impl_from_thread)(tm, v, (int64_t)((unsigned)tm.thread ^ mask), scratch);
}

/** op over the v of every thread, on every thread: a sub-group reduction,
 *  then the sub-groups' results in sub-group order through scratch. */
OMPWG_TEAM_INLINE T_ FN_(ompwg_team_reduce)(ompwg_team tm, T_ v, ompwg_group_op op, T_ *scratch)
{
    ompwg_subgroup sg = ompwg_sg_of(tm);
    T_ mine = FN_(ompwg_sg_reduce)(sg, v, op);
    if (sg.lane == 0) scratch[sg.id] = mine;
#pragma omp barrier
    T_ all = scratch[0];
    for (int i = 1; i < sg.count; i++) all = FN_(ompwg_impl_combine)(all, scratch[i], op);
#pragma omp barrier
    return all;
}

/* The scans of a team: a sub-group scan, the sub-groups' totals through
 * scratch, and the totals of the sub-groups before this one in front. */
OMPWG_TEAM_INLINE T_ FN_(ompwg_impl_team_scan)(ompwg_team tm, T_ v, ompwg_group_op op,
                                               T_ *scratch, T_ *total, int inclusive)
{
    ompwg_subgroup sg = ompwg_sg_of(tm);
    T_ incl = FN_(ompwg_sg_inclusive_scan)(sg, v, op);
    if (sg.lane == sg.size - 1) scratch[sg.id] = incl;
#pragma omp barrier
    T_ before = scratch[0], all = scratch[0];
    for (int i = 1; i < sg.count; i++) {
        if (i == sg.id) before = all;
        all = FN_(ompwg_impl_combine)(all, scratch[i], op);
    }
#pragma omp barrier
    if (total) *total = all;
    if (inclusive) return sg.id == 0 ? incl : FN_(ompwg_impl_combine)(before, incl, op);
    T_ excl = FN_(ompwg_impl_shfl)(sg, incl, sg.lane - 1);
    if (sg.lane == 0) return sg.id == 0 ? FN_(ompwg_impl_identity)(op) : before;
    return sg.id == 0 ? excl : FN_(ompwg_impl_combine)(before, excl, op);
}

/** op over the v of threads 0..thread; *total (when total is not NULL)
 *  receives op over every thread, the same on every thread. */
OMPWG_TEAM_INLINE T_ FN_(ompwg_team_inclusive_scan)(ompwg_team tm, T_ v, ompwg_group_op op,
                                                    T_ *scratch, T_ *total)
{
    return FN_(ompwg_impl_team_scan)(tm, v, op, scratch, total, 1);
}

/** op over the v of threads 0..thread-1 (thread 0: the identity of op);
 *  *total as for the inclusive scan. */
OMPWG_TEAM_INLINE T_ FN_(ompwg_team_exclusive_scan)(ompwg_team tm, T_ v, ompwg_group_op op,
                                                    T_ *scratch, T_ *total)
{
    return FN_(ompwg_impl_team_scan)(tm, v, op, scratch, total, 0);
}

#undef T_
#undef FN_
#undef OMPWG_TEAM_T
#undef OMPWG_TEAM_U
#undef OMPWG_TEAM_FN
#undef OMPWG_TEAM_FLOATING
#undef OMPWG_TEAM_WIDE
#undef OMPWG_TEAM_LOWEST
#undef OMPWG_TEAM_HIGHEST
