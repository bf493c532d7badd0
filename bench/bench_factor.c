/* bench_factor: ompwg's LU, Cholesky and QR factorisations (ompwg_lapack.h)
 * beside OpenBLAS's own LAPACK and cuSOLVER, on the same matrices in the
 * same run. For each operation (dgetrf, dpotrf, sgetrf, spotrf, dgeqrf,
 * sgeqrf; Cholesky of the lower triangle) and each order n, R rounds each
 * run every engine once, in turn, on a fresh copy of one seeded random
 * matrix (uniform in [-1, 1) for LU and QR; for Cholesky the same with n
 * added to the diagonal, a symmetric diagonally dominant, so positive
 * definite, matrix of which the lower triangle is read). The engines:
 *   openblas      OpenBLAS's own dgetrf_ ... (looked up in its object, so
 *                 that neither a preload nor the drop-in can take the call),
 *                 host arrays: the baseline; QR's workspace asked for
 *                 (lwork -1) and allocated before the rounds;
 *   ompwg-auto    ompwg_dgetrf ... on malloc'd host arrays, the backend the
 *                 library picks (OMPWG_BACKEND as the environment has it);
 *   ompwg-gpu     the same with the calling thread's backend set to "gpu":
 *                 the copies over the link are in the time;
 *   ompwg-device  ompwg_dgetrf_device ... on a matrix already on the device
 *                 (its copy there is not timed);
 *   cusolver      cusolverDn?getrf / ?potrf / ?geqrf on device data
 *                 (libcusolver and libcudart opened at run time).
 * Each row: the median and best time over the rounds, GFLOP/s of the
 * median (LU 2n^3/3, Cholesky n^3/3, QR 4n^3/3), openblas's median over
 * the engine's (> 1: faster than OpenBLAS) and the backward error of the
 * engine's last result on a random x, in 1-norms:
 *   LU:       ||P^T A x - L (U x)|| / (||A|| ||x|| n eps)
 *   Cholesky: ||A x - L (L^T x)||   / (||A|| ||x|| n eps)
 *   QR:       ||A x - Q (R x)||     / (||A|| ||x|| n eps), Q applied
 *             reflector by reflector (the vectors below R, and tau)
 * eps DBL_EPSILON or FLT_EPSILON; "ok" below 30 (LAPACK's test programs'
 * threshold). At n >= 4096 ompwg-auto runs once, to learn its choice
 * (OMPWG_VERBOSE=2's line, read back), and no more when that is the backend
 * of a row already run (openblas, cpu: the openblas row; gpu: the
 * ompwg-gpu row). Engines that cannot run here print a row saying why.
 *
 *   bench_factor [--ops dgetrf,dpotrf,sgetrf,spotrf,dgeqrf,sgeqrf]
 *                [--sizes 256,1024,4096,8192] [--reps R] [--engines list]
 *                [--csv PATH]
 *
 * Exit status: 0; 1 when a call fails or a backward error is too large; 2
 * on bad usage. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cusolver.h"
#include "device_data.h"
#include "harness.h"
#include "ompwg.h"
#include "ompwg_lapack.h"
#include "openblas_object.h"
#include "options.h"

#define MAX_REPS 100
#define MAX_N 16384
/* auto's choice is read from one call, not repeated, from this order */
#define AUTO_PROBE_N 4096
#define WARM_N 256
/* LAPACK's test programs pass a scaled residual below 30 */
#define BACKWARD_LIMIT 30.0

/* ---- operations and engines ------------------------------------------------ */

typedef enum op_id { DGETRF, DPOTRF, SGETRF, SPOTRF, DGEQRF, SGEQRF, OP_COUNT } op_id;

static const struct op_info {
    const char *name, *openblas_name;
    bool dbl;
    bench_factorisation kind;
} ops[OP_COUNT] = {
    [DGETRF] = { "dgetrf", "dgetrf_", true, BENCH_LU },
    [DPOTRF] = { "dpotrf", "dpotrf_", true, BENCH_CHOLESKY },
    [SGETRF] = { "sgetrf", "sgetrf_", false, BENCH_LU },
    [SPOTRF] = { "spotrf", "spotrf_", false, BENCH_CHOLESKY },
    [DGEQRF] = { "dgeqrf", "dgeqrf_", true, BENCH_QR },
    [SGEQRF] = { "sgeqrf", "sgeqrf_", false, BENCH_QR },
};

typedef enum engine_id { OPENBLAS, AUTO, GPU, DEVICE, CUSOLVER, ENGINE_COUNT } engine_id;

static const char *const engine_names[ENGINE_COUNT] = {
    [OPENBLAS] = "openblas", [AUTO] = "ompwg-auto", [GPU] = "ompwg-gpu",
    [DEVICE] = "ompwg-device", [CUSOLVER] = "cusolver",
};

/* The order of a round: ompwg-auto last, so that what it picks has run. */
static const engine_id run_order[ENGINE_COUNT] = { OPENBLAS, GPU, DEVICE, CUSOLVER, AUTO };

/* gfortran's calling convention: every argument by reference, the length of
 * each character argument appended */
typedef void dgetrf_fn(const int *m, const int *n, double *a, const int *lda, int *ipiv,
                       int *info);
typedef void sgetrf_fn(const int *m, const int *n, float *a, const int *lda, int *ipiv,
                       int *info);
typedef void dpotrf_fn(const char *uplo, const int *n, double *a, const int *lda, int *info,
                       size_t uplo_len);
