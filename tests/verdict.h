/* The messages a failed check leaves: a call's status, the GEMM checker's
 * verdict, exact results that differ. */
#ifndef OMPWG_TEST_VERDICT_H
#define OMPWG_TEST_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

/* The netlib test programs' acceptance threshold for the GEMM ratio
 * (ompwg.h, "Checking a result against OpenBLAS"). */
#define GEMM_RATIO_LIMIT 16.0

/* Whether st is OMPWG_OK; when not, *msg names the status. */
bool status_ok(int st, char *msg, size_t len);

/* Whether ompwg_?gemm_ratio returned OMPWG_OK (st) and a ratio below
 * GEMM_RATIO_LIMIT; when not, *msg says which failed. */
bool gemm_ratio_ok(int st, double ratio, char *msg, size_t len);

/* Whether ompwg_<prefix>gemm_ratio, given the arguments of a call that
 * failed with status want, refused them the same way (st) and left the
 * ratio at the -1 it was given; when not, *msg says what it did. */
bool gemm_ratio_refused(const char *prefix, int st, int want, double ratio, char *msg,
                        size_t len);

/* Whether the n doubles at got are want's, bit for bit; when not, each
 * element and the one wanted as TAP diagnostics. */
bool doubles_same(const double *got, const double *want, int n);

#endif
