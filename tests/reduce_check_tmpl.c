/* The reduction checks: a long double oracle for the sums with the bound of
 * ompwg.h, an independent scan for max/min, guard bands and unchanged
 * inputs. A `reducer` says how a call reaches the library (host pointers,
 * or device copies), so the same checks serve both. Compiled once
 * per precision (reduce_case.h). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "reduce_case.h"

const char *sum_name(sum_kind k)
{
    return k == SUM ? "sum" : k == DOT ? "dot" : "asum";
}

/* The exact sum, to within long double rounding; *abs_sum gets sum|t_i|.
 * NaN and Inf come out as IEEE arithmetic gives them. */
static long double sum_oracle(sum_kind k, const vec *x, const vec *y, long double *abs_sum)
{
    long double s = 0, a = 0;
    for (int64_t i = 0; i < x->n; i++) {
        long double t = vec_get(x, i);
        if (k == DOT) t *= vec_get(y, i);
        if (k == ASUM) t = fabsl(t);
        s += t;
        a += fabsl(t);
    }
    *abs_sum = a;
    return s;
}

/* ompwg.h's bound. The float functions accumulate in double, except on the
 * openblas backend, which accumulates float sums in float. The last term
 * covers the oracle's own rounding (one long double rounding per term and
 * per addition). */
static long double sum_bound(const char *backend, int64_t n, long double abs_sum,
                             long double exact)
{
    bool float_acc = sizeof(real) == sizeof(float) && strcmp(backend, "openblas") == 0;
    long double u_acc = float_acc ? 0x1.0p-24L : 0x1.0p-53L;
    return n * u_acc * abs_sum + (long double)api.u * fabsl(exact) +
           (n + 1) * LDBL_EPSILON * abs_sum;
}

static int host_sum(sum_kind k, vec *x, vec *y, real *result)
{
    switch (k) {
    case SUM: return api.sum(x->n, x->p, x->inc, result);
    case DOT: return api.dot(x->n, x->p, x->inc, y->p, y->inc, result);
    default: return api.asum(x->n, x->p, x->inc, result);
    }
}

static int host_extremum(bool want_max, vec *x, real *value, int64_t *index)
{
    return (want_max ? api.max : api.min)(x->n, x->p, x->inc, value, index);
}

const reducer host_reducer = { host_sum, host_extremum };

bool sum_check(const reducer *via, const char *backend, sum_kind k, vec *x, vec *y,
               double *measure, char *msg, size_t len)
{
    vec_snapshot(x);
    if (y) vec_snapshot(y);
    real result = UNTOUCHED_VALUE;
    *measure = -1;
    if (!status_ok(via->sum(k, x, y, &result), msg, len)) return false;
    if (!vec_kept(x, "x", msg, len) || (y && !vec_kept(y, "y", msg, len))) return false;
    long double abs_sum;
    long double exact = sum_oracle(k, x, y, &abs_sum);
    if (isnan(exact) || isinf(exact)) {
        bool same = isnan(exact) ? isnan(result) : result == exact;
        if (!same) snprintf(msg, len, "result %g, want %Lg", (double)result, exact);
        return same;
    }
    long double err = fabsl((long double)result - exact);
    long double bound = sum_bound(backend, x->n, abs_sum, exact);
    *measure = bound > 0 ? (double)(err / bound) : err == 0 ? 0 : INFINITY;
    if (!(err <= bound)) {
        snprintf(msg, len, "result %.17g, exact %.21Lg: error %Lg > bound %Lg", (double)result,
                 exact, err, bound);
        return false;
    }
    return true;
}

/* An independent statement of the rule: a scan in logical order that keeps
 * the first of equal values. */
static void extremum_oracle(bool want_max, const vec *x, real *value, int64_t *index)
{
    real best = 0;
    int64_t best_i = -1;
    for (int64_t i = 0; i < x->n; i++) {
        real v = vec_get(x, i);
        if (isnan(v)) {
            *value = v;
            *index = i;
            return;
        }
        if (best_i < 0 || (want_max ? v > best : v < best)) {
            best = v;
            best_i = i;
        }
    }
    *value = best;
    *index = best_i;
}

bool extremum_check(const reducer *via, bool want_max, vec *x, char *msg, size_t len)
{
    vec_snapshot(x);
    real value = UNTOUCHED_VALUE;
    int64_t index = UNTOUCHED_INDEX;
    if (!status_ok(via->extremum(want_max, x, &value, &index), msg, len)) return false;
    if (!vec_kept(x, "x", msg, len)) return false;
    real want;
    int64_t want_i;
    extremum_oracle(want_max, x, &want, &want_i);
    bool same_value = isnan(want) ? isnan(value) : value == want;
    if (index != want_i || !same_value) {
        snprintf(msg, len, "got %.9g at %lld, want %.9g at %lld", (double)value,
                 (long long)index, (double)want, (long long)want_i);
        return false;
    }
    return true;
}

void sum_describe(char *buf, size_t len, sum_kind k, int64_t n, int64_t incx, int64_t incy)
{
    if (k == DOT)
        snprintf(buf, len, "%sdot n=%lld incx=%lld incy=%lld", api.prefix, (long long)n,
                 (long long)incx, (long long)incy);
    else
        snprintf(buf, len, "%s%s n=%lld incx=%lld", api.prefix, sum_name(k), (long long)n,
                 (long long)incx);
}

void extremum_add(group *grp, bool want_max, const vec *x, bool pass, const char *msg,
                  const char *note)
{
    char what[256];
    snprintf(what, sizeof what, "%s%s n=%lld incx=%lld%s", api.prefix, want_max ? "max" : "min",
             (long long)x->n, (long long)x->inc, note);
    group_add(grp, what, pass, msg, -1);
}

void sum_case(group *grp, const reducer *via, const char *backend, sum_kind k, vec *x, vec *y)
{
    char msg[512] = "", what[128];
    double measure;
    bool pass = sum_check(via, backend, k, x, k == DOT ? y : NULL, &measure, msg, sizeof msg);
    sum_describe(what, sizeof what, k, x->n, x->inc, k == DOT ? y->inc : 0);
    group_add(grp, what, pass, msg, measure);
    vec_free(x);
    if (k == DOT) vec_free(y);
}

void extremum_case(group *grp, const reducer *via, bool want_max, vec *x, const char *note)
{
    char msg[512] = "";
    bool pass = extremum_check(via, want_max, x, msg, sizeof msg);
    extremum_add(grp, want_max, x, pass, msg, note);
    vec_free(x);
}
