/* The planner. For a call on host data under "auto" it estimates the time on
 * the device backend (the bytes the call moves over the link at the rate of
 * their kind of memory, plus the kernel) and on the CPU backend, and for a
 * GEMM the time of a split of C's columns between both; it takes the
 * smallest. Device pointers and data the caller mapped go to the device. */
#include "place.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "model.h"
#include "registry.h"
#include "short_calls.h"

/* Two thread pools on the same cores (the CPU backend's, and the host
 * threads that stage the GPU's copies) slow each other down: a split must
 * beat the best single backend by this factor to be taken. */
#define SPLIT_INTERFERENCE 1.3
/* ... and its estimate, interference included, must be below this share of
 * the best single backend's: a split that saves little is not worth the
 * risk of the model's error. */
#define SPLIT_GAIN 0.85
/* ... and only a call that takes this long anyway is split: below it the
 * thread for the device's part, the model's error and the two pools'
 * interference eat the gain (splits of 256^3 to 4096^3 DGEMMs ran slower
 * than the GPU alone on the H100 machine). */
#define SPLIT_MIN_SECONDS 10e-3
/* A split gives each side at least this share of the columns. */
#define SPLIT_MIN_SHARE 0.1
/* Column counts of a split are multiples of this (the GPU's team tile). */
#define SPLIT_GRAIN 128
/* The share of the shorter of (transfers, kernels) that an overlapped GEMM
 * still pays: the first block's copy in and the last one's copy out. */
#define OVERLAP_TAIL 0.25

/* The candidates "auto" weighs: the device backend, and the backends that
 * run host data on the CPU (the CPU backend and OpenBLAS). */
#define MAX_HOSTS (OMPWG_MODEL_BACKENDS - 1)

static const ompwg_backend *device_candidate(void)
{
    return ompwg_auto_candidate(OMPWG_CAP_DEVICE_DATA);
}

/* ---- estimates ------------------------------------------------------------- */

typedef struct decision {
    const ompwg_backend *dev, *host[MAX_HOSTS], *best, *choice;
    int nhost;
    double t_dev, t_host[MAX_HOSTS], t_link, t_split;   /* negative: not a candidate */
    int64_t split;
    const char *memory;                       /* "pinned", "pageable" or "mixed" */
    bool no_model;                            /* placed without the model */
} decision;

static double link_seconds(const ompwg_model *m, const ompwg_call *c, int i, bool pinned)
{
    const ompwg_operand *o = &c->op[i];
    double t = 0;
    if (o->bytes_in)
        t += m->link_latency + (double)o->bytes_in / (pinned ? m->h2d_pinned : m->h2d_pageable);
    if (o->bytes_out)
        t += m->link_latency + (double)o->bytes_out / (pinned ? m->d2h_pinned : m->d2h_pageable);
    return t;
}

/* GEMM, complex GEMM and the level-3 routines: a shape of m x n x k,
 * priced by the flops */
static bool gemm_shaped(const ompwg_call *c)
{
    return c->kind != OMPWG_MODEL_STREAM;
}

/* A GEMM this narrow one way (m or n), and shallower than deep, is a
 * panel update (OMPWG_MODEL_PANEL). */
#define PANEL_WIDE 128

/* The work of the 64-wide GEMM over the same large operand as the call's
 * (what the panel curve prices it on), or 0 when the call is no panel
 * update. Through the C API on the H100 machine's 16 cores, DGEMM
 * m x 64 x k on the updates of a Cholesky factorisation of n = 8192
 * (7000 x 1024 ... 500 x 7600) took 1.2-1.8 times the GEMM curve's
 * estimate on the CPU backend and 2.9-3.6 times on OpenBLAS: both stream
 * A at 10-20 GB/s, not at the square GEMM's rate. */
static double panel_work(const ompwg_call *c)
{
    if (c->kind != OMPWG_MODEL_GEMM || c->m <= 0 || c->n <= 0) return 0;
    const int64_t narrow = c->m < c->n ? c->m : c->n, wide = c->m < c->n ? c->n : c->m;
    if (narrow > PANEL_WIDE || c->k <= narrow) return 0;
    /* the large operand's real elements: a complex GEMM's work counts 8
     * real flops per m n k, each element holding two */
    const double mnk = (double)c->m * (double)c->n * (double)c->k;
    const double elements = (double)wide * (double)c->k * (c->work > 4 * mnk ? 2 : 1);
    return 2.0 * OMPWG_MODEL_PANEL_WIDTH * elements;
}

