/* Whether a short call of the drop-in BLAS may go straight to OpenBLAS
 * (docs/drop-in.md#short-calls): one word, read by the drop-in with a single
 * relaxed atomic load per call, 0 when it may; each bit set is a reason why
 * not, the calls then going through the planner. The registry (src/)
 * computes it at start-up and again whenever a setting it depends on
 * changes; until then it holds OMPWG_SHORT_UNSET. Defined in libompwg and
 * exported (under this name only) for libompwg_blas; not part of the API. */
#ifndef OMPWG_SHORT_CALLS_H
#define OMPWG_SHORT_CALLS_H

#include <stdatomic.h>

#define OMPWG_SHORT_EXPORT __attribute__((visibility("default")))

enum {
    OMPWG_SHORT_UNSET = 1u << 0,   /* the backends are not set up yet */
    OMPWG_SHORT_OFF = 1u << 1,     /* ompwg_set_short_calls(0), OMPWG_SHORT_CALLS=0 */
    OMPWG_SHORT_CHECK = 1u << 2,   /* check mode */
    OMPWG_SHORT_TRACE = 1u << 3,   /* OMPWG_VERBOSE=2: a line per call */
    /* the selection sends short host calls elsewhere than OpenBLAS: neither
     * auto without a usable device nor the openblas backend by name */
    OMPWG_SHORT_BACKEND = 1u << 4,
    OMPWG_SHORT_THREAD = 1u << 5,  /* a thread has a backend of its own */
    OMPWG_SHORT_SPLIT = 1u << 6,   /* a fixed split share (ompwg_set_split_share) */
};

OMPWG_SHORT_EXPORT extern atomic_uint ompwg_short_calls_blocked;

/* Whether short calls may skip the planner now. */
static inline _Bool ompwg_short_calls_open(void)
{
    return atomic_load_explicit(&ompwg_short_calls_blocked, memory_order_relaxed) == 0;
}

#endif