typedef void spotrf_fn(const char *uplo, const int *n, float *a, const int *lda, int *info,
                       size_t uplo_len);
typedef void dgeqrf_fn(const int *m, const int *n, double *a, const int *lda, double *tau,
                       double *work, const int *lwork, int *info);
typedef void sgeqrf_fn(const int *m, const int *n, float *a, const int *lda, float *tau,
                       float *work, const int *lwork, int *info);

/* What this process can run, found once. */
typedef struct setup {
    bool wanted[ENGINE_COUNT];      /* --engines */
    char why[ENGINE_COUNT][768];    /* "" where the engine can run */
    void *openblas_fn[OP_COUNT];    /* OpenBLAS's own routines */
    int reps;
} setup;

/* ---- host and device arrays of one order ----------------------------------- */

typedef struct arrays {
    int64_t n;
    size_t bytes;        /* of an n x n matrix in double */
    size_t mat_bytes;    /* of the op's matrix (float: the front half) */
    void *a0, *w;        /* the matrix, and the copy an engine factorises */
    int64_t *ipiv;       /* ompwg's pivots, and every engine's for the check */
    int *ipiv32;         /* OpenBLAS's and cuSOLVER's */
    void *tau;           /* QR's reflectors' scalars: every engine's, on the host */
    void *work;          /* OpenBLAS's QR workspace */
    int lwork;
    double *x, *ax, *t, *z;
    double norm_a;       /* ||A||_1 */
    void *d0, *dw;       /* ompwg_device_alloc: the matrix and the copy */
    char device_why[256];
    void *c0, *cw, *cwork; /* cudaMalloc: the matrix, the copy, the workspace */
    int *cipiv, *cinfo;
    void *ctau;
    int clwork;
    char cusolver_why[256];
} arrays;

static void free_arrays(arrays *a)
{
    void *host[] = { a->a0, a->w, a->ipiv, a->ipiv32, a->tau, a->work, a->x, a->ax, a->t, a->z };
    for (size_t i = 0; i < sizeof host / sizeof host[0]; i++) free(host[i]);
    ompwg_device_free(a->d0);
    ompwg_device_free(a->dw);
    bench_cuda_free(a->c0);
    bench_cuda_free(a->cw);
    bench_cuda_free(a->cwork);
    bench_cuda_free(a->cipiv);
    bench_cuda_free(a->cinfo);
    bench_cuda_free(a->ctau);
    memset(a, 0, sizeof *a);
}

/* Host arrays (false when out of memory), and device arrays for the
 * engines that run (a reason in device_why / cusolver_why when they cannot
 * be had). */
static bool alloc_arrays(arrays *a, int64_t n, const setup *s)
{
    memset(a, 0, sizeof *a);
    a->n = n;
    a->bytes = (size_t)n * (size_t)n * sizeof(double);
    const size_t vec = (size_t)n * sizeof(double);
    a->a0 = malloc(a->bytes);
    a->w = malloc(a->bytes);
    a->ipiv = malloc((size_t)n * sizeof(int64_t));
    a->ipiv32 = malloc((size_t)n * sizeof(int));
    a->tau = malloc(vec);
    a->x = malloc(vec);
    a->ax = malloc(vec);
    a->t = malloc(vec);
    a->z = malloc(vec);
    if (!a->a0 || !a->w || !a->ipiv || !a->ipiv32 || !a->tau || !a->x || !a->ax || !a->t || !a->z) {
        free_arrays(a);
        return false;
    }
    if (s->wanted[DEVICE] && !s->why[DEVICE][0]) {
        ompwg_status st = ompwg_device_alloc(a->bytes, &a->d0);
        if (st == OMPWG_OK) st = ompwg_device_alloc(a->bytes, &a->dw);
        if (st != OMPWG_OK)
            snprintf(a->device_why, sizeof a->device_why, "2 x %zu bytes on the device: %s",
                     a->bytes, ompwg_strerror(st));
    }
    if (s->wanted[CUSOLVER] && !s->why[CUSOLVER][0]) {
        a->c0 = bench_cuda_alloc(a->bytes);
        a->cw = bench_cuda_alloc(a->bytes);
        a->cipiv = bench_cuda_alloc((size_t)n * sizeof(int));
        a->cinfo = bench_cuda_alloc(sizeof(int));
        a->ctau = bench_cuda_alloc(vec);
        if (!a->c0 || !a->cw || !a->cipiv || !a->cinfo || !a->ctau)
            snprintf(a->cusolver_why, sizeof a->cusolver_why,
                     "cudaMalloc of 2 x %zu bytes failed", a->bytes);
    }
    return true;
}

/* ---- the matrix and the check ------------------------------------------------ */

static inline double elem(const void *a, bool dbl, size_t i)
{
    return dbl ? ((const double *)a)[i] : (double)((const float *)a)[i];
}

/* The op's matrix into a->a0, a random x, A x (in double) and ||A||_1; for
 * Cholesky A is the symmetric matrix of a0's lower triangle. */
