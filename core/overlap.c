/* Whether arrays share memory (overlap.h): the spans of vectors and
 * matrices, and whether two column-major matrices share an element, exactly,
 * in a number of steps that grows with the logarithm of the leading
 * dimensions, never with the columns. */
#include "overlap.h"

/* a * b + c, saturating at UINT64_MAX */
static uint64_t span_of(uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t ab, r;
    if (__builtin_mul_overflow(a, b, &ab) || __builtin_add_overflow(ab, c, &r)) return UINT64_MAX;
    return r;
}

uint64_t ompwg_vec_span(int64_t n, int64_t inc)
{
    uint64_t step = inc < 0 ? 0 - (uint64_t)inc : (uint64_t)inc;
    return span_of((uint64_t)(n - 1), step, 1);
}

uint64_t ompwg_matrix_span(int64_t rows, int64_t cols, int64_t ld)
{
    return span_of((uint64_t)(cols - 1), (uint64_t)ld, (uint64_t)rows);
}

static uintptr_t end_of(const void *p, uint64_t elems, size_t elem)
{
    uint64_t bytes = span_of(elems, elem, 0);
    uintptr_t start = (uintptr_t)p, end;
    if (bytes > UINTPTR_MAX || __builtin_add_overflow(start, (uintptr_t)bytes, &end))
        return UINTPTR_MAX;
    return end;
}

bool ompwg_spans_overlap(const void *p, uint64_t p_elems, const void *q, uint64_t q_elems,
                         size_t elem)
{
    uintptr_t p0 = (uintptr_t)p, q0 = (uintptr_t)q;
    return p0 < end_of(q, q_elems, elem) && q0 < end_of(p, p_elems, elem);
}

typedef __int128 wide;

/* floor(a / b) for b > 0 */
static wide floor_div(wide a, wide b)
{
    wide q = a / b;
    return q * b > a ? q - 1 : q;
}

static wide ceil_div(wide a, wide b)
{
    return -floor_div(-a, b);
}

static wide max_w(wide a, wide b)
{
    return a > b ? a : b;
}

static wide min_w(wide a, wide b)
{
    return a < b ? a : b;
}

/* Whether column interval [lo, hi) meets any column of the matrix whose
 * column j covers [base + j * ld, base + j * ld + rows), j in [0, cols). */
static bool meets_a_column(wide lo, wide hi, wide base, wide rows, wide cols, wide ld)
{
    /* columns j with base + j * ld < hi and base + j * ld + rows > lo */
    wide first = floor_div(lo - rows - base, ld) + 1;
    wide last = floor_div(hi - 1 - base, ld);
    if (first < 0) first = 0;
    if (last > cols - 1) last = cols - 1;
    return first <= last;
}

/* Whether columns [c0, c1] meet [0, cols). */
static bool columns_meet(wide c0, wide c1, wide cols)
{
    return c0 <= cols - 1 && c1 >= 0;
}

/* The least x >= 0 with l <= (a x) mod m <= r, or -1 where there is none
 * (0 <= a < m, 0 <= l <= r < m). Each step takes the problem to (m mod a,
 * a), as Euclid's algorithm does: the multiples of a reach [l, r] without
 * wrapping, or the first wrap y that lets them is the same question
 * modulo a. */
static wide first_in_window(wide a, wide m, wide l, wide r)
{
    if (l == 0) return 0;
    if (a == 0) return -1;
    const wide k = ceil_div(l, a);
    if (a * k <= r) return k;
    /* a x = l .. r + m y for the least y >= 1: -(m y) mod a must land in
     * [(-r) mod a, (-l) mod a], which [l, r] holding no multiple of a
     * keeps inside [1, a - 1] */
    const wide y = first_in_window(m % a, a, a - r % a, a - l % a);
    return y < 0 ? -1 : ceil_div(l + m * y, a);
}

