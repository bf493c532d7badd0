/**
 * @file ompwg/team.h
 * @brief Work-group (team) and sub-group collectives for OpenMP target code.
 *
 * The functions of this header are called from inside a `parallel` region
 * nested in `#pragma omp target teams` (a team is a work-group, its threads
 * are the work-items), on a GPU and in host fallback alike. They are static
 * inline: include the header in the file that holds the target region and
 * compile it with -fopenmp (and the offload flags). Without OpenMP a team
 * has one thread and every function still gives the documented result.
 *
 * @par Handles
 * A collective takes the group it works on, as in SYCL: an ::ompwg_team from
 * ompwg_team_this() (the calling thread's team: its number and size, read
 * once from the OpenMP runtime) or an ::ompwg_subgroup from ompwg_sg_of() /
 * ompwg_sg_this(). A handle is a few integers; make it once per parallel
 * region and pass it by value.
 *
 * @par Sub-groups
 * The threads of a team are cut into sub-groups of OMPWG_SG_MAX_SIZE
 * consecutive thread numbers: thread t is lane t % OMPWG_SG_MAX_SIZE of
 * sub-group t / OMPWG_SG_MAX_SIZE; the last sub-group has fewer lanes when
 * the team's size is not a multiple of the width (ompwg_subgroup::size says
 * how many).
 * - On an NVIDIA GPU (the device pass, where `__NVPTX__` is defined) the
 *   width is 32 and a sub-group is a warp: LLVM's device runtime numbers
 *   the threads of a parallel region as the hardware threads of the block,
 *   so the lanes of a sub-group are the lanes of one warp, and the
 *   functions are warp shuffles and votes.
 * - Everywhere else (host fallback, a build without offload) the width is
 *   1: every thread is a sub-group of its own. The host grants a team any
 *   number of threads (often fewer than asked for) and has no barrier for a
 *   part of a team; with one lane a sub-group needs none, so every function
 *   is correct for any granted count and keeps the GPU's calling rules.
 *   Code written against ompwg_subgroup::size (never a literal 32) runs the
 *   same logic on both.
 *
 * @par Who must call
 * - Sub-group functions (ompwg_sg_*, except the handle functions) must be
 *   called by every lane of the sub-group, with the same `src`, `delta`,
 *   `mask` and `op` on every lane, and not from a branch that only some of
 *   its lanes take: like a barrier, a collective in a divergent branch
 *   deadlocks or returns garbage. Different sub-groups may call different
 *   functions, or none.
 * - Team functions (ompwg_team_*, except ompwg_team_this()) must be called
 *   by every thread of the team, the same calls in the same order, with the
 *   same `src`, `delta`, `mask`, `op` and `scratch`: they contain team
 *   barriers (`omp barrier`), and a barrier that only part of a team reaches
 *   deadlocks.
 *
 * @par Scratch memory
 * A team function that moves values between sub-groups needs team-shared
 * memory, which a function cannot declare: the caller passes `scratch`, an
 * array of at least the team's thread_limit elements of the function's
 * type, declared in the teams region outside the `parallel` (so that it is
 * shared by the team: LLVM places it in GPU shared memory) or allocated
 * with `omp_pteam_mem_alloc`. The function leaves it free for the next call
 * (it ends with a barrier), so one array serves any number of calls of its
 * type. Team votes take an `int` array.
 *
 * @par Ordering and rounding
 * Every thread of a group gets the same bits from a reduction. The order in
 * which float and double sums are added is a tree, not left to right: the
 * result may differ from a sequential sum by the usual bound for a sum of
 * that many terms. Integer sums wrap around (two's complement). Min and max
 * follow fmin/fmax: a NaN operand is ignored unless every operand is NaN.
 *
 * @par Types
 * Value functions come in four types, named by suffix as in ompx.h:
 * `_i` int32_t, `_l` int64_t, `_f` float, `_d` double.
 */
#ifndef OMPWG_TEAM_H
#define OMPWG_TEAM_H

#include <stdint.h>

#if defined(_OPENMP)
#include <omp.h>
#endif