static void make_matrix(arrays *a, op_id op)
{
    const struct op_info *o = &ops[op];
    const int64_t n = a->n;
    const size_t nn = (size_t)n * (size_t)n;
    const uint64_t seed = 20261126u + 7919u * (uint64_t)op + (uint64_t)n;
    a->mat_bytes = nn * (o->dbl ? sizeof(double) : sizeof(float));
    if (o->dbl) {
        double *m = a->a0;
        bench_fill_double(m, nn, seed);
        if (o->kind == BENCH_CHOLESKY)
            for (int64_t i = 0; i < n; i++) m[i + i * n] += (double)n;
    } else {
        float *m = a->a0;
        bench_fill_float(m, nn, seed);
        if (o->kind == BENCH_CHOLESKY)
            for (int64_t i = 0; i < n; i++) m[i + i * n] += (float)n;
    }
    bench_fill_double(a->x, (size_t)n, seed ^ 0x5eed);
    double *ax = a->ax, *colsum = a->t;
    for (int64_t i = 0; i < n; i++) ax[i] = colsum[i] = 0;
    for (int64_t k = 0; k < n; k++) {
        const size_t col = (size_t)k * (size_t)n;
        const double xk = a->x[k];
        if (o->kind != BENCH_CHOLESKY) {
            double s = 0;
            for (int64_t i = 0; i < n; i++) {
                const double v = elem(a->a0, o->dbl, col + (size_t)i);
                ax[i] += v * xk;
                s += fabs(v);
            }
            colsum[k] = s;
        } else { /* a(i, k), i >= k, stands for a(k, i) too */
            const double d = elem(a->a0, o->dbl, col + (size_t)k);
            double s = 0, c = fabs(d);
            for (int64_t i = k + 1; i < n; i++) {
                const double v = elem(a->a0, o->dbl, col + (size_t)i);
                ax[i] += v * xk;
                s += v * a->x[i];
                c += fabs(v);
                colsum[i] += fabs(v);
            }
            ax[k] += d * xk + s;
            colsum[k] += c;
        }
    }
    a->norm_a = 0;
    for (int64_t i = 0; i < n; i++) a->norm_a = fmax(a->norm_a, colsum[i]);
}

/* The backward error of the factors in a->w (pivots in a->ipiv for LU,
 * the reflectors' scalars in a->tau for QR). */
static double backward_error(arrays *a, op_id op)
{
    const struct op_info *o = &ops[op];
    const int64_t n = a->n;
    const void *f = a->w;
    double *t = a->t, *z = a->z;
    if (o->kind == BENCH_CHOLESKY) { /* t := L^T x, z := L t */
        for (int64_t i = 0; i < n; i++) {
            const size_t col = (size_t)i * (size_t)n;
            double s = 0;
            for (int64_t k = i; k < n; k++) s += elem(f, o->dbl, col + (size_t)k) * a->x[k];
            t[i] = s;
            z[i] = 0;
        }
        for (int64_t k = 0; k < n; k++) {
            const size_t col = (size_t)k * (size_t)n;
            for (int64_t i = k; i < n; i++) z[i] += elem(f, o->dbl, col + (size_t)i) * t[k];
        }
    } else { /* t := U x (R x), z := L t (unit diagonal) or Q t */
        for (int64_t i = 0; i < n; i++) t[i] = 0;
        for (int64_t k = 0; k < n; k++) {
            const size_t col = (size_t)k * (size_t)n;
            const double xk = a->x[k];
            for (int64_t i = 0; i <= k; i++) t[i] += elem(f, o->dbl, col + (size_t)i) * xk;
        }
        for (int64_t i = 0; i < n; i++) z[i] = t[i];
        if (o->kind == BENCH_LU)
            for (int64_t k = 0; k < n; k++) {
                const size_t col = (size_t)k * (size_t)n;
                for (int64_t i = k + 1; i < n; i++) z[i] += elem(f, o->dbl, col + (size_t)i) * t[k];
            }
        else /* Q = H(1) ... H(n), so H(n) first; H(k) = I - tau[k] v v^T with
              * v(k) = 1 and v(k+1:n) below the diagonal of column k */
            for (int64_t k = n - 1; k >= 0; k--) {
                const size_t col = (size_t)k * (size_t)n;
                double d = z[k];
                for (int64_t i = k + 1; i < n; i++) d += elem(f, o->dbl, col + (size_t)i) * z[i];
                d *= elem(a->tau, o->dbl, (size_t)k);
                z[k] -= d;
                for (int64_t i = k + 1; i < n; i++) z[i] -= elem(f, o->dbl, col + (size_t)i) * d;
            }
    }
    /* t := A x, for LU rows interchanged as the pivots say (P^T A x) */
    for (int64_t i = 0; i < n; i++) t[i] = a->ax[i];
    if (o->kind == BENCH_LU)
        for (int64_t k = 0; k < n; k++) {
            const int64_t p = a->ipiv[k] - 1;
            if (p < 0 || p >= n) return INFINITY;
            const double v = t[k];
            t[k] = t[p];
            t[p] = v;
        }
    double norm_r = 0, norm_x = 0;
    for (int64_t i = 0; i < n; i++) {
        norm_r += fabs(t[i] - z[i]);
        norm_x += fabs(a->x[i]);
    }
    const double eps = o->dbl ? DBL_EPSILON : FLT_EPSILON;
    const double r = norm_r / (a->norm_a * norm_x * (double)n * eps);
    return isnan(r) ? INFINITY : r;
}

/* ---- reading back ompwg-auto's choice -------------------------------------- */

typedef struct capture {
    FILE *f;
    int saved_fd, verbose;
} capture;

/* stderr into a file and OMPWG_VERBOSE=2's one line per call on: false
 * (nothing changed) when that cannot be done. */
