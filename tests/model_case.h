/* Models the tests feed to the planner (test_planner, test_plan_factor,
 * test_model_file): curves at a constant rate, a model's frame, and a
 * backend's index in the model's estimates. */
#ifndef OMPWG_TEST_MODEL_CASE_H
#define OMPWG_TEST_MODEL_CASE_H

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ompwg.h"

/* A curve at a constant rate from `lat` seconds up: seconds = lat + work /
 * rate at each of four points, work growing 64-fold (GEMMs of n = 64, 256,
 * 1024 and 4096 for the first work 2 * 64^3). */
static inline ompwg_model_curve test_curve(double first_work, double rate, double lat)
{
    ompwg_model_curve c = { .points = 4 };
    for (int i = 0; i < 4; i++) {
        c.work[i] = first_work * pow(64.0, i);
        c.seconds[i] = lat + c.work[i] / rate;
    }
    return c;
}

/* A model of the named backends (every curve empty) on a "test GPU" and a
 * "test CPU" of `threads` threads; the link's rates are the caller's. */
static inline ompwg_model test_model(int backends, const char *const names[], int threads)
{
    ompwg_model m;
    memset(&m, 0, sizeof m);
    m.version = OMPWG_MODEL_VERSION;
    snprintf(m.gpu, sizeof m.gpu, "test GPU");
    snprintf(m.cpu, sizeof m.cpu, "test CPU");
    m.cpu_threads = threads;
    m.backends = backends;
    for (int b = 0; b < backends; b++)
        snprintf(m.backend[b].name, sizeof m.backend[b].name, "%s", names[b]);
    return m;
}

/* The backend's index in ompwg_backend_info() order (a plan's estimates),
 * or -1 where this build has none of that name. */
static inline int test_backend_index(const char *name)
{
    for (int i = 0; i < ompwg_backend_count() && i < OMPWG_MODEL_BACKENDS; i++) {
        const char *n;
        ompwg_backend_info(i, &n, NULL, 0);
        if (strcmp(n, name) == 0) return i;
    }
    return -1;
}

#endif
