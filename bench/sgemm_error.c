#include "sgemm_error.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cublas.h"
#include "device_data.h"
#include "ompwg.h"

/* a device copy of n2 floats, widened to double (absolute values when abs) */
static double *widened(const float *dev, size_t n2, bool abs_values)
{
    float *h = malloc(n2 * sizeof(float));
    double *w = malloc(n2 * sizeof(double)), *d = NULL;
    if (h && w && ompwg_device_copy(h, dev, n2 * sizeof(float), OMPWG_DEVICE_TO_HOST) == OMPWG_OK) {
        for (size_t i = 0; i < n2; i++) w[i] = abs_values ? fabs((double)h[i]) : (double)h[i];
        d = bench_device_copy_of(w, n2 * sizeof(double));
    }
    free(h);
    free(w);
    return d;
}

/* C := A B in double on the device, into host array out */
static bool product(int64_t n, double *a, double *b, double *out)
{
    size_t bytes = (size_t)(n * n) * sizeof(double);
    double *c = bench_device_alloc(bytes);
    bool ok = c && bench_cublas_dgemm(n, 1.0, a, b, 0.0, c) == 0 &&
              ompwg_device_copy(out, c, bytes, OMPWG_DEVICE_TO_HOST) == OMPWG_OK;
    ompwg_device_free(c);
    return ok;
}

bool bench_sgemm_exact_init(bench_sgemm_exact *e, int64_t n, const float *a, const float *b)
{
    size_t n2 = (size_t)(n * n);
    *e = (bench_sgemm_exact){ .n = n, .exact = malloc(n2 * sizeof(double)),
                              .scale = malloc(n2 * sizeof(double)) };
    double *ad = widened(a, n2, false), *bd = widened(b, n2, false);
    bool ok = e->exact && e->scale && ad && bd && product(n, ad, bd, e->exact);
    ompwg_device_free(ad);
    ompwg_device_free(bd);
    ad = ok ? widened(a, n2, true) : NULL;
    bd = ok ? widened(b, n2, true) : NULL;
    ok = ok && ad && bd && product(n, ad, bd, e->scale);
    ompwg_device_free(ad);
    ompwg_device_free(bd);
    if (!ok) {
        fprintf(stderr, "bench: no product in double for the float GEMM's error (n = %lld)\n",
                (long long)n);
        bench_sgemm_exact_free(e);
    }
    return ok;
}

bool bench_sgemm_error(const bench_sgemm_exact *e, const float *c, double *median, double *max)
{
    /* errors in bins of 1/256 up to 64, the rest in the last */
    enum { BINS = 64 * 256 + 1 };
    size_t n2 = (size_t)(e->n * e->n);
    float *h = malloc(n2 * sizeof(float));
    int64_t *bins = calloc(BINS, sizeof *bins);
    bool ok = h && bins &&
              ompwg_device_copy(h, c, n2 * sizeof(float), OMPWG_DEVICE_TO_HOST) == OMPWG_OK;
    if (ok) {
        double worst = 0;
        for (size_t i = 0; i < n2; i++) {
            double den = FLT_EPSILON * e->scale[i], diff = fabs((double)h[i] - e->exact[i]);
            double r = diff == 0 ? 0 : den > 0 ? diff / den : INFINITY;
            if (!(r <= worst)) worst = r;
            bins[r < 64 ? (int64_t)(r * 256) : BINS - 1]++;
        }
        int64_t seen = 0, half = (int64_t)(n2 + 1) / 2;
        int b = 0;
        while (b < BINS - 1 && (seen += bins[b]) < half) b++;
        *median = b == BINS - 1 ? worst : (b + 1) / 256.0;
        *max = worst;
    }
    free(h);
    free(bins);
    return ok;
}

void bench_sgemm_exact_free(bench_sgemm_exact *e)
{
    free(e->exact);
    free(e->scale);
    e->exact = e->scale = NULL;
}
