/* Scan for the extremum of logical elements [begin, end) of (x, inc),
 * included after prec.h by a file compiled once per precision (its static
 * functions have plain names: a unit holds one precision). */
#include "extremum.h"

/* Unit-stride chunks: running max/min per lane (an element-wise select the
 * compiler vectorises, which a scalar scan's early exits and index
 * bookkeeping prevent), then the index found only when a chunk beats the
 * best so far. A chunk holding a NaN is scanned element by element. */
#define OMPWG_EXT_LANES 16
#define OMPWG_EXT_CHUNK 1024

/* The best of x[0, OMPWG_EXT_CHUNK) by lanes; false when a NaN is among
 * them (the lanes then say nothing). */
static inline bool extremum_chunk(bool want_max, const T *x, T *best)
{
    T lane[OMPWG_EXT_LANES];
    int nan[OMPWG_EXT_LANES];
    for (int l = 0; l < OMPWG_EXT_LANES; l++) {
        lane[l] = x[l];
        nan[l] = x[l] != x[l];
    }
    if (want_max) {
        for (int j = OMPWG_EXT_LANES; j < OMPWG_EXT_CHUNK; j += OMPWG_EXT_LANES)
            for (int l = 0; l < OMPWG_EXT_LANES; l++) {
                T v = x[j + l];
                lane[l] = v > lane[l] ? v : lane[l];
                nan[l] |= v != v;
            }
    } else {
        for (int j = OMPWG_EXT_LANES; j < OMPWG_EXT_CHUNK; j += OMPWG_EXT_LANES)
            for (int l = 0; l < OMPWG_EXT_LANES; l++) {
                T v = x[j + l];
                lane[l] = v < lane[l] ? v : lane[l];
                nan[l] |= v != v;
            }
    }
    int any_nan = 0;
    T m = lane[0];
    for (int l = 0; l < OMPWG_EXT_LANES; l++) {
        any_nan |= nan[l];
        m = (want_max ? lane[l] > m : lane[l] < m) ? lane[l] : m;
    }
    *best = m;
    return !any_nan;
}

static inline void extremum_scan(bool want_max, const T *x, int64_t inc,
                                 int64_t begin, int64_t end, T *value,
                                 int64_t *index)
{
    T best = 0;
    int64_t best_i = -1;
    int64_t i = begin;
    if (inc == 1) {
        /* a NaN found ends the scan: no later element beats it */
        for (; i + OMPWG_EXT_CHUNK <= end && !(best_i >= 0 && best != best);
             i += OMPWG_EXT_CHUNK) {
            T m;
            if (extremum_chunk(want_max, x + i, &m)) {
                if (best_i >= 0 && !(want_max ? m > best : m < best)) continue;
                /* the first element equal to m (either zero, for m = 0) */
                int64_t j = i;
                while (x[j] != m) j++;
                best = x[j];
                best_i = j;
            } else {
                for (int64_t j = i; j < i + OMPWG_EXT_CHUNK; j++)
                    if (ompwg_extremum_beats(want_max, x[j], j, best, best_i)) {
                        best = x[j];
                        best_i = j;
                    }
            }
        }
    }
    for (; i < end; i++) {
        T v = x[i * inc];
        if (ompwg_extremum_beats(want_max, v, i, best, best_i)) {
            best = v;
            best_i = i;
        }
    }
    *value = best;
    *index = best_i;
}

#undef OMPWG_EXT_LANES
#undef OMPWG_EXT_CHUNK
