/* Thread safety: eight application threads call GEMMs and reductions on the
 * selected backend at once, each on its own data, and every result is
 * checked (GEMM against OpenBLAS through the public checker, reductions
 * against a long double oracle). Half the threads work in double, half in
 * float. */
#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "ompwg.h"
#include "tally.h"
#include "tap.h"
#include "walk.h"

#define THREADS 8
#define ROUNDS 8

typedef struct worker {
    int id;
    bool float_acc;  /* the backend sums floats in float (the reference, OpenBLAS) */
    pthread_barrier_t *start;
    tally t;
} worker;

static const int64_t shapes[][3] = {
    { 65, 17, 129 }, { 128, 64, 31 }, { 7, 257, 16 }, { 100, 100, 100 },
};
static const ompwg_trans trans[] = { OMPWG_NO_TRANS, OMPWG_TRANS, OMPWG_CONJ_TRANS };

/* Sizes of the shapes above fit in LD x LD. */
#define LD 260

static void double_round(worker *w, test_rng *r, int round)
{
    const int64_t *s = shapes[(w->id / 2 + round) % 4];
    ompwg_layout lay = (w->id + round) % 2 ? OMPWG_ROW_MAJOR : OMPWG_COL_MAJOR;
    ompwg_trans ta = trans[test_below(r, 3)], tb = trans[test_below(r, 3)];
    size_t cap = (size_t)LD * LD;
    double *a = test_malloc(cap * sizeof *a), *b = test_malloc(cap * sizeof *b),
           *c = test_malloc(cap * sizeof *c), *c0 = test_malloc(cap * sizeof *c0);
    for (size_t i = 0; i < cap; i++) {
        a[i] = test_uniform(r);
        b[i] = test_uniform(r);
        c[i] = c0[i] = test_uniform(r);
    }
    double ratio = INFINITY;
    int st = ompwg_dgemm(lay, ta, tb, s[0], s[1], s[2], 0.7, a, LD, b, LD, 1.3, c, LD);
    w->t.calls++;
    if (st != OMPWG_OK) tally_fail(&w->t, w->id, "dgemm", "status %d (%s)", st, ompwg_strerror(st));
    else if (ompwg_dgemm_ratio(lay, ta, tb, s[0], s[1], s[2], 0.7, a, LD, b, LD, 1.3, c0, c, LD,
                               &ratio) != OMPWG_OK || !(ratio < 16))
        tally_fail(&w->t, w->id, "dgemm", "netlib ratio %g", ratio);

    /* long enough for the backends to split it across threads; a negative
     * increment takes the other path through the argument handling */
    int64_t inc = round % 2 ? 1 : -2, n = (int64_t)cap / 2;
    long double exact = 0, abs_sum = 0;
    for (int64_t i = 0; i < n; i++) {
        double v = a[inc > 0 ? i * inc : (n - 1 - i) * -inc];
        exact += v;
        abs_sum += fabs(v);
    }
    double sum;
    st = ompwg_dsum(n, a, inc, &sum);
    w->t.calls++;
    long double bound = n * 0x1.0p-53L * abs_sum + 0x1.0p-53L * fabsl(exact) +
                        (n + 1) * LDBL_EPSILON * abs_sum;
    if (st != OMPWG_OK) tally_fail(&w->t, w->id, "dsum", "status %d (%s)", st, ompwg_strerror(st));
    else if (!(fabsl(sum - exact) <= bound)) tally_fail(&w->t, w->id, "dsum", "%.17g, exact %.17Lg", sum, exact);

    int64_t at = (int64_t)test_below(r, (uint64_t)n), idx = -1;
    a[inc > 0 ? at * inc : (n - 1 - at) * -inc] = 2;
    double mx;
    st = ompwg_dmax(n, a, inc, &mx, &idx);
    w->t.calls++;
    if (st != OMPWG_OK) tally_fail(&w->t, w->id, "dmax", "status %d (%s)", st, ompwg_strerror(st));
    else if (mx != 2 || idx != at)
        tally_fail(&w->t, w->id, "dmax", "%g at %lld, want 2 at %lld", mx, (long long)idx, (long long)at);
    free(a);
    free(b);
    free(c);
    free(c0);
}