/* Kernel seconds of backend be for the call's work, or negative. A model
 * without level-3 curves (one a program made) prices those routines on
 * the GEMM's; a panel update costs at least what the panel curve gives. */
static double named_kernel_seconds(const ompwg_model *m, const char *name, const ompwg_call *c,
                                   double share)
{
    const ompwg_model_curve *curve = ompwg_model_curves(m, name, c->kind, c->dbl);
    if (curve && curve->points == 0 && c->kind == OMPWG_MODEL_LEVEL3)
        curve = ompwg_model_curves(m, name, OMPWG_MODEL_GEMM, c->dbl);
    if (!curve) return -1;
    double t = ompwg_model_seconds(curve, c->work * share);
    const double panel = panel_work(c);
    const ompwg_model_curve *pc = ompwg_model_curves(m, name, OMPWG_MODEL_PANEL, c->dbl);
    if (t >= 0 && panel > 0 && pc && pc->points > 0)
        t = fmax(t, ompwg_model_seconds(pc, panel * share));
    return t;
}

static double kernel_seconds(const ompwg_model *m, const ompwg_backend *be, const ompwg_call *c,
                             double share)
{
    return named_kernel_seconds(m, be->name, c, share);
}

/* Transfers and kernels as the rates predict them, overlapped where the
 * backend overlaps them. */
static double combine(const ompwg_model *m, const ompwg_call *c, double link, double kernel)
{
    if (m->overlaps && c->pipelined)
        return fmax(link, kernel) + OVERLAP_TAIL * fmin(link, kernel);
    return link + kernel;
}

/* A host-data call on the device as measured end to end: the prediction
 * mapped through the model's host_path curve (what the GEMMs' path costs
 * beyond the rates; a panel update's own, host_panel, where measured: its
 * one column block pays none of the square GEMM's pipeline steps, and on
 * the H100 machine the square curve priced a DGEMM 7000 x 64 x 1024 at
 * 3.15 ms that took 2.1), or for an operation with its own measured slowdown
 * (the level-3 routines, whose path is another), times that. */
static double device_seconds(const ompwg_model *m, const ompwg_call *c, double link, double kernel)
{
    const double raw = combine(m, c, link, kernel);
    if (c->device_slowdown > 0) return raw * c->device_slowdown + c->device_fixed;
    const ompwg_model_curve *path =
        panel_work(c) > 0 && m->host_panel.points ? &m->host_panel : &m->host_path;
    return path->points ? ompwg_model_seconds(path, raw) : raw;
}

/* The raw prediction for a DGEMM n x w x n with beta != 0 on pageable
 * host data: A, B and C in, C out, and the kernel of the model's first
 * backend (the device's). */
static double predict_host(const ompwg_model *m, int64_t n, int64_t w)
{
    const double a = 8.0 * (double)n * (double)n, bc = 8.0 * (double)n * (double)w;
    const double link = 3 * m->link_latency + (a + 2 * bc) / m->h2d_pageable + m->link_latency +
                        bc / m->d2h_pageable;
    ompwg_call c = { .kind = OMPWG_MODEL_GEMM, .dbl = true, .work = 2.0 * (double)n * w * n,
                     .m = n, .n = w, .k = n, .pipelined = true };
    const double kernel =
        m->backends > 0 ? named_kernel_seconds(m, m->backend[0].name, &c, 1.0) : -1;
    return combine(m, &c, link, kernel > 0 ? kernel : 0);
}

/* The raw predictions calibrate.c compares its host-data GEMMs with. */
double ompwg_predict_host_gemm(const ompwg_model *m, int64_t n)
{
    return predict_host(m, n, n);
}

double ompwg_predict_host_panel(const ompwg_model *m, int64_t n)
{
    return predict_host(m, n, OMPWG_MODEL_PANEL_WIDTH);
}

static void classify(const ompwg_backend *dev, const ompwg_call *c, bool pinned[], decision *d);

/* Below this, a call the device loses even with a free link stays on the
 * host without asking where its memory lives (a driver call per operand),
 * and is not split (a thread for the device's part costs tens of us). */
