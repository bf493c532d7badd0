/* The GPU backend's GEMM on host data: results of the pipelined path
 * against a CPU backend on shapes that take it (padded leading dimensions,
 * transposes, beta != 0, a last column block of its own width; C's padding
 * must stay untouched), then the time of host-data DGEMMs from pageable
 * memory and the rate of ompwg_device_copy from and to pageable memory.
 *     bench_hostpath [--quick | --check]
 * Run with the gpu backend usable; prints one line per case. --check runs
 * only shapes that take the pipeline with few flops each (the test suite runs
 * it in host fallback) and exits 1 on a wrong result. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ompwg.h"
#include "options.h"

#define PAD_VALUE -7.0

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double *filled(size_t count, unsigned seed)
{
    double *p = malloc(count * sizeof *p);
    if (!p) return NULL;
    for (size_t i = 0; i < count; i++) {
        seed = seed * 1103515245u + 12345u;
        p[i] = (double)(seed >> 8 & 0xffff) / 65536.0 - 0.5;
    }
    return p;
}

typedef struct shape {
    int64_t m, n, k, pad;
    ompwg_trans ta, tb;
    double beta;
} shape;

/* One shape on the gpu backend and on a CPU backend: true when they agree
 * and C's padding is untouched. */
static bool check_shape(const shape *s, const char *cpu)
{
    const int64_t ra = s->ta == OMPWG_NO_TRANS ? s->m : s->k, ca = s->ta == OMPWG_NO_TRANS ? s->k : s->m;
    const int64_t rb = s->tb == OMPWG_NO_TRANS ? s->k : s->n, cb = s->tb == OMPWG_NO_TRANS ? s->n : s->k;
    const int64_t lda = ra + s->pad, ldb = rb + s->pad, ldc = s->m + s->pad;
    double *a = filled((size_t)(lda * ca), 1), *b = filled((size_t)(ldb * cb), 2);
    double *c0 = filled((size_t)(ldc * s->n), 3);
    double *c_gpu = malloc((size_t)(ldc * s->n) * sizeof(double));
    double *c_cpu = malloc((size_t)(ldc * s->n) * sizeof(double));
    bool ok = a && b && c0 && c_gpu && c_cpu;
    if (ok) {
        for (int64_t j = 0; j < s->n; j++)
            for (int64_t i = s->m; i < ldc; i++) c0[i + j * ldc] = PAD_VALUE;
        memcpy(c_gpu, c0, (size_t)(ldc * s->n) * sizeof(double));
        memcpy(c_cpu, c0, (size_t)(ldc * s->n) * sizeof(double));
        int st_gpu = ompwg_set_backend("gpu") == OMPWG_OK
                         ? ompwg_dgemm(OMPWG_COL_MAJOR, s->ta, s->tb, s->m, s->n, s->k, 1.5, a,
                                       lda, b, ldb, s->beta, c_gpu, ldc)
                         : OMPWG_ERR_UNAVAILABLE;
        int st_cpu = ompwg_set_backend(cpu) == OMPWG_OK
                         ? ompwg_dgemm(OMPWG_COL_MAJOR, s->ta, s->tb, s->m, s->n, s->k, 1.5, a,
                                       lda, b, ldb, s->beta, c_cpu, ldc)
                         : OMPWG_ERR_UNAVAILABLE;
        double worst = 0, scale = 0;
        bool pad_ok = true;
        for (int64_t j = 0; j < s->n; j++)
            for (int64_t i = 0; i < ldc; i++) {
                const double g = c_gpu[i + j * ldc], r = c_cpu[i + j * ldc];
                if (i >= s->m) {
                    pad_ok = pad_ok && g == PAD_VALUE;
                    continue;
                }
                if (!(fabs(g - r) <= worst)) worst = isnan(g) ? INFINITY : fabs(g - r);
                if (fabs(r) > scale) scale = fabs(r);
            }
        ok = st_gpu == OMPWG_OK && st_cpu == OMPWG_OK && pad_ok && worst <= 1e-12 * scale * (double)s->k;
        printf("check %lldx%lldx%lld %c%c beta=%g pad=%lld: %s (status %d/%d, max diff %.3g of %.3g, "
               "padding %s)\n",
               (long long)s->m, (long long)s->n, (long long)s->k,
               s->ta == OMPWG_NO_TRANS ? 'N' : 'T', s->tb == OMPWG_NO_TRANS ? 'N' : 'T', s->beta,
               (long long)s->pad, ok ? "ok" : "FAILED", st_gpu, st_cpu, worst, scale,
               pad_ok ? "untouched" : "WRITTEN");
    } else {
        printf("check: out of host memory\n");
    }
    free(a);
    free(b);
    free(c0);
    free(c_gpu);
    free(c_cpu);
    return ok;
}

/* check_shape on each of count shapes: how many failed. */
static int check_shapes(const shape *list, size_t count, const char *cpu)
{
    int failed = 0;
    for (size_t i = 0; i < count; i++) failed += !check_shape(&list[i], cpu);
    return failed;
}

/* Host-data DGEMM m x n x k from pageable memory on the gpu backend: the
 * best and the median of `reps` timed calls after one untimed. */
