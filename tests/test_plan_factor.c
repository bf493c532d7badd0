/* ompwg_plan_factor(): where the planner puts a factorisation, from a model
 * fed to it (no GPU needed) and on this machine's own; its argument checks. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ompwg.h"
#include "model_case.h"
#include "ompwg_lapack.h"
#include "tap.h"
#include "walk.h"

/* A GPU at 20 TFLOP/s behind 15 us against a CPU at 250 GFLOP/s, the
 * pageable link at 8.6 and 13.7 GB/s. */
static ompwg_model model(void)
{
    static const char *const names[] = { "gpu", "cpu" };
    ompwg_model m = test_model(2, names, 16);
    m.h2d_pinned = m.d2h_pinned = 50e9;
    m.h2d_pageable = 8.6e9;
    m.d2h_pageable = 13.7e9;
    m.link_latency = 10e-6;
    for (int k = 0; k < OMPWG_MODEL_KINDS; k++)
        for (int d = 0; d < 2; d++) {
            m.backend[0].curve[k][d] = test_curve(2.0 * 64 * 64 * 64, 20e12, 15e-6);
            m.backend[1].curve[k][d] = test_curve(2.0 * 64 * 64 * 64, 250e9, 5e-6);
        }
    return m;
}

static void decisions(void)
{
    const int gi = test_backend_index("gpu"), ci = test_backend_index("cpu");
    if (!walk_gpu_built() || gi < 0 || ci < 0) {
        tap_skip("factorisation plans from a model",
                 "this build has no GPU backend (its compiler cannot build it) or no cpu backend");
        return;
    }
    const ompwg_model m = model();
    static const struct {
        const char *routine;
        int64_t n;
        const char *want;
    } cases[] = {
        { "dgetrf", 64, "cpu" },   { "dgetrf", 8192, "gpu" }, { "dpotrf", 96, "cpu" },
        { "dpotrf", 8192, "gpu" }, { "sgeqrf", 64, "cpu" },   { "dgeqrf", 8192, "gpu" },
        { "dgels", 8192, "gpu" },  { "dgesv", 100, "cpu" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ompwg_plan p;
        const int st = ompwg_plan_factor(&m, cases[i].routine, cases[i].n, cases[i].n, 1, &p);
        tap_ok(st == OMPWG_OK && strcmp(p.backend, cases[i].want) == 0,
               "%s n=%lld on the test model: %s (status %d, %s)", cases[i].routine,
               (long long)cases[i].n, cases[i].want, st, st == OMPWG_OK ? p.backend : "-");
    }
    /* the host's estimate is its level-3 rate; the device's adds the link
     * both ways and, beyond its rate, the panels' time a column */
    const int64_t n = 4096;
    const double flops = 2.0 * n * n * n / 3, bytes = 8.0 * n * n;
    ompwg_plan p;
    int st = ompwg_plan_factor(&m, "dgetrf", n, n, 1, &p);
    const double want_cpu = 5e-6 + flops / 250e9;
    const double floor_gpu = bytes / m.h2d_pageable + bytes / m.d2h_pageable + flops / 20e12 +
                             (double)n * 1e-6;
    tap_ok(st == OMPWG_OK && fabs(p.estimate[ci] - want_cpu) < 0.01 * want_cpu &&
               p.estimate[gi] > floor_gpu,
           "dgetrf n=4096: the cpu estimate %.4g s is latency + flops / rate (%.4g s), the gpu's "
           "%.4g s above the link both ways plus the flops at its rate plus 1 us a column "
           "(%.4g s)",
           st == OMPWG_OK ? p.estimate[ci] : -1, want_cpu, st == OMPWG_OK ? p.estimate[gi] : -1,
           floor_gpu);
}

static void arguments(void)
{
    ompwg_plan p;
    static const struct {
        const char *routine;
        int64_t m, n, nrhs;
        int want;
        const char *what;
    } cases[] = {
        { "dfoo", 8, 8, 1, OMPWG_ERR_FLAGS, "an unknown routine" },
        { "xgetrf", 8, 8, 1, OMPWG_ERR_FLAGS, "an unknown precision" },
        { "dgetrf", 0, 8, 1, OMPWG_ERR_SIZE, "m = 0" },
        { "dgesv", 8, 9, 1, OMPWG_ERR_SIZE, "a square solve with m != n" },
        { "dposv", 8, 8, 0, OMPWG_ERR_SIZE, "a solve with no right-hand side" },
        { "dormqr", 8, 8, 9, OMPWG_ERR_SIZE, "ORMQR with more reflectors than rows" },
        { "sgetrf", 300, 200, 0, OMPWG_OK, "a rectangular GETRF" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const int st = ompwg_plan_factor(NULL, cases[i].routine, cases[i].m, cases[i].n,
                                         cases[i].nrhs, &p);
        tap_ok(st == cases[i].want && (st != OMPWG_OK || p.backend != NULL),
               "ompwg_plan_factor(\"%s\", %lld, %lld, %lld), %s: status %d, want %d",
               cases[i].routine, (long long)cases[i].m, (long long)cases[i].n,
               (long long)cases[i].nrhs, cases[i].what, st, cases[i].want);
    }
    /* sizes whose byte counts overflow 64 bits: an answer, no overflow
     * (UBSan's suite would stop on a signed one) */
    const ompwg_model m = model();
    const int big = ompwg_plan_gemm(&m, 'd', INT64_MAX, 1, INT64_MAX, 0, &p);
    /* a model's decision is between the GPU backend and the host ones */
    tap_ok(walk_gpu_built() ? big == OMPWG_OK && p.backend : big == OMPWG_ERR_UNAVAILABLE,
           "ompwg_plan_gemm(INT64_MAX, 1, INT64_MAX) on a model: status %d, %s", big,
           big == OMPWG_OK ? p.backend : "-");
    tap_ok(ompwg_plan_factor(NULL, NULL, 8, 8, 1, &p) == OMPWG_ERR_NULL &&
               ompwg_plan_factor(NULL, "dgetrf", 8, 8, 1, NULL) == OMPWG_ERR_NULL,
           "a NULL routine or plan: OMPWG_ERR_NULL");
}

int main(void)
{
    tap_init("test_plan_factor");
    decisions();
    arguments();
    return tap_done();
}
