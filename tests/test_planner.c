/* The planner: decisions from models fed to it (no GPU needed, so every
 * build runs them), the checks of a model and of a model file, and, where a
 * GPU backend is usable (a GPU, or host fallback), measuring the model, the
 * model file kept across measurements, and many threads asking for the
 * model while it is being measured. */
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model_case.h"
#include "ompwg.h"
#include "tap.h"
#include "walk.h"

/* An H100 machine as measured: pinned and pageable link rates, a GPU of
 * 40 TFLOP/s and 3 TB/s behind a 15 us launch, 16 cores at 500 GFLOP/s and
 * 90 GB/s; the level-3 routines at half the GEMM's rate. */
#define GEMM64 (2.0 * 64 * 64 * 64)

static ompwg_model h100_like(int overlaps)
{
    static const char *const names[] = { "gpu", "cpu" };
    ompwg_model m = test_model(2, names, 16);
    m.h2d_pinned = 54.7e9;
    m.d2h_pinned = 55.1e9;
    m.h2d_pageable = 8.6e9;
    m.d2h_pageable = 13.7e9;
    m.link_latency = 10e-6;
    m.overlaps = overlaps;
    for (int d = 0; d < 2; d++) {
        m.backend[0].curve[OMPWG_MODEL_GEMM][d] = test_curve(GEMM64, 40e12, 15e-6);
        m.backend[0].curve[OMPWG_MODEL_STREAM][d] = test_curve(1e4, 3e12, 15e-6);
        m.backend[1].curve[OMPWG_MODEL_GEMM][d] = test_curve(GEMM64, 500e9, 5e-6);
        m.backend[1].curve[OMPWG_MODEL_STREAM][d] = test_curve(1e4, 90e9, 5e-6);
        m.backend[0].curve[OMPWG_MODEL_LEVEL3][d] = test_curve(GEMM64 / 2, 20e12, 15e-6);
        m.backend[1].curve[OMPWG_MODEL_LEVEL3][d] = test_curve(GEMM64 / 2, 250e9, 5e-6);
    }
    return m;
}

static bool placed(const ompwg_model *m, char prec, int64_t mm, int64_t n, int64_t k, int beta0,
                   const char *want, bool want_split, const char *what)
{
    ompwg_plan p;
    int st = ompwg_plan_gemm(m, prec, mm, n, k, beta0, &p);
    bool pass = st == OMPWG_OK && strcmp(p.backend, want) == 0 && (p.split > 0) == want_split;
    if (!pass)
        tap_diag("%s: status %d, backend %s, split %lld; estimates gpu %g cpu %g split %g", what,
                 st, st == OMPWG_OK ? p.backend : "-", (long long)p.split,
                 p.estimate[test_backend_index("gpu")], p.estimate[test_backend_index("cpu")], p.split_estimate);
    return tap_ok(pass, "%s: %s%s", what, want, want_split ? " with a split" : "");
}

