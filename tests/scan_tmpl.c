/* The scans of one type against a sequential oracle. Meson compiles this
 * file once per type (OMPWG_TEST_SCAN_S, _D, _I64; scan_test.h): ST is the
 * type, TN(name, ) the name of this file's extern function for it (as
 * prec.h's TN), ST_U the unit roundoff of the result (0 for int64), SCAN
 * and SCAN_DEVICE the API functions.
 *
 * float and double outputs are held to the bound of ompwg.h against a long
 * double running sum; int64 outputs must equal the running sum modulo 2^64
 * (the inputs use all 64 bits, so the sums wrap). Every buffer has guard
 * bands, x must be unchanged (unless the scan is in place) and the
 * elements of y between its strided outputs too. */
#include <float.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "group.h"
#include "guard.h"
#include "ompwg.h"
#include "scan_test.h"
#include "target_mem.h"

#if defined(OMPWG_TEST_SCAN_S)
#define ST float
#define TN(pre, post) pre##s##post
#define ST_NAME "float"
#define ST_PREFIX "s"
#define ST_FLOATING 1
#define ST_U 0x1.0p-24L
#define SCAN ompwg_sscan
#define SCAN_DEVICE ompwg_sscan_device
#elif defined(OMPWG_TEST_SCAN_D)
#define ST double
#define TN(pre, post) pre##d##post
#define ST_NAME "double"
#define ST_PREFIX "d"
#define ST_FLOATING 1
#define ST_U 0x1.0p-53L
#define SCAN ompwg_dscan
#define SCAN_DEVICE ompwg_dscan_device
#elif defined(OMPWG_TEST_SCAN_I64)
#define ST int64_t
#define TN(pre, post) pre##i64##post
#define ST_NAME "int64"
#define ST_PREFIX "i64"
#define ST_FLOATING 0
#define ST_U 0
#define SCAN ompwg_i64scan
#define SCAN_DEVICE ompwg_i64scan_device
#else
#error "define one of OMPWG_TEST_SCAN_S, _D and _I64"
#endif

static ST random_element(test_rng *r)
{
#if ST_FLOATING
    return (ST)test_uniform(r);
#else
    return (ST)test_rng_next(r);
#endif
}

/* A strided vector as the caller stores it (reduce_vec_tmpl.c's layout). */
typedef struct svec {
    int64_t n, inc;
    size_t len;
    ST *p, *copy;
} svec;

static size_t pos(int64_t n, int64_t inc, int64_t i)
{
    return (size_t)(inc > 0 ? i * inc : (n - 1 - i) * -inc);
}

static void svec_init(svec *v, int64_t n, int64_t inc, test_rng *r)
{
    v->n = n;
    v->inc = inc;
    v->len = n > 0 ? (size_t)(1 + (n - 1) * (inc > 0 ? inc : -inc)) : 0;
    v->p = guard_alloc(v->len * sizeof(ST));
    for (size_t i = 0; i < v->len; i++) v->p[i] = random_element(r);
    v->copy = test_copy(v->p, v->len * sizeof(ST));
}

static void svec_free(svec *v)
{
    guard_free(v->p);
    free(v->copy);
}

/* The scan through the host API, or through device copies of both buffers
 * (y's too, so that a write between its outputs shows). */
static int call_scan(bool device, int64_t n, ST *x, int64_t incx, size_t xlen, ST *y,
                     int64_t incy, size_t ylen, unsigned flags)
{
    if (!device) return SCAN(n, x, incx, y, incy, flags);
    int dev = target_data_device(), host = omp_get_initial_device();
    size_t xb = xlen * sizeof(ST) + 1, yb = ylen * sizeof(ST) + 1;
    ST *dx = target_alloc(xb, dev), *dy = x == y ? dx : target_alloc(yb, dev);
    target_copy(dx, x, xlen * sizeof(ST), dev, host);
    if (dy != dx) target_copy(dy, y, ylen * sizeof(ST), dev, host);
    int st = SCAN_DEVICE(n, dx, incx, dy, incy, flags);
    target_copy(y, dy, ylen * sizeof(ST), host, dev);
    if (dy != dx) {
        target_copy(x, dx, xlen * sizeof(ST), host, dev);
        target_free(dy, dev);
    }
    target_free(dx, dev);
    return st;
}

