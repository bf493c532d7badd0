/* Pacing a background measurement of the model (model_pace.h). */
#include "model_pace.h"

#include <sched.h>
#include <time.h>

/* The process's CPU time is read over windows this long: it counts the
 * program's threads and the pools its last calls left spinning (libomp's
 * KMP_BLOCKTIME is 200 ms) alike, while the measuring thread sleeps. */
#define QUIET_WINDOW 0.05
/* Idle enough: the process used less than this share of its cores. */
#define QUIET_SHARE 0.5
/* Seconds a batch waits for idle cores before it runs anyway: enough to
 * meet the gap between a program's phases, short enough that a program
 * whose own first calls keep the cores busy (they run on the CPU until the
 * model is ready) gets its model within seconds. */
#define PATIENCE 1.0

static double clock_seconds(clockid_t id)
{
    struct timespec t;
    clock_gettime(id, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void ompwg_pacer_init(ompwg_pacer *p, bool (*rest)(void *ctx, double seconds),
                      bool (*hurried)(void *ctx), void *ctx)
{
    *p = (ompwg_pacer){ .rest = rest, .hurried = hurried, .ctx = ctx, .cores = 1 };
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) p->cores = CPU_COUNT(&set);
}

bool ompwg_pacer_batch(void *pacer, bool host)
{
    ompwg_pacer *p = pacer;
    if (!host || p->hurried(p->ctx)) return true;
    const double t = clock_seconds(CLOCK_MONOTONIC);
    /* after a batch that shared busy cores, as long a pause */
    if (p->last_forced && p->batch_start > 0 && !p->rest(p->ctx, t - p->batch_start)) return false;
    const double start = clock_seconds(CLOCK_MONOTONIC);
    p->last_forced = false;
    for (;;) {
        const double cpu0 = clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
        if (!p->rest(p->ctx, QUIET_WINDOW)) return false;
        if (p->hurried(p->ctx)) break;
        const double used = clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu0;
        if (used < QUIET_SHARE * QUIET_WINDOW * p->cores) break;
        if (clock_seconds(CLOCK_MONOTONIC) - start > PATIENCE) {
            p->last_forced = p->busy = true;
            break;
        }
    }
    p->batch_start = clock_seconds(CLOCK_MONOTONIC);
    return true;
}
