/* A small TAP producer for the test programs, and the seeded random numbers
 * they share. The plan is printed at the end, so a program need not know how
 * many groups the backends it finds will give. */
#ifndef OMPWG_TEST_TAP_H
#define OMPWG_TEST_TAP_H

#include <stdbool.h>
#include <stdint.h>

#if defined(__GNUC__)
#define TAP_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define TAP_PRINTF(f, a)
#endif

/* Starts the output: prints which program runs (its name formatted as
 * printf does) with which seed (the seed comes from OMPWG_TEST_SEED,
 * decimal or 0x-hex, else a fixed default). */
void tap_init(const char *program_fmt, ...) TAP_PRINTF(1, 2);

/* The seed every generator of this run derives from. */
uint64_t tap_seed(void);

/* One test line; returns pass. */
bool tap_ok(bool pass, const char *fmt, ...) TAP_PRINTF(2, 3);

/* One test line that was not run, and why. */
void tap_skip(const char *what, const char *reason_fmt, ...) TAP_PRINTF(2, 3);

/* A diagnostic line ("# ..."); newlines in the text start new "# " lines. */
void tap_diag(const char *fmt, ...) TAP_PRINTF(1, 2);

/* The whole program cannot go on (e.g. out of memory): says so and exits
 * with a failure status. */
_Noreturn void tap_bail(const char *fmt, ...) TAP_PRINTF(1, 2);

/* Nothing of this program can run here: an empty plan with the reason, exit
 * status 0. */
_Noreturn void tap_skip_all(const char *reason_fmt, ...) TAP_PRINTF(1, 2);

/* Prints the plan; returns the exit status for main (1 when a test failed). */
int tap_done(void);

/* A seeded xorshift generator. Each stream (a group, a thread) gets its own
 * sequence, so a failure reproduces from the seed and the stream alone. */
typedef struct test_rng {
    uint64_t s;
} test_rng;

void test_rng_init(test_rng *r, uint64_t stream);
uint64_t test_rng_next(test_rng *r);
/* Uniform in [-1, 1), never 0: a kernel cannot skip work on zeros, and a
 * zero never hides a missing term. */
double test_uniform(test_rng *r);
float test_uniformf(test_rng *r);
/* Uniform integer in [0, n). */
uint64_t test_below(test_rng *r, uint64_t n);

#endif