/* One scan of n elements checked against the oracle. */
static bool check(bool device, int64_t n, int64_t incx, int64_t incy, bool in_place,
                       bool exclusive, test_rng *r, double *worst, char *msg, size_t len)
{
    svec x, y;
    svec_init(&x, n, incx, r);
    if (!in_place) svec_init(&y, n, incy, r);
    svec *out = in_place ? &x : &y;
    /* a NaN, an Inf or an integer near the wrap in some cases */
    if (n > 2 && test_below(r, 4) == 0) {
        int64_t at = (int64_t)test_below(r, (uint64_t)n);
#if ST_FLOATING
        x.p[pos(n, incx, at)] = test_below(r, 2) ? (ST)NAN : (ST)INFINITY;
#else
        x.p[pos(n, incx, at)] = INT64_MAX;
#endif
        memcpy(x.copy, x.p, x.len * sizeof(ST));
    }
    unsigned flags = exclusive ? OMPWG_SCAN_EXCLUSIVE : 0;
    int st = call_scan(device, n, x.p, incx, x.len, out->p, out->inc, out->len, flags);
    bool pass = st == OMPWG_OK;
    if (!pass) snprintf(msg, len, "status %d (%s)", st, ompwg_strerror(st));
    const char *where = NULL;
    if (pass && (!guard_intact(x.p, &where) || (!in_place && !guard_intact(y.p, &where)))) {
        snprintf(msg, len, "wrote %s a buffer", where);
        pass = false;
    }
    if (pass && !in_place && test_first_difference(x.p, x.copy, x.len * sizeof(ST)) >= 0) {
        snprintf(msg, len, "changed x");
        pass = false;
    }
    /* the elements of y between its outputs */
    for (size_t i = 0; pass && out->inc != 1 && out->inc != -1 && i < out->len; i++)
        if (i % (size_t)(out->inc > 0 ? out->inc : -out->inc) != 0 &&
            memcmp(&out->p[i], &out->copy[i], sizeof(ST)) != 0) {
            snprintf(msg, len, "wrote element %zu of y, between outputs", i);
            pass = false;
        }
#if ST_FLOATING
    long double run = 0, abs_run = 0;
#else
    uint64_t run = 0;
    (void)worst;
#endif
    for (int64_t i = 0; pass && i < n; i++) {
        ST xi = x.copy[pos(n, incx, i)];
        ST got = out->p[pos(n, out->inc, i)];
#if ST_FLOATING
        long double before = run, abs_before = abs_run;
        run += xi;
        abs_run += fabsl((long double)xi);
        long double exact = exclusive ? before : run, abs_sum = exclusive ? abs_before : abs_run;
        int64_t terms = exclusive ? i : i + 1;
        if (isnan(exact) || isinf(exact)) {
            if (!(isnan(exact) ? isnan(got) : got == exact)) {
                snprintf(msg, len, "element %lld: %g, want %Lg", (long long)i, (double)got, exact);
                pass = false;
            }
            continue;
        }
        long double bound = terms * 0x1.0p-53L * abs_sum + ST_U * fabsl(exact) +
                            (terms + 1) * LDBL_EPSILON * abs_sum;
        long double err = fabsl((long double)got - exact);
        double ratio = bound > 0 ? (double)(err / bound) : err == 0 ? 0 : INFINITY;
        if (ratio > *worst) *worst = ratio;
        if (!(err <= bound)) {
            snprintf(msg, len, "element %lld: %.17g, exact %.21Lg, error %Lg > bound %Lg",
                     (long long)i, (double)got, exact, err, bound);
            pass = false;
        }
#else
        uint64_t before = run;
        run += (uint64_t)xi;
        uint64_t want = exclusive ? before : run;
        if ((uint64_t)got != want) {
            snprintf(msg, len, "element %lld: %lld, want %lld", (long long)i, (long long)got,
                     (long long)(int64_t)want);
            pass = false;
        }
#endif
    }
    svec_free(&x);
    if (!in_place) svec_free(&y);
    return pass;
}