static void decisions(void)
{
    if (!walk_gpu_built() || test_backend_index("cpu") < 0) {
        tap_skip("planner decisions", "this build has no GPU backend (its compiler cannot build it) or no cpu backend");
        return;
    }
    ompwg_model m = h100_like(0);
    placed(&m, 'd', 64, 64, 64, 1, "cpu", false, "a 64^3 DGEMM (the GPU's launch alone is longer)");
    placed(&m, 'd', 8192, 8192, 64, 0, "cpu", false,
           "LAPACK's trailing update 8192 x 8192 x 64 from pageable memory (C crosses twice)");
    placed(&m, 'd', 4096, 4096, 4096, 1, "gpu", false, "a 4096^3 DGEMM");
    placed(&m, 's', 8192, 8192, 8192, 1, "gpu", false, "an 8192^3 SGEMM");

    /* the estimate is the formula: link (in: A, B, C; out: C) plus kernel,
     * at a size the curves measured */
    ompwg_plan p;
    int64_t n = 1024;
    double bytes = 8.0 * (double)n * (double)n, flops = 2.0 * n * n * n;
    double want_gpu = 3 * (m.link_latency + bytes / m.h2d_pageable) + m.link_latency +
                      bytes / m.d2h_pageable + 15e-6 + flops / 40e12;
    double want_cpu = 5e-6 + flops / 500e9;
    int st = ompwg_plan_gemm(&m, 'd', n, n, n, 0, &p);
    double got_gpu = p.estimate[test_backend_index("gpu")], got_cpu = p.estimate[test_backend_index("cpu")];
    tap_ok(st == OMPWG_OK && fabs(got_gpu - want_gpu) < 1e-9 * want_gpu + 1e-12 &&
               fabs(got_cpu - want_cpu) < 1e-9 * want_cpu,
           "estimates are the link's bytes at its rates plus the kernel (gpu %g s, want %g; cpu "
           "%g s, want %g)", got_gpu, want_gpu, got_cpu, want_cpu);

    /* streaming from host memory never pays on this link */
    st = ompwg_plan_stream(&m, 'd', (int64_t)1 << 30, &p);
    tap_ok(st == OMPWG_OK && strcmp(p.backend, "cpu") == 0,
           "a 1 GiB reduction of host data stays on the CPU (%s)", st == OMPWG_OK ? p.backend : "-");

    /* a call the CPU finishes within a millisecond goes to the GPU only when
     * the model puts it well ahead there (1.5 times) */
    ompwg_model near = h100_like(0);
    for (int d = 0; d < 2; d++) near.backend[1].curve[OMPWG_MODEL_GEMM][d] = test_curve(GEMM64, 300e9, 5e-6);
    placed(&near, 'd', 512, 512, 512, 1, "cpu", false,
           "a 512^3 DGEMM that the model puts at 0.9 ms on the CPU and 0.65 ms on the GPU");
    for (int d = 0; d < 2; d++) near.backend[1].curve[OMPWG_MODEL_GEMM][d] = test_curve(GEMM64, 150e9, 5e-6);
    placed(&near, 'd', 512, 512, 512, 1, "gpu", false,
           "the same at 1.8 ms on the CPU");

    /* a GPU and a CPU of comparable speed share a large GEMM */
    ompwg_model even = h100_like(1);
    const int split_was = ompwg_set_split(1);
    for (int d = 0; d < 2; d++) {
        even.backend[0].curve[OMPWG_MODEL_GEMM][d] = test_curve(GEMM64, 1e12, 15e-6);
        even.backend[1].curve[OMPWG_MODEL_GEMM][d] = test_curve(GEMM64, 1e12, 5e-6);
    }
    even.h2d_pageable = even.h2d_pinned;
    even.d2h_pageable = even.d2h_pinned;
    placed(&even, 'd', 8192, 8192, 8192, 1, "cpu", true,
           "an 8192^3 DGEMM on a 1 TFLOP/s GPU and a 1 TFLOP/s CPU");
    st = ompwg_plan_gemm(&even, 'd', 8192, 8192, 8192, 1, &p);
    double share = (double)p.split / 8192;
    tap_ok(st == OMPWG_OK && p.split % 128 == 0 && share > 0.35 && share < 0.65 &&
               p.split_estimate < p.estimate[test_backend_index("gpu")],
           "the split gives the GPU about half of the columns, whole tiles of 128 "
           "(%lld columns, estimate %g s against %g s on the GPU alone)",
           (long long)p.split, p.split_estimate, p.estimate[test_backend_index("gpu")]);
    ompwg_set_split(0);
    placed(&even, 'd', 8192, 8192, 8192, 1, "cpu", false, "the same with splitting turned off");
    ompwg_set_split(split_was);

    /* OpenBLAS is a candidate too, where a model has it */
    ompwg_model three = h100_like(0);
    three.backends = 3;
    snprintf(three.backend[2].name, sizeof three.backend[2].name, "openblas");
    for (int d = 0; d < 2; d++) {
        three.backend[2].curve[OMPWG_MODEL_GEMM][d] = test_curve(GEMM64, 600e9, 5e-6);
        three.backend[2].curve[OMPWG_MODEL_STREAM][d] = test_curve(1e4, 80e9, 5e-6);
    }
    placed(&three, 'd', 8192, 8192, 64, 0, "cpu", false,
           "a rank-64 update on the CPU backend, which the model's square-GEMM curves put "
           "1.2 times slower than OpenBLAS");
    placed(&three, 'd', 8192, 32, 32, 0, "openblas", false,
           "a rank-32 panel update on OpenBLAS (narrow)");
    ompwg_model slow_cpu = three;
    for (int d = 0; d < 2; d++)
        slow_cpu.backend[1].curve[OMPWG_MODEL_GEMM][d] = test_curve(GEMM64, 150e9, 5e-6);
    placed(&slow_cpu, 'd', 8192, 8192, 64, 0, "openblas", false,
           "but on OpenBLAS where the model puts the CPU backend 4 times slower");
    placed(&three, 'd', 4096, 4096, 4096, 1, "gpu", false, "a 4096^3 DGEMM with OpenBLAS there too");
    ompwg_model slow_start = three;
    for (int d = 0; d < 2; d++)
        slow_start.backend[1].curve[OMPWG_MODEL_GEMM][d] = test_curve(GEMM64, 500e9, 300e-6);
    placed(&slow_start, 'd', 64, 64, 6000, 1, "cpu", false,
           "a thin 64 x 64 x 6000 update on the CPU backend, whose kernel is as fast as "
           "OpenBLAS's though its team's start (0.3 ms) puts it 4.6 times slower at those flops");

    /* the panel curves: a 64-wide update streams its large operand, and
     * costs at least what the curve gives for that (work 2 64 elements;
     * A at X GB/s is a rate of 16 X GFLOP/s) */
    ompwg_model panels = three;
    for (int d = 0; d < 2; d++) {
        panels.backend[1].curve[OMPWG_MODEL_PANEL][d] = test_curve(2.0 * 64 * 512 * 512, 16 * 5e9, 5e-6);
        panels.backend[2].curve[OMPWG_MODEL_PANEL][d] = test_curve(2.0 * 64 * 512 * 512, 16 * 20e9, 5e-6);
    }
    placed(&three, 'd', 4096, 64, 4096, 1, "cpu", false,
           "a 4096 x 64 x 4096 panel update on the CPU backend without panel curves");
    placed(&panels, 'd', 4096, 64, 4096, 1, "openblas", false,
           "on OpenBLAS where the panel curves put the CPU backend's stream of A 4 times slower");
    placed(&panels, 'd', 64, 4096, 4096, 1, "openblas", false,
           "the same with the narrow side m (the large operand B)");
    placed(&panels, 'd', 4096, 4096, 64, 1, "cpu", false,
           "a rank-64 update is no panel update (k is its narrow side)");
    for (int d = 0; d < 2; d++)
        panels.backend[2].curve[OMPWG_MODEL_PANEL][d] = test_curve(2.0 * 64 * 512 * 512, 16 * 3e9, 5e-6);
    placed(&panels, 'd', 4096, 64, 4096, 1, "gpu", false,
           "on the GPU where both host candidates stream A slower than the link (8.6 GB/s)");
    placed(&three, 'd', 256, 1, 1, 0, "openblas", false,
           "a call of a few microseconds goes to the reference, whoever is faster");
    st = ompwg_plan_stream(&three, 'd', 65536, &p);
    tap_ok(st == OMPWG_OK && strcmp(p.backend, "openblas") == 0,
           "so does a short reduction (%s)", st == OMPWG_OK ? p.backend : "-");
    ompwg_model slow_sum = three;
    for (int d = 0; d < 2; d++) slow_sum.backend[2].curve[OMPWG_MODEL_STREAM][d] = test_curve(1e4, 5e9, 5e-6);
    st = ompwg_plan_stream(&slow_sum, 'd', 4000000, &p);
    tap_ok(st == OMPWG_OK && strcmp(p.backend, "cpu") == 0,
           "but not where the reference is slow at it (%s)", st == OMPWG_OK ? p.backend : "-");
    st = ompwg_plan_stream(&three, 'd', (int64_t)1 << 30, &p);
    tap_ok(st == OMPWG_OK && strcmp(p.backend, "cpu") == 0,
           "the reduction goes to the faster streaming CPU backend (%s)",
           st == OMPWG_OK ? p.backend : "-");

    /* what a device call costs beyond its transfers and kernel counts */
    ompwg_model slow_path = h100_like(0);
    slow_path.host_path = (ompwg_model_curve){ .points = 2, .work = { 1e-6, 1.0 },
                                               .seconds = { 0.5, 1.5 } };
    placed(&slow_path, 'd', 4096, 4096, 4096, 1, "cpu", false,
           "a 4096^3 DGEMM when the GPU's host path costs 0.5 s a call");
    for (int d = 0; d < 2; d++)
        slow_path.backend[1].curve[OMPWG_MODEL_PANEL][d] = test_curve(2.0 * 64 * 512 * 512, 16 * 3e9, 5e-6);
    placed(&slow_path, 'd', 4096, 64, 4096, 1, "cpu", false,
           "so does a 4096 x 64 x 4096 panel update that the CPU streams at 3 GB/s, without a "
           "measured panel path");
    slow_path.host_panel = (ompwg_model_curve){ .points = 2, .work = { 1e-6, 1.0 },
                                                .seconds = { 1e-6, 1.0 } };
    placed(&slow_path, 'd', 4096, 64, 4096, 1, "gpu", false,
           "but on the GPU where its measured panel path costs what the rates say");

    /* the same inputs give the same answer */
    ompwg_plan again;
    st = ompwg_plan_gemm(&even, 'd', 8192, 8192, 8192, 1, &p);
    if (st == OMPWG_OK) st = ompwg_plan_gemm(&even, 'd', 8192, 8192, 8192, 1, &again);
    tap_ok(st == OMPWG_OK && again.split == p.split && again.split_estimate == p.split_estimate,
           "decisions are deterministic");
}

