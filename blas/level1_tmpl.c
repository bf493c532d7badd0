/* The level-1 routines (dot, asum, iamax), Fortran and CBLAS, compiled once
 * per precision (prec.h): the reference rules for sizes and increments
 * here, the reductions in ompwg or for a short call on OpenBLAS (short.h),
 * a short i?amax here (IAMAX_HERE). */
#include "prec.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "shim.h"
#include "short.h"

/* the names messages give */
static const char dot_name[] = T_PREFIX "dot";
static const char asum_name[] = T_PREFIX "asum";
static const char iamax_name[] = "i" T_PREFIX "amax";

typedef ompwg_status extremum_fn(int64_t n, const T *x, int64_t incx, T *value, int64_t *index);

/* A reduction that cannot start (a NULL vector): said on stderr. */
static void null_vector(const char *routine)
{
    ompwg_blas_attempt at = { .routine = routine };
    ompwg_blas_retry(&at, OMPWG_ERR_NULL, false);
}

/* The reference loop for a zero increment (one element used n times),
 * which ompwg refuses; it accumulates as ompwg does (ACC, prec.h). */
static T repeated_dot(ompwg_blas_int n, const T *x, ompwg_blas_int incx, const T *y, ompwg_blas_int incy)
{
    int64_t ix = incx < 0 ? (int64_t)(n - 1) * -incx : 0;
    int64_t iy = incy < 0 ? (int64_t)(n - 1) * -incy : 0;
    ACC sum = 0;
    for (ompwg_blas_int i = 0; i < n; i++, ix += incx, iy += incy) sum += (ACC)x[ix] * (ACC)y[iy];
    return (T)sum;
}

/* OpenBLAS's cblas_xdot and cblas_xasum */
typedef T short_dot_fn(int n, const T *x, int incx, const T *y, int incy);
typedef T short_asum_fn(int n, const T *x, int incx);

/* A short call's routine (short.h) where the path is open for a vector of
 * n > 0 elements, else NULL (the call goes through ompwg). */
static void *short_routine(ompwg_blas_int n, ompwg_blas_short_id id)
{
    return OMPWG_BLAS_SHORT_CALLS && n <= OMPWG_BLAS_SHORT_N && ompwg_short_calls_open()
               ? ompwg_blas_short_routine(id)
               : NULL;
}

/* The value the openblas backend gives for OpenBLAS's: its sum of one
 * piece in the accumulation type, rounded back (backends/openblas). */
static T short_value(T r)
{
    ACC total = 0;
    total += r;
    return (T)total;
}

static T dot(ompwg_blas_int n, const T *x, ompwg_blas_int incx, const T *y, ompwg_blas_int incy)
{
    if (n <= 0) return 0;
    if (!x || !y) {
        null_vector(dot_name);
        return (T)NAN;
    }
    if (incx == 0 || incy == 0) return repeated_dot(n, x, incx, y, incy);
    short_dot_fn *fn = (short_dot_fn *)short_routine(n, TN(SHORT_, dot));
    if (fn) {
        /* a single element is read at the pointer whatever the increments,
         * which the backend makes 1 */
        ompwg_gate_slot *gate = ompwg_openblas_enter();
        T r = n == 1 ? fn(1, x, 1, y, 1) : fn((int)n, x, (int)incx, y, (int)incy);
        ompwg_openblas_leave(gate);
        return short_value(r);
    }
    ompwg_blas_attempt at = { .routine = dot_name };
    T result = 0;
    int st;
    do
        st = TN(ompwg_, dot)(n, x, incx, y, incy, &result);
    while (ompwg_blas_retry(&at, st, true));
    return st == OMPWG_OK || st == OMPWG_ERR_CHECK ? result : (T)NAN;
}

static T asum(ompwg_blas_int n, const T *x, ompwg_blas_int incx)
{
    if (n <= 0 || incx <= 0) return 0;
    if (!x) {
        null_vector(asum_name);
        return (T)NAN;
    }
    short_asum_fn *fn = (short_asum_fn *)short_routine(n, TN(SHORT_, asum));
    if (fn) {
        ompwg_gate_slot *gate = ompwg_openblas_enter();
        T r = fn((int)n, x, n == 1 ? 1 : (int)incx);
        ompwg_openblas_leave(gate);
        return short_value(r);
    }
    ompwg_blas_attempt at = { .routine = asum_name };
    T result = 0;
    int st;
    do
        st = TN(ompwg_, asum)(n, x, incx, &result);
    while (ompwg_blas_retry(&at, st, true));
    return st == OMPWG_OK || st == OMPWG_ERR_CHECK ? result : (T)NAN;
}