#define SMALL_CALL 1e-3
/* ... and goes to the device only where the model puts it this many times
 * faster there: at that length the model's errors are as large as the
 * gain. ZGEMM 256 on the H100 machine: the GPU predicted at 0.37 ms and
 * OpenBLAS at 0.54, but they took 0.45 and 0.36. */
#define SMALL_MARGIN 1.5

/* A reduction the model puts under this on the CPU runs on the reference
 * backend (OpenBLAS) where that is a candidate: beside a program's own
 * OpenBLAS calls (a LAPACK over the drop-in calls i?amax once a column) a
 * short call on another pool of threads wakes that pool and leaves it
 * spinning against OpenBLAS's, which costs far more than the call, and the
 * reference costs what the call cost without ompwg. */
#define SHORT_CALL 50e-6

static const ompwg_backend *reference_host(const decision *d)
{
    for (int h = 0; h < d->nhost; h++)
        if (d->host[h]->caps & OMPWG_CAP_REFERENCE) return d->host[h];
    return NULL;
}

/* The host backend for a GEMM-shaped call (GEMM, the level-3 routines,
 * complex GEMM), by its shape: the CPU backend for the updates of a blocked
 * factorisation, whose smallest dimension is the block width (NARROW up to
 * WIDE) and whose work reaches SHORT_WORK; the reference for the rest. The
 * model's host curves come from square GEMMs and misjudge those shapes.
 * Single calls through the C API on the H100 machine's 16 cores, OpenBLAS's
 * time over the CPU backend's (two runs; more than 1: the CPU backend is
 * faster):
 *   DSYRK 64 x 64, k 4000 / 7000               1.57-1.83 / 1.76-2.07
 *   DGEMM 4000 x 64 x 4000 / 7000 x 64 x 1000  2.04-2.55 / 1.40-1.47
 *   DTRSM left 64 x 7000                       1.42-1.65
 *   DGEMM 7000 x 7000 x 64                     1.03-1.23
 * where the curves put OpenBLAS 10 % ahead (and the DSYRK at 30 us, where
 * it took 1.3-2.7 ms); but
 *   DGEMM 32^3 / 8000 x 32 x 32 (1.6e7 flops)  0.15 / 0.31-0.37
 *   DTRSM right 1000 x 64                      0.19-0.25
 *   DGEMM 1024^3 / 4096^3                      0.43 / 0.54 (another run)
 *   DSYRK 1024 x 1024 x 256 / 4096 x 4096 x 1024  0.61 / 0.75
 * short and narrow calls cost the CPU backend a fork of its team each, more
 * than the call, and on square shapes OpenBLAS is the faster. */
#define SHORT_WORK 1.6e7
#define NARROW 64
#define WIDE 128
/* A GEMM whose narrow dimension is its depth k (a rank-k update of a C
 * larger than k either way) gains on the CPU backend only from this much
 * work on: 0.89-0.98 at 1000 x 1000 x 64 (1.3e8 flops), 0.99-1.32 at
 * 4000 x 4000 x 64; 0.70-0.83 at 4000 x 64 x 64 and 64 x 4000 x 64 (the
 * panel updates of a recursive LU, 3.3e7). */
#define RANK_UPDATE_WORK 2e9
/* A model that puts the shape's choice this many times slower than the
 * other host candidate overrides it (a CPU without the CPU backend's
 * kernels for its ISA, say). */
#define SHAPE_MARGIN 1.5

/* The rate of the backend's curve of `kind` at its largest measured size
 * (flops a second), or negative. */
static double top_rate(const ompwg_model *m, const ompwg_backend *be, ompwg_model_kind kind,
                       bool dbl)
{
    const ompwg_model_curve *g = ompwg_model_curves(m, be->name, kind, dbl);
    if (!g || g->points == 0) return -1;
    return g->work[g->points - 1] / g->seconds[g->points - 1];
}

/* Whether the shape's host backend has a kernel within SHAPE_MARGIN of the
 * other's on this CPU for the call's kind of GEMM: their panel curves' rates
 * at the largest size measured for a panel update, else their GEMM
 * curves'. Not the call's own estimates: the level-3 curves come from
 * TRSMs and misjudge a thin SYRK (DSYRK 64 x 64 x 4096: the CPU backend 5
 * times slower than OpenBLAS on the TRSM curve, 1.7 times faster in fact),
 * and at a thin call's few flops the GEMM curves weigh the start of the
 * CPU backend's team (DSYRK 64 x 64 x 6000 on the H100 machine stayed on
 * OpenBLAS at 2.1 ms, where the CPU backend took 1.1). */
