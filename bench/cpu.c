/* bench_cpu: the CPU backend against its references, in one run.
 *
 * - SGEMM and DGEMM (n x n x n, alpha 1, beta 0) on the `cpu` backend against
 *   the `openblas` backend, both through the public API;
 * - sum and dot over 2^26 elements on the `cpu` backend against a streaming
 *   read of the same arrays with the same number of OpenMP threads: the rate
 *   a memory-bound reduction can at best reach.
 *
 * Each figure is the median of --reps timed runs. The runs of ompwg and of
 * its reference alternate, so that a change in the machine's load during the
 * program hits both alike; before each timed run the program pauses until
 * the other side's idle threads have stopped spinning (OpenBLAS's and
 * OpenMP's workers busy-wait for a while after a call, and would take cores
 * from the side being timed), then makes one untimed warm-up run. A ratio is
 * ompwg's rate over the reference's; the program never fails on speed, only
 * on errors (exit status 1). */
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cblas.h>

#include "harness.h"
#include "ompwg.h"
#include "options.h"

#define WARMUP 1

typedef struct options {
    bench_sizes sizes;
    int64_t vec_len;
    int reps;
} options;

typedef struct gemm_case {
    const char *backend;
    bool dbl;
    int64_t n;
    const void *a, *b;
    void *c;
} gemm_case;

typedef struct vec_case {
    bool dbl, dot;
    int64_t n;
    const void *x, *y;
    int threads;
    uint64_t sink; /* keeps the streaming read's result alive */
} vec_case;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: bench_cpu [--n N,N,...] [--reps R] [--quick]\n"
            "  --n N,...  GEMM sizes n x n x n (1..65536; default 2048)\n"
            "  --reps R   timed runs per figure, median reported (5..1000, default 5)\n"
            "  --quick    small sizes (GEMM 256, reductions 2^20) for meson test --benchmark\n");
}

static int parse(int argc, char **argv, options *o)
{
    *o = (options){ .sizes = { .count = 0 }, .vec_len = (int64_t)1 << 26, .reps = 5 };
    bool quick = false;
    const bench_option table[] = {
        { "--quick", BENCH_OPTION_FLAG, &quick },
        { "--n", BENCH_OPTION_SIZES, &o->sizes },
        { "--reps", BENCH_OPTION_COUNT, &o->reps },
    };
    int st = bench_parse_options("bench_cpu", usage, argc, argv, table, BENCH_LEN(table));
    if (st != 0) return st == 1 ? 1 : -1;
    bool sizes_ok = true;
    for (int i = 0; i < o->sizes.count; i++) sizes_ok = sizes_ok && o->sizes.n[i] <= 65536;
    if (!sizes_ok || o->reps < 5 || o->reps > 1000) {
        fprintf(stderr, "bench_cpu: %s\n", sizes_ok ? "--reps: want 5..1000" : "--n: want 1..65536");
        usage(stderr);
        return -1;
    }
    if (quick) {
        o->vec_len = (int64_t)1 << 20;
        if (o->sizes.count == 0) o->sizes.n[o->sizes.count++] = 256;
    }
    if (o->sizes.count == 0) o->sizes.n[o->sizes.count++] = 2048;
    return 0;
}

static int run_gemm(void *arg)
{
    const gemm_case *g = arg;
    int st = ompwg_set_backend(g->backend);
    if (st != OMPWG_OK) return st;
    if (g->dbl)
        return ompwg_dgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, g->n, g->n, g->n, 1,
                           g->a, g->n, g->b, g->n, 0, g->c, g->n);
    return ompwg_sgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, g->n, g->n, g->n, 1,
                       g->a, g->n, g->b, g->n, 0, g->c, g->n);
}

static int run_reduce(void *arg)
{
    const vec_case *v = arg;
    if (v->dbl) {
        double r;
        return v->dot ? ompwg_ddot(v->n, v->x, 1, v->y, 1, &r) : ompwg_dsum(v->n, v->x, 1, &r);
    }
    float r;
    return v->dot ? ompwg_sdot(v->n, v->x, 1, v->y, 1, &r) : ompwg_ssum(v->n, v->x, 1, &r);
}

