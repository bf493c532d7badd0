/* The last-team finish of a one-launch kernel: every team writes its
 * partial results, counts itself in on an arrival counter, and the team
 * that arrives last combines all partials in the same launch, so that the
 * call needs no second kernel and no copy of the partials (see reply.h).
 * Called inside the parallel region of a target teams region. */
#ifndef OMPWG_GPU_FINISH_H
#define OMPWG_GPU_FINISH_H

#include <stdbool.h>

#include "../gpu.h"

/* Whether this team is the last of nteam to arrive. Every thread of the
 * team calls it, once per launch, after the team's partials are written (by
 * thread 0) and gets the same answer; *flag is a team-shared int. The flush before the
 * count publishes the partials; the one after it orders the last team's
 * reads after every other team's count. */
GPU_INLINE bool ompwg_gpu_last_team(int t, unsigned *arrivals, int nteam, int *flag)
{
    if (t == 0) {
#pragma omp flush
        unsigned before;
#pragma omp atomic capture
        {
            before = *arrivals;
            *arrivals += 1;
        }
        *flag = before + 1 == (unsigned)nteam;
#pragma omp flush
    }
#pragma omp barrier
    return *flag != 0;
}

/* Whether the last team combines the partials with warp 0 (a sub-group of
 * 32 lanes, each taking every 32nd partial, then a tree of shuffles) rather
 * than with thread 0 alone: on a GPU, in teams of at least a warp. */
GPU_INLINE bool ompwg_gpu_warp_finish(int nt)
{
#if defined(__NVPTX__)
    return nt >= 32;
#else
    (void)nt;
    return false;
#endif
}

/* After the last team has combined: the counter back to 0 for the next
 * launch that takes this reply (thread 0 of the last team). */
GPU_INLINE void ompwg_gpu_rearm(unsigned *arrivals)
{
    *arrivals = 0;
}

#endif
