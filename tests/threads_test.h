/* One application thread of test_threads and its rounds of calls, one
 * precision's rounds compiled from threads_round_tmpl.c. */
#ifndef OMPWG_TEST_THREADS_TEST_H
#define OMPWG_TEST_THREADS_TEST_H

#include <pthread.h>
#include <stdbool.h>

#include "tally.h"
#include "tap.h"

typedef struct worker {
    int id;
    bool float_acc;  /* the backend sums floats in float (the reference, OpenBLAS) */
    pthread_barrier_t *start;
    tally t;
} worker;

/* One round of w's calls: a GEMM checked against OpenBLAS, then a
 * reduction, an extremum and a scan checked against a long double oracle
 * (double: sum and max; float: dot and min). */
void threads_round_s(worker *w, test_rng *r, int round);
void threads_round_d(worker *w, test_rng *r, int round);

#endif