/* An OR of the bits of every 32-bit word of the vectors: as cheap per byte
 * as a load, impossible to drop since the result is kept, and split into
 * per-thread contiguous slices the way the CPU backend splits a reduction.
 * memcpy reads the bits without breaking the aliasing rules and compiles to
 * a load. With y, both arrays are read in the same pass, as the dot product
 * reads them. */
static uint32_t read_bits(const void *x, const void *y, int64_t words, int threads)
{
    const char *xb = x, *yb = y;
    uint32_t all = 0;
#pragma omp parallel num_threads(threads) reduction(| : all)
    {
        int t = omp_get_thread_num(), nt = omp_get_num_threads();
        int64_t begin = words * t / nt, end = words * (t + 1) / nt;
        uint32_t acc = 0, u, w;
        if (yb) {
#pragma omp simd reduction(| : acc)
            for (int64_t i = begin; i < end; i++) {
                memcpy(&u, xb + 4 * i, sizeof u);
                memcpy(&w, yb + 4 * i, sizeof w);
                acc |= u ^ w;
            }
        } else {
#pragma omp simd reduction(| : acc)
            for (int64_t i = begin; i < end; i++) {
                memcpy(&u, xb + 4 * i, sizeof u);
                acc |= u;
            }
        }
        all |= acc;
    }
    return all;
}

static int run_stream(void *arg)
{
    vec_case *v = arg;
    const void *y = v->dot ? v->y : NULL;
    v->sink |= read_bits(v->x, y, v->n * (v->dbl ? 2 : 1), v->threads);
    return 0;
}

/* Median times of fn_a and fn_b over reps alternating runs, each after a
 * pause and a warm-up run; -1 when a run failed. */
static int pair_time(int (*fn_a)(void *), void *a, int (*fn_b)(void *), void *b, int reps,
                     double *ta, double *tb)
{
    double *va = malloc((size_t)reps * sizeof *va), *vb = malloc((size_t)reps * sizeof *vb);
    int st = va && vb ? 0 : -1;
    for (int r = 0; r < reps && st == 0; r++) {
        bench_settle();
        va[r] = bench_time(fn_a, a, WARMUP, 1);
        bench_settle();
        vb[r] = bench_time(fn_b, b, WARMUP, 1);
        if (va[r] < 0 || vb[r] < 0) st = -1;
    }
    if (st == 0) {
        *ta = bench_median(va, reps);
        *tb = bench_median(vb, reps);
    }
    free(va);
    free(vb);
    return st;
}

static void print_header(void)
{
    printf("%-5s %-4s %10s %10s %9s %-7s %-9s %10s %9s %6s\n", "op", "prec", "size", "ompwg ms",
           "rate", "unit", "reference", "ref ms", "ref rate", "ratio");
}

static void print_row(const char *op, bool dbl, int64_t size, double t, double ref_t,
                      const char *ref, double work, const char *unit)
{
    printf("%-5s %-4s %10lld %10.3f %9.1f %-7s %-9s %10.3f %9.1f %6.3f\n", op, dbl ? "d" : "s",
           (long long)size, 1e3 * t, work / t * 1e-9, unit, ref, 1e3 * ref_t, work / ref_t * 1e-9,
           ref_t / t);
}

/* Threads the CPU backend runs with: the count its description starts
 * with ("N threads on M cores; ..."). */
static int cpu_threads(char *desc, size_t len)
{
    for (int i = 0; i < ompwg_backend_count(); i++) {
        const char *name;
        if (ompwg_backend_info(i, &name, desc, len) == 1 && strcmp(name, "cpu") == 0) {
            int t = atoi(desc);
            return t > 0 ? t : -1;
        }
    }
    return -1;
}

