/* What one application thread of a concurrency test found: how many calls
 * it made, how many of them failed, and the first failure in words. Each
 * thread keeps its own; the main thread adds them up after the joins. */
#ifndef OMPWG_TEST_TALLY_H
#define OMPWG_TEST_TALLY_H

#include "tap.h"

typedef struct tally {
    int calls, failures;
    char first_failure[256];
} tally;

/* Counts a failure of call `what` on thread `thread`; the first one's
 * message ("thread 3: dgemm: ...") is kept. */
void tally_fail(tally *t, int thread, const char *what, const char *fmt, ...) TAP_PRINTF(4, 5);

/* Adds part to total; total keeps the first failure message it is given. */
void tally_add(tally *total, const tally *part);

#endif
