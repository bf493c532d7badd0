/* bench_lapack: a real client of the drop-in BLAS. Reference LAPACK, opened
 * at run time, factorises (dgetrf, dpotrf, dgeqrf) on whatever BLAS the
 * loader puts under it: its libblas.so.3 dependency (OpenBLAS's when
 * LD_LIBRARY_PATH names openblas-pthread first), or libompwg_blas's names
 * where LD_PRELOAD puts them in front. Prints seconds, GFLOP/s and a
 * residual per routine and size, and which library each BLAS name the
 * factorisations lean on comes from.
 *   bench_lapack [--lapack PATH] [--n 4096,8192] [--reps R]
 *                [--routines getrf,potrf,geqrf] [--require-dgemm TEXT]
 * Exit status: 0; 1 when a factorisation fails or a residual is too large;
 * 2 on bad usage; 77 when the LAPACK library cannot be opened. */
#include <dlfcn.h>
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "options.h"

#define CHECK_VECTORS 3
/* LAPACK's own test programs pass a scaled residual below 30 */
#define RESIDUAL_LIMIT 30.0

static const char default_lapack[] = "/usr/lib/x86_64-linux-gnu/lapack/liblapack.so.3";

/* gfortran's calling convention: every argument by reference, the length of
 * each character argument appended */
typedef void getrf_fn(const int *m, const int *n, double *a, const int *lda, int *ipiv,
                      int *info);
typedef void potrf_fn(const char *uplo, const int *n, double *a, const int *lda, int *info,
                      size_t uplo_len);
typedef void geqrf_fn(const int *m, const int *n, double *a, const int *lda, double *tau,
                      double *work, const int *lwork, int *info);

typedef struct options {
    const char *lapack, *require_dgemm;
    bench_sizes sizes;
    int reps;
    bool getrf, potrf, geqrf;
} options;

typedef struct lapack {
    getrf_fn *getrf;
    potrf_fn *potrf;
    geqrf_fn *geqrf;
} lapack;

static void usage(FILE *f)
{
    fprintf(f, "usage: bench_lapack [--lapack PATH] [--n a,b,...] [--reps R]\n"
               "                    [--routines getrf,potrf,geqrf] [--require-dgemm TEXT]\n"
               "  --lapack PATH        the LAPACK library to open (default %s)\n"
               "  --n a,b,...          matrix orders (default 4096,8192)\n"
               "  --reps R             timed runs per routine and order (median; default 3)\n"
               "  --routines list      of getrf, potrf, geqrf (default all)\n"
               "  --require-dgemm TEXT fail unless dgemm_ comes from a library whose path\n"
               "                       contains TEXT (that a preload took effect)\n",
            default_lapack);
}

/* 0: run; 1: --help; 2: bad usage. */
static int parse(int argc, char **argv, options *o)
{
    const char *routines = NULL;
    const bench_option table[] = {
        { "--lapack", BENCH_OPTION_TEXT, &o->lapack },
        { "--n", BENCH_OPTION_SIZES, &o->sizes },
        { "--reps", BENCH_OPTION_COUNT, &o->reps },
        { "--routines", BENCH_OPTION_TEXT, &routines },
        { "--require-dgemm", BENCH_OPTION_TEXT, &o->require_dgemm },
    };
    int st = bench_parse_options("bench_lapack", usage, argc, argv, table, BENCH_LEN(table));
    if (st != 0) return st;
    for (int i = 0; i < o->sizes.count; i++)
        if (o->sizes.n[i] > 65535) {
            fprintf(stderr, "bench_lapack: bad option or value: --n %lld (at most 65535)\n",
                    (long long)o->sizes.n[i]);
            usage(stderr);
            return 2;
        }
    if (routines) {
        o->getrf = bench_listed(routines, "getrf");
        o->potrf = bench_listed(routines, "potrf");
        o->geqrf = bench_listed(routines, "geqrf");
    }
    return 0;
}

/* The file that defines name as the LAPACK's calls resolve it: the LAPACK
 * is opened RTLD_GLOBAL, so the default scope searches the program, its
 * preloads and then the LAPACK and its dependencies, the loader's order. */