static bool capture_begin(capture *c)
{
    fflush(stderr);
    c->f = tmpfile();
    if (!c->f) return false;
    c->saved_fd = dup(STDERR_FILENO);
    if (c->saved_fd < 0 || dup2(fileno(c->f), STDERR_FILENO) < 0) {
        if (c->saved_fd >= 0) close(c->saved_fd);
        fclose(c->f);
        return false;
    }
    c->verbose = ompwg_set_verbose(2);
    return true;
}

/* stderr back; the backend after the last "-> " of the first line that
 * traces `op` into pick ("" when none); other lines than the traces go on
 * to stderr. */
static void capture_end(capture *c, const char *op, char *pick, size_t len)
{
    ompwg_set_verbose(c->verbose < 0 ? -1 : c->verbose);
    fflush(stderr);
    dup2(c->saved_fd, STDERR_FILENO);
    close(c->saved_fd);
    pick[0] = '\0';
    char prefix[64], line[4096];
    snprintf(prefix, sizeof prefix, "ompwg: %s ", op);
    rewind(c->f);
    while (fgets(line, sizeof line, c->f)) {
        const char *arrow = NULL;
        for (const char *p = line; (p = strstr(p, "-> ")); p += 3) arrow = p;
        if (strncmp(line, "ompwg: ", 7) == 0 && arrow) {
            if (!pick[0] && strncmp(line, prefix, strlen(prefix)) == 0) {
                size_t k = 0;
                for (const char *p = arrow + 3; *p && *p != ' ' && *p != '\n' && k + 1 < len; p++)
                    pick[k++] = *p;
                pick[k] = '\0';
            }
            continue;
        }
        fputs(line, stderr);
    }
    fclose(c->f);
}

/* The engine whose row runs what ompwg-auto picked, or ENGINE_COUNT. */
static engine_id engine_of_backend(const char *backend)
{
    if (!strcmp(backend, "openblas") || !strcmp(backend, "cpu")) return OPENBLAS;
    if (!strcmp(backend, "gpu")) return GPU;
    return ENGINE_COUNT;
}

/* ---- one engine's call ----------------------------------------------------- */

/* A fresh copy of the matrix where the engine factorises it; 0, or an
 * ompwg status / CUDA error. */
static int fresh_copy(engine_id e, arrays *a)
{
    switch (e) {
    case OPENBLAS:
    case AUTO:
    case GPU: memcpy(a->w, a->a0, a->mat_bytes); return 0;
    case DEVICE: return ompwg_device_copy(a->dw, a->d0, a->mat_bytes, OMPWG_DEVICE_TO_DEVICE);
    case CUSOLVER: return bench_cuda_copy(a->cw, a->c0, a->mat_bytes);
    default: return -1;
    }
}

/* The timed call: 0 with *info set, or a status (why says which). */
static int call(engine_id e, op_id op, arrays *a, const setup *s, int64_t *info, char *why,
                size_t len)
{
    const struct op_info *o = &ops[op];
    const int64_t n = a->n;
    const int ni = (int)n;
    const char lower = 'L';
    int inf = 0;
    ompwg_status st = OMPWG_OK;
    *info = 0;
    switch (e) {
    case OPENBLAS: {
        void *fn = s->openblas_fn[op];
        if (op == DGETRF) ((dgetrf_fn *)fn)(&ni, &ni, a->w, &ni, a->ipiv32, &inf);
        else if (op == SGETRF) ((sgetrf_fn *)fn)(&ni, &ni, a->w, &ni, a->ipiv32, &inf);
        else if (op == DPOTRF) ((dpotrf_fn *)fn)(&lower, &ni, a->w, &ni, &inf, 1);
        else if (op == SPOTRF) ((spotrf_fn *)fn)(&lower, &ni, a->w, &ni, &inf, 1);
        else if (op == DGEQRF)
            ((dgeqrf_fn *)fn)(&ni, &ni, a->w, &ni, a->tau, a->work, &a->lwork, &inf);
        else ((sgeqrf_fn *)fn)(&ni, &ni, a->w, &ni, a->tau, a->work, &a->lwork, &inf);
        *info = inf;
        return 0;
    }
    case AUTO:
    case GPU:
    case DEVICE: {
        /* host arrays, or their copies on the device */
        const bool dev = e == DEVICE;
        void *w = dev ? a->dw : a->w;
        switch (op) {
        case DGETRF:
            st = dev ? ompwg_dgetrf_device(n, n, w, n, a->ipiv, info)
                     : ompwg_dgetrf(n, n, w, n, a->ipiv, info);
            break;
        case SGETRF:
            st = dev ? ompwg_sgetrf_device(n, n, w, n, a->ipiv, info)
                     : ompwg_sgetrf(n, n, w, n, a->ipiv, info);
            break;
        case DPOTRF:
            st = dev ? ompwg_dpotrf_device(OMPWG_LOWER, n, w, n, info)
                     : ompwg_dpotrf(OMPWG_LOWER, n, w, n, info);
            break;
        case DGEQRF: /* tau on the host in both forms */
            st = dev ? ompwg_dgeqrf_device(n, n, w, n, a->tau, info)
                     : ompwg_dgeqrf(n, n, w, n, a->tau, info);
            break;
        case SGEQRF:
            st = dev ? ompwg_sgeqrf_device(n, n, w, n, a->tau, info)
                     : ompwg_sgeqrf(n, n, w, n, a->tau, info);
            break;
        default:
            st = dev ? ompwg_spotrf_device(OMPWG_LOWER, n, w, n, info)
                     : ompwg_spotrf(OMPWG_LOWER, n, w, n, info);
        }
        break;
    }
    case CUSOLVER: {
        int cst = bench_cusolver_factor(o->kind, o->dbl, ni, a->cw, a->cwork, a->clwork, a->cipiv,
                                        a->ctau, a->cinfo);
        if (cst != 0) {
            snprintf(why, len, "cuSOLVER status %d", cst);
            return cst;
        }
        return 0; /* info is read back with the result */
    }
    default: return -1;
    }
    if (st != OMPWG_OK) snprintf(why, len, "%s", ompwg_strerror(st));
    return st;
}