static bool competitive(const ompwg_model *m, const ompwg_call *c, const ompwg_backend *shaped,
                        const ompwg_backend *other)
{
    ompwg_model_kind kind = OMPWG_MODEL_GEMM;
    if (panel_work(c) > 0 && top_rate(m, shaped, OMPWG_MODEL_PANEL, c->dbl) > 0 &&
        top_rate(m, other, OMPWG_MODEL_PANEL, c->dbl) > 0)
        kind = OMPWG_MODEL_PANEL;
    const double r_shaped = top_rate(m, shaped, kind, c->dbl);
    const double r_other = top_rate(m, other, kind, c->dbl);
    return r_shaped > 0 && (r_other <= 0 || r_shaped * SHAPE_MARGIN >= r_other);
}

static const ompwg_backend *host_for_shape(const ompwg_call *c, const decision *d)
{
    const ompwg_backend *ref = reference_host(d);
    int64_t narrow = c->m;
    if (c->n > 0 && c->n < narrow) narrow = c->n;
    if (c->k > 0 && c->k < narrow) narrow = c->k;
    if (ref && (c->work < SHORT_WORK || narrow < NARROW || narrow >= WIDE)) return ref;
    /* a triangle on the right of a tall B (the TRSM of a Cholesky's panel)
     * is OpenBLAS's: DTRSM right 1000 x 64 and 6000 x 64 took the CPU
     * backend 4-5 and 2.4 times as long (0.53 against 0.22 ms) */
    if (ref && c->right_triangle && c->n == narrow) return ref;
    const bool rank_update = c->splittable && c->k == narrow && (c->m > narrow || c->n > narrow);
    if (ref && rank_update && c->work < RANK_UPDATE_WORK) return ref;
    return d->host[0];
}

/* Without a model (no device backend to weigh, or none could be measured). */
static const ompwg_backend *host_without_model(const ompwg_call *c, const decision *d)
{
    if (gemm_shaped(c)) return host_for_shape(c, d);
    const ompwg_backend *ref = reference_host(d);
    return c->level1 && ref ? ref : d->host[0];
}

