/* TAP from an MPI program: every check is collective (each rank brings its
 * own verdict), rank 0 alone prints, and the first failing rank's note comes
 * along as a diagnostic. The other ranks' stdout goes to /dev/null. */
#ifndef OMPWG_MPI_TEST_MTAP_H
#define OMPWG_MPI_TEST_MTAP_H

#include <mpi.h>
#include <stdbool.h>

#include "ompwg_mpi.h"
#include "tap.h"

/* MPI_Init_thread (funneled), then tap_init on rank 0; every rank knows the
 * seed. */
void mtap_init(const char *program, int *argc, char ***argv);

int mtap_rank(void);
int mtap_size(void);

/* Remembers why this rank's next verdict is false (the first note after
 * the last check wins). */
void mtap_note(const char *fmt, ...) TAP_PRINTF(1, 2);

/* Collective: true when every rank passes; rank 0 prints the line, and the
 * lowest failing rank's note. */
bool mtap_ok(bool pass, const char *fmt, ...) TAP_PRINTF(2, 3);

/* Collective: a test that was not run, and why (rank 0's reason). */
void mtap_skip(const char *what, const char *reason_fmt, ...) TAP_PRINTF(2, 3);

/* A diagnostic from rank 0. */
void mtap_diag(const char *fmt, ...) TAP_PRINTF(1, 2);

/* Calls body(name, ctx) for every backend that every rank can use and
 * OMPWG_TEST_BACKENDS lets run, with that backend selected. */
void mtap_walk(void (*body)(const char *name, void *ctx), void *ctx);

/* Collective: whether the statuses of all ranks are the same as rank 0's. */
bool mtap_same_everywhere(int value);

/* Prints the plan, finalises MPI; the exit status for main. */
int mtap_done(void);

#endif
