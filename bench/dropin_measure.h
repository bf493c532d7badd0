/* One row of the drop-in cost benchmark: a routine on one set of operands,
 * timed through the drop-in's definition and OpenBLAS's in alternating
 * rounds (the drop-in first in even rounds, OpenBLAS first in odd ones),
 * each sample of both as many calls as take the slower of them about
 * sample_s, the median per call of each. Where a call takes longer than settle_above_s, both libraries
 * may have threads at work: each sample then starts after the other's
 * threads have gone idle (bench_settle), and there are at most long_rounds
 * rounds. */
#ifndef OMPWG_BENCH_DROPIN_MEASURE_H
#define OMPWG_BENCH_DROPIN_MEASURE_H

#include <stdbool.h>

#include "dropin_operands.h"
#include "dropin_report.h"

typedef struct bench_dropin_timing {
    int rounds, long_rounds;
    double sample_s, settle_above_s;
} bench_dropin_timing;

/* Times r's definitions dropin and openblas on op; fills row's rounds,
 * calls, times and sound. False when out of memory. */
bool bench_dropin_measure(const bench_dropin_routine *r, void *dropin, void *openblas,
                          bench_dropin_operands *op, const bench_dropin_timing *t,
                          bench_dropin_row *row);

#endif