/* Two scans of the same n elements give the same bits (ompwg.h: the
 * order of the sums is the backend's blocking, not the timing of its
 * threads or teams). */
static bool same_bits_twice(bool device, int64_t n, test_rng *r, char *msg, size_t len)
{
    svec x, y1, y2;
    svec_init(&x, n, 1, r);
    svec_init(&y1, n, 1, r);
    svec_init(&y2, n, 1, r);
    int st1 = call_scan(device, n, x.p, 1, x.len, y1.p, 1, y1.len, 0);
    int st2 = call_scan(device, n, x.p, 1, x.len, y2.p, 1, y2.len, 0);
    bool pass = st1 == OMPWG_OK && st2 == OMPWG_OK;
    if (!pass) snprintf(msg, len, "status %d and %d", st1, st2);
    int64_t at = pass ? test_first_difference(y1.p, y2.p, y1.len * sizeof(ST)) : -1;
    if (at >= 0) {
        snprintf(msg, len, "byte %lld differs between the two calls", (long long)at);
        pass = false;
    }
    svec_free(&x);
    svec_free(&y1);
    svec_free(&y2);
    return pass;
}

/* Every size across the blockings of every backend (GPU steps of 256
 * 16-byte pieces, chunks, CPU slices), increments of both signs, both
 * kinds, in place too. */
void TN(grid_, )(const char *backend, bool device)
{
    static const int64_t sizes[] = { 0, 1, 2, 3, 31, 32, 33, 255, 256, 257, 511, 512, 513,
                                     1023, 1024, 1025, 4097, 65537, 100003,
                                     ((int64_t)1 << 20) + 3 };
    static const int64_t incs[][2] = { { 1, 1 }, { 2, 1 }, { 1, -1 }, { -3, 2 }, { 3, 3 } };
    test_rng r;
    test_rng_init(&r, 1100 + (uint64_t)sizeof(ST) * 10 + (uint64_t)device);
    group grp;
    group_init(&grp, ST_FLOATING ? "error/bound" : NULL);
    double worst = 0;
    const int nsizes = (int)(sizeof sizes / sizeof sizes[0]);
    for (int s = 0; s < nsizes; s++)
        for (int k = 0; k < 7; k++)
            for (int excl = 0; excl < 2; excl++) {
                /* the largest sizes once per kind, on device data a few */
                if (s >= nsizes - 2 && k != (s + excl) % 7) continue;
                if (device && s % 2 && k > 1) continue;
                bool in_place = k >= 5;
                int64_t incx = in_place ? (k == 5 ? 1 : -2) : incs[k][0];
                int64_t incy = in_place ? incx : incs[k][1];
                char msg[512] = "", what[160];
                double w = 0;
                bool pass = check(device, sizes[s], incx, incy, in_place, excl, &r, &w,
                                       msg, sizeof msg);
                snprintf(what, sizeof what, "%s%s n=%lld incx=%lld incy=%lld%s%s", ST_PREFIX,
                         device ? "scan_device" : "scan", (long long)sizes[s], (long long)incx,
                         (long long)incy, excl ? " exclusive" : " inclusive",
                         in_place ? " in place" : "");
                group_add(&grp, what, pass, msg, ST_FLOATING ? w : -1);
                if (w > worst) worst = w;
            }
    char msg[512] = "", what[160];
    bool pass = same_bits_twice(device, sizes[nsizes - 1], &r, msg, sizeof msg);
    snprintf(what, sizeof what, "%s%s n=%lld twice: the same bits", ST_PREFIX,
             device ? "scan_device" : "scan", (long long)sizes[nsizes - 1]);
    group_add(&grp, what, pass, msg, -1);
    group_report(&grp, "%s %s%s: n up to 2^20+3, increments of both signs, inclusive and "
                 "exclusive, in place, the same bits twice; %s", backend, ST_PREFIX,
                 device ? "scan_device (device pointers)" : "scan",
                 ST_FLOATING ? "within the bound of ompwg.h" : "exact modulo 2^64");
}

