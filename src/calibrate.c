/* Measures the model: the link through the device backend's own copy path,
 * and each candidate's GEMM, level-3 (TRSM) and streaming kernels at a few
 * sizes, on data in its own memory. Each figure is the fastest of a few runs after a warm-up:
 * the model wants what the hardware does, not the noise around it. */
#include "calibrate.h"

#include <math.h>
#include <omp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define RUNS 3
/* A curve stops growing after a point that took longer than this: the model
 * costs a fraction of a second wherever the kernels run (host fallback and
 * sanitizer builds included), and the larger sizes are extrapolated. */
#define POINT_BUDGET 0.02
/* ... and a point predicted (from the last one, at its rate) to take
 * longer than this is not measured. */
#define POINT_CAP 0.1
/* The link is timed on this many bytes: long enough that the per-copy cost
 * is small beside it, short enough for a few milliseconds per direction. */
#define LINK_BYTES ((size_t)32 << 20)
/* GEMM sizes (n x n x n) measured on the device and on the CPU, and the
 * lengths (in doubles) of the streaming measurements. */
static const int64_t dev_gemm_n[OMPWG_MODEL_POINTS] = { 64, 256, 1024, 2048 };
static const int64_t cpu_gemm_n[OMPWG_MODEL_POINTS] = { 32, 128, 512, 1024 };
static const int64_t stream_n[3] = { 1 << 13, 1 << 19, 1 << 23 };
/* TRSM sizes (n x n, B n x n) for the level-3 curves */
static const int64_t dev_level3_n[OMPWG_MODEL_POINTS] = { 256, 512, 1024, 2048 };
static const int64_t cpu_level3_n[OMPWG_MODEL_POINTS] = { 128, 256, 512, 1024 };
/* Panel sizes (m x OMPWG_MODEL_PANEL_WIDTH x m): the largest operand
 * outgrows the caches at the CPU's largest (128 MiB of doubles), as the
 * updates of a factorisation of n = 8192 do */
static const int64_t dev_panel_n[OMPWG_MODEL_POINTS] = { 256, 512, 1024, 2048 };
static const int64_t cpu_panel_n[OMPWG_MODEL_POINTS] = { 512, 1024, 2048, 4096 };
/* the device backend's host-data GEMM, end to end */
#define HOST_POINTS 3
static const int64_t host_gemm_n[HOST_POINTS] = { 256, 1024, 4096 };
static const int64_t host_panel_n[HOST_POINTS] = { 256, 1024, 4096 };
#define MAX_STREAM_N (1 << 23)

/* Whether a paced measurement is to stop. */
static bool stopped(const ompwg_model_pace *pace)
{
    return pace && pace->stop && atomic_load_explicit(pace->stop, memory_order_relaxed);
}

/* A batch of runs is about to start: false when the measurement stops. */
static bool batch(const ompwg_model_pace *pace, bool host)
{
    return !pace || (!stopped(pace) && pace->batch(pace->ctx, host));
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void cpu_name(char *out, size_t len)
{
    snprintf(out, len, "unknown CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (strncmp(line, "model name", 10) == 0 && colon) {
            colon += 1 + (colon[1] == ' ');
            colon[strcspn(colon, "\n")] = 0;
            snprintf(out, len, "%s", colon);
            break;
        }
    }
    fclose(f);
}

void ompwg_model_key(ompwg_model *m)
{
    memset(m, 0, sizeof *m);
    m->version = OMPWG_MODEL_VERSION;
    if (ompwg_gpu_name(m->gpu, sizeof m->gpu) != OMPWG_OK) m->gpu[0] = 0;
    cpu_name(m->cpu, sizeof m->cpu);
    m->cpu_threads = omp_get_num_procs();
}

/* Bytes of 0x3f: as float 0.747, as double 4.8e-4, so that no product
 * overflows. Not zeros: a zeroed buffer may be the kernel's one zero page,
 * read from cache at any size. */
static void fill(char *p, size_t bytes)
{
    memset(p, 0x3f, bytes);
}

typedef int (*copy_fn)(void *dst, const void *src, size_t bytes);

/* Fastest of RUNS copies of `bytes`, in seconds; negative on failure. */
static double time_copy(copy_fn copy, void *dst, const void *src, size_t bytes)
{
    double best = -1;
    for (int r = 0; r < RUNS; r++) {
        double t0 = now();
        if (copy(dst, src, bytes) != OMPWG_OK) return -1;
        double t = now() - t0;
        if (best < 0 || t < best) best = t;
    }
    return best;
}

