/* The drop-in cost benchmark's operands: arrays sized once for the largest
 * order, and for each call its sizes, leading dimensions, scalars and data.
 * The data keep every call of a long run away from NaN, infinities and
 * denormals: general operands in [0.5, 1), triangular ones 1 on the
 * diagonal and 2^-24 / n elsewhere (so that solving or multiplying again
 * and again neither grows nor shrinks them), alpha -1 and beta 1 (the
 * update LAPACK makes; alpha 1 for trmm and trsm), rotations by
 * (0.6, 0.8). */
#ifndef OMPWG_BENCH_DROPIN_OPERANDS_H
#define OMPWG_BENCH_DROPIN_OPERANDS_H

#include <stdbool.h>
#include <stddef.h>

#include "dropin_calls.h"

/* the order of the rank-64 updates' inner dimension */
#define BENCH_DROPIN_RANK 64
/* the band routines' bandwidth (kl = ku = k) at orders above it */
#define BENCH_DROPIN_BAND 16

typedef struct bench_dropin_buffers {
    void *a, *b, *c, *x, *y;
} bench_dropin_buffers;

/* The operands of one call, and the number of elements of each array it
 * uses (for the check after the timing). */
typedef struct bench_dropin_operands {
    bench_dropin_args args;
    char prec;
    size_t a_count, b_count, c_count, x_count, y_count;
} bench_dropin_operands;

/* Arrays for every call up to order max_n; false when out of memory. */
bool bench_dropin_buffers_alloc(bench_dropin_buffers *b, int max_n);
void bench_dropin_buffers_free(bench_dropin_buffers *b);

/* Whether r is timed as a rank-64 update too (gemm, syrk, herk, syr2k,
 * her2k: the routines with an inner dimension k). */
bool bench_dropin_has_rank(const bench_dropin_routine *r);

/* Sets op for r at order n (ignored for BENCH_DROPIN_SCALAR), square or,
 * with rank, with k = BENCH_DROPIN_RANK, over b's arrays, and fills them. */
void bench_dropin_prepare(const bench_dropin_routine *r, int n, bool rank,
                          const bench_dropin_buffers *b, bench_dropin_operands *op);

/* Whether every element op's call uses is finite and not a denormal. */
bool bench_dropin_operands_sound(const bench_dropin_operands *op);

#endif
