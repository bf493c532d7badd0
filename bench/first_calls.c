/* The first calls of a process that finds no placement model kept: each
 * one's time, where it ran and where the model stood after it, so that a
 * GPU node shows the calls running on the CPU while the model is measured
 * in the background, none of them waiting for it, then on the GPU.
 *     bench_first_calls [N [CALLS]]
 * DGEMM N x N x N on host data (default 2048), CALLS calls (default 40),
 * a tenth of a second apart. Run it with a cache of its own
 * (XDG_CACHE_HOME=$(mktemp -d)) to see a first process. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ompwg.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static const char *state_name(ompwg_model_state s)
{
    switch (s) {
    case OMPWG_MODEL_STATE_NONE: return "none";
    case OMPWG_MODEL_STATE_MEASURING: return "measuring";
    case OMPWG_MODEL_STATE_READY: return "ready";
    case OMPWG_MODEL_STATE_FAILED: return "failed";
    }
    return "?";
}

int main(int argc, char **argv)
{
    const long n = argc > 1 ? atol(argv[1]) : 2048;
    const int calls = argc > 2 ? atoi(argv[2]) : 40;
    if (n <= 0 || calls <= 0) {
        fprintf(stderr, "usage: bench_first_calls [N [CALLS]] (positive)\n");
        return 2;
    }
    double *a = calloc((size_t)(n * n), sizeof *a), *b = calloc((size_t)(n * n), sizeof *b);
    double *c = calloc((size_t)(n * n), sizeof *c);
    if (!a || !b || !c) {
        fprintf(stderr, "bench_first_calls: no memory for N = %ld\n", n);
        return 1;
    }
    printf("call  seconds  placed on  model after it  (DGEMM %ld, host data)\n", n);
    const double t0 = now();
    double longest = 0;
    for (int i = 0; i < calls; i++) {
        ompwg_plan p;
        /* where the call goes: the plan of the same GEMM, made just before it */
        const int planned = ompwg_plan_gemm(NULL, 'd', n, n, n, 1, &p);
        const double start = now();
        const int st = ompwg_dgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, n, n, n, 1.0, a,
                                   n, b, n, 0.0, c, n);
        const double t = now() - start;
        if (t > longest) longest = t;
        printf("%4d  %7.3f  %-9s  %-9s  at %.1f s%s\n", i + 1, t,
               planned == OMPWG_OK ? p.backend : "?", state_name(ompwg_get_model_state()),
               now() - t0, st == OMPWG_OK ? "" : "  (failed)");
        fflush(stdout);
        nanosleep(&(struct timespec){ .tv_nsec = 100000000L }, NULL);
    }
    printf("longest call %.3f s\n", longest);
    free(a);
    free(b);
    free(c);
    return 0;
}