static double rate(double seconds, double latency, size_t bytes)
{
    double t = seconds - latency;
    return t > 0 ? (double)bytes / t : (double)bytes / seconds;
}

static int measure_link(const ompwg_device_ops *d, void *dbuf, ompwg_model *m)
{
    char *pageable = malloc(LINK_BYTES);
    if (!pageable) return OMPWG_ERR_NOMEM;
    fill(pageable, LINK_BYTES);
    char *pinned = d->alloc_pinned(LINK_BYTES);
    double lat = time_copy(d->to_device, dbuf, pageable, 8);
    double up = time_copy(d->to_device, dbuf, pageable, LINK_BYTES);
    double down = time_copy(d->to_host, pageable, dbuf, LINK_BYTES);
    double up_pinned = up, down_pinned = down;
    if (pinned) {
        fill(pinned, LINK_BYTES);
        up_pinned = time_copy(d->to_device, dbuf, pinned, LINK_BYTES);
        down_pinned = time_copy(d->to_host, pinned, dbuf, LINK_BYTES);
        d->free_pinned(pinned);
    }
    free(pageable);
    if (lat < 0 || up < 0 || down < 0 || up_pinned < 0 || down_pinned < 0) return OMPWG_ERR_DEVICE;
    m->link_latency = lat;
    m->h2d_pageable = rate(up, lat, LINK_BYTES);
    m->d2h_pageable = rate(down, lat, LINK_BYTES);
    m->h2d_pinned = rate(up_pinned, lat, LINK_BYTES);
    m->d2h_pinned = rate(down_pinned, lat, LINK_BYTES);
    m->overlaps = d->overlaps;
    return OMPWG_OK;
}

/* Operands of the measurements, in the backend's memory: three n x n
 * matrices of the largest size, which also hold the streamed vectors. */
typedef struct arena {
    char *base;
    size_t bytes;
} arena;

/* beta = 1: C is read too, as in the host-data calls the model weighs */
static int gemm_once(const ompwg_backend *be, bool device, int dbl, int64_t n, const arena *ar)
{
    ompwg_gemm_shape s = { .m = n, .n = n, .k = n, .lda = n, .ldb = n, .ldc = n,
                           .device_ptrs = device };
    size_t elem = dbl ? sizeof(double) : sizeof(float), mat = (size_t)(n * n) * elem;
    void *a = ar->base, *b = ar->base + mat, *c = ar->base + 2 * mat;
    return dbl ? be->dgemm(&s, 1.0, a, b, 1.0, c) : be->sgemm(&s, 1.0f, a, b, 1.0f, c);
}

/* C (n x 64) += A (n x n) B (n x 64): a factorisation's block update */
static int panel_once(const ompwg_backend *be, bool device, int dbl, int64_t n, const arena *ar)
{
    const int64_t w = OMPWG_MODEL_PANEL_WIDTH;
    ompwg_gemm_shape s = { .m = n, .n = w, .k = n, .lda = n, .ldb = n, .ldc = n,
                           .device_ptrs = device };
    size_t elem = dbl ? sizeof(double) : sizeof(float), mat = (size_t)(n * n) * elem;
    if (mat + (size_t)(2 * n * w) * elem > ar->bytes) return OMPWG_ERR_RANGE;
    void *a = ar->base, *b = ar->base + mat, *c = ar->base + mat + (size_t)(n * w) * elem;
    return dbl ? be->dgemm(&s, 1.0, a, b, 1.0, c) : be->sgemm(&s, 1.0f, a, b, 1.0f, c);
}

/* The level-3 routines' representative: B := A^-1 B, A lower n x n. The
 * arena's constant values make B grow to infinities over the runs, which
 * costs neither the CPU's vector units nor the GPU anything: only
 * subnormals would. */
static int trsm_once(const ompwg_backend *be, bool device, int dbl, int64_t n, const arena *ar)
{
    ompwg_level3_shape s = { .op = OMPWG_L3_TRSM, .left = true, .m = n, .n = n, .lda = n,
                             .ldb = n, .ldc = n, .device_ptrs = device };
    size_t elem = dbl ? sizeof(double) : sizeof(float), mat = (size_t)(n * n) * elem;
    void *a = ar->base, *b = ar->base + mat;
    return dbl ? be->dlevel3[OMPWG_L3_TRSM](&s, 1.0, a, NULL, 0.0, b)
               : be->slevel3[OMPWG_L3_TRSM](&s, 1.0f, a, NULL, 0.0f, b);
}

