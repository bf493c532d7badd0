/* Short calls (docs/drop-in.md#short-calls): a call of the routines
 * libompwg_blas runs in ompwg whose work is below these bounds goes straight
 * to OpenBLAS's own CBLAS routine, with the arguments the openblas backend
 * would give it, in the fork gate, without the C API's layers and the
 * planner, while the word short_calls.h keeps is open (wherever the planner
 * would send the call to OpenBLAS anyway). The reference checks and quick
 * returns come first, as for every call; a call whose C shares an element
 * with an input it reads, or that lacks an array it reads, takes the
 * planner's path, which refuses it as it refuses a long one. */
#ifndef OMPWG_BLAS_SHORT_H
#define OMPWG_BLAS_SHORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "openblas_gate.h"
#include "overlap.h"
#include "short_calls.h"

/* Whether this variant of the drop-in makes short calls: not the ILP64 one,
 * whose calls keep the planner's path (OpenBLAS's CBLAS there is its ILP64
 * build, which the openblas backend does not run; short.c). */
#ifdef OMPWG_BLAS_ILP64
#define OMPWG_BLAS_SHORT_CALLS 0
#else
#define OMPWG_BLAS_SHORT_CALLS 1
#endif

/* Level 3 (GEMM, SYMM, SYRK, SYR2K, TRMM, TRSM, complex GEMM): at most this
 * many multiply-adds (32^3; the planner sends a host call of up to 8e6 to
 * OpenBLAS where no device is usable). */
#define OMPWG_BLAS_SHORT_WORK 32768
/* Level 1 (DOT, ASUM): at most this many elements (the planner sends every
 * host call of these to OpenBLAS where no device is usable; the openblas
 * backend cuts only vectors past 2^30 into pieces). */
#define OMPWG_BLAS_SHORT_N 65536

/* The OpenBLAS routines short calls run, by the name of ompwg's (TN(SHORT_,
 * gemm) in a *_tmpl.c unit). */
typedef enum ompwg_blas_short_id {
    SHORT_sgemm, SHORT_dgemm, SHORT_cgemm, SHORT_zgemm,
    SHORT_sdot, SHORT_ddot, SHORT_sasum, SHORT_dasum,
    SHORT_ssymm, SHORT_dsymm, SHORT_ssyrk, SHORT_dsyrk, SHORT_ssyr2k, SHORT_dsyr2k,
    SHORT_strmm, SHORT_dtrmm, SHORT_strsm, SHORT_dtrsm,
    SHORT_COUNT
} ompwg_blas_short_id;

/* Whether a call of a * b * c / halves multiply-adds (halves 1: a GEMM,
 * 2: a SYRK, whose triangle is half its square) is short; sizes >= 0, and
 * at most 2^31 - 1 as BLAS takes them. */
static inline bool ompwg_blas_short_work(int a, int b, int c, int halves)
{
    const int64_t ab = (int64_t)a * b, bound = (int64_t)OMPWG_BLAS_SHORT_WORK * halves;
    /* ab * c stays below 2^63 once ab is within the bound */
    return ab <= bound && ab * c <= bound;
}

/* Whether an m x n C (leading dimension ldc) shares an element with a
 * rows x cols x (ldx), of elem bytes each, all at least 1, for a short
 * call (whose operands hold at most 2^16 elements): apart where their
 * spans do not meet, else as the exact test (core/overlap.c) says. */
static inline bool ompwg_blas_short_overlap(const void *c, int m, int n, int ldc, const void *x,
                                            int rows, int cols, int ldx, size_t elem)
{
    const uintptr_t c0 = (uintptr_t)c, x0 = (uintptr_t)x;
    const uintptr_t c1 = c0 + (uintptr_t)(((int64_t)(n - 1) * ldc + m) * (int64_t)elem);
    const uintptr_t x1 = x0 + (uintptr_t)(((int64_t)(cols - 1) * ldx + rows) * (int64_t)elem);
    /* (an end that wraps past the address space goes to the exact test) */
    if (c1 > c0 && x1 > x0 && (c1 <= x0 || x1 <= c0)) return false;
    return ompwg_matrices_overlap(c, m, n, ldc, x, rows, cols, ldx, elem);
}

/* OpenBLAS's own definition of routine id (cblas_dgemm for SHORT_dgemm),
 * looked up once for all of them; NULL when OpenBLAS lacks it (the call
 * then takes the planner's path). */
void *ompwg_blas_short_routine(ompwg_blas_short_id id);

#endif