/* The factors into a->w, the pivots into a->ipiv (1-based) and QR's tau
 * into a->tau, for the check; cuSOLVER's info into *info. 0, or a status. */
static int fetch_result(engine_id e, op_id op, arrays *a, int64_t *info)
{
    const int64_t n = a->n;
    const bool lu = ops[op].kind == BENCH_LU, qr = ops[op].kind == BENCH_QR;
    switch (e) {
    case OPENBLAS:
        if (lu)
            for (int64_t i = 0; i < n; i++) a->ipiv[i] = a->ipiv32[i];
        return 0;
    case AUTO:
    case GPU: return 0;
    case DEVICE: return ompwg_device_copy(a->w, a->dw, a->mat_bytes, OMPWG_DEVICE_TO_HOST);
    case CUSOLVER: {
        int inf = 0;
        int st = bench_cuda_copy(a->w, a->cw, a->mat_bytes);
        if (!st) st = bench_cuda_copy(&inf, a->cinfo, sizeof inf);
        if (!st && lu) st = bench_cuda_copy(a->ipiv32, a->cipiv, (size_t)n * sizeof(int));
        if (!st && lu)
            for (int64_t i = 0; i < n; i++) a->ipiv[i] = a->ipiv32[i];
        if (!st && qr)
            st = bench_cuda_copy(a->tau, a->ctau,
                                 (size_t)n * (ops[op].dbl ? sizeof(double) : sizeof(float)));
        *info = inf;
        return st;
    }
    default: return -1;
    }
}

/* ---- one operation at one order -------------------------------------------- */

typedef struct engine_run {
    bool runs;            /* still runs in the next rounds */
    bool done;            /* checked (its last call made) */
    char why[768];        /* a row without figures: why; with figures: a note */
    int count;
    double t[MAX_REPS];
    double backward;
    char pick[32];        /* ompwg-auto's backend */
} engine_run;

static double op_flops(op_id op, double n)
{
    switch (ops[op].kind) {
    case BENCH_CHOLESKY: return n * n * n / 3.0;
    case BENCH_QR: return 4.0 * n * n * n / 3.0;
    default: return 2.0 * n * n * n / 3.0;
    }
}

static double median_of(const engine_run *r)
{
    double v[MAX_REPS];
    memcpy(v, r->t, (size_t)r->count * sizeof v[0]);
    return bench_median(v, r->count);
}

static double best_of(const engine_run *r)
{
    double b = r->t[0];
    for (int i = 1; i < r->count; i++) b = fmin(b, r->t[i]);
    return b;
}

/* A CSV field: as it is, or quoted with quotes doubled when it holds a comma
 * or a quote. */
static void csv_text(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s == '\n' ? ' ' : *s, f);
    }
    fputc('"', f);
}

/* Prints the rows of one op and order (and their CSV lines); the number of
 * failures (a call, or a backward error over the limit). */
static int report(op_id op, int64_t n, const engine_run run[ENGINE_COUNT], const setup *s,
                  FILE *csv)
{
    static const engine_id row_order[ENGINE_COUNT] = { OPENBLAS, AUTO, GPU, DEVICE, CUSOLVER };
    int bad = 0;
    const engine_run *ob = &run[OPENBLAS];
    const double ob_median = ob->count > 0 && ob->done ? median_of(ob) : -1;
    for (int i = 0; i < ENGINE_COUNT; i++) {
        const engine_id e = row_order[i];
        const engine_run *r = &run[e];
        if (!s->wanted[e]) continue;
        if (r->count == 0 || !r->done) {
            printf("%-6s %6lld %-13s %s\n", ops[op].name, (long long)n, engine_names[e], r->why);
            if (csv) {
                fprintf(csv, "%s,%lld,%s,0,,,,,,,", ops[op].name, (long long)n, engine_names[e]);
                csv_text(csv, r->why);
                fputc('\n', csv);
            }
            /* a call that failed counts; an engine absent here does not */
            bad += strncmp(r->why, "failed", 6) == 0;
            continue;
        }
        const double med = median_of(r), best = best_of(r);
        const double gflops = op_flops(op, (double)n) / med * 1e-9;
        const bool ok = r->backward < BACKWARD_LIMIT;
        bad += !ok;
        char vs[32] = "-";
        if (ob_median > 0) snprintf(vs, sizeof vs, "%.2fx", ob_median / med);
        char note[900] = "";
        if (r->pick[0]) snprintf(note, sizeof note, "picks %s", r->pick);
        if (r->why[0])
            snprintf(note + strlen(note), sizeof note - strlen(note), "%s%s", note[0] ? "; " : "",
                     r->why);
        printf("%-6s %6lld %-13s %10.6f %10.6f %9.1f %8s %11.3g %-4s %s\n", ops[op].name,
               (long long)n, engine_names[e], med, best, gflops, vs, r->backward,
               ok ? "ok" : "BAD", note);
        if (csv) {
            fprintf(csv, "%s,%lld,%s,%d,%.9g,%.9g,%.6g,", ops[op].name, (long long)n,
                    engine_names[e], r->count, med, best, gflops);
            if (ob_median > 0) fprintf(csv, "%.6g", ob_median / med);
            fprintf(csv, ",%.6g,%s,", r->backward, ok ? "ok" : "BAD");
            csv_text(csv, note);
            fputc('\n', csv);
        }
    }
    fflush(stdout);
    if (csv) fflush(csv);
    return bad;
}