static int stream_once(const ompwg_backend *be, bool device, int dbl, int64_t n, const arena *ar)
{
    ompwg_vec_shape s = { .op = OMPWG_REDUCE_SUM, .n = n, .incx = 1, .incy = 1,
                          .device_ptrs = device };
    int64_t index;
    if (dbl) {
        double v;
        return be->dreduce(&s, (const double *)(void *)ar->base, NULL, &v, &index);
    }
    float v;
    return be->sreduce(&s, (const float *)(void *)ar->base, NULL, &v, &index);
}

/* Whether to stop after a point that took `seconds`, the next one being
 * `ratio` times larger in each of `dims` dimensions. */
static bool too_long(double seconds, double ratio, int dims)
{
    return seconds > POINT_BUDGET || seconds * pow(ratio, dims) > POINT_CAP;
}

typedef int (*work_fn)(const ompwg_backend *be, bool device, int dbl, int64_t n, const arena *ar);

/* One point: the fastest of RUNS after a warm-up. */
static int time_point(work_fn fn, const ompwg_backend *be, bool device, int dbl, int64_t n,
                      const arena *ar, const ompwg_model_pace *pace, double *seconds)
{
    if (stopped(pace)) return OMPWG_ERR_UNAVAILABLE;
    int st = fn(be, device, dbl, n, ar);
    double best = -1;
    for (int r = 0; st == OMPWG_OK && r < RUNS; r++) {
        if (stopped(pace)) return OMPWG_ERR_UNAVAILABLE;
        double t0 = now();
        st = fn(be, device, dbl, n, ar);
        double t = now() - t0;
        if (best < 0 || t < best) best = t;
    }
    /* a clock too coarse for a tiny call still gives a positive time */
    *seconds = best > 1e-9 ? best : 1e-9;
    return st;
}

/* A curve over sizes n[] of work that grows as n^dims (flops a call:
 * flops_per_n n^dims). */
static int size_curve(work_fn fn, const ompwg_backend *be, bool device, int dbl,
                      const int64_t *n, int dims, double flops_per_n, const arena *ar,
                      const ompwg_model_pace *pace, ompwg_model_curve *c)
{
    for (int i = 0; i < OMPWG_MODEL_POINTS; i++) {
        int st = time_point(fn, be, device, dbl, n[i], ar, pace, &c->seconds[i]);
        if (st != OMPWG_OK) return st;
        c->work[i] = flops_per_n * pow((double)n[i], dims);
        c->points = i + 1;
        if (i + 1 < OMPWG_MODEL_POINTS &&
            too_long(c->seconds[i], (double)n[i + 1] / (double)n[i], dims))
            break;
    }
    return OMPWG_OK;
}

/* The sizes of one side's curves. */
typedef struct curve_sizes {
    const int64_t *gemm, *level3, *panel;
} curve_sizes;

/* One batch of runs a precision: a host backend's (device false) on the
 * host's cores, the device's beside them. */
static int measure_curves(const ompwg_backend *be, bool device, const curve_sizes *sz,
                          const arena *ar, const ompwg_model_pace *pace, ompwg_model *m)
{
    int b = m->backends;
    if (b == OMPWG_MODEL_BACKENDS) return OMPWG_ERR_RANGE;
    snprintf(m->backend[b].name, sizeof m->backend[b].name, "%s", be->name);
    for (int dbl = 0; dbl < 2; dbl++) {
        if (!batch(pace, !device)) return OMPWG_ERR_UNAVAILABLE;
        size_t elem = dbl ? sizeof(double) : sizeof(float);
        ompwg_model_curve *curve = m->backend[b].curve[OMPWG_MODEL_GEMM];
        int st = size_curve(gemm_once, be, device, dbl, sz->gemm, 3, 2.0, ar, pace, &curve[dbl]);
        curve = m->backend[b].curve[OMPWG_MODEL_LEVEL3];
        if (st == OMPWG_OK)
            st = size_curve(trsm_once, be, device, dbl, sz->level3, 3, 1.0, ar, pace,
                            &curve[dbl]);
        curve = m->backend[b].curve[OMPWG_MODEL_PANEL];
        if (st == OMPWG_OK)
            st = size_curve(panel_once, be, device, dbl, sz->panel, 2,
                            2.0 * OMPWG_MODEL_PANEL_WIDTH, ar, pace, &curve[dbl]);
        if (st != OMPWG_OK) return st;
        ompwg_model_curve *v = &m->backend[b].curve[OMPWG_MODEL_STREAM][dbl];
        for (int i = 0; i < 3; i++) {
            st = time_point(stream_once, be, device, dbl, stream_n[i], ar, pace, &v->seconds[i]);
            if (st != OMPWG_OK) return st;
            v->work[i] = (double)stream_n[i] * (double)elem;
            v->points = i + 1;
            if (i + 1 < 3 && too_long(v->seconds[i], (double)stream_n[i + 1] / (double)stream_n[i], 1))
                break;
        }
    }
    m->backends = b + 1;
    return OMPWG_OK;
}