static void decide(const ompwg_model *m, const ompwg_call *c, bool pinned[], decision *d)
{
    d->t_dev = d->t_link = d->t_split = -1;
    d->split = 0;
    d->best = d->choice = d->host[0];
    for (int h = 0; h < d->nhost; h++) d->t_host[h] = -1;
    d->no_model = !m;
    if (!m) {
        d->best = d->choice = host_without_model(c, d);
        return;
    }
    double t_best = -1;
    for (int h = 0; h < d->nhost; h++) {
        d->t_host[h] = kernel_seconds(m, d->host[h], c, 1.0);
        if (d->t_host[h] > 0 && c->host_slowdown > 0) d->t_host[h] *= c->host_slowdown;
        if (d->t_host[h] >= 0 && (t_best < 0 || d->t_host[h] < t_best)) {
            t_best = d->t_host[h];
            d->best = d->host[h];
        }
    }
    if (gemm_shaped(c) && d->nhost > 1) {
        const ompwg_backend *shaped = host_for_shape(c, d);
        if (shaped != d->best && competitive(m, c, shaped, d->best)) {
            for (int h = 0; h < d->nhost; h++)
                if (d->host[h] == shaped) t_best = d->t_host[h];
            d->best = shaped;
        }
    }
    const ompwg_backend *ref = reference_host(d);
    if (c->level1 && ref)
        for (int h = 0; h < d->nhost; h++)
            if (d->host[h] == ref && d->t_host[h] >= 0) {
                d->best = ref;
                t_best = d->t_host[h];
            }
    d->choice = d->best;
    /* (a GEMM-shaped call's short or narrow shape already chose) */
    if (!gemm_shaped(c) && t_best >= 0 && t_best < SHORT_CALL && ref) {
        /* unless the reference itself is slow at it (OpenBLAS has no plain sum) */
        double t_ref = kernel_seconds(m, ref, c, 1.0);
        if (t_ref >= 0 && t_ref < SHORT_CALL) {
            d->best = d->choice = ref;
            return;
        }
    }
    double k_dev = kernel_seconds(m, d->dev, c, 1.0);
    if (t_best >= 0 && t_best < SMALL_CALL && k_dev >= 0 &&
        device_seconds(m, c, 0, k_dev) >= t_best)
        return;
    classify(d->dev, c, pinned, d);
    double link_first = 0, link_rest = 0;
    for (int i = 0; i < c->operands; i++) {
        double t = link_seconds(m, c, i, pinned[i]);
        if (i == 0) link_first = t;
        else link_rest += t;
    }
    if (k_dev >= 0) {
        d->t_link = link_first + link_rest;
        d->t_dev = device_seconds(m, c, d->t_link, k_dev);
    }
    const double margin = t_best >= 0 && t_best < SMALL_CALL ? SMALL_MARGIN : 1;
    if (d->t_dev >= 0 && (t_best < 0 || d->t_dev * margin < t_best)) d->choice = d->dev;
    if (d->t_dev < 0 || t_best < 0 || !c->splittable || fmin(d->t_dev, t_best) < SPLIT_MIN_SECONDS)
        return;

    /* The device's share f of C's columns: its time is its fixed cost and
     * the first operand's link (A, needed whole) plus f of the rest; the
     * CPU's is 1 - f of its own. Equal times give f. */
    double fixed_dev = device_seconds(m, c, link_first, 0);
    double rest_dev = d->t_dev - fixed_dev;
    double f = (t_best - fixed_dev) / (t_best + rest_dev);
    if (!(f >= SPLIT_MIN_SHARE && f <= 1 - SPLIT_MIN_SHARE)) return;
    int64_t cols = (int64_t)llround(f * (double)c->n / SPLIT_GRAIN) * SPLIT_GRAIN;
    if (cols < SPLIT_GRAIN || c->n - cols < SPLIT_GRAIN) return;
    double fs = (double)cols / (double)c->n;
    double t_dev_part =
        device_seconds(m, c, link_first + fs * link_rest, kernel_seconds(m, d->dev, c, fs));
    double t_host_part = kernel_seconds(m, d->best, c, 1 - fs);
    d->t_split = fmax(t_dev_part, t_host_part) * SPLIT_INTERFERENCE;
    if (d->t_split < SPLIT_GAIN * fmin(d->t_dev, t_best) && ompwg_get_split() == 1)
        d->split = cols;
}

static void print_ms(char *buf, size_t len, const char *name, double t)
{
    if (t < 0) snprintf(buf, len, "%s -", name);
    else snprintf(buf, len, "%s %.3g ms", name, t * 1e3);
}

static void trace(const ompwg_call *c, const char *where, const decision *d,
                  const ompwg_placement *pl)
{
    char shape[96], dev[64], cpu[64], split[96] = "";
    if (gemm_shaped(c))
        snprintf(shape, sizeof shape, "%lldx%lldx%lld", (long long)c->m, (long long)c->n,
                 (long long)c->k);
    else
        snprintf(shape, sizeof shape, "n=%lld", (long long)c->n);
    if (!d && pl->split) {
        fprintf(stderr, "ompwg: %s %s %s -> %s %lld cols + %s (OMPWG_SPLIT_SHARE)\n", c->what,
                shape, where, pl->dev->name, (long long)pl->split, pl->be->name);
        return;
    }
    if (!d) {
        fprintf(stderr, "ompwg: %s %s %s -> %s\n", c->what, shape, where, pl->be->name);
        return;
    }
    if (d->no_model) {
        const bool measuring = ompwg_get_model_state() == OMPWG_MODEL_STATE_MEASURING;
        fprintf(stderr, "ompwg: %s %s %s (no placement model: %s; placed by its shape) -> %s\n",
                c->what, shape, where, measuring ? "being measured" : "none could be had",
                pl->be->name);
        return;
    }
    print_ms(dev, sizeof dev, d->dev->name, d->t_dev);
    char hosts[160] = "";
    for (int h = 0, used = 0; h < d->nhost && used < (int)sizeof hosts; h++) {
        print_ms(cpu, sizeof cpu, d->host[h]->name, d->t_host[h]);
        used += snprintf(hosts + used, sizeof hosts - (size_t)used, ", %s", cpu);
    }
    if (d->t_split >= 0)
        snprintf(split, sizeof split, ", split %.3g ms", d->t_split * 1e3);
    char choice[96];
    if (pl->split)
        snprintf(choice, sizeof choice, "%s %lld cols + %s", d->dev->name, (long long)pl->split,
                 d->best->name);
    else
        snprintf(choice, sizeof choice, "%s", pl->be->name);
    fprintf(stderr, "ompwg: %s %s %s %s: %s (link %.3g ms)%s%s -> %s\n", c->what, shape, where,
            d->memory ? d->memory : "(small: memory not asked)", dev, d->t_link * 1e3, hosts, split,
            choice);
}