static void float_round(worker *w, test_rng *r, int round)
{
    const int64_t *s = shapes[(w->id / 2 + round) % 4];
    ompwg_layout lay = (w->id + round) % 2 ? OMPWG_COL_MAJOR : OMPWG_ROW_MAJOR;
    ompwg_trans ta = trans[test_below(r, 3)], tb = trans[test_below(r, 3)];
    size_t cap = (size_t)LD * LD;
    float *a = test_malloc(cap * sizeof *a), *b = test_malloc(cap * sizeof *b),
          *c = test_malloc(cap * sizeof *c), *c0 = test_malloc(cap * sizeof *c0);
    for (size_t i = 0; i < cap; i++) {
        a[i] = test_uniformf(r);
        b[i] = test_uniformf(r);
        c[i] = c0[i] = test_uniformf(r);
    }
    double ratio = INFINITY;
    int st = ompwg_sgemm(lay, ta, tb, s[0], s[1], s[2], 1, a, LD, b, LD, 0, c, LD);
    w->t.calls++;
    if (st != OMPWG_OK) tally_fail(&w->t, w->id, "sgemm", "status %d (%s)", st, ompwg_strerror(st));
    else if (ompwg_sgemm_ratio(lay, ta, tb, s[0], s[1], s[2], 1, a, LD, b, LD, 0, c0, c, LD,
                               &ratio) != OMPWG_OK || !(ratio < 16))
        tally_fail(&w->t, w->id, "sgemm", "netlib ratio %g", ratio);

    int64_t incx = round % 2 ? -3 : 1, incy = round % 2 ? 1 : 2;
    int64_t n = (int64_t)cap / 3;
    long double exact = 0, abs_sum = 0;
    for (int64_t i = 0; i < n; i++) {
        long double t = (long double)a[incx > 0 ? i * incx : (n - 1 - i) * -incx] *
                        b[i * incy];
        exact += t;
        abs_sum += fabsl(t);
    }
    float dot;
    st = ompwg_sdot(n, a, incx, b, incy, &dot);
    w->t.calls++;
    long double u_acc = w->float_acc ? 0x1.0p-24L : 0x1.0p-53L;
    long double bound = n * u_acc * abs_sum + 0x1.0p-24L * fabsl(exact) +
                        (n + 1) * LDBL_EPSILON * abs_sum;
    if (st != OMPWG_OK) tally_fail(&w->t, w->id, "sdot", "status %d (%s)", st, ompwg_strerror(st));
    else if (!(fabsl(dot - exact) <= bound))
        tally_fail(&w->t, w->id, "sdot", "%.9g, exact %.17Lg", (double)dot, exact);

    int64_t at = (int64_t)test_below(r, (uint64_t)n), idx = -1;
    a[incx > 0 ? at * incx : (n - 1 - at) * -incx] = -2;
    float mn;
    st = ompwg_smin(n, a, incx, &mn, &idx);
    w->t.calls++;
    if (st != OMPWG_OK) tally_fail(&w->t, w->id, "smin", "status %d (%s)", st, ompwg_strerror(st));
    else if (mn != -2 || idx != at)
        tally_fail(&w->t, w->id, "smin", "%g at %lld, want -2 at %lld", (double)mn, (long long)idx,
             (long long)at);
    free(a);
    free(b);
    free(c);
    free(c0);
}

static void *work(void *arg)
{
    worker *w = arg;
    test_rng r;
    test_rng_init(&r, 800 + (uint64_t)w->id);
    pthread_barrier_wait(w->start);
    for (int round = 0; round < ROUNDS; round++) {
        if (w->id % 2) float_round(w, &r, round);
        else double_round(w, &r, round);
    }
    return NULL;
}

static void run_backend(const char *backend, void *ctx)
{
    (void)ctx;
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, THREADS);
    worker w[THREADS];
    pthread_t th[THREADS];
    int started = 0;
    for (int i = 0; i < THREADS; i++) {
        w[i] = (worker){ .id = i, .float_acc = (ompwg_backend_roles(backend) & OMPWG_ROLE_REFERENCE) != 0, .start = &start };
        if (pthread_create(&th[i], NULL, work, &w[i]) != 0) break;
        started++;
    }
    if (started < THREADS) tap_bail("could not start %d threads", THREADS);
    tally all = { 0 };
    for (int i = 0; i < THREADS; i++) {
        pthread_join(th[i], NULL);
        tally_add(&all, &w[i].t);
    }
    pthread_barrier_destroy(&start);
    if (!tap_ok(all.failures == 0 && strcmp(ompwg_get_backend(), backend) == 0,
                "%s: %d threads at once, %d GEMM and reduction calls, all correct", backend,
                THREADS, all.calls))
        tap_diag("%d of %d calls failed; the first: %s; selected afterwards: %s", all.failures,
                 all.calls, all.failures ? all.first_failure : "-", ompwg_get_backend());
}

int main(void)
{
    tap_init("test_threads");
    walk_backends(run_backend, NULL);
    return tap_done();
}
