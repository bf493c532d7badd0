/* fork() while other threads are inside calls that OpenBLAS runs: two
 * threads run GEMMs on the openblas backend without a pause (large enough
 * that OpenBLAS's own threads work on them) while the main thread forks ten
 * times; each child makes a small call on openblas, checks it and exits.
 * Before, threads that made a call and ended have left the fork gate's
 * list of threads (a fork would otherwise read what they left).
 * Every fork returns in the parent, every child exits 0 by itself, and the
 * busy threads' results stay exact. A hang (in fork() or in a child) fails
 * by the test's timeout in meson, or by a child's alarm. */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ompwg.h"
#include "tap.h"

#define BUSY 2
#define FORKS 10
#define ENDED 8
#define DIM 256
#define CHILD_SECONDS 30

typedef struct busy {
    pthread_t thread;
    double a[DIM * DIM], b[DIM * DIM], c[DIM * DIM];
    atomic_int calls; /* finished GEMMs */
    atomic_int wrong; /* GEMMs that failed or gave a wrong entry */
} busy;

static busy workers[BUSY];
static atomic_bool stop;

/* C = A * B with A all ones and B(p, j) = j: C(i, j) = DIM * j exactly. */
static bool gemm_exact(int n, const double *a, const double *b, double *c)
{
    if (ompwg_dgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, n, n, n, 1, a, n, b, n, 0, c,
                    n) != OMPWG_OK)
        return false;
    for (int j = 0; j < n; j++)
        if (c[(j * 7) % n + j * n] != (double)n * j) return false;
    return true;
}

static void fill(int n, double *a, double *b)
{
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            a[i + j * n] = 1;
            b[i + j * n] = j;
        }
}

static void *hammer(void *arg)
{
    busy *w = arg;
    if (ompwg_set_thread_backend("openblas") != OMPWG_OK) {
        atomic_fetch_add(&w->wrong, 1);
        atomic_fetch_add(&w->calls, 1);
        return NULL;
    }
    fill(DIM, w->a, w->b);
    while (!atomic_load(&stop)) {
        if (!gemm_exact(DIM, w->a, w->b, w->c)) atomic_fetch_add(&w->wrong, 1);
        atomic_fetch_add(&w->calls, 1);
    }
    return NULL;
}

/* A thread that makes one small GEMM on openblas and ends. */
static void *one_call(void *arg)
{
    atomic_int *wrong = arg;
    double a[16 * 16], b[16 * 16], c[16 * 16];
    fill(16, a, b);
    if (ompwg_set_thread_backend("openblas") != OMPWG_OK || !gemm_exact(16, a, b, c))
        atomic_fetch_add(wrong, 1);
    return NULL;
}

/* The child: one small GEMM on openblas; 0 when exact. */
static int child(void)
{
    alarm(CHILD_SECONDS);
    double a[16 * 16], b[16 * 16], c[16 * 16];
    fill(16, a, b);
    if (ompwg_set_thread_backend("openblas") != OMPWG_OK) return 2;
    return gemm_exact(16, a, b, c) ? 0 : 1;
}

int main(void)
{
    tap_init("test_fork_busy");
    if (ompwg_set_thread_backend("openblas") != OMPWG_OK)
        tap_skip_all("the openblas backend is not usable here");
    ompwg_set_thread_backend(NULL);
    atomic_int ended_wrong = 0;
    int ended = 0;
    for (int t = 0; t < ENDED; t++) {
        pthread_t th;
        if (pthread_create(&th, NULL, one_call, &ended_wrong) != 0) continue;
        pthread_join(th, NULL);
        ended++;
    }
    tap_ok(ended == ENDED && atomic_load(&ended_wrong) == 0,
           "%d threads made a call on openblas and ended before the forks (%d wrong)", ended,
           atomic_load(&ended_wrong));
    for (int t = 0; t < BUSY; t++)
        if (pthread_create(&workers[t].thread, NULL, hammer, &workers[t]) != 0)
            tap_bail("cannot start a thread");
    /* every busy thread past its first call: OpenBLAS's threads have run */
    for (int t = 0; t < BUSY; t++)
        while (atomic_load(&workers[t].calls) == 0) usleep(1000);

    int exited = 0, during = 0;
    char what[120] = "";
    for (int f = 0; f < FORKS; f++) {
        int before = atomic_load(&workers[0].calls) + atomic_load(&workers[1].calls);
        fflush(stdout);
        pid_t pid = fork();
        if (pid < 0) tap_bail("fork failed");
        if (pid == 0) _exit(child());
        int status = 0;
        waitpid(pid, &status, 0);
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
            exited++;
        else if (!what[0])
            snprintf(what, sizeof what, "fork %d: %s %d", f,
                     WIFSIGNALED(status) ? "child ended by signal" : "child exit status",
                     WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
        /* the busy threads went on between the forks */
        if (atomic_load(&workers[0].calls) + atomic_load(&workers[1].calls) > before) during++;
    }
    atomic_store(&stop, true);
    int wrong = 0, calls = 0;
    for (int t = 0; t < BUSY; t++) {
        pthread_join(workers[t].thread, NULL);
        wrong += atomic_load(&workers[t].wrong);
        calls += atomic_load(&workers[t].calls);
    }
    if (!tap_ok(exited == FORKS, "%d forks beside busy openblas calls: every child's call exact, "
                                 "every child exited by itself (%d)",
                FORKS, exited))
        tap_diag("%s", what);
    tap_ok(during > 0, "the busy threads kept calling between the forks (%d of %d)", during, FORKS);
    tap_ok(wrong == 0, "the busy threads' %d GEMMs: all exact (%d wrong)", calls, wrong);
    return tap_done();
}