/* ---- placing a call ------------------------------------------------------ */

/* All operands mapped on the device backend's device: their addresses there.
 * A call with no operand in memory (the planner asked about a shape) has
 * none mapped. */
static bool find_mapped(const ompwg_backend *dev, const ompwg_call *c, ompwg_placement *pl)
{
    if (!dev || !dev->device->mapped || !ompwg_mapped_lookups()) return false;
    int in_memory = 0;
    for (int i = 0; i < c->operands; i++) {
        pl->dev_low[i] = NULL;
        if (!c->op[i].low || !c->op[i].span) continue;
        in_memory++;
        pl->dev_low[i] = dev->device->mapped(c->op[i].low, c->op[i].span);
        if (!pl->dev_low[i]) return false;
    }
    return in_memory > 0;
}

/* A share set by ompwg_set_split_share: the device backend (in host
 * fallback too) and the CPU backend take their columns of every splittable
 * GEMM, under a selection that includes the device. */
static bool forced_split(const ompwg_call *c, bool device_selected, ompwg_placement *pl)
{
    double share = ompwg_get_split_share();
    if (!(share > 0) || !c->splittable || c->n < 2 || !device_selected) return false;
    const ompwg_backend *dev = ompwg_find_backend_with(OMPWG_CAP_DEVICE_DATA);
    const ompwg_backend *cpu = ompwg_find_backend_with(OMPWG_CAP_FALLBACK);
    if (!dev || !cpu) return false;
    int64_t cols = (int64_t)llround(share * (double)c->n);
    pl->dev = dev;
    pl->be = cpu;
    pl->split = cols < 1 ? 1 : cols > c->n - 1 ? c->n - 1 : cols;
    return true;
}

typedef struct place_job {
    const ompwg_call *call;
    bool *pinned;
    decision *d;
} place_job;

static void decide_job(const ompwg_model *m, void *arg)
{
    place_job *j = arg;
    decide(m, j->call, j->pinned, j->d);
}

/* Which operands are page-locked (their transfers run at the pinned rate). */
static void classify(const ompwg_backend *dev, const ompwg_call *c, bool pinned[], decision *d)
{
    int n_pinned = 0, n_used = 0;
    for (int i = 0; i < c->operands; i++) {
        pinned[i] = c->op[i].low && dev->device->is_pinned && dev->device->is_pinned(c->op[i].low);
        n_used += c->op[i].span > 0;
        n_pinned += pinned[i] && c->op[i].span > 0;
    }
    d->memory = n_pinned == 0 ? "pageable" : n_pinned == n_used ? "pinned" : "mixed";
}

bool ompwg_backend_takes(const ompwg_backend *be, const ompwg_call *c)
{
    return !c->shape || !be->takes || be->takes(c->shape_kind, c->shape);
}

/* The host backends "auto" weighs for the call c: those that take it
 * (OpenBLAS takes no size past 32 bits that it cannot cut into pieces),
 * or all of them where none does (the call then fails as it must). */
static int auto_hosts_for(const ompwg_call *c, const ompwg_backend **out)
{
    const ompwg_backend *all[MAX_HOSTS];
    const int n = ompwg_auto_hosts(all, MAX_HOSTS);
    int taken = 0;
    for (int h = 0; h < n; h++)
        if (ompwg_backend_takes(all[h], c)) out[taken++] = all[h];
    if (taken > 0) return taken;
    for (int h = 0; h < n; h++) out[h] = all[h];
    return n;
}

