#include "tap.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_SEED 20261122u

static uint64_t seed = DEFAULT_SEED;
static int count;
static int failed;

static void vline(const char *prefix, const char *fmt, va_list ap)
{
    char buf[4096];
    vsnprintf(buf, sizeof buf, fmt, ap);
    /* A newline inside a description would end the TAP line early. */
    for (char *p = buf; *p; p++)
        if (*p == '\n' || *p == '#') *p = *p == '\n' ? ' ' : '_';
    fputs(prefix, stdout);
    fputs(buf, stdout);
}

void tap_init(const char *program_fmt, ...)
{
    /* Lines must reach the pipe as they happen, so a crash still shows the
     * last finished group. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    const char *env = getenv("OMPWG_TEST_SEED");
    if (env && env[0]) {
        char *end;
        unsigned long long v = strtoull(env, &end, 0);
        if (*end != '\0') tap_bail("OMPWG_TEST_SEED=%s is not a number", env);
        seed = v;
    }
    va_list ap;
    va_start(ap, program_fmt);
    vline("# ", program_fmt, ap);
    va_end(ap);
    printf(": seed %llu (OMPWG_TEST_SEED=%llu reproduces this run)\n", (unsigned long long)seed,
           (unsigned long long)seed);
}

uint64_t tap_seed(void)
{
    return seed;
}

bool tap_ok(bool pass, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char prefix[64];
    snprintf(prefix, sizeof prefix, "%s %d - ", pass ? "ok" : "not ok", ++count);
    vline(prefix, fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
    if (!pass) failed++;
    return pass;
}

void tap_skip(const char *what, const char *reason_fmt, ...)
{
    printf("ok %d - ", ++count);
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", what);
    for (char *p = buf; *p; p++)
        if (*p == '\n' || *p == '#') *p = ' ';
    fputs(buf, stdout);
    va_list ap;
    va_start(ap, reason_fmt);
    vline(" # SKIP ", reason_fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
}

void tap_diag(const char *fmt, ...)
{
    char buf[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    for (char *line = buf, *next; line; line = next) {
        next = strchr(line, '\n');
        if (next) *next++ = '\0';
        printf("# %s\n", line);
    }
}

/* The last line of the program: the harness reads nothing after it. As
 * this never returns, the callers' va_start needs no va_end. */
static _Noreturn void vlast_line(const char *prefix, const char *fmt, va_list ap, int exit_code)
{
    vline(prefix, fmt, ap);
    fputc('\n', stdout);
    fflush(stdout);
    exit(exit_code);
}

void tap_bail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vlast_line("Bail out! ", fmt, ap, 1);
}

void tap_skip_all(const char *reason_fmt, ...)
{
    va_list ap;
    va_start(ap, reason_fmt);
    vlast_line("1..0 # SKIP ", reason_fmt, ap, 0);
}

int tap_done(void)
{
    printf("1..%d\n", count);
    if (failed) printf("# %d of %d failed\n", failed, count);
    fflush(stdout);
    return failed ? 1 : 0;
}

void test_rng_init(test_rng *r, uint64_t stream)
{
    /* splitmix64 of (seed, stream): neighbouring streams start far apart,
     * and the state is never 0 (a fixed point of xorshift). */
    uint64_t z = seed + 0x9E3779B97F4A7C15ull * (stream + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    r->s = z ? z : 0x2545F4914F6CDD1Dull;
}

uint64_t test_rng_next(test_rng *r)
{
    r->s ^= r->s << 13;
    r->s ^= r->s >> 7;
    r->s ^= r->s << 17;
    return r->s;
}

double test_uniform(test_rng *r)
{
    double u;
    do u = (double)(test_rng_next(r) >> 11) * 0x1.0p-52 - 1.0;
    while (u == 0);
    return u;
}

float test_uniformf(test_rng *r)
{
    /* 24 random bits, so every value is a float exactly and stays below 1 */
    float u;
    do u = (float)(test_rng_next(r) >> 40) * 0x1.0p-23f - 1.0f;
    while (u == 0);
    return u;
}

uint64_t test_below(test_rng *r, uint64_t n)
{
    return n ? test_rng_next(r) % n : 0;
}