static size_t arena_bytes(int64_t max_gemm_n)
{
    size_t gemm = 3 * (size_t)max_gemm_n * (size_t)max_gemm_n * sizeof(double);
    size_t stream = (size_t)MAX_STREAM_N * sizeof(double);
    return gemm > stream ? gemm : stream;
}

/* The device arena, filled through the link (initialised memory for the
 * kernels, whose speed does not depend on the values). */
static int device_arena(const ompwg_device_ops *d, arena *ar)
{
    ar->bytes = arena_bytes(dev_gemm_n[OMPWG_MODEL_POINTS - 1]);
    int st = d->alloc(ar->bytes, (void **)&ar->base);
    if (st != OMPWG_OK) return st;
    char *pattern = malloc(LINK_BYTES);
    if (!pattern) return OMPWG_ERR_NOMEM;
    fill(pattern, LINK_BYTES);
    for (size_t at = 0; st == OMPWG_OK && at < ar->bytes; at += LINK_BYTES) {
        size_t len = ar->bytes - at < LINK_BYTES ? ar->bytes - at : LINK_BYTES;
        st = d->to_device(ar->base + at, pattern, len);
    }
    free(pattern);
    return st;
}

/* Lets the threads of the backend measured before stop spinning (libomp's
 * KMP_BLOCKTIME is 200 ms, OpenBLAS spins a while too), so that they do not
 * share the cores with the next one's. */
static void settle(void)
{
    struct timespec t = { .tv_sec = 0, .tv_nsec = 250000000L };
    nanosleep(&t, NULL);
}

/* One host-data path of the device: its calls (fn) at sizes n[], and the
 * prediction they are compared with. */
typedef struct host_calls {
    work_fn fn;
    const int64_t *n;
    ompwg_host_predict_fn *predict;
} host_calls;

/* The device backend's host-data GEMMs end to end at a few sizes, against
 * what the rates predict for them: the model's host_path or host_panel
 * curve. */
static int measure_host_path(const ompwg_backend *dev, const arena *har, const host_calls *hp,
                             const ompwg_model_pace *pace, ompwg_model *m, ompwg_model_curve *c)
{
    c->points = 0;
    /* the copies' staging and the host side of the transfers run on the
     * host's cores */
    if (!batch(pace, true)) return OMPWG_ERR_UNAVAILABLE;
    for (int i = 0; i < HOST_POINTS; i++) {
        const double p = hp->predict(m, hp->n[i]);
        /* a device that the rates say is slow at it (host fallback) is not
         * timed at this size: the model keeps the bare prediction */
        if (p * RUNS > POINT_CAP || (i && p <= c->work[i - 1])) break;
        double t;
        int st = time_point(hp->fn, dev, false, 1, hp->n[i], har, pace, &t);
        if (st != OMPWG_OK) return st;
        c->work[i] = p;
        c->seconds[i] = t;
        c->points = i + 1;
        /* the copies, not the kernel, set these calls' time: it grows
         * with the matrices' n^2 elements (the kernel's growth is in the
         * prediction checked above). Stopping at 1024 carried that
         * size's fixed costs (thread start, the first block's copy, not
         * overlapped) to every larger call as a ratio: on the H100 machine
         * 1.39 times the rates' prediction at 1024, 0.81 at 4096, and a
         * DGEMM 8192 x 8192 x 256 on host data priced at 56.5 ms took 30. */
        if (i + 1 < HOST_POINTS && too_long(t, (double)hp->n[i + 1] / (double)hp->n[i], 2))
            break;
    }
    return OMPWG_OK;
}