int ompwg_place(const ompwg_call *c, ompwg_placement *pl)
{
    memset(pl, 0, sizeof *pl);
    if (c->device) {
        pl->be = ompwg_find_backend_with(OMPWG_CAP_DEVICE_DATA);
        if (pl->be && ompwg_verbose_level() >= 2) trace(c, "device", NULL, pl);
        return pl->be ? OMPWG_OK : OMPWG_ERR_UNAVAILABLE;
    }
    const ompwg_backend *current = ompwg_current_backend();
    if (!current) return OMPWG_ERR_UNAVAILABLE;
    pl->be = current;
    const bool planned = ompwg_current_is_auto();
    /* the device backend, where the selection includes it */
    const ompwg_backend *dev = planned ? device_candidate()
                               : (current->caps & OMPWG_CAP_DEVICE_DATA) ? current : NULL;
    if (dev && find_mapped(dev, c, pl)) {
        pl->be = dev;
        pl->mapped = true;
        if (ompwg_verbose_level() >= 2) trace(c, "mapped", NULL, pl);
        return OMPWG_OK;
    }
    if (forced_split(c, planned || dev != NULL, pl)) {
        if (ompwg_verbose_level() >= 2) trace(c, "host", NULL, pl);
        return OMPWG_OK;
    }
    decision d = { .dev = dev };
    if (planned) d.nhost = auto_hosts_for(c, d.host);
    /* A GEMM-shaped call below SHORT_WORK stays on the host without the
     * model: the link's and the launch's latencies alone exceed its time
     * there, and a program that makes only such calls does not pay for
     * measuring one. */
    const bool short_gemm = gemm_shaped(c) && c->work < SHORT_WORK;
    if (!planned || !dev || d.nhost == 0 || short_gemm) {
        if (planned && d.nhost > 0) pl->be = host_without_model(c, &d);
        if (ompwg_verbose_level() >= 2) trace(c, "host", NULL, pl);
        return OMPWG_OK;
    }
    bool pinned[OMPWG_CALL_OPERANDS] = { false };
    place_job job = { c, pinned, &d };
    ompwg_with_model(decide_job, &job);
    pl->be = d.choice;
    if (d.split) {
        pl->dev = dev;
        pl->be = d.best;
        pl->split = d.split;
    }
    if (ompwg_verbose_level() >= 2) trace(c, "host", &d, pl);
    return OMPWG_OK;
}

const ompwg_backend *ompwg_short_host(ompwg_shape_kind kind, const void *shape)
{
    if (!ompwg_short_calls_open()) return NULL;
    const ompwg_backend *ref = ompwg_find_backend_with(OMPWG_CAP_REFERENCE);
    return ref && (!ref->takes || ref->takes(kind, shape)) ? ref : NULL;
}

int ompwg_place_call(const ompwg_call *c, ompwg_placement *pl, void *ptr[])
{
    int st = ompwg_place(c, pl);
    if (st != OMPWG_OK || !pl->mapped) return st;
    for (int i = 0; i < c->operands; i++)
        if (ptr[i] && c->op[i].span)
            ptr[i] = pl->dev_low[i] + ((const char *)ptr[i] - (const char *)c->op[i].low);
    return OMPWG_OK;
}

/* ---- the planner's answers without a call ---------------------------------- */

static void fill_plan(const decision *d, ompwg_plan *out)
{
    int di = ompwg_backend_index(d->dev);
    if (di >= 0 && di < OMPWG_MODEL_BACKENDS) out->estimate[di] = d->t_dev;
    for (int h = 0; h < d->nhost; h++) {
        int hi = ompwg_backend_index(d->host[h]);
        if (hi >= 0 && hi < OMPWG_MODEL_BACKENDS) out->estimate[hi] = d->t_host[h];
    }
    out->split_estimate = d->t_split;
    out->split = d->split;
    out->backend = (d->split ? d->best : d->choice)->name;
}

/* With a given model: its decision between the compiled-in device and CPU
 * backends, usable here or not. Without: what a call would do now. */
