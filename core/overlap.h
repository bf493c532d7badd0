/* Whether arrays share memory: the spans of BLAS vectors and column-major
 * matrices, and the exact test of two matrices for a shared element, for the
 * entry points' argument checks (src/args.h) and the drop-in BLAS's short
 * calls (blas/short.h). Compiled into libompwg and into libompwg_blas (each
 * keeps its copy hidden). */
#ifndef OMPWG_OVERLAP_H
#define OMPWG_OVERLAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Whether the bytes [p, p + p_elems * elem) and [q, q + q_elems * elem)
 * share an address; sizes too large for the address space count as
 * reaching its end. */
bool ompwg_spans_overlap(const void *p, uint64_t p_elems, const void *q, uint64_t q_elems,
                         size_t elem);

/* Whether two column-major matrices (rows x cols elements of elem bytes,
 * leading dimensions ld; rows, cols > 0, ld >= rows) share an element.
 * Exact, so that blocks of one array that interleave without touching (a
 * LAPACK trailing update and its panels) do not count; a pointer misaligned
 * against the other by part of an element counts when the spans meet. Costs
 * a few steps per bit of the leading dimensions, whatever the columns
 * (overlap.c). */
bool ompwg_matrices_overlap(const void *p, int64_t p_rows, int64_t p_cols, int64_t p_ld,
                            const void *q, int64_t q_rows, int64_t q_cols, int64_t q_ld,
                            size_t elem);

/* Elements from the lowest to the highest address of an n-element vector
 * with increment inc (n > 0), saturating at UINT64_MAX. */
uint64_t ompwg_vec_span(int64_t n, int64_t inc);

/* Elements spanned by a column-major rows x cols matrix with leading
 * dimension ld (rows, cols > 0), saturating at UINT64_MAX. */
uint64_t ompwg_matrix_span(int64_t rows, int64_t cols, int64_t ld);

#endif