/* The reference loop (1-based): a NaN after the first element never
 * compares greater, so it is never chosen. */
static ompwg_blas_int iamax_scan(ompwg_blas_int n, const T *x, ompwg_blas_int incx)
{
    ompwg_blas_int best = 1;
    T big = T_ABS(x[0]);
    for (ompwg_blas_int i = 1; i < n; i++) {
        T v = T_ABS(x[(int64_t)i * incx]);
        if (v > big) {
            best = i + 1;
            big = v;
        }
    }
    return best;
}

/* Vectors shorter than this are searched here: a LAPACK factorisation
 * searches each column for its pivot (dgetrf of order 8192: 8192
 * searches), and two placed ompwg calls per search cost far more than the
 * search. Longer ones too wherever short calls may skip the planner
 * (short.h: no usable device, no backend but OpenBLAS chosen, no check
 * mode or trace): this one pass reads the vector once, at OpenBLAS's
 * rate, where ompwg's max and min read it twice (bench/NOTES.md). */
#define IAMAX_HERE (1 << 16)

/* The search's 16-byte vectors of T, and of integers of T's width (a
 * comparison's mask; the bits of T). IAMAX_VECS of them make its lanes, as
 * many as keep eight of the CPU's maximum operations in flight (a power of
 * two, for the tree that combines them); it takes blocks of at most
 * IAMAX_BLOCK elements, and asks for the cache lines IAMAX_AHEAD elements
 * ahead of those it reads. */
#define IAMAX_WIDTH (int)(16 / sizeof(T))
#define IAMAX_VECS 8
#define IAMAX_BLOCK (128 * IAMAX_WIDTH)
#define IAMAX_AHEAD (64 * IAMAX_WIDTH)
_Static_assert((IAMAX_VECS & (IAMAX_VECS - 1)) == 0, "IAMAX_VECS is a power of two");
typedef T iamax_vec __attribute__((vector_size(16)));
#if T_IS_DOUBLE
typedef int64_t iamax_bits __attribute__((vector_size(16)));
#define IAMAX_MAGNITUDE INT64_MAX
#else
typedef int32_t iamax_bits __attribute__((vector_size(16)));
#define IAMAX_MAGNITUDE INT32_MAX
#endif

/* The larger of two vectors lane by lane, a's lane where b's is not
 * greater (a NaN in b never enters). */
static iamax_vec iamax_max(iamax_vec a, iamax_vec b)
{
    const iamax_bits up = b > a;
    return (iamax_vec)(((iamax_bits)b & up) | ((iamax_bits)a & ~up));
}

/* The largest |x_i| of len elements (a multiple of IAMAX_WIDTH, at most
 * IAMAX_BLOCK), NaNs passed by: lanes from 0, below every magnitude. */
static T iamax_block(const T *x, int len)
{
    const iamax_bits magnitude = (iamax_bits){ 0 } + IAMAX_MAGNITUDE;
    iamax_vec lane[IAMAX_VECS];
    for (int l = 0; l < IAMAX_VECS; l++) lane[l] = (iamax_vec){ 0 };
    int j = 0;
    for (; j + IAMAX_VECS * IAMAX_WIDTH <= len; j += IAMAX_VECS * IAMAX_WIDTH) {
        /* the two cache lines of this step's 128 bytes, IAMAX_AHEAD on
         * (a prefetch past the end of x reads nothing) */
        __builtin_prefetch(x + j + IAMAX_AHEAD);
        __builtin_prefetch(x + j + IAMAX_AHEAD + 4 * IAMAX_WIDTH);
        for (int l = 0; l < IAMAX_VECS; l++) {
            iamax_bits v;
            memcpy(&v, x + j + l * IAMAX_WIDTH, sizeof v);
            lane[l] = iamax_max(lane[l], (iamax_vec)(v & magnitude));
        }
    }
    for (; j < len; j += IAMAX_WIDTH) {
        iamax_bits v;
        memcpy(&v, x + j, sizeof v);
        lane[0] = iamax_max(lane[0], (iamax_vec)(v & magnitude));
    }
    for (int w = IAMAX_VECS / 2; w > 0; w /= 2)
        for (int l = 0; l < w; l++) lane[l] = iamax_max(lane[l], lane[l + w]);
    T top = lane[0][0];
    for (int e = 1; e < IAMAX_WIDTH; e++) top = lane[0][e] > top ? lane[0][e] : top;
    return top;
}

