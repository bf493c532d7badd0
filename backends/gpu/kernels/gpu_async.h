/* Copies from global into team-shared memory that do not pass through
 * registers (cp.async, PTX ISA 7.0, sm_80 and later), for the kernels that
 * keep several k slices in flight (gemm_tiled.inl, cgemm_tmpl.c). Device pass
 * only, where every architecture of the build is sm_80 or later (those that
 * have the FP64 tensor cores: OMPWG_GPU_FP64_MMA).
 *
 * A thread's copies are asynchronous: it issues them, closes them into a
 * group (gpu_async_commit) and later waits until at most n of its groups
 * are still in flight (GPU_ASYNC_WAIT); the team's barrier after that wait
 * makes every thread's copies visible to the whole team. Registers hold
 * only addresses meanwhile, so a kernel can have more slices in flight than
 * it could hold in registers. */
#ifndef OMPWG_GPU_ASYNC_H
#define OMPWG_GPU_ASYNC_H

#include <stdbool.h>

#include "../gpu.h"
#include "ompwg_config.h"

#if defined(__NVPTX__) && OMPWG_GPU_FP64_MMA
#define GPU_ASYNC_COPY 1

/* p, a generic address of team-shared memory, as a .shared address. */
GPU_INLINE unsigned gpu_shared_address(const void *p)
{
    unsigned long long s;
    __asm__("cvta.to.shared.u64 %0, %1;" : "=l"(s) : "l"(p));
    return (unsigned)s;
}

/* `bytes` (4, 8 or 16, a constant at each call) from src into the shared
 * address dst, or as many zeros when !valid (src, not read then, must
 * still be an address of global memory). The .ca form: these copies are
 * reread by other teams from L1 on the same multiprocessor. */
GPU_INLINE void gpu_async_copy(unsigned dst, const void *src, int bytes, bool valid)
{
    const unsigned n = valid ? (unsigned)bytes : 0u;
    if (bytes == 4)
        __asm__ volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;" ::"r"(dst), "l"(src),
                         "r"(n)
                         : "memory");
    else if (bytes == 8)
        __asm__ volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;" ::"r"(dst), "l"(src),
                         "r"(n)
                         : "memory");
    else
        __asm__ volatile("cp.async.ca.shared.global [%0], [%1], 16, %2;" ::"r"(dst), "l"(src),
                         "r"(n)
                         : "memory");
}

/* Closes the copies issued since the last commit into a group. */
GPU_INLINE void gpu_async_commit(void)
{
    __asm__ volatile("cp.async.commit_group;" ::: "memory");
}

/* Waits until at most N (a constant) of this thread's groups are in
 * flight. */
#define GPU_ASYNC_WAIT(N) __asm__ volatile("cp.async.wait_group %0;" ::"n"(N) : "memory")

/* The barrier of a pipeline's THREADS threads, a multiple of 32 (the
 * paths that call it run only in a team of exactly that many, every thread
 * at the same point): hardware barrier 15 on those threads. `omp barrier`
 * first reads the runtime's mode from team memory and then takes barrier
 * 0: an LDS and a branch a barrier, 3-6 % of the GEMM kernels' stall
 * samples under Nsight Compute. The OpenMP runtime's own barriers are 0
 * and 7. It orders the memory accesses of the threads taking part as
 * `omp barrier` does. */
#define GPU_TEAM_SYNC(THREADS) __asm__ volatile("bar.sync 15, %0;" ::"r"(THREADS) : "memory")
#else
#define GPU_ASYNC_COPY 0
#endif

#endif
