/* Where auto puts the BLAS level-1 routines on host data (DOT, ASUM): on
 * OpenBLAS, which ran them at least as fast as the CPU backend at every
 * length measured, whether the planner weighs them (the trace shows its
 * choice) or they take the short path without it; the results as the
 * reference's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ompwg.h"
#include "tap.h"

/* The trace lines of ddot and dasum calls, from stderr sent to a file of
 * the working directory while they run. */
static void traced(char *text, size_t len, double *dot, double *asum, const double *x,
                   const double *y, int64_t n)
{
    const char *path = "level1_place.trace";
    fflush(stderr);
    const int saved = dup(2);
    if (!freopen(path, "w", stderr)) tap_bail("cannot write %s", path);
    const int was = ompwg_set_verbose(2);
    ompwg_ddot(n, x, 1, y, 1, dot);
    ompwg_dasum(n, x, 1, asum);
    ompwg_set_verbose(was);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    FILE *f = fopen(path, "r");
    size_t got = f ? fread(text, 1, len - 1, f) : 0;
    text[got] = '\0';
    if (f) fclose(f);
    remove(path);
}

/* Whether a trace line of `what` says it ran on `where`. */
static bool ran_on(const char *text, const char *what, const char *where)
{
    for (const char *p = strstr(text, what); p; p = strstr(p + 1, what)) {
        const char *end = strchr(p, '\n');
        const char *on = strstr(p, where);
        if (on && (!end || on < end)) return true;
    }
    return false;
}

int main(void)
{
    tap_init("test_level1_place");
    if (strcmp(ompwg_get_backend(), "none") == 0) tap_skip_all("no usable backend here");
    static const int64_t lengths[] = { 8, 1000, 100000 };
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
        const int64_t n = lengths[i];
        double *x = malloc((size_t)n * sizeof(double)), *y = malloc((size_t)n * sizeof(double));
        double want_dot = 0, want_asum = 0;
        for (int64_t k = 0; k < n; k++) {
            x[k] = (k % 7) - 3;
            y[k] = (k % 5) - 2;
            want_dot += x[k] * y[k];
            want_asum += x[k] < 0 ? -x[k] : x[k];
        }
        char text[8192];
        double dot = -1, asum = -1;
        traced(text, sizeof text, &dot, &asum, x, y, n);
        tap_ok(ran_on(text, "ddot", "-> openblas") && ran_on(text, "dasum", "-> openblas"),
               "n = %lld, traced: ddot and dasum on openblas", (long long)n);
        if (!ran_on(text, "ddot", "-> openblas")) tap_diag("trace: %s", text);
        double qdot = -1, qasum = -1;
        ompwg_ddot(n, x, 1, y, 1, &qdot);
        ompwg_dasum(n, x, 1, &qasum);
        tap_ok(dot == want_dot && asum == want_asum && qdot == want_dot && qasum == want_asum,
               "n = %lld: the sums exact (small integers), traced and not", (long long)n);
        free(x);
        free(y);
    }
    return tap_done();
}
