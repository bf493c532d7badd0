#include "dropin_measure.h"

#include <math.h>
#include <stdlib.h>

#include "harness.h"

/* the most calls in a sample */
#define MAX_CALLS (1L << 26)

static double run(const bench_dropin_routine *r, void *fn, bench_dropin_args *a, long calls)
{
    double t0 = bench_now();
    for (long i = 0; i < calls; i++) r->call(fn, a);
    return bench_now() - t0;
}

/* The calls of a sample of about sample_s, from batches growing until one
 * takes a quarter of it; *per_call, the time of one call in the fastest of
 * three such batches (a batch another process interrupted would make the
 * samples short). */
static long calibrate(const bench_dropin_routine *r, void *fn, bench_dropin_args *a,
                      double sample_s, double *per_call)
{
    long calls = 1;
    double t;
    while ((t = run(r, fn, a, calls)) < sample_s / 4 && calls < MAX_CALLS) calls *= 4;
    for (int again = 0; again < 2 && t < sample_s; again++) {
        double u = run(r, fn, a, calls);
        t = u < t ? u : t;
    }
    *per_call = t / (double)calls;
    double want = *per_call > 0 ? ceil(sample_s / *per_call) : (double)MAX_CALLS;
    return want < 1 ? 1 : want > (double)MAX_CALLS ? MAX_CALLS : (long)want;
}

bool bench_dropin_measure(const bench_dropin_routine *r, void *dropin, void *openblas,
                          bench_dropin_operands *op, const bench_dropin_timing *t,
                          bench_dropin_row *row)
{
    bench_dropin_args *a = &op->args;
    void *const fn[2] = { dropin, openblas };
    long calls[2];
    double per_call[2];
    for (int e = 0; e < 2; e++) {
        r->call(fn[e], a); /* a first call of each outside any timing */
        calls[e] = calibrate(r, fn[e], a, t->sample_s, &per_call[e]);
    }
    /* both libraries' samples the same calls, those of the slower one's
     * sample: on a loaded machine a longer sample is more often interrupted
     * by another process, and a routine that costs the same through both
     * would otherwise seem to cost more through the one with more calls */
    calls[0] = calls[1] = calls[0] < calls[1] ? calls[0] : calls[1];
    bool slow = fmax(per_call[0], per_call[1]) > t->settle_above_s;
    int rounds = slow && t->long_rounds < t->rounds ? t->long_rounds : t->rounds;
    double *times = malloc(2 * (size_t)rounds * sizeof *times);
    if (!times) return false;
    for (int i = 0; i < rounds; i++)
        for (int k = 0; k < 2; k++) {
            int e = i % 2 ? 1 - k : k;
            if (slow) bench_settle();
            times[e * rounds + i] = run(r, fn[e], a, calls[e]) / (double)calls[e];
        }
    row->rounds = rounds;
    row->calls_dropin = calls[0];
    row->calls_openblas = calls[1];
    row->dropin_s = bench_median(times, rounds);
    row->openblas_s = bench_median(times + rounds, rounds);
    /* bench_median sorted each half */
    row->dropin_min_s = times[0];
    row->openblas_min_s = times[rounds];
    row->sound = bench_dropin_operands_sound(op);
    free(times);
    return true;
}