static const char *provider(const char *name)
{
    Dl_info info;
    void *sym = dlsym(RTLD_DEFAULT, name);
    return sym && dladdr(sym, &info) && info.dli_fname ? info.dli_fname : "(none)";
}

/* A provider's path, and the file behind it where it is a link (Debian's
 * libblas.so.3 goes through the alternatives system). */
static void print_provider(const char *name)
{
    const char *path = provider(name);
    char *real = realpath(path, NULL);
    if (real && strcmp(real, path) != 0) printf("BLAS: %-7s from %s (%s)\n", name, path, real);
    else printf("BLAS: %-7s from %s\n", name, path);
    free(real);
}

static bool load(const char *path, lapack *l)
{
    void *h = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
    if (!h) {
        fprintf(stderr, "bench_lapack: cannot open %s: %s\n", path, dlerror());
        return false;
    }
    void *getrf = dlsym(h, "dgetrf_"), *potrf = dlsym(h, "dpotrf_"), *geqrf = dlsym(h, "dgeqrf_");
    if (!getrf || !potrf || !geqrf) {
        fprintf(stderr, "bench_lapack: %s lacks dgetrf_, dpotrf_ or dgeqrf_\n", path);
        return false;
    }
    memcpy(&l->getrf, &getrf, sizeof getrf);
    memcpy(&l->potrf, &potrf, sizeof potrf);
    memcpy(&l->geqrf, &geqrf, sizeof geqrf);
    return true;
}

