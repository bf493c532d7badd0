/* What every benchmark program shares: a clock, medians, seeded random data. */
#ifndef OMPWG_BENCH_HARNESS_H
#define OMPWG_BENCH_HARNESS_H

#include <stddef.h>
#include <stdint.h>

/* Seconds from a monotonic clock. */
double bench_now(void);

/* Median of v[0..n) (sorts v). */
double bench_median(double *v, int n);

/* Runs fn(arg) `warmup` times, then `reps` timed times; returns the median
 * time in seconds, or a negative value when fn returned nonzero. */
double bench_time(int (*fn)(void *), void *arg, int warmup, int reps);

/* bench_time, and when its median is under a millisecond, again over at
 * least 200 runs, enough for about 50 ms in all (at most 20000): a few runs
 * of some microseconds leave the median to the launch jitter. */
double bench_time_steady(int (*fn)(void *), void *arg, int warmup, int reps);

/* Sleeps long enough for OpenBLAS's threads (they spin 2^28 cycles by
 * default after a call) and libomp's (KMP_BLOCKTIME, 200 ms) to go idle,
 * so that the next timed run does not share cores with spinning threads of
 * another engine. */
void bench_settle(void);

/* Fills with uniform values in [-1, 1) from a seeded xorshift generator;
 * never zeros, so a kernel cannot skip work on them. */
void bench_fill_float(float *x, size_t n, uint64_t seed);
void bench_fill_double(double *x, size_t n, uint64_t seed);
/* The same under per-precision names, for the *_tmpl.c files' TN(). */
void bench_fill_s(float *x, size_t n, uint64_t seed);
void bench_fill_d(double *x, size_t n, uint64_t seed);

/* How many data sets of set_bytes to rotate through (1 to 16) so that one
 * call does not find the previous call's data in a cache of `cache` bytes. */
int bench_rotation(size_t set_bytes, size_t cache);

#endif