/** Lanes of a full sub-group: 32 (a warp) in the NVIDIA device pass, else 1. */
#if defined(__NVPTX__)
#define OMPWG_SG_MAX_SIZE 32
#else
#define OMPWG_SG_MAX_SIZE 1
#endif

/** Inside target regions the compiler must see through every call. */
#define OMPWG_TEAM_INLINE static inline __attribute__((always_inline))

/** The combining operation of a reduction or scan. */
typedef enum ompwg_group_op {
    OMPWG_GROUP_ADD = 0, /**< sum (integers wrap around) */
    OMPWG_GROUP_MIN = 1, /**< minimum, NaN ignored as by fmin */
    OMPWG_GROUP_MAX = 2  /**< maximum, NaN ignored as by fmax */
} ompwg_group_op;

/** The calling thread's team (work-group). */
typedef struct ompwg_team {
    int thread; /**< the calling thread's number in the team, 0..size-1 */
    int size;   /**< threads the team was granted */
} ompwg_team;

/** The calling thread's sub-group. */
typedef struct ompwg_subgroup {
    int lane;      /**< the calling thread's lane, 0..size-1 */
    int size;      /**< lanes of this sub-group: OMPWG_SG_MAX_SIZE, fewer in a last, partial one */
    int id;        /**< which sub-group of the team, 0..count-1 */
    int count;     /**< sub-groups in the team */
    unsigned mask; /**< the lanes as a warp member mask (1 on the host) */
} ompwg_subgroup;

/** The calling thread's team, read from the OpenMP runtime. */
OMPWG_TEAM_INLINE ompwg_team ompwg_team_this(void)
{
#if defined(_OPENMP)
    ompwg_team tm = { .thread = omp_get_thread_num(), .size = omp_get_num_threads() };
#else
    ompwg_team tm = { .thread = 0, .size = 1 };
#endif
    return tm;
}

/** The sub-group of thread tm.thread of team tm (no runtime call). */
OMPWG_TEAM_INLINE ompwg_subgroup ompwg_sg_of(ompwg_team tm)
{
    ompwg_subgroup sg;
    sg.lane = tm.thread % OMPWG_SG_MAX_SIZE;
    sg.id = tm.thread / OMPWG_SG_MAX_SIZE;
    sg.count = (tm.size + OMPWG_SG_MAX_SIZE - 1) / OMPWG_SG_MAX_SIZE;
    int rest = tm.size - sg.id * OMPWG_SG_MAX_SIZE;
    sg.size = rest < OMPWG_SG_MAX_SIZE ? rest : OMPWG_SG_MAX_SIZE;
    sg.mask = sg.size >= 32 ? 0xffffffffu : (1u << sg.size) - 1u;
    return sg;
}

/** The calling thread's sub-group. */
OMPWG_TEAM_INLINE ompwg_subgroup ompwg_sg_this(void)
{
    return ompwg_sg_of(ompwg_team_this());
}

/** Team barrier with a memory fence: what every thread of the team wrote
 *  before it is visible to every thread after it. Every thread calls it. */
OMPWG_TEAM_INLINE void ompwg_team_barrier(ompwg_team tm)
{
    (void)tm;
#pragma omp barrier
}

/** Sub-group barrier with a memory fence among its lanes. Every lane calls
 *  it. */
OMPWG_TEAM_INLINE void ompwg_sg_barrier(ompwg_subgroup sg)
{
#if defined(__NVPTX__)
    __nvvm_bar_warp_sync(sg.mask);
#else
    (void)sg;
#endif
}

/** Whether pred is nonzero on any lane of the sub-group. */
OMPWG_TEAM_INLINE int ompwg_sg_any(ompwg_subgroup sg, int pred)
{
#if defined(__NVPTX__)
    return __nvvm_vote_any_sync(sg.mask, pred) != 0;
#else
    (void)sg;
    return pred != 0;
#endif
}

