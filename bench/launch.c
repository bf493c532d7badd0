/* bench_launch: the fixed costs of the offload runtime on this machine, the
 * floor under every small call of the GPU backend. Each figure is the
 * median of many calls after a warm-up, in microseconds:
 *
 *   target    an empty target region (one team of one warp): the launch and
 *             the wait for it
 *   target+map  the same with a 16-byte struct mapped tofrom (one device
 *             allocation from the runtime's pool, a copy each way, one wait)
 *   alloc+free  omp_target_alloc and omp_target_free of 4 KiB
 *   copy-back   omp_target_memcpy of 8 bytes and of 4 KiB to the host
 *
 * and, for comparison, the library's own small calls on device data: a sum
 * of 2^16 floats and doubles and a 256 x 256 SGEMM and DGEMM.
 *
 *   bench_launch [--reps N] [--sched auto|spin|yield|blocking|keep]
 *
 * --sched sets OMPWG_GPU_SYNC (how a host thread waits for the GPU, see
 * ompwg.h) before the backend starts; the gpu backend's line says what it
 * did.
 *
 * Without a usable GPU it says why and exits 0. */
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device_data.h"
#include "harness.h"
#include "ompwg.h"
#include "options.h"

typedef struct probe {
    int dev;
    void *buf;  /* 4 KiB of device memory */
    char host[4096];
    size_t bytes;
} probe;

static int empty_target(void *arg)
{
    probe *p = arg;
#pragma omp target teams device(p->dev) num_teams(1) thread_limit(32)
    {
        /* nothing: the launch is what is measured */
    }
    return 0;
}

static int mapped_target(void *arg)
{
    probe *p = arg;
    struct {
        double value;
        unsigned done;
    } box = { 0, 0 };
#pragma omp target teams device(p->dev) num_teams(1) thread_limit(32) map(tofrom : box)
    {
        if (omp_get_team_num() == 0) {
            box.value = 1;
            box.done = 1;
        }
    }
    return box.done == 1 ? 0 : 1;
}

static int alloc_free(void *arg)
{
    probe *p = arg;
    void *d = omp_target_alloc(4096, p->dev);
    if (!d) return 1;
    omp_target_free(d, p->dev);
    return 0;
}

static int copy_back(void *arg)
{
    probe *p = arg;
    return omp_target_memcpy(p->host, p->buf, p->bytes, 0, 0, omp_get_initial_device(), p->dev);
}

/* The sum of the n values at a. */
static int run_sum(void *arg)
{
    const bench_device_call *c = arg;
    if (c->dbl) {
        double r;
        return ompwg_dsum_device(c->n, c->a, 1, &r);
    }
    float r;
    return ompwg_ssum_device(c->n, c->a, 1, &r);
}

/* The gpu backend's line of ompwg_backend_info, which says how host
 * threads wait for the device (OMPWG_GPU_SYNC). */
static void backend_line(void)
{
    char why[1024];
    bench_gpu_backend_info(why, sizeof why);
    printf("gpu backend: %s\n", why);
}

static void line(const char *what, double seconds)
{
    if (seconds < 0) printf("%-28s failed\n", what);
    else printf("%-28s %9.1f us\n", what, seconds * 1e6);
}

static void usage(FILE *f)
{
    fprintf(f, "usage: bench_launch [--reps N] [--sched auto|spin|yield|blocking|keep]\n");
}

int main(int argc, char **argv)
{
    int reps = 2000;
    const char *sched = NULL;
    const bench_option table[] = {
        { "--reps", BENCH_OPTION_COUNT, &reps },
        { "--sched", BENCH_OPTION_TEXT, &sched },
    };
    int st = bench_parse_options("bench_launch", usage, argc, argv, table, BENCH_LEN(table));
    if (st != 0) return st == 1 ? 0 : 2;
    /* before the first call: the backend applies it when it starts */
    if (sched && ompwg_set_gpu_sync(sched) != OMPWG_OK) {
        fprintf(stderr, "bench_launch: --sched %s is not auto, spin, yield, blocking or keep\n", sched);
        return 2;
    }
    char name[128];
    if (ompwg_gpu_name(name, sizeof name) != OMPWG_OK) {
        printf("bench_launch: no GPU rows: no usable GPU (ompwg info says why)\n");
        return 0;
    }
    probe p = { .dev = omp_get_default_device() };
    p.buf = omp_target_alloc(sizeof p.host, p.dev);
    if (!p.buf) {
        printf("bench_launch: device allocation failed\n");
        return 1;
    }
    backend_line();
    printf("device: %s; median of %d calls, microseconds\n", name, reps);
    line("target (empty)", bench_time(empty_target, &p, 50, reps));
    line("target + map(tofrom: 16 B)", bench_time(mapped_target, &p, 50, reps));
    line("omp_target_alloc+free 4 KiB", bench_time(alloc_free, &p, 50, reps));
    p.bytes = 8;
    line("omp_target_memcpy D2H 8 B", bench_time(copy_back, &p, 50, reps));
    p.bytes = sizeof p.host;
    line("omp_target_memcpy D2H 4 KiB", bench_time(copy_back, &p, 50, reps));
    omp_target_free(p.buf, p.dev);

    for (int gemm = 0; gemm < 2; gemm++)
        for (int d = 0; d < 2; d++) {
            bench_device_call c = { .dbl = d, .n = gemm ? 256 : 1 << 16 };
            size_t count = gemm ? (size_t)(c.n * c.n) : (size_t)c.n;
            const size_t elem = d ? sizeof(double) : sizeof(float);
            c.a = bench_device_random(count, elem, 1);
            c.b = gemm ? bench_device_random(count, elem, 2) : NULL;
            c.c = gemm ? bench_device_random(count, elem, 3) : NULL;
            char what[64];
            snprintf(what, sizeof what, "ompwg_%c%s_device %s", d ? 'd' : 's',
                     gemm ? "gemm" : "sum", gemm ? "256" : "2^16");
            int (*run)(void *) = gemm ? bench_square_gemm_device : run_sum;
            line(what, c.a && (!gemm || (c.b && c.c)) ? bench_time(run, &c, 20, reps / 4) : -1);
            ompwg_device_free(c.a);
            ompwg_device_free(c.b);
            ompwg_device_free(c.c);
        }
    return 0;
}