/* Marks the engine failed with a reason. */
static void fail(engine_run *r, const char *what, const char *detail)
{
    snprintf(r->why, sizeof r->why, "failed: %s%s%s", what, detail[0] ? ": " : "", detail);
    r->runs = false;
    r->count = 0;
}

/* Runs `reps` rounds of op at a->n. Timed (not the warm-up): idle host
 * threads before each call that may meet another engine's spinning ones,
 * and the rows printed. first[e] (NULL: not wanted) adds the time of each
 * engine's first call. The number of failures. */
static int bench_op(op_id op, arrays *a, const setup *s, int reps, bool timed, FILE *csv,
                    double first[ENGINE_COUNT])
{
    const struct op_info *o = &ops[op];
    const int64_t n = a->n;
    engine_run run[ENGINE_COUNT];
    memset(run, 0, sizeof run);
    make_matrix(a, op);
    for (int e = 0; e < ENGINE_COUNT; e++) {
        engine_run *r = &run[e];
        r->backward = NAN;
        if (!s->wanted[e]) continue;
        if (s->why[e][0]) {
            snprintf(r->why, sizeof r->why, "unavailable: %s", s->why[e]);
            continue;
        }
        if (e == OPENBLAS && !s->openblas_fn[op]) {
            snprintf(r->why, sizeof r->why, "unavailable: OpenBLAS (%s) lacks %s",
                     ompwg_openblas_file(), o->openblas_name);
            continue;
        }
        r->runs = true;
    }
    /* the matrix where the device engines take it from */
    if (run[DEVICE].runs) {
        int st = a->device_why[0] ? -1 : (int)ompwg_device_copy(a->d0, a->a0, a->mat_bytes,
                                                           OMPWG_HOST_TO_DEVICE);
        if (st) {
            snprintf(run[DEVICE].why, sizeof run[DEVICE].why, "unavailable: %s",
                     a->device_why[0] ? a->device_why : ompwg_strerror(st));
            run[DEVICE].runs = false;
        }
    }
    if (run[CUSOLVER].runs) {
        int st = a->cusolver_why[0] ? -1 : bench_cuda_copy(a->c0, a->a0, a->mat_bytes);
        int lwork = 0;
        if (!st) st = bench_cusolver_lwork(o->kind, o->dbl, (int)n, a->cw, &lwork);
        if (!st) {
            a->cwork = bench_cuda_alloc((size_t)(lwork > 0 ? lwork : 1) * sizeof(double));
            a->clwork = lwork;
            if (!a->cwork) st = -1;
        }
        if (st) {
            snprintf(run[CUSOLVER].why, sizeof run[CUSOLVER].why, "unavailable: %s",
                     a->cusolver_why[0] ? a->cusolver_why
                                        : "the copy, workspace query or workspace failed");
            run[CUSOLVER].runs = false;
        }
    }
    /* OpenBLAS's QR workspace: its size asked for (lwork -1) as a caller
     * would, the allocation kept out of the time as cuSOLVER's is */
    if (run[OPENBLAS].runs && o->kind == BENCH_QR) {
        const int ni = (int)n, query = -1;
        int inf = 0;
        double size = 0;
        float fsize = 0;
        if (o->dbl)
            ((dgeqrf_fn *)s->openblas_fn[op])(&ni, &ni, a->w, &ni, a->tau, &size, &query, &inf);
        else {
            ((sgeqrf_fn *)s->openblas_fn[op])(&ni, &ni, a->w, &ni, a->tau, &fsize, &query, &inf);
            size = fsize;
        }
        a->lwork = inf == 0 && size >= 1 && size <= INT_MAX ? (int)size : 0;
        a->work = a->lwork > 0 ? malloc((size_t)a->lwork * sizeof(double)) : NULL;
        if (!a->work) {
            snprintf(run[OPENBLAS].why, sizeof run[OPENBLAS].why,
                     "unavailable: the workspace query (info %d, %g elements) or workspace failed",
                     inf, size);
            run[OPENBLAS].runs = false;
        }
    }
    bool settle = true; /* host threads of the last engine may still spin */
    for (int round = 0; round < reps; round++) {
        for (int k = 0; k < ENGINE_COUNT; k++) {
            const engine_id e = run_order[k];
            engine_run *r = &run[e];
            if (!r->runs) continue;
            int st = fresh_copy(e, a);
            if (st) {
                fail(r, "the fresh copy", "");
                continue;
            }
            if (e == GPU && ompwg_set_thread_backend("gpu") != OMPWG_OK) {
                fail(r, "ompwg_set_thread_backend(\"gpu\")", "");
                continue;
            }
            if (timed && settle) bench_settle();
            capture cap;
            const bool probe = e == AUTO && round == 0 && capture_begin(&cap);
            int64_t info = 0;
            char why[256] = "";
            const double t0 = bench_now();
            st = call(e, op, a, s, &info, why, sizeof why);
            const double t = bench_now() - t0;
            if (probe) capture_end(&cap, o->name, r->pick, sizeof r->pick);
            if (e == GPU) ompwg_set_thread_backend(NULL);
            settle = e == OPENBLAS || e == AUTO || e == GPU;
            if (first && round == 0) first[e] += t;
            if (st) {
                fail(r, "the call", why);
                continue;
            }
            r->t[r->count++] = t;
            /* at large orders one call of ompwg-auto shows its choice: not
             * repeated when that is the backend of a row already run */
            bool last = round == reps - 1;
            if (e == AUTO && round == 0 && n >= AUTO_PROBE_N && !last) {
                const engine_id same = engine_of_backend(r->pick);
                if (same != ENGINE_COUNT && run[same].runs && run[same].count > 0) {
                    snprintf(r->why, sizeof r->why,
                             "the %s row's backend: one call, not repeated", engine_names[same]);
                    last = true;
                }
            }
            if (!last) continue;
            r->runs = false;
            st = fetch_result(e, op, a, &info);
            if (st) {
                fail(r, "reading the result back", "");
                continue;
            }
            if (info != 0) {
                char detail[64];
                snprintf(detail, sizeof detail, "info %lld", (long long)info);
                fail(r, "the factorisation", detail);
                continue;
            }
            r->backward = backward_error(a, op);
            r->done = true;
        }
    }
    bench_cuda_free(a->cwork);
    a->cwork = NULL;
    free(a->work);
    a->work = NULL;
    int bad = 0;
    if (timed) bad = report(op, n, run, s, csv);
    return bad;
}

