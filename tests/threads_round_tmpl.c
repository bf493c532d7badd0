/* The rounds of test_threads in one precision (threads_test.h); Meson
 * compiles this file once per precision (real.h). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "guard.h"
#include "real.h"
#include "threads_test.h"

static const int64_t shapes[][3] = {
    { 65, 17, 129 }, { 128, 64, 31 }, { 7, 257, 16 }, { 100, 100, 100 },
};
static const ompwg_trans trans[] = { OMPWG_NO_TRANS, OMPWG_TRANS, OMPWG_CONJ_TRANS };

/* Sizes of the shapes above fit in LD x LD. */
#define LD 260

/* The two precisions take different halves of the API, so that between
 * them every kind of call runs from many threads at once: double its
 * rounds row-major on odd turns, alpha 0.7 and beta 1.3, sum and max;
 * float the other layout, alpha 1 and beta 0, dot and min. */
static const bool is_double = sizeof(real) == sizeof(double);

static void check_gemm(worker *w, test_rng *r, int round, real *a, real *b, real *c, real *c0)
{
    const int64_t *s = shapes[(w->id / 2 + round) % 4];
    bool row = ((w->id + round) % 2 != 0) == is_double;
    ompwg_layout lay = row ? OMPWG_ROW_MAJOR : OMPWG_COL_MAJOR;
    ompwg_trans ta = trans[test_below(r, 3)], tb = trans[test_below(r, 3)];
    for (size_t i = 0; i < (size_t)LD * LD; i++) {
        a[i] = rand_real(r);
        b[i] = rand_real(r);
        c[i] = c0[i] = rand_real(r);
    }
    real alpha = is_double ? (real)0.7 : 1, beta = is_double ? (real)1.3 : 0;
    char name[16];
    snprintf(name, sizeof name, "%sgemm", api.prefix);
    double ratio = INFINITY;
    int st = api.gemm(lay, ta, tb, s[0], s[1], s[2], alpha, a, LD, b, LD, beta, c, LD);
    w->t.calls++;
    if (st != OMPWG_OK) tally_fail(&w->t, w->id, name, "status %d (%s)", st, ompwg_strerror(st));
    else if (api.gemm_ratio(lay, ta, tb, s[0], s[1], s[2], alpha, a, LD, b, LD, beta, c0, c, LD,
                            &ratio) != OMPWG_OK || !(ratio < 16))
        tally_fail(&w->t, w->id, name, "netlib ratio %g", ratio);
}

/* Element i of the n-element vector at x with increment inc, as BLAS
 * counts them for a negative one. */
static int64_t at(int64_t i, int64_t n, int64_t inc)
{
    return inc > 0 ? i * inc : (n - 1 - i) * -inc;
}

/* double: the sum of half of a, a negative increment on even rounds;
 * float: the dot of a third of a and b, a negative increment of a on odd
 * ones. Long enough for the backends to split it across threads; the
 * negative increment takes the other path through the argument handling. */
static void check_reduction(worker *w, int round, const real *a, const real *b, int64_t n,
                            int64_t incx)
{
    int64_t incy = round % 2 ? 1 : 2;
    long double exact = 0, abs_sum = 0;
    for (int64_t i = 0; i < n; i++) {
        long double t = is_double ? (long double)a[at(i, n, incx)]
                            : (long double)a[at(i, n, incx)] * b[i * incy];
        exact += t;
        abs_sum += fabsl(t);
    }
    char name[16];
    snprintf(name, sizeof name, "%s%s", api.prefix, is_double ? "sum" : "dot");
    real result;
    int st = is_double ? api.sum(n, a, incx, &result) : api.dot(n, a, incx, b, incy, &result);
    w->t.calls++;
    long double u_acc = w->float_acc ? api.u : 0x1.0p-53L;
    long double bound = n * u_acc * abs_sum + api.u * fabsl(exact) +
                        (n + 1) * LDBL_EPSILON * abs_sum;
    if (st != OMPWG_OK) tally_fail(&w->t, w->id, name, "status %d (%s)", st, ompwg_strerror(st));
    else if (!(fabsl(result - exact) <= bound))
        tally_fail(&w->t, w->id, name, "%.*g, exact %.17Lg", is_double ? 17 : 9, (double)result, exact);
}

/* double: the maximum, float: the minimum, planted at a random element. */
static void check_extremum(worker *w, test_rng *r, real *a, int64_t n, int64_t incx)
{
    const real want = is_double ? 2 : -2;
    int64_t where = (int64_t)test_below(r, (uint64_t)n), idx = -1;
    a[at(where, n, incx)] = want;
    char name[16];
    snprintf(name, sizeof name, "%s%s", api.prefix, is_double ? "max" : "min");
    real value;
    int st = (is_double ? api.max : api.min)(n, a, incx, &value, &idx);
    w->t.calls++;
    if (st != OMPWG_OK) tally_fail(&w->t, w->id, name, "status %d (%s)", st, ompwg_strerror(st));
    else if (value != want || idx != where)
        tally_fail(&w->t, w->id, name, "%g at %lld, want %g at %lld", (double)value,
                   (long long)idx, (double)want, (long long)where);
}

/* The scan of the n elements of a into y, inclusive on even rounds and
 * exclusive on odd ones, every output against a long double running sum
 * with the bound of ompwg.h (every backend accumulates scans in double).
 * On the gpu backend the threads' calls hold state on the device at once. */
static void check_scan(worker *w, int round, const real *a, int64_t n, int64_t incx, real *y)
{
    const bool exclusive = round % 2 != 0;
    char name[16];
    snprintf(name, sizeof name, "%sscan", api.prefix);
    int st = api.scan(n, a, incx, y, 1, exclusive ? OMPWG_SCAN_EXCLUSIVE : 0);
    w->t.calls++;
    if (st != OMPWG_OK) {
        tally_fail(&w->t, w->id, name, "status %d (%s)", st, ompwg_strerror(st));
        return;
    }
    long double run = 0, abs_run = 0;
    for (int64_t i = 0; i < n; i++) {
        const long double before = run, abs_before = abs_run, xi = a[at(i, n, incx)];
        run += xi;
        abs_run += fabsl(xi);
        const long double exact = exclusive ? before : run, abs_sum = exclusive ? abs_before : abs_run;
        const int64_t terms = exclusive ? i : i + 1;
        const long double bound = terms * 0x1.0p-53L * abs_sum + api.u * fabsl(exact) +
                                  (terms + 1) * LDBL_EPSILON * abs_sum;
        if (!(fabsl(y[i] - exact) <= bound)) {
            tally_fail(&w->t, w->id, name, "%s element %lld: %.17g, exact %.21Lg",
                       exclusive ? "exclusive" : "inclusive", (long long)i, (double)y[i], exact);
            return;
        }
    }
}

void TN(threads_round_, )(worker *w, test_rng *r, int round)
{
    size_t cap = (size_t)LD * LD;
    real *a = test_malloc(cap * sizeof *a), *b = test_malloc(cap * sizeof *b),
         *c = test_malloc(cap * sizeof *c), *c0 = test_malloc(cap * sizeof *c0);
    check_gemm(w, r, round, a, b, c, c0);
    int64_t n = (int64_t)cap / (is_double ? 2 : 3);
    int64_t incx = is_double ? (round % 2 ? 1 : -2) : (round % 2 ? -3 : 1);
    check_reduction(w, round, a, b, n, incx);
    check_extremum(w, r, a, n, incx);
    check_scan(w, round, a, n, incx, c);
    free(a);
    free(b);
    free(c);
    free(c0);
}
