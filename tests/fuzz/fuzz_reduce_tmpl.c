/* One fuzzed reduction of one precision (compiled once per precision, with
 * the reduction tests' vectors and checks): sum, dot, asum, max or min with
 * legal or illegal length, increments and pointers, on a backend chosen by
 * the input, with host or (GPU kernels in host fallback) device pointers.
 * Checked: the documented status; x and y keep every byte and their
 * canaries; a failing call writes neither value nor index; n = 0 gives 0
 * and -1; otherwise the sums are within ompwg.h's bound of a long double
 * oracle (NaN and Inf as IEEE gives them) and max/min are exactly an
 * independent scan's. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fuzz.h"
#include "reduce_case.h"

#if defined(OMPWG_TEST_PREC_S)
#define FUZZ_REDUCE fuzz_sreduce
#define TINY FLT_TRUE_MIN
#else
#define FUZZ_REDUCE fuzz_dreduce
#define TINY DBL_TRUE_MIN
#endif

/* A cap on the elements a vector spans. */
#define MAX_SPAN 600000

/* The call with the fuzzed arguments as they are (illegal ones included). */
static int raw_call(int op, bool device, int64_t n, const real *x, int64_t incx, const real *y,
                    int64_t incy, real *value, int64_t *index)
{
    switch (op) {
    case 0: return (device ? api.sum_device : api.sum)(n, x, incx, value);
    case 1: return (device ? api.dot_device : api.dot)(n, x, incx, y, incy, value);
    case 2: return (device ? api.asum_device : api.asum)(n, x, incx, value);
    case 3: return (device ? api.max_device : api.max)(n, x, incx, value, index);
    default: return (device ? api.min_device : api.min)(n, x, incx, value, index);
    }
}

/* The *_device functions on the vectors as they are: in host fallback
 * device memory is host memory, so the canaries watch the GPU kernels. */
static int device_sum(sum_kind k, vec *x, vec *y, real *result)
{
    return raw_call(k == SUM ? 0 : k == DOT ? 1 : 2, true, x->n, x->p, x->inc, y ? y->p : NULL,
                    y ? y->inc : 1, result, NULL);
}

static int device_extremum(bool want_max, vec *x, real *value, int64_t *index)
{
    return raw_call(want_max ? 3 : 4, true, x->n, x->p, x->inc, NULL, 1, value, index);
}

static const reducer device_direct = { device_sum, device_extremum };

/* Specials between and on the strided elements; ties for max/min. No
 * subnormal in a dot product, whose products would underflow. */
static void plant(fuzz_input *in, vec *v, bool with_tiny)
{
    if (!v->len || fuzz_byte(in) < 140) return;
    int count = 1 + (int)fuzz_below(in, 4);
    for (int i = 0; i < count; i++) {
        size_t at = fuzz_below(in, 65536) * 13u % v->len;
        if (fuzz_byte(in) % 2) v->p[at] = v->p[fuzz_below(in, 65536) % v->len];
        else v->p[at] = (real)fuzz_special(in, with_tiny, TINY);
    }
}

/* The increment a vector of n elements is stored with: an illegal 0 over
 * a unit stride, and at most 64 apart (one element spans one whatever its
 * increment: it is stored unit-stride and called with the fuzzed one). */
static int64_t storable_inc(int64_t n, int64_t inc)
{
    if (inc == 0 || n <= 1) return 1;
    if (inc < -64 || inc > 64) return inc < 0 ? -64 : 64;
    return inc;
}

/* n capped so that the vector spans at most MAX_SPAN elements. */
static int64_t capped(int64_t n, int64_t inc)
{
    int64_t ainc = inc < 0 ? -inc : inc;
    return n > 1 && (n - 1) * ainc + 1 > MAX_SPAN ? MAX_SPAN / ainc : n;
}

/* What one element gives: itself, its square's rounding, its magnitude. */
static bool single_right(int op, real x0, real y0, real value, int64_t index)
{
    real want = op == 0 || op >= 3 ? x0 : op == 1 ? (real)((double)x0 * (double)y0) : (real)fabs(x0);
    bool same = isnan(want) ? isnan(value) : value == want;
    return same && (op < 3 || index == 0);
}