/* ---- what runs here ------------------------------------------------------- */

static void find_engines(setup *s)
{
    void *ob = ompwg_openblas_object();
    if (!ob) snprintf(s->why[OPENBLAS], sizeof s->why[OPENBLAS], "%s", ompwg_openblas_file());
    for (int op = 0; op < OP_COUNT; op++)
        s->openblas_fn[op] = ompwg_openblas_own(ob, ops[op].openblas_name);
    if (!strcmp(ompwg_get_backend(), "none"))
        snprintf(s->why[AUTO], sizeof s->why[AUTO],
                 "OMPWG_BACKEND names a backend that is not usable here");
    char info[512];
    const bool gpu_usable = bench_gpu_backend_info(info, sizeof info) == 1;
    int device = -1;
    const bool on_device = gpu_usable && ompwg_get_gpu_device(&device) == OMPWG_OK && device >= 0;
    if (!gpu_usable) {
        snprintf(s->why[GPU], sizeof s->why[GPU], "gpu backend: %s", info);
    } else if (!on_device) {
        snprintf(s->why[GPU], sizeof s->why[GPU], "gpu backend in host fallback (no device): %s",
                 info);
    } else {
        ompwg_status st = ompwg_set_thread_backend("gpu");
        if (st != OMPWG_OK)
            snprintf(s->why[GPU], sizeof s->why[GPU], "ompwg_set_thread_backend(\"gpu\"): %s",
                     ompwg_strerror(st));
        ompwg_set_thread_backend(NULL);
    }
    snprintf(s->why[DEVICE], sizeof s->why[DEVICE], "%s", s->why[GPU]);
    char why[768];
    if (!bench_cusolver_load(on_device ? device : -1, why, sizeof why))
        snprintf(s->why[CUSOLVER], sizeof s->why[CUSOLVER], "%s", why);
}

static void print_setup(const setup *s)
{
    void *ob = ompwg_openblas_object();
    const char *(*corename)(void) = NULL, *(*config)(void) = NULL;
    int (*threads)(void) = NULL;
    void *p = ompwg_openblas_own(ob, "openblas_get_corename");
    memcpy(&corename, &p, sizeof p);
    p = ompwg_openblas_own(ob, "openblas_get_config");
    memcpy(&config, &p, sizeof p);
    p = ompwg_openblas_own(ob, "openblas_get_num_threads");
    memcpy(&threads, &p, sizeof p);
    const char *coretype = getenv("OPENBLAS_CORETYPE");
    printf("OpenBLAS: %s\n", ompwg_openblas_file());
    if (ob)
        printf("OpenBLAS: %s, core %s, %d threads, OPENBLAS_CORETYPE=%s\n",
               config ? config() : "?", corename ? corename() : "?", threads ? threads() : -1,
               coretype ? coretype : "(unset)");
    const char *env_backend = getenv("OMPWG_BACKEND");
    printf("ompwg %s: backend %s (OMPWG_BACKEND %s%s)\n", ompwg_version_string(),
           ompwg_get_backend(), env_backend ? "=" : "unset", env_backend ? env_backend : "");
    char name[256] = "";
    char info[512];
    bench_gpu_backend_info(info, sizeof info);
    if (ompwg_gpu_name(name, sizeof name) == OMPWG_OK && name[0]) printf("device: %s\n", name);
    else printf("device: none (gpu backend: %s)\n", info);
    if (!s->why[CUSOLVER][0])
        printf("cuSOLVER: %s, CUDA runtime %s\n", bench_cusolver_path(), bench_cudart_path());
    else printf("cuSOLVER: %s\n", s->why[CUSOLVER]);
}

/* ---- main ---------------------------------------------------------------- */