/** Whether pred is nonzero on every lane of the sub-group. */
OMPWG_TEAM_INLINE int ompwg_sg_all(ompwg_subgroup sg, int pred)
{
#if defined(__NVPTX__)
    return __nvvm_vote_all_sync(sg.mask, pred) != 0;
#else
    (void)sg;
    return pred != 0;
#endif
}

/** Bit l set when pred is nonzero on lane l (lanes beyond size: 0). */
OMPWG_TEAM_INLINE uint32_t ompwg_sg_ballot(ompwg_subgroup sg, int pred)
{
#if defined(__NVPTX__)
    return __nvvm_vote_ballot_sync(sg.mask, pred);
#else
    (void)sg;
    return pred != 0;
#endif
}

/* The raw 32-bit exchange: the value of lane src & 31 of the warp. */
#if defined(__NVPTX__)
OMPWG_TEAM_INLINE int32_t ompwg_impl_shfl32(unsigned mask, int32_t v, int src)
{
    return __nvvm_shfl_sync_idx_i32(mask, v, src & 31, 0x1f);
}
#endif

/* The vote of every thread: each sub-group votes, then the sub-groups'
 * votes meet in scratch; all: every one, else any. */
OMPWG_TEAM_INLINE int ompwg_impl_team_vote(ompwg_team tm, int pred, int *scratch, int all)
{
    ompwg_subgroup sg = ompwg_sg_of(tm);
    int mine = all ? ompwg_sg_all(sg, pred) : ompwg_sg_any(sg, pred);
    if (sg.lane == 0) scratch[sg.id] = mine;
#pragma omp barrier
    int vote = all;
    for (int i = 0; i < sg.count; i++) vote = all ? vote & scratch[i] : vote | scratch[i];
#pragma omp barrier
    return vote;
}

/** Whether pred is nonzero on any thread of the team; scratch: an int per
 *  thread the team may have. Every thread calls it. */
OMPWG_TEAM_INLINE int ompwg_team_any(ompwg_team tm, int pred, int *scratch)
{
    return ompwg_impl_team_vote(tm, pred, scratch, 0);
}

/** Whether pred is nonzero on every thread of the team; scratch as for
 *  ompwg_team_any(). Every thread calls it. */
OMPWG_TEAM_INLINE int ompwg_team_all(ompwg_team tm, int pred, int *scratch)
{
    return ompwg_impl_team_vote(tm, pred, scratch, 1);
}

/* The value functions, once per type. */
#define OMPWG_TEAM_T int32_t
#define OMPWG_TEAM_U uint32_t
#define OMPWG_TEAM_FN(name) name##_i
#define OMPWG_TEAM_FLOATING 0
#define OMPWG_TEAM_WIDE 0
#define OMPWG_TEAM_LOWEST INT32_MIN
#define OMPWG_TEAM_HIGHEST INT32_MAX
#include "team_tmpl.h"

#define OMPWG_TEAM_T int64_t
#define OMPWG_TEAM_U uint64_t
#define OMPWG_TEAM_FN(name) name##_l
#define OMPWG_TEAM_FLOATING 0
#define OMPWG_TEAM_WIDE 1
#define OMPWG_TEAM_LOWEST INT64_MIN
#define OMPWG_TEAM_HIGHEST INT64_MAX
#include "team_tmpl.h"

#define OMPWG_TEAM_T float
#define OMPWG_TEAM_U uint32_t
#define OMPWG_TEAM_FN(name) name##_f
#define OMPWG_TEAM_FLOATING 1
#define OMPWG_TEAM_WIDE 0
#define OMPWG_TEAM_LOWEST (-__builtin_inff())
#define OMPWG_TEAM_HIGHEST __builtin_inff()
#include "team_tmpl.h"

#define OMPWG_TEAM_T double
#define OMPWG_TEAM_U uint64_t
#define OMPWG_TEAM_FN(name) name##_d
#define OMPWG_TEAM_FLOATING 1
#define OMPWG_TEAM_WIDE 1
#define OMPWG_TEAM_LOWEST (-__builtin_inf())
#define OMPWG_TEAM_HIGHEST __builtin_inf()
#include "team_tmpl.h"

#endif /* OMPWG_TEAM_H */