static void time_gemm(int64_t m, int64_t n, int64_t k, double beta, int reps)
{
    double *a = filled((size_t)(m * k), 4), *b = filled((size_t)(k * n), 5),
           *c = filled((size_t)(m * n), 6);
    double t[16];
    if (reps > 16) reps = 16;
    int st = a && b && c ? ompwg_set_backend("gpu") : OMPWG_ERR_NOMEM;
    for (int r = -1; r < reps && st == OMPWG_OK; r++) {
        double t0 = now();
        st = ompwg_dgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, m, n, k, 1.0, a, m, b, k,
                         beta, c, m);
        if (r >= 0) t[r] = now() - t0;
    }
    if (st == OMPWG_OK) {
        for (int i = 0; i < reps; i++)
            for (int j = i + 1; j < reps; j++)
                if (t[j] < t[i]) {
                    double x = t[i];
                    t[i] = t[j];
                    t[j] = x;
                }
        const double flop = 2.0 * (double)m * (double)n * (double)k;
        const double link = 8.0 * (double)(m * k + k * n + m * n * (beta != 0 ? 2 : 1));
        printf("host-data dgemm %lldx%lldx%lld beta=%g: best %.2f ms (%.2f TFLOP/s, %.1f GB/s "
               "of operands), median %.2f ms (%.2f TFLOP/s)\n",
               (long long)m, (long long)n, (long long)k, beta, 1e3 * t[0], flop / t[0] * 1e-12,
               link / t[0] * 1e-9, 1e3 * t[reps / 2], flop / t[reps / 2] * 1e-12);
    } else {
        printf("host-data dgemm %lldx%lldx%lld: status %d (%s)\n", (long long)m, (long long)n,
               (long long)k, st, ompwg_strerror(st));
    }
    free(a);
    free(b);
    free(c);
}

/* ompwg_device_copy of `bytes` from and to pageable memory. */
static void time_copies(size_t bytes)
{
    char *host = malloc(bytes);
    void *dev = NULL;
    if (!host || ompwg_device_alloc(bytes, &dev) != OMPWG_OK) {
        printf("copies: no memory\n");
        free(host);
        return;
    }
    memset(host, 1, bytes);
    for (int dir = 0; dir < 2; dir++) {
        const ompwg_copy_kind kind = dir == 0 ? OMPWG_HOST_TO_DEVICE : OMPWG_DEVICE_TO_HOST;
        double best = INFINITY;
        int st = OMPWG_OK;
        for (int r = 0; r < 4 && st == OMPWG_OK; r++) {
            double t0 = now();
            st = dir == 0 ? ompwg_device_copy(dev, host, bytes, kind)
                          : ompwg_device_copy(host, dev, bytes, kind);
            double t = now() - t0;
            if (r > 0 && t < best) best = t;
        }
        printf("ompwg_device_copy %s pageable, %zu MiB: %.1f GB/s (status %d)\n",
               dir == 0 ? "from" : "to", bytes >> 20, (double)bytes / best * 1e-9, st);
    }
    ompwg_device_free(dev);
    free(host);
}

static void usage(FILE *f)
{
    fprintf(f, "usage: bench_hostpath [--quick | --check]\n");
}

int main(int argc, char **argv)
{
    bool quick = false, check_only = false;
    const bench_option table[] = {
        { "--quick", BENCH_OPTION_FLAG, &quick },
        { "--check", BENCH_OPTION_FLAG, &check_only },
    };
    int st = bench_parse_options("bench_hostpath", usage, argc, argv, table, BENCH_LEN(table));
    if (st != 0) return st == 1 ? 0 : 2;
    const char *cpu = ompwg_set_backend("openblas") == OMPWG_OK ? "openblas" : "cpu";
    if (check_only) {
        /* C large enough for the pipeline (tens of MiB), k small */
        const shape thin[] = {
            { 3000, 1100, 8, 3, OMPWG_NO_TRANS, OMPWG_NO_TRANS, 0.5 },
            { 2100, 1600, 4, 1, OMPWG_TRANS, OMPWG_TRANS, 1.0 },
            { 4000, 1300, 2, 0, OMPWG_NO_TRANS, OMPWG_TRANS, -1.0 },
            { 3200, 2100, 16, 5, OMPWG_TRANS, OMPWG_NO_TRANS, 0.0 },
        };
        return check_shapes(thin, sizeof thin / sizeof thin[0], cpu) ? 1 : 0;
    }
    const shape shapes[] = {
        { 2000, 3000, 700, 3, OMPWG_NO_TRANS, OMPWG_NO_TRANS, 0.5 },
        { 1500, 2500, 300, 5, OMPWG_NO_TRANS, OMPWG_TRANS, 1.0 },
        { 3000, 1100, 2000, 1, OMPWG_TRANS, OMPWG_NO_TRANS, -1.0 },
        { 2048, 4096, 512, 0, OMPWG_TRANS, OMPWG_TRANS, 0.0 },
    };
    int failed = check_shapes(shapes, sizeof shapes / sizeof shapes[0], cpu);
    time_copies((size_t)1 << 30);
    time_gemm(4096, 4096, 4096, 0.0, quick ? 3 : 7);
    time_gemm(4096, 4096, 4096, 1.0, quick ? 3 : 5);
    time_gemm(8192, 8192, 64, 1.0, quick ? 3 : 5);
    return failed ? 1 : 0;
}