static void bad_models(void)
{
    ompwg_model m = h100_like(0);
    ompwg_plan p;
    tap_ok(ompwg_set_model(NULL) == OMPWG_OK, "ompwg_set_model(NULL) forgets the model");
    ompwg_model bad = m;
    bad.version = 99;
    tap_ok(ompwg_set_model(&bad) == OMPWG_ERR_FLAGS, "a model of another version: OMPWG_ERR_FLAGS");
    bad = m;
    bad.h2d_pageable = NAN;
    tap_ok(ompwg_set_model(&bad) == OMPWG_ERR_RANGE, "a NaN link rate: OMPWG_ERR_RANGE");
    bad = m;
    bad.d2h_pinned = 1e15;
    tap_ok(ompwg_set_model(&bad) == OMPWG_ERR_RANGE, "a link of 1 PB/s: OMPWG_ERR_RANGE");
    bad = m;
    bad.backend[1].curve[0][1].work[2] = bad.backend[1].curve[0][1].work[1];
    tap_ok(ompwg_set_model(&bad) == OMPWG_ERR_RANGE &&
               ompwg_plan_gemm(&bad, 'd', 100, 100, 100, 0, &p) == OMPWG_ERR_RANGE,
           "work that does not increase: OMPWG_ERR_RANGE");
    bad = m;
    bad.backend[0].curve[1][0].seconds[0] = -1;
    tap_ok(ompwg_set_model(&bad) == OMPWG_ERR_RANGE, "negative seconds: OMPWG_ERR_RANGE");
    bad = m;
    bad.host_path = (ompwg_model_curve){ .points = 1, .work = { 1e-3 }, .seconds = { 500 } };
    tap_ok(ompwg_set_model(&bad) == OMPWG_ERR_RANGE,
           "a host path 500000 times its prediction: OMPWG_ERR_RANGE");
    bad = m;
    bad.backends = OMPWG_MODEL_BACKENDS + 1;
    tap_ok(ompwg_set_model(&bad) == OMPWG_ERR_RANGE, "too many backends: OMPWG_ERR_RANGE");
    tap_ok(ompwg_plan_gemm(&m, 'z', 1, 1, 1, 0, &p) == OMPWG_ERR_FLAGS &&
               ompwg_plan_gemm(&m, 'd', 0, 1, 1, 0, &p) == OMPWG_ERR_SIZE &&
               ompwg_plan_gemm(&m, 'd', 1, 1, 1, 0, NULL) == OMPWG_ERR_NULL &&
               ompwg_plan_stream(&m, 'd', -1, &p) == OMPWG_ERR_SIZE,
           "ompwg_plan_gemm/stream check their arguments");
}

