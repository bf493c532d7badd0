/* The public scan entry points, compiled once per precision (float, double,
 * int64): check the arguments, pick the backend (or the reference, for a
 * backend without a scan), optionally check. */
#include "prec.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "args.h"
#include "dispatch.h"
#include "ompwg.h"
#include "reference.h"

/* Whether output i of the backend (got) and of the reference (want) agree:
 * exactly for int64; for float and double, both are within the documented
 * bound of the exact sum, so they are within twice that of each other.
 * abs_sum: the sum of the |x_j| that output i adds, terms: how many. */
static bool agrees(T got, T want, long double abs_sum, int64_t terms)
{
#if T_FLOATING
    if (isnan(got) || isnan(want)) return isnan(got) && isnan(want);
    if (isinf(got) || isinf(want)) return got == want;
    long double bound = terms * 0x1.0p-53L * abs_sum + (long double)(T_EPS / 2) * fabsl(want);
    return fabsl((long double)got - (long double)want) <= 2 * bound;
#else
    (void)abs_sum;
    (void)terms;
    return got == want;
#endif
}

/* Check mode: the backend's scan, then the reference on a copy of x taken
 * before it (the call may be in place), compared output by output. */
static int checked_scan(const ompwg_backend *be, TN(ompwg_, scan_fn) fn,
                        const ompwg_scan_shape *s, const T *x, T *y)
{
    T *xs = malloc((size_t)s->n * sizeof *xs), *ref = malloc((size_t)s->n * sizeof *ref);
    int st = xs && ref ? OMPWG_OK : OMPWG_ERR_NOMEM;
    if (st == OMPWG_OK) {
        for (int64_t i = 0; i < s->n; i++) xs[i] = x[i * s->incx];
        st = fn(s, x, y);
    }
    if (st == OMPWG_OK) {
        ompwg_scan_shape dense = { .n = s->n, .incx = 1, .incy = 1, .exclusive = s->exclusive };
        st = TN(ompwg_ref_, scan)(&dense, xs, ref);
    }
    long double abs_sum = 0;
    for (int64_t i = 0; st == OMPWG_OK && i < s->n; i++) {
        if (!s->exclusive) abs_sum += fabsl((long double)xs[i]);
        T got = y[i * s->incy];
        if (!agrees(got, ref[i], abs_sum, s->exclusive ? i : i + 1)) {
            fprintf(stderr, "ompwg: check: " T_NAME " %s scan on backend %s differs from the "
                    "reference (n=%lld) at element %lld: %.17Lg against %.17Lg\n",
                    s->exclusive ? "exclusive" : "inclusive", be->name, (long long)s->n,
                    (long long)i, (long double)got, (long double)ref[i]);
            st = OMPWG_ERR_CHECK;
        }
        if (s->exclusive) abs_sum += fabsl((long double)xs[i]);
    }
    free(xs);
    free(ref);
    return st;
}

static int run_scan(bool device, int64_t n, const T *x, int64_t incx, T *y, int64_t incy,
                    unsigned flags)
{
    ompwg_scan_shape s;
    int st = ompwg_scan_args(n, incx, incy, flags, &s);
    if (st != OMPWG_OK) return st;
    if (n == 0) return OMPWG_OK;
    if (!x || !y) return OMPWG_ERR_NULL;
    bool in_place = (const void *)x == (const void *)y && incx == incy;
    if (!in_place &&
        ompwg_spans_overlap(x, ompwg_vec_span(n, incx), y, ompwg_vec_span(n, incy), sizeof(T)))
        return OMPWG_ERR_OVERLAP;
    s.device_ptrs = device;
    x += ompwg_vec_origin(n, incx);
    y += ompwg_vec_origin(n, incy);

    ompwg_call call = { .what = T_PREFIX "scan", .kind = OMPWG_MODEL_STREAM, .dbl = T_IS_DOUBLE,
                        .work = 2.0 * (double)n * (double)sizeof(T), .n = n, .device = device,
                        .operands = 2, .shape_kind = OMPWG_SHAPE_SCAN, .shape = &s };
    call.op[0] = ompwg_vector_operand(x, n, incx, sizeof(T), true, false);
    call.op[1] = ompwg_vector_operand(y, n, incy, sizeof(T), false, true);
    void *ptr[2] = { (void *)x, y };
    const ompwg_backend *be = ompwg_place_pair(&call, ptr, &device, &st);
    if (!be) return st;
    s.device_ptrs = device;
    TN(ompwg_, scan_fn) fn = be->TN(, scan);
    if (ompwg_get_check() && !device && fn != TN(ompwg_ref_, scan))
        st = checked_scan(be, fn, &s, ptr[0], ptr[1]);
    else
        st = fn(&s, ptr[0], ptr[1]);
    if ((be = ompwg_fallback_for(st, device))) st = be->TN(, scan)(&s, ptr[0], ptr[1]);
    return st;
}

/* The public functions, each precision's names spelled out (ompwg.h
 * declares them): their parameters, and those passed on to run_scan(). */
#define SCAN_PARAMS int64_t n, const T *x, int64_t incx, T *y, int64_t incy, unsigned flags
#define SCAN_ARGS n, x, incx, y, incy, flags

#if defined(OMPWG_PREC_S)
ompwg_status ompwg_sscan(SCAN_PARAMS) { return run_scan(false, SCAN_ARGS); }
ompwg_status ompwg_sscan_device(SCAN_PARAMS) { return run_scan(true, SCAN_ARGS); }
#elif defined(OMPWG_PREC_D)
ompwg_status ompwg_dscan(SCAN_PARAMS) { return run_scan(false, SCAN_ARGS); }
ompwg_status ompwg_dscan_device(SCAN_PARAMS) { return run_scan(true, SCAN_ARGS); }
#elif defined(OMPWG_PREC_L)
ompwg_status ompwg_i64scan(SCAN_PARAMS) { return run_scan(false, SCAN_ARGS); }
ompwg_status ompwg_i64scan_device(SCAN_PARAMS) { return run_scan(true, SCAN_ARGS); }
#else
#error "scan_api_tmpl.c: no public names for this precision"
#endif
