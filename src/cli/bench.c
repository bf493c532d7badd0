/* `ompwg bench`: GEMM and reductions on every usable backend, timed in one
 * run and checked against OpenBLAS. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cblas.h>

#include "cli.h"
#include "harness.h"
#include "ompwg.h"

typedef struct bench_row {
    const char *op, *prec;
    int64_t size;
    int status;
    double seconds, rate, check;
} bench_row;

static void bench_fill_s(float *x, size_t n, uint64_t seed)
{
    bench_fill_float(x, n, seed);
}

static void bench_fill_d(double *x, size_t n, uint64_t seed)
{
    bench_fill_double(x, n, seed);
}

#define OMPWG_PREC_S
#include "bench_tmpl.c"
#undef OMPWG_PREC_S
#define OMPWG_PREC_D
#include "bench_tmpl.c"
#undef OMPWG_PREC_D

typedef struct options {
    int64_t gemm_n, vec_n;
    int reps;
    const char *backends;
} options;

static int parse(int argc, char **argv, options *o)
{
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(arg, "--quick") == 0) continue;
        if (strcmp(arg, "--help") == 0) {
            printf("usage: ompwg bench [--quick] [--gemm-n N] [--vec-n N] [--reps R] "
                   "[--backends a,b]\n");
            return 1;
        }
        if (!val) goto bad;
        if (strcmp(arg, "--gemm-n") == 0) o->gemm_n = atoll(val);
        else if (strcmp(arg, "--vec-n") == 0) o->vec_n = atoll(val);
        else if (strcmp(arg, "--reps") == 0) o->reps = atoi(val);
        else if (strcmp(arg, "--backends") == 0) o->backends = val;
        else goto bad;
        i++;
        continue;
    bad:
        fprintf(stderr, "ompwg bench: bad option '%s' (see --help)\n", arg);
        return 2;
    }
    if (o->gemm_n < 1 || o->vec_n < 1 || o->reps < 1) {
        fprintf(stderr, "ompwg bench: sizes and --reps must be positive\n");
        return 2;
    }
    return 0;
}

static bool wanted(const char *list, const char *name)
{
    if (!list) return true;
    size_t len = strlen(name);
    for (const char *p = list; (p = strstr(p, name)); p += len)
        if ((p == list || p[-1] == ',') && (p[len] == ',' || p[len] == '\0')) return true;
    return false;
}

static void print_row(const char *backend, const bench_row *r, double ref_rate)
{
    if (r->status != OMPWG_OK) {
        printf("%-9s %-5s %-7s %10lld  failed: %s\n", backend, r->op, r->prec,
               (long long)r->size, ompwg_strerror(r->status));
        return;
    }
    bool gemm = strcmp(r->op, "gemm") == 0;
    printf("%-9s %-5s %-7s %10lld %10.3f %9.1f %-7s %8.2fx %9.3g %s\n", backend, r->op, r->prec,
           (long long)r->size, r->seconds * 1e3, r->rate, gemm ? "GFLOP/s" : "GB/s",
           ref_rate > 0 ? r->rate / ref_rate : 0.0, r->check,
           r->check < (gemm ? 16 : 1) ? "ok" : "MISMATCH");
}

int ompwg_cli_bench(int argc, char **argv)
{
    options o = { .gemm_n = 1024, .vec_n = 1 << 24, .reps = 5, .backends = NULL };
    int st = parse(argc, argv, &o);
    if (st) return st == 1 ? 0 : st;

    printf("ompwg %s bench: GEMM n=%lld, sum/dot n=%lld, median of %d after a warm-up\n",
           ompwg_version_string(), (long long)o.gemm_n, (long long)o.vec_n, o.reps);
    printf("OpenBLAS kernel: %s; host-data calls (GPU times include the transfers)\n",
           openblas_get_corename());
    /* openblas first: it is the reference the ratios divide by */
    enum { ROWS = 6 };
    double ref[ROWS] = { 0 };
    const char *order[8];
    int count = 0;
    order[count++] = "openblas";
    for (int i = 0; i < ompwg_backend_count() && count < 8; i++) {
        const char *name;
        char why[512];
        int usable = ompwg_backend_info(i, &name, why, sizeof why);
        if (strcmp(name, "openblas") == 0) continue;
        if (usable) order[count++] = name;
        else printf("%-9s not usable: %s\n", name, why);
    }
    printf("%-9s %-5s %-7s %10s %10s %9s %-7s %9s %9s\n", "backend", "op", "prec", "size",
           "median_ms", "rate", "unit", "vs_oblas", "check");
    int failures = 0;
    char prev[32];
    snprintf(prev, sizeof prev, "%s", ompwg_get_backend());
    for (int b = 0; b < count; b++) {
        if (!wanted(o.backends, order[b])) continue;
        if (ompwg_set_backend(order[b]) != OMPWG_OK) continue;
        bench_row rows[ROWS] = {
            bench_gemm_s(o.gemm_n, o.reps),         bench_gemm_d(o.gemm_n, o.reps),
            bench_vec_s(false, o.vec_n, o.reps),    bench_vec_d(false, o.vec_n, o.reps),
            bench_vec_s(true, o.vec_n, o.reps),     bench_vec_d(true, o.vec_n, o.reps),
        };
        for (int r = 0; r < ROWS; r++) {
            if (b == 0) ref[r] = rows[r].status == OMPWG_OK ? rows[r].rate : 0;
            print_row(order[b], &rows[r], ref[r]);
            bool gemm = strcmp(rows[r].op, "gemm") == 0;
            failures += rows[r].status != OMPWG_OK || !(rows[r].check < (gemm ? 16 : 1));
        }
    }
    ompwg_set_backend(prev);
    printf("check: GEMM netlib ratio (< 16 passes); sum/dot difference to OpenBLAS in units "
           "of the documented bound (< 1 passes)\n");
    return failures ? 1 : 0;
}
