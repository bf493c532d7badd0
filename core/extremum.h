/* The max/min rule every backend follows (ompwg.h): a NaN wins, ties go to
 * the first occurrence. One comparison serves the element scan and the
 * combine of partial results, on the host and inside target regions. */
#ifndef OMPWG_EXTREMUM_H
#define OMPWG_EXTREMUM_H

#include <stdbool.h>
#include <stdint.h>

/* Whether (v, i) replaces the current best (best, best_i); best_i < 0 means
 * there is none yet. Floats convert to double exactly, NaN included. */
static inline bool ompwg_extremum_beats(bool want_max, double v, int64_t i, double best,
                                        int64_t best_i)
{
    if (best_i < 0) return true;
    if (best != best) return v != v && i < best_i;
    if (v != v) return true;
    if (v == best) return i < best_i;
    return want_max ? v > best : v < best;
}

#endif