static bool same_curve(const ompwg_model_curve *x, const ompwg_model_curve *y)
{
    if (x->points != y->points) return false;
    for (int p = 0; p < x->points; p++)
        if (x->work[p] != y->work[p] || x->seconds[p] != y->seconds[p]) return false;
    return true;
}

static bool same_model(const ompwg_model *a, const ompwg_model *b)
{
    if (strcmp(a->gpu, b->gpu) || strcmp(a->cpu, b->cpu) || a->cpu_threads != b->cpu_threads ||
        a->h2d_pinned != b->h2d_pinned || a->d2h_pinned != b->d2h_pinned ||
        a->h2d_pageable != b->h2d_pageable || a->d2h_pageable != b->d2h_pageable ||
        a->link_latency != b->link_latency || a->overlaps != b->overlaps ||
        !same_curve(&a->host_path, &b->host_path) || !same_curve(&a->host_panel, &b->host_panel) ||
        a->backends != b->backends)
        return false;
    for (int i = 0; i < a->backends; i++) {
        if (strcmp(a->backend[i].name, b->backend[i].name)) return false;
        for (int k = 0; k < OMPWG_MODEL_KINDS; k++)
            for (int d = 0; d < 2; d++)
                if (!same_curve(&a->backend[i].curve[k][d], &b->backend[i].curve[k][d]))
                    return false;
    }
    return true;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* The file, with line `key` changed to `line` (or removed when line is ""). */
static void rewrite_line(const char *path, const char *key, const char *line)
{
    char buf[16384] = "", l[1024];
    FILE *f = fopen(path, "r");
    if (!f) return;
    size_t used = 0;
    while (fgets(l, sizeof l, f) && used + strlen(l) + strlen(line) + 2 < sizeof buf) {
        const char *put = strncmp(l, key, strlen(key)) == 0 ? line : l;
        used += (size_t)snprintf(buf + used, sizeof buf - used, "%s", put);
    }
    fclose(f);
    write_text(path, buf);
}

/* m written to path, over whatever was there; false when it was not. */
static bool fresh_model(const char *path, const ompwg_model *m)
{
    remove(path);
    ompwg_model back;
    return ompwg_write_model(path, m) == OMPWG_OK && ompwg_read_model(path, &back) == OMPWG_OK;
}

static void model_files(char *dir)
{
    char path[4200], other[4200];
    snprintf(path, sizeof path, "%s/model", dir);
    ompwg_model m = h100_like(1), back;
    m.host_path = (ompwg_model_curve){ .points = 3, .work = { 1e-4, 1e-3, 2e-2 },
                                       .seconds = { 4e-4, 2.5e-3, 2.3e-2 } };
    m.host_panel = (ompwg_model_curve){ .points = 2, .work = { 3e-4, 5e-3 },
                                        .seconds = { 5e-4, 5.2e-3 } };
    for (int d = 0; d < 2; d++)
        m.backend[1].curve[OMPWG_MODEL_PANEL][d] = test_curve(2.0 * 64 * 512 * 512, 3e11, 5e-6);
    tap_ok(ompwg_write_model(path, &m) == OMPWG_OK && ompwg_read_model(path, &back) == OMPWG_OK &&
               same_model(&m, &back),
           "a model written and read back is the same, bit for bit");
    snprintf(other, sizeof other, "%s/missing/model", dir);
    tap_ok(ompwg_write_model(other, &m) == OMPWG_ERR_UNAVAILABLE,
           "writing into a missing directory: OMPWG_ERR_UNAVAILABLE");
    tap_ok(ompwg_read_model(other, &back) == OMPWG_ERR_UNAVAILABLE,
           "reading a missing file: OMPWG_ERR_UNAVAILABLE");
    ompwg_model bad = m;
    bad.link_latency = INFINITY;
    tap_ok(ompwg_write_model(path, &bad) == OMPWG_ERR_RANGE, "an invalid model is not written");

    write_text(path, "not a model\n");
    tap_ok(ompwg_read_model(path, &back) == OMPWG_ERR_RANGE, "a file of something else: OMPWG_ERR_RANGE");
    /* each case below is m's file with one line changed: a fresh file, as
     * ompwg_write_model replaces only a model */
    bool cut = fresh_model(path, &m);
    rewrite_line(path, "end", "");
    tap_ok(cut && ompwg_read_model(path, &back) == OMPWG_ERR_RANGE, "a file cut short: OMPWG_ERR_RANGE");
    bool link = fresh_model(path, &m);
    rewrite_line(path, "link ", "link 0x1p+80 0x1p+30 0x1p+30 0x1p+30 0x1p-20 0\n");
    tap_ok(link && ompwg_read_model(path, &back) == OMPWG_ERR_RANGE,
           "a link of 2^80 bytes per second: OMPWG_ERR_RANGE");
    bool points = fresh_model(path, &m);
    rewrite_line(path, "curve cpu 0 1", "curve cpu 0 1 9 0x1p+1 0x1p-1\n");
    tap_ok(points && ompwg_read_model(path, &back) == OMPWG_ERR_RANGE,
           "a curve of 9 points: OMPWG_ERR_RANGE");
    bool nan = fresh_model(path, &m);
    rewrite_line(path, "curve gpu 1 0", "curve gpu 1 0 2 0x1p+1 nan 0x1p+2 0x1p-1\n");
    tap_ok(nan && ompwg_read_model(path, &back) == OMPWG_ERR_RANGE, "a NaN time: OMPWG_ERR_RANGE");
    /* a name longer than the model's fields hold is no model of this
     * machine, not one to compare by its first characters */
    for (int f = 0; f < 2; f++) {
        char line[300];
        int used = snprintf(line, sizeof line, "%s ", f ? "cpu" : "gpu");
        memset(line + used, 'x', 200);
        snprintf(line + used + 200, sizeof line - (size_t)used - 200, "\n");
        bool written = fresh_model(path, &m);
        rewrite_line(path, f ? "cpu " : "gpu ", line);
        tap_ok(written && ompwg_read_model(path, &back) == OMPWG_ERR_RANGE,
               "a %s name of 200 characters (the field holds %zu): OMPWG_ERR_RANGE",
               f ? "cpu" : "gpu", sizeof m.gpu - 1);
    }
}

/* ---- measuring, where a GPU backend is usable ------------------------------ */

#define THREADS 8

static ompwg_model seen[THREADS];
static int seen_status[THREADS];

static void *ask_model(void *arg)
{
    int i = (int)(intptr_t)arg;
    seen_status[i] = ompwg_get_model(&seen[i]);
    ompwg_plan p;
    if (seen_status[i] == OMPWG_OK)
        seen_status[i] = ompwg_plan_gemm(NULL, 'd', 64 + i, 64, 64, 0, &p);
    return NULL;
}

static void measuring(char *dir)
{
    char why[256];
    if (!walk_usable("gpu", why, sizeof why)) {
        ompwg_model m;
        tap_ok(ompwg_get_model(&m) == OMPWG_ERR_UNAVAILABLE,
               "without a GPU backend there is no model to measure");
        tap_skip("measuring the model", "no usable GPU backend: %s", why);
        return;
    }
    char path[4200];
    snprintf(path, sizeof path, "%s/measured", dir);
    ompwg_set_model_file(path);
    ompwg_set_model(NULL);

    pthread_t t[THREADS];
    for (int i = 0; i < THREADS; i++) pthread_create(&t[i], NULL, ask_model, (void *)(intptr_t)i);
    for (int i = 0; i < THREADS; i++) pthread_join(t[i], NULL);
    bool all = true;
    for (int i = 0; i < THREADS; i++) all &= seen_status[i] == OMPWG_OK && same_model(&seen[i], &seen[0]);
    tap_ok(all, "%d threads asking at once get one model, measured once", THREADS);
    tap_ok(seen[0].backends >= 2 && seen[0].h2d_pageable > 0 &&
               seen[0].backend[0].curve[OMPWG_MODEL_GEMM][1].points > 0,
           "the measured model has the link and both backends' curves");

    ompwg_model from_file, again;
    tap_ok(ompwg_read_model(path, &from_file) == OMPWG_OK && same_model(&from_file, &seen[0]),
           "the measured model was saved to the model file");
    ompwg_set_model(NULL);
    tap_ok(ompwg_get_model(&again) == OMPWG_OK && same_model(&again, &seen[0]),
           "the next model comes from the file, not a new measurement");

    /* a file from elsewhere: one message, a new measurement, the file replaced */
    rewrite_line(path, "cpu ", "cpu another CPU\n");
    ompwg_set_model(NULL);
    tap_ok(ompwg_get_model(&again) == OMPWG_OK && strcmp(again.cpu, seen[0].cpu) == 0 &&
               ompwg_read_model(path, &from_file) == OMPWG_OK &&
               strcmp(from_file.cpu, seen[0].cpu) == 0,
           "a model of another machine is ignored and measured again");
    write_text(path, "ompwg-model 1\nlink 1 2 3\n");
    ompwg_set_model(NULL);
    tap_ok(ompwg_get_model(&again) == OMPWG_OK && again.backends == seen[0].backends,
           "a corrupt model file is ignored and the model measured");
    snprintf(path, sizeof path, "%s/missing/measured", dir);
    ompwg_set_model_file(path);
    ompwg_set_model(NULL);
    tap_ok(ompwg_get_model(&again) == OMPWG_OK && again.backends == seen[0].backends,
           "a model file that cannot be written: the model is measured and kept in memory");
    ompwg_set_model_file("");
}

/* The default model file: one per machine kind under the cache directory
 * ($XDG_CACHE_HOME, else ~/.cache); on a GPU machine the measured model is
 * written there, its directory created, where the test's environment
 * points XDG_CACHE_HOME away from the home directory (meson test does). */
static void default_file(void)
{
    const char *cache = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    char want[4200] = "", path[4200];
    if (cache && cache[0] == '/') snprintf(want, sizeof want, "%s/ompwg/model-", cache);
    else if (home && home[0]) snprintf(want, sizeof want, "%s/.cache/ompwg/model-", home);
    ompwg_set_model_file(NULL);
    bool named = ompwg_get_model_file(path, sizeof path) == OMPWG_OK;
    size_t len = strlen(path);
    bool pass = named && (want[0] ? strncmp(path, want, strlen(want)) == 0 &&
                                        len == strlen(want) + 16 + 4 &&
                                        strcmp(path + len - 4, ".txt") == 0
                                  : len == 0);
    tap_ok(pass, "without OMPWG_MODEL_FILE the model file is ompwg/model-HASH.txt under the cache "
                 "directory (%s)", path);
    char why[256];
    if (!walk_usable("gpu", why, sizeof why)) {
        tap_skip("the default model file is written", "no usable GPU backend: %s", why);
        return;
    }
    if (!(cache && cache[0] == '/')) {
        tap_skip("the default model file is written",
                 "XDG_CACHE_HOME is not set: the test does not write in the home directory");
        return;
    }
    remove(path);
    ompwg_set_model(NULL);
    ompwg_model m, from_file;
    tap_ok(ompwg_get_model(&m) == OMPWG_OK && ompwg_read_model(path, &from_file) == OMPWG_OK &&
               same_model(&m, &from_file),
           "the measured model is written to the default file, its directory created");
    remove(path);
    ompwg_set_model_file("");
}

/* A GEMM-shaped call too short for any device stays on the host without
 * a model, even one that puts the GPU's kernel and link at no cost and
 * that, asked directly, would send it to the GPU. */
static void short_calls(void)
{
    char why[256];
    if (!walk_usable("gpu", why, sizeof why) || test_backend_index("openblas") < 0) {
        tap_skip("short GEMMs without the model", "no usable GPU backend or no openblas: %s", why);
        return;
    }
    ompwg_model m = h100_like(0);
    m.h2d_pageable = m.d2h_pageable = m.h2d_pinned = m.d2h_pinned = 1e13;
    m.link_latency = 1e-9;
    for (int d = 0; d < 2; d++) m.backend[0].curve[OMPWG_MODEL_GEMM][d] = test_curve(GEMM64, 1e16, 1e-9);
    ompwg_set_backend("auto");
    ompwg_set_model(&m);
    ompwg_plan asked, placed;
    int st = ompwg_plan_gemm(&m, 'd', 100, 100, 100, 0, &asked);
    if (st == OMPWG_OK) st = ompwg_plan_gemm(NULL, 'd', 100, 100, 100, 0, &placed);
    tap_ok(st == OMPWG_OK && (ompwg_backend_roles(asked.backend) & OMPWG_ROLE_DEVICE_DATA) &&
               strcmp(placed.backend, "openblas") == 0,
           "a 100^3 DGEMM stays on openblas (%s) where the model alone would send it to the GPU (%s)",
           st == OMPWG_OK ? placed.backend : "-", st == OMPWG_OK ? asked.backend : "-");
    ompwg_set_model(NULL);
    ompwg_set_backend(NULL);
}

/* Where no device backend is weighed (no GPU), auto puts the updates of a
 * blocked factorisation (rank 64 to 127, 1.6e7 flops and more) on the CPU
 * backend and the rest, short, narrow or square, on the reference. */
static void without_device(void)
{
    ompwg_plan rank64, p;
    int st = ompwg_set_backend("auto");
    if (st == OMPWG_OK) st = ompwg_plan_gemm(NULL, 'd', 4096, 4096, 64, 0, &rank64);
    if (st != OMPWG_OK) {
        tap_ok(false, "auto and a plan for a 4096 x 4096 x 64 DGEMM (%s)", ompwg_strerror(st));
        return;
    }
    const int64_t shapes[][4] = { { 1, 1, 1, 0 },       { 32, 32, 32, 0 },  { 8000, 32, 32, 0 },
                                  { 64, 64, 1000, 0 },  { 1024, 1024, 1024, 0 },
                                  { 4096, 64, 4096, 1 }, { 7000, 7000, 127, 1 },
                                  { 7000, 7000, 128, 0 }, { 2000, 2000, 64, 0 },
                                  { 8000, 8000, 64, 1 }, { 4000, 64, 64, 0 },
                                  { 64, 4000, 64, 0 } };
    bool weighed = false;
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
        if (ompwg_plan_gemm(NULL, 'd', shapes[i][0], shapes[i][1], shapes[i][2], 0, &p) ==
                OMPWG_OK &&
            (ompwg_backend_roles(p.backend) & OMPWG_ROLE_DEVICE_DATA))
            weighed = true;
    if (weighed || strcmp(rank64.backend, "cpu") != 0 || test_backend_index("openblas") < 0) {
        tap_skip("auto without a device: the CPU backend for rank-64 updates only",
                 "a device backend is weighed here, or no cpu and openblas");
        ompwg_set_backend(NULL);
        return;
    }
    bool pass = true;
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        const char *want = shapes[i][3] ? "cpu" : "openblas";
        st = ompwg_plan_gemm(NULL, 'd', shapes[i][0], shapes[i][1], shapes[i][2], 0, &p);
        if (st != OMPWG_OK || strcmp(p.backend, want) != 0) {
            tap_diag("%lld x %lld x %lld: %s, not %s", (long long)shapes[i][0],
                     (long long)shapes[i][1], (long long)shapes[i][2],
                     st == OMPWG_OK ? p.backend : ompwg_strerror(st), want);
            pass = false;
        }
    }
    tap_ok(pass, "auto without a device: rank 64-127 updates of 1.6e7 flops and more on cpu "
                 "(rank-k GEMMs from 2e9, panels of a recursive LU too), short, narrow and "
                 "square GEMMs on openblas");
    ompwg_set_backend(NULL);
}

int main(void)
{
    tap_init("test_planner");
    char dir[] = "ompwg-planner-XXXXXX";
    if (!mkdtemp(dir)) {
        tap_ok(false, "a temporary directory");
        return tap_done();
    }
    decisions();
    without_device();
    bad_models();
    model_files(dir);
    measuring(dir);
    default_file();
    short_calls();
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) tap_diag("could not remove %s", dir);
    return tap_done();
}
