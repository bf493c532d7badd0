/* Sequential scan for the extremum of logical elements [begin, end) of
 * (x, inc), included once per precision after prec.h. */
#include "extremum.h"

static inline void TN(ompwg_extremum_scan_, )(bool want_max, const T *x, int64_t inc,
                                              int64_t begin, int64_t end, T *value,
                                              int64_t *index)
{
    T best = 0;
    int64_t best_i = -1;
    for (int64_t i = begin; i < end; i++) {
        T v = x[i * inc];
        if (ompwg_extremum_beats(want_max, v, i, best, best_i)) {
            best = v;
            best_i = i;
        }
    }
    *value = best;
    *index = best_i;
}