static void print_stack(const char *lapack_path)
{
    printf("LAPACK: %s\n", lapack_path);
    static const char *const names[] = { "dgemm_", "dtrsm_", "dsyrk_", "dgemv_", "dtrmm_" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        print_provider(names[i]);
    const char *(*corename)(void) = NULL;
    void *sym = dlsym(RTLD_DEFAULT, "openblas_get_corename");
    memcpy(&corename, &sym, sizeof sym);
    if (corename) printf("OpenBLAS kernel: %s\n", corename());
    const char *(*backend)(void) = NULL;
    sym = dlsym(RTLD_DEFAULT, "ompwg_get_backend");
    memcpy(&backend, &sym, sizeof sym);
    if (backend) printf("ompwg backend: %s\n", backend());
}

typedef enum routine { GETRF, POTRF, GEQRF } routine;

static const char *routine_name(routine r)
{
    return r == GETRF ? "dgetrf" : r == POTRF ? "dpotrf" : "dgeqrf";
}

/* Flops of the factorisation of an n x n matrix, LAPACK's working notes' counts. */
static double flops(routine r, double n)
{
    return r == GETRF ? 2.0 / 3.0 * n * n * n : r == POTRF ? n * n * n / 3.0
                                                            : 4.0 / 3.0 * n * n * n;
}

/* A seeded random n x n matrix (column-major), made diagonally dominant for
 * getrf and symmetric with it for potrf (then positive definite). */
static void make_matrix(routine r, int64_t n, double *a)
{
    bench_fill_double(a, (size_t)(n * n), 20261124 + (uint64_t)r);
    if (r == POTRF)
        for (int64_t j = 0; j < n; j++)
            for (int64_t i = j + 1; i < n; i++) a[j + i * n] = a[i + j * n];
    if (r != GEQRF)
        for (int64_t i = 0; i < n; i++) a[i + i * n] += (double)n;
}

/* Work arrays of one factorisation. */
typedef struct factor_job {
    const lapack *l;
    routine r;
    int n, info;
    double *a, *tau, *work;
    int *ipiv;
    int lwork;
} factor_job;

static void factor(factor_job *j)
{
    const char lower = 'L';
    switch (j->r) {
    case GETRF:
        j->l->getrf(&j->n, &j->n, j->a, &j->n, j->ipiv, &j->info);
        break;
    case POTRF:
        j->l->potrf(&lower, &j->n, j->a, &j->n, &j->info, 1);
        break;
    case GEQRF:
        j->l->geqrf(&j->n, &j->n, j->a, &j->n, j->tau, j->work, &j->lwork, &j->info);
        break;
    }
}

/* y := F x, F the factorisation's product as it holds it in j->a: P^T L U
 * (getrf), L L^T (potrf), Q R (geqrf); t is scratch of n. */
static void apply_factors(const factor_job *j, const double *x, double *y, double *t)
{
    const int64_t n = j->n;
    const double *f = j->a;
    if (j->r == POTRF) { /* t := L^T x, y := L t */
        for (int64_t i = 0; i < n; i++) {
            double s = 0;
            for (int64_t k = i; k < n; k++) s += f[k + i * n] * x[k];
            t[i] = s;
        }
        for (int64_t i = 0; i < n; i++) y[i] = 0;
        for (int64_t k = 0; k < n; k++)
            for (int64_t i = k; i < n; i++) y[i] += f[i + k * n] * t[k];
        return;
    }
    /* t := U x or R x: the upper triangle */
    for (int64_t i = 0; i < n; i++) t[i] = 0;
    for (int64_t k = 0; k < n; k++)
        for (int64_t i = 0; i <= k; i++) t[i] += f[i + k * n] * x[k];
    if (j->r == GETRF) { /* y := L t (unit diagonal), then undo the row swaps */
        for (int64_t i = 0; i < n; i++) y[i] = t[i];
        for (int64_t k = 0; k < n; k++)
            for (int64_t i = k + 1; i < n; i++) y[i] += f[i + k * n] * t[k];
        for (int64_t k = n - 1; k >= 0; k--) {
            int64_t p = j->ipiv[k] - 1;
            double s = y[k];
            y[k] = y[p];
            y[p] = s;
        }
        return;
    }
    /* y := H(0) ... H(n-1) t, H(k) = I - tau_k v v^T, v = (0.., 1, a(k+1:n, k)) */
    for (int64_t i = 0; i < n; i++) y[i] = t[i];
    for (int64_t k = n - 1; k >= 0; k--) {
        double s = y[k];
        for (int64_t i = k + 1; i < n; i++) s += f[i + k * n] * y[i];
        s *= j->tau[k];
        y[k] -= s;
        for (int64_t i = k + 1; i < n; i++) y[i] -= s * f[i + k * n];
    }
}

/* The largest over a few random x of ||A x - F x|| / (||A|| ||x|| n eps),
 * infinity norms; NAN when out of memory. */
static double residual(const factor_job *j, const double *a)
{
    const int64_t n = j->n;
    double *x = malloc((size_t)n * sizeof *x), *ax = malloc((size_t)n * sizeof *ax);
    double *fx = malloc((size_t)n * sizeof *fx), *t = malloc((size_t)n * sizeof *t);
    double worst = NAN, norm_a = 0;
    if (!x || !ax || !fx || !t) goto out;
    for (int64_t i = 0; i < n; i++) ax[i] = 0;
    for (int64_t k = 0; k < n; k++)
        for (int64_t i = 0; i < n; i++) ax[i] += fabs(a[i + k * n]);
    for (int64_t i = 0; i < n; i++) norm_a = fmax(norm_a, ax[i]);
    worst = 0;
    for (int v = 0; v < CHECK_VECTORS; v++) {
        bench_fill_double(x, (size_t)n, 777 + (uint64_t)v);
        for (int64_t i = 0; i < n; i++) ax[i] = 0;
        for (int64_t k = 0; k < n; k++)
            for (int64_t i = 0; i < n; i++) ax[i] += a[i + k * n] * x[k];
        apply_factors(j, x, fx, t);
        double norm_r = 0, norm_x = 0;
        for (int64_t i = 0; i < n; i++) {
            norm_r = fmax(norm_r, fabs(ax[i] - fx[i]));
            norm_x = fmax(norm_x, fabs(x[i]));
        }
        double r = norm_r / (norm_a * norm_x * (double)n * DBL_EPSILON);
        if (!(r <= worst)) worst = r;
    }
out:
    free(x);
    free(ax);
    free(fx);
    free(t);
    return worst;
}

/* Times reps factorisations of fresh copies of one matrix and checks the
 * last; false when it failed or its residual is too large. */
static bool run(const lapack *l, routine r, int64_t n, int reps)
{
    size_t bytes = (size_t)(n * n) * sizeof(double);
    double *a = malloc(bytes), *t = malloc((size_t)reps * sizeof *t);
    factor_job j = { .l = l, .r = r, .n = (int)n, .a = malloc(bytes),
                     .ipiv = malloc((size_t)n * sizeof(int)),
                     .tau = malloc((size_t)n * sizeof(double)) };
    bool ok = false;
    if (!a || !t || !j.a || !j.ipiv || !j.tau) {
        printf("%s %6lld: out of memory\n", routine_name(r), (long long)n);
        goto out;
    }
    make_matrix(r, n, a);
    if (r == GEQRF) { /* the workspace LAPACK asks for */
        double best = 0;
        j.lwork = -1;
        j.work = &best;
        factor(&j);
        j.lwork = (int)best > (int)n ? (int)best : (int)n;
        j.work = malloc((size_t)j.lwork * sizeof(double));
        if (!j.work) {
            printf("%s %6lld: out of memory\n", routine_name(r), (long long)n);
            goto out;
        }
    }
    for (int rep = 0; rep < reps; rep++) {
        memcpy(j.a, a, bytes);
        double t0 = bench_now();
        factor(&j);
        t[rep] = bench_now() - t0;
        if (j.info != 0) {
            printf("%s %6lld: info %d\n", routine_name(r), (long long)n, j.info);
            goto out;
        }
    }
    double s = bench_median(t, reps), res = residual(&j, a);
    ok = res < RESIDUAL_LIMIT;
    printf("%s %6lld %4d %10.5f %9.1f %10.3g %s\n", routine_name(r), (long long)n, reps, s,
           flops(r, (double)n) / s * 1e-9, res, ok ? "ok" : "BAD");
    fflush(stdout);
out:
    if (r == GEQRF && j.lwork > 0) free(j.work);
    free(a);
    free(t);
    free(j.a);
    free(j.ipiv);
    free(j.tau);
    return ok;
}

/* One untimed factorisation first: what a process pays once (the BLAS's
 * thread pools, the GPU's context, ompwg's placement model) stays out of the
 * medians, and is printed on its own. */
static void warm_up(const lapack *l)
{
    enum { N = 512 };
    factor_job j = { .l = l, .r = GETRF, .n = N, .a = malloc(sizeof(double) * N * N),
                     .ipiv = malloc(sizeof(int) * N) };
    if (!j.a || !j.ipiv) {
        free(j.a);
        free(j.ipiv);
        return;
    }
    make_matrix(GETRF, N, j.a);
    double t0 = bench_now();
    factor(&j);
    printf("first call (dgetrf n = %d, one-time setup included): %.3f s\n", N, bench_now() - t0);
    free(j.a);
    free(j.ipiv);
}

int main(int argc, char **argv)
{
    options o = { .lapack = default_lapack, .sizes = { .n = { 4096, 8192 }, .count = 2 }, .reps = 3,
                  .getrf = true, .potrf = true, .geqrf = true };
    int st = parse(argc, argv, &o);
    if (st) return st == 1 ? 0 : st;
    lapack l;
    if (!load(o.lapack, &l)) return 77;
    print_stack(o.lapack);
    if (o.require_dgemm && !strstr(provider("dgemm_"), o.require_dgemm)) {
        printf("dgemm_ does not come from a library named like %s\n", o.require_dgemm);
        return 1;
    }
    warm_up(&l);
    printf("%-6s %6s %4s %10s %9s %10s %s\n", "name", "n", "reps", "median_s", "GFLOP/s",
           "residual", "check");
    int bad = 0;
    for (int s = 0; s < o.sizes.count; s++) {
        if (o.getrf) bad += !run(&l, GETRF, o.sizes.n[s], o.reps);
        if (o.potrf) bad += !run(&l, POTRF, o.sizes.n[s], o.reps);
        if (o.geqrf) bad += !run(&l, GEQRF, o.sizes.n[s], o.reps);
    }
    printf("residual: max over %d random x of ||A x - F x||_inf / (||A||_inf ||x||_inf n eps), "
           "F the computed factors (P^T L U, L L^T, Q R); below %g passes. GFLOP/s: 2n^3/3 "
           "(getrf), n^3/3 (potrf), 4n^3/3 (geqrf) over the median time.\n",
           CHECK_VECTORS, RESIDUAL_LIMIT);
    return bad ? 1 : 0;
}
