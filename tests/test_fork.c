/* A process that forks after using the library: the child's calls work. The
 * parent first runs GEMMs and reductions large enough that the CPU backend
 * starts its OpenMP thread team (and OpenBLAS its threads); then children
 * fork, one after the other and two at once, and repeat the calls on cpu and
 * openblas; the parent carries on afterwards. A child that hangs (a runtime
 * waiting for threads that the fork did not copy) is stopped by an alarm
 * and counts as a failure. */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ompwg.h"
#include "tap.h"

/* past the CPU backend's thresholds for packing and for a thread team */
#define DIM 160
#define VN 100000
#define CHILD_SECONDS 60

static double a[DIM * DIM], b[DIM * DIM], c[DIM * DIM], x[VN];

static void fill(void)
{
    for (int i = 0; i < DIM * DIM; i++) {
        a[i] = (double)(i % 7 - 3);
        b[i] = (double)(i % 5 - 2);
    }
    for (int i = 0; i < VN; i++) x[i] = (double)(i % 9 - 4);
}

/* The calls on one backend, checked against exact integer results (a few
 * sampled entries of C, the sum, the max and its index). 0 when right. */
static int calls_on(const char *backend)
{
    if (ompwg_set_thread_backend(backend) != OMPWG_OK) return 1;
    int bad = 0;
    for (int i = 0; i < DIM * DIM; i++) c[i] = NAN;
    if (ompwg_dgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, DIM, DIM, DIM, 1, a, DIM, b,
                    DIM, 0, c, DIM) != OMPWG_OK)
        bad |= 2;
    for (int s = 0; s < 50; s++) {
        int i = (s * 37) % DIM, j = (s * 91 + 3) % DIM;
        double want = 0;
        for (int p = 0; p < DIM; p++) want += a[i + p * DIM] * b[p + j * DIM];
        if (c[i + j * DIM] != want) bad |= 4;
    }
    double sum = 0, mx = 0;
    int64_t at = -1;
    /* 0..VN-1 cycles through -4..4: VN = 9 * 11111 + 1, so one -4 more */
    if (ompwg_dsum(VN, x, 1, &sum) != OMPWG_OK || sum != -4) bad |= 8;
    if (ompwg_dmax(VN, x, 1, &mx, &at) != OMPWG_OK || mx != 4 || at != 8) bad |= 16;
    ompwg_set_thread_backend(NULL);
    return bad;
}

static int calls(void)
{
    return calls_on("cpu") | calls_on("openblas") << 8;
}

/* Forks `count` children at once; each makes the calls and exits with
 * their result. True when every child exited 0; *what describes the
 * first that did not. */
static bool children(int count, char *what, size_t len)
{
    pid_t pid[4];
    for (int k = 0; k < count; k++) {
        fflush(stdout);
        pid[k] = fork();
        if (pid[k] < 0) {
            snprintf(what, len, "fork failed");
            return false;
        }
        if (pid[k] == 0) {
            alarm(CHILD_SECONDS);
            int r = calls();
            /* _exit: the parent's atexit handlers and stdio buffers are its own */
            _exit(r & 0xff ? 1 : r ? 2 : 0);
        }
    }
    bool ok = true;
    for (int k = 0; k < count; k++) {
        int status = 0;
        waitpid(pid[k], &status, 0);
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0) continue;
        if (ok) {
            if (WIFSIGNALED(status))
                snprintf(what, len, "child %d ended by signal %d%s", k, WTERMSIG(status),
                         WTERMSIG(status) == SIGALRM ? " (its alarm: it hung)" : "");
            else
                snprintf(what, len, "child %d: wrong results on %s", k,
                         WEXITSTATUS(status) == 1 ? "cpu" : "openblas");
        }
        ok = false;
    }
    return ok;
}

int main(void)
{
    tap_init("test_fork");
    fill();
    int r = calls();
    tap_ok(r == 0, "before fork: GEMM, sum and max on cpu and openblas are exact (%#x)", r);
    char what[160] = "";
    bool ok = children(1, what, sizeof what);
    if (!tap_ok(ok, "a child forked after the calls makes them again, exact")) tap_diag("%s", what);
    ok = children(2, what, sizeof what);
    if (!tap_ok(ok, "two children forked at once, both exact")) tap_diag("%s", what);
    r = calls();
    tap_ok(r == 0, "the parent afterwards: still exact (%#x)", r);
    ok = children(1, what, sizeof what);
    if (!tap_ok(ok, "a child of the parent that forked before: exact")) tap_diag("%s", what);
    return tap_done();
}