static int bench_gemm(const options *o, int64_t n, bool dbl)
{
    size_t elem = dbl ? sizeof(double) : sizeof(float), count = (size_t)(n * n);
    void *a = malloc(count * elem), *b = malloc(count * elem), *c = malloc(count * elem);
    int st = 0;
    if (!a || !b || !c) {
        fprintf(stderr, "bench_cpu: out of memory for n = %lld\n", (long long)n);
        st = -1;
        goto out;
    }
    if (dbl) {
        bench_fill_double(a, count, 1);
        bench_fill_double(b, count, 2);
        bench_fill_double(c, count, 3);
    } else {
        bench_fill_float(a, count, 1);
        bench_fill_float(b, count, 2);
        bench_fill_float(c, count, 3);
    }
    gemm_case mine = { .backend = "cpu", .dbl = dbl, .n = n, .a = a, .b = b, .c = c };
    gemm_case ref = mine;
    ref.backend = "openblas";
    double t, ref_t;
    if (pair_time(run_gemm, &mine, run_gemm, &ref, o->reps, &t, &ref_t) != 0) {
        fprintf(stderr, "bench_cpu: %cgemm n=%lld failed (cpu or openblas backend)\n",
                dbl ? 'd' : 's', (long long)n);
        st = -1;
        goto out;
    }
    print_row("gemm", dbl, n, t, ref_t, "openblas", 2.0 * (double)n * (double)n * (double)n,
              "GFLOP/s");
out:
    free(a);
    free(b);
    free(c);
    return st;
}

static int bench_reduce(const options *o, bool dbl, int threads)
{
    int64_t n = o->vec_len;
    size_t elem = dbl ? sizeof(double) : sizeof(float);
    void *x = malloc((size_t)n * elem), *y = malloc((size_t)n * elem);
    int st = 0;
    if (!x || !y) {
        fprintf(stderr, "bench_cpu: out of memory for %lld elements\n", (long long)n);
        st = -1;
        goto out;
    }
    if (dbl) {
        bench_fill_double(x, (size_t)n, 4);
        bench_fill_double(y, (size_t)n, 5);
    } else {
        bench_fill_float(x, (size_t)n, 4);
        bench_fill_float(y, (size_t)n, 5);
    }
    if (ompwg_set_backend("cpu") != OMPWG_OK) {
        st = -1;
        goto out;
    }
    for (int dot = 0; dot <= 1; dot++) {
        vec_case v = { .dbl = dbl, .dot = dot, .n = n, .x = x, .y = y, .threads = threads };
        double t, ref;
        if (pair_time(run_reduce, &v, run_stream, &v, o->reps, &t, &ref) != 0) {
            fprintf(stderr, "bench_cpu: %c%s failed\n", dbl ? 'd' : 's', dot ? "dot" : "sum");
            st = -1;
            goto out;
        }
        print_row(dot ? "dot" : "sum", dbl, n, t, ref, "read", (double)n * (double)elem * (dot ? 2 : 1),
                  "GB/s");
    }
out:
    free(x);
    free(y);
    return st;
}

int main(int argc, char **argv)
{
    options o;
    int p = parse(argc, argv, &o);
    if (p != 0) return p > 0 ? 0 : 2;

    char desc[256];
    int threads = cpu_threads(desc, sizeof desc);
    if (threads < 0) {
        fprintf(stderr, "bench_cpu: the cpu backend is not usable\n");
        return 1;
    }
    /* the reference gets the same number of threads as ompwg */
    openblas_set_num_threads(threads);
    printf("ompwg %s, cpu backend: %s\n", ompwg_version_string(), desc);
    printf("%s: core %s, %d threads\n", openblas_get_config(), openblas_get_corename(),
           openblas_get_num_threads());
    printf("threads: %d (ompwg cpu, OpenBLAS, streaming read); median of %d alternating runs, "
           "each after a pause and %d warm-up run\n\n",
           threads, o.reps, WARMUP);

    int failed = 0;
    print_header();
    for (int i = 0; i < o.sizes.count; i++)
        for (int dbl = 0; dbl <= 1; dbl++) failed |= bench_gemm(&o, o.sizes.n[i], dbl) != 0;
    for (int dbl = 0; dbl <= 1; dbl++) failed |= bench_reduce(&o, dbl, threads) != 0;
    fflush(stdout);
    return failed ? 1 : 0;
}