/* Every argument error gives its status and writes nothing. */
void TN(bad_args_, )(void)
{
    test_rng r;
    test_rng_init(&r, 1150);
    svec x, y;
    svec_init(&x, 40, 1, &r);
    svec_init(&y, 40, 1, &r);
    typedef struct bad {
        int64_t n, incx, incy;
        unsigned flags;
        int x_at, y_at; /* offsets into x.p (-1: NULL); y_at -2: into x.p */
        int want;
        const char *what;
    } bad;
    static const bad cases[] = {
        { 5, 1, 1, 2, 0, 0, OMPWG_ERR_FLAGS, "an unknown flag bit" },
        { 5, 1, 1, 0x80000000u, 0, 0, OMPWG_ERR_FLAGS, "the top flag bit" },
        { -1, 0, 1, 3, 0, 0, OMPWG_ERR_FLAGS, "bad flags before n < 0 and incx = 0" },
        { -1, 1, 1, 0, 0, 0, OMPWG_ERR_SIZE, "n < 0" },
        { INT64_MIN, 0, 1, 0, 0, 0, OMPWG_ERR_SIZE, "n = INT64_MIN before incx = 0" },
        { 5, 0, 1, 0, 0, 0, OMPWG_ERR_INC, "incx = 0" },
        { 5, 1, 0, 0, 0, 0, OMPWG_ERR_INC, "incy = 0" },
        { 0, 0, 1, 0, 0, 0, OMPWG_ERR_INC, "incx = 0 with n = 0" },
        { 5, 1, 1, 0, -1, 0, OMPWG_ERR_NULL, "x = NULL" },
        { 5, 1, 1, 0, 0, -1, OMPWG_ERR_NULL, "y = NULL" },
        { 5, 1, 1, 0, 0, -2 - 2, OMPWG_ERR_OVERLAP, "y two elements into x" },
        { 5, 2, 1, 0, 0, -2 - 0, OMPWG_ERR_OVERLAP, "y = x with another increment" },
        { 5, 1, -1, 0, 0, -2 - 0, OMPWG_ERR_OVERLAP, "y = x reversed" },
        { 5, 3, 3, 0, 0, -2 - 1, OMPWG_ERR_OVERLAP, "y between x's elements" },
        { 0, 1, 1, 0, -1, -1, OMPWG_OK, "n = 0 with NULL pointers" },
    };
    group grp;
    group_init(&grp, NULL);
    for (int device = 0; device < 2; device++)
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            const bad *c = &cases[i];
            ST *px = c->x_at < 0 ? NULL : x.p + c->x_at;
            ST *py = c->y_at == -1 ? NULL : c->y_at <= -2 ? x.p + (-2 - c->y_at) : y.p + c->y_at;
            /* the checks come before any device data is touched */
            int st = (device ? SCAN_DEVICE : SCAN)(c->n, px, c->incx, py, c->incy, c->flags);
            char msg[256] = "", what[200];
            void *const bufs[] = { x.p, y.p }, *const copies[] = { x.copy, y.copy };
            const size_t bytes[] = { x.len * sizeof(ST), y.len * sizeof(ST) };
            bool pass = guard_status_untouched(st, c->want, 2, bufs, copies, bytes, msg, sizeof msg);
            snprintf(what, sizeof what, "%s%s(n=%lld, incx=%lld, incy=%lld, flags=%#x): %s",
                     ST_PREFIX, device ? "scan_device" : "scan", (long long)c->n,
                     (long long)c->incx, (long long)c->incy, c->flags, c->what);
            group_add(&grp, what, pass, msg, -1);
        }
    group_report(&grp, "%sscan and %sscan_device: flags, n, increments, NULL and overlap give "
                 "their status in the documented order; nothing written", ST_PREFIX, ST_PREFIX);
    svec_free(&x);
    svec_free(&y);
}
