#include "harness.h"

#include <stdlib.h>
#include <time.h>

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void bench_settle(void)
{
    struct timespec ts = { .tv_sec = 0, .tv_nsec = 300000000L };
    nanosleep(&ts, NULL);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double bench_time(int (*fn)(void *), void *arg, int warmup, int reps)
{
    for (int i = 0; i < warmup; i++)
        if (fn(arg) != 0) return -1;
    double *t = malloc((size_t)reps * sizeof *t);
    if (!t) return -1;
    for (int i = 0; i < reps; i++) {
        double t0 = bench_now();
        if (fn(arg) != 0) {
            free(t);
            return -1;
        }
        t[i] = bench_now() - t0;
    }
    double med = bench_median(t, reps);
    free(t);
    return med;
}

double bench_time_steady(int (*fn)(void *), void *arg, int warmup, int reps)
{
    double t = bench_time(fn, arg, warmup, reps);
    if (t <= 0 || t >= 1e-3) return t;
    double runs = 0.05 / t;
    int more = runs < 200 ? 200 : runs > 20000 ? 20000 : (int)runs;
    return more > reps ? bench_time(fn, arg, 0, more) : t;
}

static uint64_t next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static double uniform(uint64_t *s)
{
    /* 53 random bits in [0, 1), mapped to [-1, 1); 0 itself is skipped */
    double u;
    do u = (double)(next(s) >> 11) * 0x1.0p-53 * 2.0 - 1.0;
    while (u == 0);
    return u;
}

void bench_fill_float(float *x, size_t n, uint64_t seed)
{
    uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
    for (size_t i = 0; i < n; i++) x[i] = (float)uniform(&s);
}

void bench_fill_double(double *x, size_t n, uint64_t seed)
{
    uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
    for (size_t i = 0; i < n; i++) x[i] = uniform(&s);
}

void bench_fill_s(float *x, size_t n, uint64_t seed)
{
    bench_fill_float(x, n, seed);
}

void bench_fill_d(double *x, size_t n, uint64_t seed)
{
    bench_fill_double(x, n, seed);
}

int bench_rotation(size_t set_bytes, size_t cache)
{
    size_t sets = (2 * cache + set_bytes - 1) / set_bytes;
    return sets < 1 ? 1 : sets > 16 ? 16 : (int)sets;
}
