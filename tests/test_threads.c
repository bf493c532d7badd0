/* Thread safety: eight application threads call GEMMs, reductions and
 * scans on the selected backend at once, each on its own data, and every
 * result is checked (GEMM against OpenBLAS through the public checker,
 * reductions and scans against a long double oracle). Half the threads work
 * in double, half in float. */
#include <pthread.h>
#include <string.h>

#include "ompwg.h"
#include "tally.h"
#include "tap.h"
#include "threads_test.h"
#include "walk.h"

#define THREADS 8
#define ROUNDS 8

static void *work(void *arg)
{
    worker *w = arg;
    test_rng r;
    test_rng_init(&r, 800 + (uint64_t)w->id);
    pthread_barrier_wait(w->start);
    for (int round = 0; round < ROUNDS; round++) {
        if (w->id % 2) threads_round_s(w, &r, round);
        else threads_round_d(w, &r, round);
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
                "%s: %d threads at once, %d GEMM, reduction and scan calls, all correct", backend,
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