int FUZZ_REDUCE(fuzz_input *in)
{
    static const char *const names[] = { "sum", "dot", "asum", "max", "min" };
    const char *backend = fuzz_backend(in);
    bool device = strcmp(backend, "gpu") == 0 && fuzz_byte(in) % 2;
    bool check_mode = fuzz_byte(in) < 64 && !device;
    int op = (int)fuzz_below(in, 5);
    bool dot = op == 1, extremum = op >= 3;
    int64_t n = fuzz_len(in), incx = fuzz_inc(in), incy = dot ? fuzz_inc(in) : 1;
    unsigned nulls = fuzz_byte(in) >= 236 ? fuzz_byte(in) : 0;
    test_rng r;
    test_rng_init(&r, fuzz_below(in, 65536));

    /* legal arguments are stored as they are, within the caps; illegal
     * ones over storage for the nearest legal call */
    int64_t sn = n > 0 ? n : 0;
    int64_t sx = storable_inc(sn, incx), sy = storable_inc(sn, incy);
    sn = capped(capped(sn, sx), sy);
    if (n > 0) n = sn;
    if (n > 1 && incx != 0) incx = sx;
    if (n > 1 && incy != 0) incy = sy;
    vec x, y;
    vec_init(&x, sn, sx, &r);
    vec_init(&y, dot ? sn : 0, sy, &r);
    plant(in, &x, !dot);
    if (dot) plant(in, &y, false);
    vec_snapshot(&x);
    vec_snapshot(&y);
    bool value_null = nulls & 1, index_null = nulls & 2, x_null = nulls & 4, y_null = nulls & 8;
    int want = fuzz_reduce_status(n, incx, incy, dot, extremum, value_null, index_null, x_null,
                                  y_null);
    const int64_t args[] = { 1, op, n, incx, incy, nulls & 15, device };
    fuzz_count(FUZZ_FAMILY_REDUCE, backend, want, args, (int)(sizeof args / sizeof args[0]));

    char what[160], msg[512] = "";
    sum_describe(what, sizeof what, dot ? DOT : SUM, n, incx, incy);
    ompwg_set_thread_backend(backend);
    ompwg_set_check(check_mode);
    bool pass;
    if (want == OMPWG_OK && n > 1) {
        /* the reduction tests' checks, on this call */
        if (extremum) {
            pass = extremum_check(device ? &device_direct : &host_reducer, op == 3, &x, msg,
                                  sizeof msg);
        } else {
            double measure;
            pass = sum_check(device ? &device_direct : &host_reducer, backend,
                             op == 0 ? SUM : dot ? DOT : ASUM, &x, dot ? &y : NULL, &measure,
                             msg, sizeof msg);
        }
    } else {
        real value = UNTOUCHED_VALUE;
        int64_t index = UNTOUCHED_INDEX;
        int st = raw_call(op, device, n, x_null ? NULL : x.p, incx, y_null ? NULL : y.p, incy,
                          value_null ? NULL : &value, index_null ? NULL : &index);
        /* n = 0: value 0 and, for max/min, index -1; n = 1: that element;
         * a failure: nothing */
        bool written_right =
            st != OMPWG_OK ? value == UNTOUCHED_VALUE && index == UNTOUCHED_INDEX
            : n == 1       ? single_right(op, x.p[0], dot ? y.p[0] : 0, value, index)
                           : value == 0 && index == (extremum ? -1 : UNTOUCHED_INDEX);
        pass = st == want && written_right && vec_kept(&x, "x", msg, sizeof msg) &&
               vec_kept(&y, "y", msg, sizeof msg);
        if (!pass && !msg[0])
            snprintf(msg, sizeof msg, "status %d (%s), documented %d (%s); value %g, index %lld",
                     st, ompwg_strerror(st), want, ompwg_strerror(want), (double)value,
                     (long long)index);
    }
    ompwg_set_check(0);
    ompwg_set_thread_backend(NULL);
    if (!pass)
        fuzz_fail("%s%s (%s) on %s%s, nulls %u: %s", what, device ? " (device pointers)" : "",
                  names[op], backend, check_mode ? " in check mode" : "", nulls & 15, msg);
    vec_free(&x);
    vec_free(&y);
    /* the test programs' helpers that a single call does not need */
    return 0;
}