static void usage(FILE *f)
{
    fprintf(f,
            "usage: bench_factor [--ops list] [--sizes n,n,...] [--reps R] [--engines list]\n"
            "                    [--csv PATH]\n"
            "  --ops list      of dgetrf, dpotrf, sgetrf, spotrf, dgeqrf, sgeqrf (default all)\n"
            "  --sizes n,...   matrix orders, at most %d (default 256,1024,4096,8192)\n"
            "  --reps R        rounds, each running every engine once (default 3)\n"
            "  --engines list  of openblas, ompwg-auto, ompwg-gpu, ompwg-device, cusolver\n"
            "                  (default all)\n"
            "  --csv PATH      the rows as CSV into PATH too\n",
            MAX_N);
}

/* The program's body; bench/module_main.c is its main(), and
 * bench/late_load.c runs it from the bench_factor_module library
 * (compute-sanitizer over the device's factorisations). */
int late_load_main(int argc, char **argv);

int late_load_main(int argc, char **argv)
{
    const char *op_list = NULL, *engine_list = NULL, *csv_path = NULL;
    bench_sizes sizes = { .n = { 256, 1024, 4096, 8192 }, .count = 4 };
    setup s;
    memset(&s, 0, sizeof s);
    s.reps = 3;
    const bench_option table[] = {
        { "--ops", BENCH_OPTION_TEXT, &op_list },
        { "--sizes", BENCH_OPTION_SIZES, &sizes },
        { "--reps", BENCH_OPTION_COUNT, &s.reps },
        { "--engines", BENCH_OPTION_TEXT, &engine_list },
        { "--csv", BENCH_OPTION_TEXT, &csv_path },
    };
    int st = bench_parse_options("bench_factor", usage, argc, argv, table, BENCH_LEN(table));
    if (st) return st == 1 ? 0 : st;
    bool op_on[OP_COUNT];
    int nops = 0;
    for (int op = 0; op < OP_COUNT; op++)
        nops += op_on[op] = !op_list || bench_listed(op_list, ops[op].name);
    int nengines = 0;
    for (int e = 0; e < ENGINE_COUNT; e++)
        nengines += s.wanted[e] = !engine_list || bench_listed(engine_list, engine_names[e]);
    bool bad_usage = nops == 0 || nengines == 0 || s.reps > MAX_REPS;
    for (int i = 0; i < sizes.count; i++) bad_usage |= sizes.n[i] > MAX_N;
    if (bad_usage) {
        fprintf(stderr, "bench_factor: bad option or value: %s\n",
                nops == 0       ? "--ops names no operation"
                : nengines == 0 ? "--engines names no engine"
                : s.reps > MAX_REPS ? "--reps above 100"
                                    : "--sizes above 16384");
        usage(stderr);
        return 2;
    }
    FILE *csv = NULL;
    if (csv_path) {
        csv = fopen(csv_path, "w");
        if (!csv) {
            perror(csv_path);
            return 2;
        }
        fprintf(csv, "op,n,engine,calls,median_s,best_s,gflops,vs_openblas,backward_error,"
                     "check,note\n");
    }
    const double start = bench_now();
    find_engines(&s);
    print_setup(&s);

    /* one call of each engine first: what a process pays once (thread
     * pools, the device's context, ompwg's placement model, cuSOLVER's
     * handle and kernels) stays out of the figures */
    double first[ENGINE_COUNT] = { 0 };
    arrays a;
    if (alloc_arrays(&a, WARM_N, &s)) {
        for (int op = 0; op < OP_COUNT; op++)
            if (op_on[op]) bench_op((op_id)op, &a, &s, 1, false, NULL, first);
        free_arrays(&a);
        printf("first calls (n = %d, each op once, one-time setup included):", WARM_N);
        for (int e = 0; e < ENGINE_COUNT; e++)
            if (s.wanted[e] && !s.why[e][0]) printf(" %s %.3f s", engine_names[e], first[e]);
        printf("\n");
    }
    printf("rounds: %d, each engine once a round on a fresh copy of the same matrix; median\n"
           "and best of the rounds in seconds; GFLOP/s of the median (LU 2n^3/3, Cholesky\n"
           "n^3/3, QR 4n^3/3); vs_openblas: openblas's median / the row's (> 1: faster);\n"
           "backward error: ||P^T A x - L U x||_1 (Cholesky, lower: ||A x - L L^T x||_1; QR:\n"
           "||A x - Q R x||_1) / (||A||_1 ||x||_1 n eps) on a random x, \"ok\" below %g.\n"
           "ompwg-auto at n >= %d: one call, not repeated when it picks the backend of a row\n"
           "already run.\n",
           s.reps, BACKWARD_LIMIT, AUTO_PROBE_N);
    printf("%-6s %6s %-13s %10s %10s %9s %8s %11s %-4s %s\n", "op", "n", "engine", "median_s",
           "best_s", "GFLOP/s", "vs_ob", "backward", "chk", "note");
    fflush(stdout);
    int bad = 0;
    for (int i = 0; i < sizes.count; i++) {
        const int64_t n = sizes.n[i];
        if (!alloc_arrays(&a, n, &s)) {
            printf("n = %lld: out of host memory\n", (long long)n);
            bad++;
            continue;
        }
        for (int op = 0; op < OP_COUNT; op++)
            if (op_on[op]) bad += bench_op((op_id)op, &a, &s, s.reps, true, csv, NULL);
        free_arrays(&a);
    }
    printf("total: %.1f s\n", bench_now() - start);
    if (csv) fclose(csv);
    return bad ? 1 : 0;
}
