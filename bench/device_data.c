#include "device_data.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "ompwg.h"

void *bench_device_alloc(size_t bytes)
{
    void *d = NULL;
    int st = ompwg_device_alloc(bytes, &d);
    if (st == OMPWG_OK) return d;
    fprintf(stderr, "bench: %zu bytes on the device: %s\n", bytes, ompwg_strerror(st));
    return NULL;
}

void *bench_device_copy_of(const void *host, size_t bytes)
{
    void *d = NULL;
    int st = ompwg_device_alloc(bytes, &d);
    if (st == OMPWG_OK) st = ompwg_device_copy(d, host, bytes, OMPWG_HOST_TO_DEVICE);
    if (st == OMPWG_OK) return d;
    fprintf(stderr, "bench: %zu bytes to the device: %s\n", bytes, ompwg_strerror(st));
    ompwg_device_free(d);
    return NULL;
}

void *bench_device_random(size_t n, size_t elem, uint64_t seed)
{
    void *h = malloc(n * elem), *d = NULL;
    if (h) {
        if (elem == sizeof(float)) bench_fill_float(h, n, seed);
        else bench_fill_double(h, n, seed);
        d = bench_device_copy_of(h, n * elem);
    }
    free(h);
    return d;
}

int bench_gpu_backend_info(char *why, size_t len)
{
    snprintf(why, len, "no gpu backend compiled in");
    int usable = 0;
    for (int i = 0; i < ompwg_backend_count(); i++) {
        const char *name = NULL;
        char line[1024];
        int u = ompwg_backend_info(i, &name, line, sizeof line);
        if (name && strcmp(name, "gpu") == 0) {
            usable = u == 1;
            snprintf(why, len, "%s", line);
        }
    }
    return usable;
}

int bench_square_gemm_device(void *arg)
{
    const bench_device_call *g = arg;
    return g->dbl ? ompwg_dgemm_device(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, g->n, g->n,
                                       g->n, 1.0, g->a, g->n, g->b, g->n, 0.0, g->c, g->n)
                  : ompwg_sgemm_device(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, g->n, g->n,
                                       g->n, 1.0f, g->a, g->n, g->b, g->n, 0.0f, g->c, g->n);
}