/* The reference loop's answer for a unit-stride x whose first element is
 * not NaN: the first index of the largest magnitude, NaNs passed by (the
 * reference's .GT. is false for them). One pass takes each block's
 * largest magnitude and keeps the first block that raises the largest so
 * far; the first index of that magnitude is then within that block. */
static ompwg_blas_int iamax_here(ompwg_blas_int n, const T *x)
{
    T big = T_ABS(x[0]);
    ompwg_blas_int from = 0; /* the first index holding big is in [from, from + IAMAX_BLOCK) */
    ompwg_blas_int i = 0;
    const ompwg_blas_int whole = n - n % IAMAX_WIDTH;
    while (i < whole) {
        const int len = whole - i < IAMAX_BLOCK ? (int)(whole - i) : IAMAX_BLOCK;
        const T top = iamax_block(x + i, len);
        if (top > big) {
            big = top;
            from = i;
        }
        i += len;
    }
    for (; i < n; i++) {
        const T v = T_ABS(x[i]);
        from = v > big ? i : from;
        big = v > big ? v : big;
    }
    /* the first index holding big: the first vector with one, then within it */
    const iamax_bits magnitude = (iamax_bits){ 0 } + IAMAX_MAGNITUDE;
    for (i = from; i + IAMAX_WIDTH <= n; i += IAMAX_WIDTH) {
        iamax_bits v;
        memcpy(&v, x + i, sizeof v);
        const iamax_bits hit = (iamax_vec)(v & magnitude) == big;
        bool any = false;
        for (int e = 0; e < IAMAX_WIDTH; e++) any |= hit[e] != 0;
        if (any) break;
    }
    for (; T_ABS(x[i]) != big; i++) continue;
    return i + 1;
}

/* ompwg's max or min of the vector; false when it failed (reported). */
static bool extremum(extremum_fn *fn, ompwg_blas_int n, const T *x, ompwg_blas_int incx, T *value,
                     int64_t *index)
{
    ompwg_blas_attempt at = { .routine = iamax_name };
    int st;
    do
        st = fn(n, x, incx, value, index);
    while (ompwg_blas_retry(&at, st, true));
    return st == OMPWG_OK || st == OMPWG_ERR_CHECK;
}

/* Searched here (IAMAX_HERE), or else the largest |x_i| is the larger of
 * max x and -min x; where they are equal, the first of the two indices
 * wins, as in the reference loop. A NaN makes ompwg's max and min stop at
 * it, where the reference passes it by: such a vector takes the reference
 * loop. */
static ompwg_blas_int iamax(ompwg_blas_int n, const T *x, ompwg_blas_int incx)
{
    if (n < 1 || incx <= 0) return 0;
    if (n == 1) return 1;
    if (!x) {
        null_vector(iamax_name);
        return 0;
    }
    /* nothing compares greater than a first NaN: the reference keeps it */
    if (x[0] != x[0]) return 1;
    if (n < IAMAX_HERE || ompwg_short_calls_open())
        return incx == 1 ? iamax_here(n, x) : iamax_scan(n, x, incx);
    T hi, lo;
    int64_t at_hi, at_lo;
    if (!extremum(TN(ompwg_, max), n, x, incx, &hi, &at_hi)) return 0;
    if (hi != hi) return iamax_scan(n, x, incx);
    if (!extremum(TN(ompwg_, min), n, x, incx, &lo, &at_lo)) return 0;
    if (lo != lo) return iamax_scan(n, x, incx);
    if (hi > -lo) return (ompwg_blas_int)at_hi + 1;
    if (-lo > hi) return (ompwg_blas_int)at_lo + 1;
    return (ompwg_blas_int)(at_hi < at_lo ? at_hi : at_lo) + 1;
}

/* Scalars passed by address: a NULL one (never from Fortran) reads as 0,
 * which makes every routine here return 0 without reading the vectors. */
static ompwg_blas_int read_int(const ompwg_blas_int *p)
{
    return p ? *p : 0;
}

