/* Concurrency around the library's shared state: eight threads make their
 * first call into the library at the same moment (the one-time
 * initialisation), then, while worker threads keep calling, one thread keeps
 * changing the process-wide backend, check mode and CPU fallback, and each
 * worker switches its own backend now and then. The data are small integers,
 * so every backend gives the exact result whichever runs a call: a wrong
 * value is a wrong value, not rounding. Meant for ThreadSanitizer too
 * (suite `concurrency`); on its own it checks the results. */
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "ompwg.h"
#include "tally.h"
#include "tap.h"

#define WORKERS 8
#define ROUNDS 24
/* GEMM m x n x k and vector length: past the CPU backend's small-problem
 * limits, so that its threads take part */
#define GM 70
#define GN 66
#define GK 64
#define VN 40000

typedef struct worker {
    int id;
    pthread_barrier_t *start;
    atomic_int *running;
    const char *first_backend;
    tally t;
} worker;

static void fail(worker *w, const char *what, int st, double got, double want)
{
    tally_fail(&w->t, w->id, what, "on %s: status %d (%s), %.17g, want %.17g", ompwg_get_backend(),
               st, ompwg_strerror(st), got, want);
}

static float a[GM * GK], b[GK * GN];
static double x[VN];

/* A(i, p) = (i + p) % 5 - 2, B(p, j) = (p * j) % 3 - 1 (column-major);
 * C(i, j) = sum_p A(i, p) B(p, j), an integer of at most 2 * GK. */
static float exact_c(int i, int j)
{
    int s = 0;
    for (int p = 0; p < GK; p++) s += ((i + p) % 5 - 2) * ((p * j) % 3 - 1);
    return (float)s;
}

static void one_round(worker *w, int round, float *c)
{
    /* now and then a backend of this thread's own, over whatever the
     * process-wide selection is at that moment */
    static const char *const own[] = { NULL, "cpu", NULL, "openblas" };
    ompwg_set_thread_backend(own[(w->id + round) % 4]);

    for (int i = 0; i < GM * GN; i++) c[i] = 1e30f;
    int st = ompwg_sgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, GM, GN, GK, 1, a, GM, b,
                         GK, 0, c, GM);
    w->t.calls++;
    int bad = -1;
    for (int i = 0; i < GM * GN && bad < 0 && st == OMPWG_OK; i++)
        if (c[i] != exact_c(i % GM, i / GM)) bad = i;
    if (st != OMPWG_OK || bad >= 0)
        fail(w, "sgemm", st, bad >= 0 ? c[bad] : 0, bad >= 0 ? exact_c(bad % GM, bad / GM) : 0);

    double sum = 0;
    st = ompwg_dsum(VN, x, 1, &sum);
    w->t.calls++;
    /* x[i] = i % 7 - 3: VN = 7 * 5714 + 2, so the sum is -3 - 2 */
    if (st != OMPWG_OK || sum != -5) fail(w, "dsum", st, sum, -5);

    double mx = 0;
    int64_t at = -1;
    st = ompwg_dmax(VN, x, -1, &mx, &at);
    w->t.calls++;
    /* logical element i is x[VN - 1 - i]: the first 3 from that end */
    int64_t first = -1;
    for (int64_t i = 0; i < VN && first < 0; i++)
        if (x[VN - 1 - i] == 3) first = i;
    if (st != OMPWG_OK || mx != 3 || at != first) fail(w, "dmax", st, (double)at, (double)first);
}

static void *work(void *arg)
{
    worker *w = arg;
    float c[GM * GN];
    pthread_barrier_wait(w->start);
    /* the first call into the library, on every thread at once */
    w->first_backend = ompwg_get_backend();
    pthread_barrier_wait(w->start);
    for (int round = 0; round < ROUNDS; round++) one_round(w, round, c);
    ompwg_set_thread_backend(NULL);
    atomic_fetch_sub(w->running, 1);
    return NULL;
}

typedef struct switcher {
    atomic_int *running;
    int changes;
    bool gpu;  /* the gpu backend is usable (host fallback) */
} switcher;

static void *keep_switching(void *arg)
{
    switcher *s = arg;
    static const char *const names[] = { "cpu", "openblas", "auto", "gpu" };
    int n = s->gpu ? 4 : 3;
    while (atomic_load(s->running) > 0) {
        ompwg_set_backend(names[s->changes % n]);
        ompwg_set_check(s->changes % 3 == 1);
        ompwg_set_fallback(s->changes % 2);
        s->changes++;
        if (s->changes % 5 == 0) ompwg_set_backend(NULL);
        /* often enough to land inside calls, without taking a core */
        nanosleep(&(struct timespec){ .tv_nsec = 20000 }, NULL);
    }
    return NULL;
}

int main(void)
{
    tap_init("test_first_use");
    for (int i = 0; i < GM; i++)
        for (int p = 0; p < GK; p++) a[i + p * GM] = (float)((i + p) % 5 - 2);
    for (int p = 0; p < GK; p++)
        for (int j = 0; j < GN; j++) b[p + j * GK] = (float)((p * j) % 3 - 1);
    for (int i = 0; i < VN; i++) x[i] = i % 7 - 3;

    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, WORKERS + 1);
    atomic_int running = WORKERS;
    worker w[WORKERS];
    pthread_t th[WORKERS];
    for (int i = 0; i < WORKERS; i++) {
        w[i] = (worker){ .id = i, .start = &start, .running = &running };
        if (pthread_create(&th[i], NULL, work, &w[i]) != 0) tap_bail("could not start thread %d", i);
    }
    /* no call into the library before every thread makes its first */
    pthread_barrier_wait(&start);
    pthread_barrier_wait(&start);

    bool same = true;
    for (int i = 1; i < WORKERS; i++)
        if (strcmp(w[i].first_backend, w[0].first_backend) != 0) same = false;
    /* the workers' first calls are done: the library is initialised */
    char why[256] = "";
    bool gpu = false;
    for (int i = 0; i < ompwg_backend_count(); i++) {
        const char *name = NULL;
        if (ompwg_backend_info(i, &name, why, sizeof why) == 1 && strcmp(name, "gpu") == 0)
            gpu = true;
    }
    switcher s = { .running = &running, .gpu = gpu };
    pthread_t sw;
    if (pthread_create(&sw, NULL, keep_switching, &s) != 0) tap_bail("could not start the switcher");

    tally all = { 0 };
    for (int i = 0; i < WORKERS; i++) {
        pthread_join(th[i], NULL);
        tally_add(&all, &w[i].t);
    }
    pthread_join(sw, NULL);
    pthread_barrier_destroy(&start);

    tap_ok(same, "%d threads making their first call at once all see one selection (%s)", WORKERS,
           w[0].first_backend);
    if (!tap_ok(all.failures == 0,
                "%d calls from %d threads exact while the selection, check mode and fallback "
                "changed %d times%s",
                all.calls, WORKERS, s.changes, gpu ? " (gpu among the backends)" : ""))
        tap_diag("%d failed; the first: %s", all.failures, all.first_failure);
    ompwg_set_check(-1);
    ompwg_set_fallback(-1);
    return tap_done();
}