/* The model is measured in PASSES passes and each figure kept at its
 * fastest: a burst of other work on the machine rarely falls on the same
 * figure twice (on the H100 machine one measurement put the CPU backend's
 * DGEMM 1024 at 27 ms, the one before at 4.8, and the host-data DGEMM 1024
 * on the GPU at 4.2 ms against 1.9: either sent calls to the wrong side
 * for as long as the model was kept). */
#define PASSES 2

/* Every curve of one pass (the link is measured once, before). */
static int measure_pass(const ompwg_backend *dev, const ompwg_backend *const *host, int nhost,
                        const host_calls paths[2], const arena *dar, const arena *har,
                        const ompwg_model_pace *pace, ompwg_model *m)
{
    static const curve_sizes dev_sizes = { dev_gemm_n, dev_level3_n, dev_panel_n };
    static const curve_sizes cpu_sizes = { cpu_gemm_n, cpu_level3_n, cpu_panel_n };
    m->backends = 0;
    int st = measure_curves(dev, true, &dev_sizes, dar, pace, m);
    if (st == OMPWG_OK) st = measure_host_path(dev, har, &paths[0], pace, m, &m->host_path);
    if (st == OMPWG_OK) st = measure_host_path(dev, har, &paths[1], pace, m, &m->host_panel);
    for (int i = 0; st == OMPWG_OK && i < nhost; i++) {
        settle();
        st = measure_curves(host[i], false, &cpu_sizes, har, pace, m);
    }
    return st;
}

/* Each point of *kept at the faster of its two measurements (the same
 * sizes in both passes; a pass that stopped earlier has fewer). */
static void keep_faster(ompwg_model_curve *kept, const ompwg_model_curve *other)
{
    for (int i = 0; i < other->points; i++)
        if (i >= kept->points || other->seconds[i] < kept->seconds[i]) {
            kept->work[i] = other->work[i];
            kept->seconds[i] = other->seconds[i];
        }
    if (other->points > kept->points) kept->points = other->points;
}

int ompwg_model_measure(const ompwg_backend *dev, const ompwg_backend *const *host, int nhost,
                        ompwg_host_predict_fn *square, ompwg_host_predict_fn *panel,
                        const ompwg_model_pace *pace, ompwg_model *m)
{
    const host_calls paths[2] = { { gemm_once, host_gemm_n, square },
                                 { panel_once, host_panel_n, panel } };
    const ompwg_device_ops *d = dev->device;
    arena dar = { 0 }, har = { 0 };
    /* the arena's fill and the link's copies: one host thread beside the
     * device */
    int st = batch(pace, false) ? device_arena(d, &dar) : OMPWG_ERR_UNAVAILABLE;
    if (st == OMPWG_OK) st = measure_link(d, dar.base, m);
    int64_t largest = cpu_gemm_n[OMPWG_MODEL_POINTS - 1];
    if (host_gemm_n[HOST_POINTS - 1] > largest) largest = host_gemm_n[HOST_POINTS - 1];
    har.bytes = arena_bytes(largest);
    if (st == OMPWG_OK) {
        har.base = malloc(har.bytes);
        if (!har.base) st = OMPWG_ERR_NOMEM;
        else fill(har.base, har.bytes);
    }
    if (st == OMPWG_OK) st = measure_pass(dev, host, nhost, paths, &dar, &har, pace, m);
    for (int pass = 1; st == OMPWG_OK && pass < PASSES; pass++) {
        ompwg_model again = *m;
        st = measure_pass(dev, host, nhost, paths, &dar, &har, pace, &again);
        if (st != OMPWG_OK || again.backends != m->backends) break;
        keep_faster(&m->host_path, &again.host_path);
        keep_faster(&m->host_panel, &again.host_panel);
        for (int b = 0; b < m->backends; b++)
            for (int k = 0; k < OMPWG_MODEL_KINDS; k++)
                for (int p = 0; p < 2; p++)
                    keep_faster(&m->backend[b].curve[k][p], &again.backend[b].curve[k][p]);
    }
    free(har.base);
    if (dar.base) d->free(dar.base);
    return st;
}