/* Columns i in [i0, i1] of the walked matrix (column i at i * a) against
 * the other's columns (column j at d + j * b) where no bound on j binds:
 * column i meets one exactly where (i a - lo) mod b <= w, with lo and w
 * from the rows (see below). */
static bool interior_meets(wide i0, wide i1, wide a, wide b, wide lo, wide w)
{
    if (i0 > i1) return false;
    if (w >= b - 1) return true;
    const wide c = ((a * i0 - lo) % b + b) % b;
    if (c <= w) return true;
    /* the least t with (a t + c) mod b in [0, w], i.e. (a t) mod b in
     * [b - c, b - c + w] (below b, since c > w) */
    const wide t = first_in_window(a % b, b, b - c, b - c + w);
    return t >= 0 && t <= i1 - i0;
}

/* Columns of P (p_rows x p_cols, leading dimension a, from element 0)
 * against those of Q (q_rows x q_cols, leading dimension b, from element
 * d), a >= b. P's column i [i a, i a + P) meets Q's column j
 * [d + j b, d + j b + Q) exactly where j b lies in [i a - hi, i a - lo],
 * lo = d - P + 1, hi = d + Q - 1. Where 0 <= j < q_cols binds (the first
 * and last columns i near Q's ends, at most three at each end as a >= b
 * and P + Q <= a + b) each column is tried on its own. */
static bool walk(wide p_rows, wide p_cols, wide a, wide d, wide q_rows, wide q_cols, wide b)
{
    const wide lo = d - p_rows + 1, hi = d + q_rows - 1, top = (q_cols - 1) * b;
    const wide last = p_cols - 1;
    /* i a - hi >= 0 and i a - lo <= top: no bound on j binds */
    const wide i0 = max_w(0, ceil_div(hi, a)), i1 = min_w(last, floor_div(top + lo, a));
    if (interior_meets(i0, i1, a, b, lo, hi - lo)) return true;
    /* the columns below and above that range which could meet Q at all */
    const wide below0 = max_w(0, ceil_div(lo, a)), below1 = min_w(last, i0 - 1);
    const wide above0 = max_w(max_w(0, i0), i1 + 1);
    const wide above1 = min_w(last, floor_div(top + hi, a));
    for (wide i = below0; i <= below1; i++)
        if (meets_a_column(i * a, i * a + p_rows, d, q_rows, q_cols, b)) return true;
    for (wide i = above0; i <= above1; i++)
        if (meets_a_column(i * a, i * a + p_rows, d, q_rows, q_cols, b)) return true;
    return false;
}

bool ompwg_matrices_overlap(const void *p, int64_t p_rows, int64_t p_cols, int64_t p_ld,
                            const void *q, int64_t q_rows, int64_t q_cols, int64_t q_ld,
                            size_t elem)
{
    if (!ompwg_spans_overlap(p, ompwg_matrix_span(p_rows, p_cols, p_ld), q,
                             ompwg_matrix_span(q_rows, q_cols, q_ld), elem))
        return false;
    intptr_t diff = (intptr_t)((uintptr_t)q - (uintptr_t)p);
    if (diff % (intptr_t)elem != 0) return true;
    /* q's first element, in elements from p's */
    wide d = diff / (intptr_t)elem;
    if (p_ld == q_ld) {
        /* q's column j is p's column q0 + j from row r on, running into the
         * next column when it passes the leading dimension */
        wide q0 = floor_div(d, p_ld), r = d - q0 * p_ld;
        if (r < p_rows && columns_meet(q0, q0 + q_cols - 1, p_cols)) return true;
        return r + q_rows > p_ld && columns_meet(q0 + 1, q0 + q_cols, p_cols);
    }
    /* walk the matrix with the larger leading dimension */
    if (p_ld > q_ld) return walk(p_rows, p_cols, p_ld, d, q_rows, q_cols, q_ld);
    return walk(q_rows, q_cols, q_ld, -d, p_rows, p_cols, p_ld);
}