/* The Fortran xDOT (LP64 or ILP64): sum of x_i y_i with the reference rules
 * (n <= 0: 0; negative increments from the end; zero ones repeat). */
static T fortran_dot(const ompwg_blas_int *n, const T *x, const ompwg_blas_int *incx, const T *y,
                     const ompwg_blas_int *incy)
{
    ompwg_blas_int nn = read_int(n);
    if (!incx || !incy) nn = 0;
    return dot(nn, x, read_int(incx), y, read_int(incy));
}

/* The Fortran xASUM (LP64 or ILP64): sum of |x_i|; 0 for n <= 0 or incx <= 0. */
static T fortran_asum(const ompwg_blas_int *n, const T *x, const ompwg_blas_int *incx)
{
    return asum(read_int(n), x, read_int(incx));
}

/* The Fortran IxAMAX (LP64 or ILP64): 1-based index of the first largest |x_i|;
 * 0 for n < 1 or incx <= 0. */
static ompwg_blas_int fortran_iamax(const ompwg_blas_int *n, const T *x, const ompwg_blas_int *incx)
{
    return iamax(read_int(n), x, read_int(incx));
}

/* cblas_ixamax: IxAMAX's index less one (0-based), and 0 where IxAMAX
 * gives 0 (n < 1 or incx <= 0), as netlib's CBLAS returns it. cblas_xdot
 * and cblas_xasum are dot() and asum(). */
static size_t cblas_iamax(ompwg_blas_int n, const T *x, ompwg_blas_int incx)
{
    ompwg_blas_int i = iamax(n, x, incx);
    return i > 0 ? (size_t)(i - 1) : 0;
}

/* The exported names, each precision's spelled out (ompwg_blas.h declares
 * them): their parameters, and those passed on. */
#define FORTRAN_DOT_PARAMS                                                                         \
    const ompwg_blas_int *n, const T *x, const ompwg_blas_int *incx, const T *y,                   \
        const ompwg_blas_int *incy
#define FORTRAN_VEC_PARAMS const ompwg_blas_int *n, const T *x, const ompwg_blas_int *incx
#define CBLAS_DOT_PARAMS ompwg_blas_int n, const T *x, ompwg_blas_int incx, const T *y, ompwg_blas_int incy
#define CBLAS_VEC_PARAMS ompwg_blas_int n, const T *x, ompwg_blas_int incx

#if defined(OMPWG_PREC_S)
OMPWG_BLAS_EXPORT T sdot_(FORTRAN_DOT_PARAMS) { return fortran_dot(n, x, incx, y, incy); }
OMPWG_BLAS_EXPORT T sasum_(FORTRAN_VEC_PARAMS) { return fortran_asum(n, x, incx); }
OMPWG_BLAS_EXPORT ompwg_blas_int isamax_(FORTRAN_VEC_PARAMS) { return fortran_iamax(n, x, incx); }
OMPWG_BLAS_EXPORT T cblas_sdot(CBLAS_DOT_PARAMS) { return dot(n, x, incx, y, incy); }
OMPWG_BLAS_EXPORT T cblas_sasum(CBLAS_VEC_PARAMS) { return asum(n, x, incx); }
OMPWG_BLAS_EXPORT size_t cblas_isamax(CBLAS_VEC_PARAMS) { return cblas_iamax(n, x, incx); }
#elif defined(OMPWG_PREC_D)
OMPWG_BLAS_EXPORT T ddot_(FORTRAN_DOT_PARAMS) { return fortran_dot(n, x, incx, y, incy); }
OMPWG_BLAS_EXPORT T dasum_(FORTRAN_VEC_PARAMS) { return fortran_asum(n, x, incx); }
OMPWG_BLAS_EXPORT ompwg_blas_int idamax_(FORTRAN_VEC_PARAMS) { return fortran_iamax(n, x, incx); }
OMPWG_BLAS_EXPORT T cblas_ddot(CBLAS_DOT_PARAMS) { return dot(n, x, incx, y, incy); }
OMPWG_BLAS_EXPORT T cblas_dasum(CBLAS_VEC_PARAMS) { return asum(n, x, incx); }
OMPWG_BLAS_EXPORT size_t cblas_idamax(CBLAS_VEC_PARAMS) { return cblas_iamax(n, x, incx); }
#else
#error "level1_tmpl.c: no exported names for this precision"
#endif