static int plan(const ompwg_model *given, const ompwg_call *c, ompwg_plan *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < OMPWG_MODEL_BACKENDS; i++) out->estimate[i] = -1;
    out->split_estimate = -1;
    bool pinned[OMPWG_CALL_OPERANDS] = { false };
    if (given) {
        if (ompwg_model_defect(given)) return OMPWG_ERR_RANGE;
        decision d = { .dev = ompwg_compiled_backend_with(OMPWG_CAP_DEVICE_DATA),
                       .memory = "pageable" };
        /* the model's own host backends, as far as this build has them */
        for (int b = 0; b < given->backends && d.nhost < MAX_HOSTS; b++) {
            const ompwg_backend *h = ompwg_compiled_backend_named(given->backend[b].name);
            if (h && h != d.dev && ompwg_backend_takes(h, c)) d.host[d.nhost++] = h;
        }
        if (!d.dev || d.nhost == 0) return OMPWG_ERR_UNAVAILABLE;
        decide(given, c, pinned, &d);
        fill_plan(&d, out);
        return OMPWG_OK;
    }
    ompwg_placement pl;
    int st = ompwg_place(c, &pl);
    if (st != OMPWG_OK) return st;
    out->backend = pl.be->name;
    out->split = pl.split;
    out->mapped = pl.mapped;
    decision d = { .dev = device_candidate() };
    d.nhost = auto_hosts_for(c, d.host);
    if (!ompwg_current_is_auto() || !d.dev || d.nhost == 0) return OMPWG_OK;
    place_job job = { c, pinned, &d };
    ompwg_with_model(decide_job, &job);
    fill_plan(&d, out);
    /* the estimates are the model's; where the call goes is the placement's
     * (a short call is placed without the model) */
    out->backend = pl.be->name;
    out->split = pl.split;
    return OMPWG_OK;
}

int ompwg_plan_call(const ompwg_model *model, const ompwg_call *c, ompwg_plan *out)
{
    if (!out) return OMPWG_ERR_NULL;
    return plan(model, c, out);
}

/* The bytes of a rows x cols block of elem-byte elements, SIZE_MAX where
 * that overflows (a plan may be asked for any sizes). */
static size_t block_bytes(int64_t rows, int64_t cols, size_t elem)
{
    size_t n;
    if (__builtin_mul_overflow((size_t)rows, (size_t)cols, &n) ||
        __builtin_mul_overflow(n, elem, &n))
        return SIZE_MAX;
    return n;
}

ompwg_status ompwg_plan_gemm(const ompwg_model *model, char precision, int64_t m, int64_t n, int64_t k,
                             int beta_zero, ompwg_plan *out)
{
    if (!out) return OMPWG_ERR_NULL;
    if (precision != 's' && precision != 'd') return OMPWG_ERR_FLAGS;
    if (m <= 0 || n <= 0 || k <= 0) return OMPWG_ERR_SIZE;
    size_t e = precision == 'd' ? sizeof(double) : sizeof(float);
    ompwg_call c = { .what = precision == 'd' ? "dgemm" : "sgemm", .kind = OMPWG_MODEL_GEMM,
                     .pipelined = true,
                     .dbl = precision == 'd', .m = m, .n = n, .k = k, .splittable = true,
                     .work = 2.0 * (double)m * (double)n * (double)k, .operands = 3 };
    c.op[0].bytes_in = block_bytes(m, k, e);
    c.op[1].bytes_in = block_bytes(k, n, e);
    c.op[2].bytes_in = beta_zero ? 0 : block_bytes(m, n, e);
    c.op[2].bytes_out = block_bytes(m, n, e);
    return plan(model, &c, out);
}

ompwg_status ompwg_plan_stream(const ompwg_model *model, char precision, int64_t bytes,
                               ompwg_plan *out)
{
    if (!out) return OMPWG_ERR_NULL;
    if (precision != 's' && precision != 'd') return OMPWG_ERR_FLAGS;
    if (bytes <= 0) return OMPWG_ERR_SIZE;
    ompwg_call c = { .what = precision == 'd' ? "dsum" : "ssum", .kind = OMPWG_MODEL_STREAM,
                     .dbl = precision == 'd', .n = bytes, .work = (double)bytes, .operands = 1 };
    c.op[0].bytes_in = (size_t)bytes;
    return plan(model, &c, out);
}

ompwg_status ompwg_link_traffic(uint64_t *to_device, uint64_t *to_host)
{
    if (!to_device || !to_host) return OMPWG_ERR_NULL;
    *to_device = *to_host = 0;
    const ompwg_backend *dev = ompwg_find_backend_with(OMPWG_CAP_DEVICE_DATA);
    if (dev && dev->device->traffic) dev->device->traffic(to_device, to_host);
    return OMPWG_OK;
}
