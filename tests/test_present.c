/* Data the caller mapped with OpenMP: GEMM and the reductions on host
 * pointers inside `#pragma omp target data` run on the mapped device copies
 * (on a GPU nothing crosses the link, and the host copy of C changes only
 * at `target update from`), with the same results as elsewhere; with
 * ompwg_set_mapped_data(0) the host pointers are host data, mapped or not.
 * Built with the library's offload flags, so that the maps reach the GPU. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "ompwg.h"
#include "tap.h"
#include "walk.h"

enum { N = 192, K = 160, NX = 70001 };

static bool on_real_gpu(void)
{
    char name[128];
    return ompwg_gpu_name(name, sizeof name) == OMPWG_OK;
}

static void one_round(const char *backend)
{
    if (ompwg_set_backend(backend) != OMPWG_OK) {
        tap_skip(backend, "backend %s is not usable here", backend);
        return;
    }
    int dev = omp_get_default_device();
    ompwg_get_gpu_device(&dev);
    const bool gpu = on_real_gpu() && strcmp(ompwg_get_backend(), "gpu") == 0;
    test_rng r;
    test_rng_init(&r, tap_seed());
    double *a = test_malloc(sizeof(double) * N * K), *b = test_malloc(sizeof(double) * K * N);
    double *c = test_malloc(sizeof(double) * N * N), *c0 = test_malloc(sizeof(double) * N * N);
    double *x = test_malloc(sizeof(double) * NX);
    for (int i = 0; i < N * K; i++) a[i] = test_uniform(&r);
    for (int i = 0; i < K * N; i++) b[i] = test_uniform(&r);
    for (int i = 0; i < N * N; i++) c0[i] = c[i] = test_uniform(&r);
    double want = 0;
    for (int i = 0; i < NX; i++) want += x[i] = test_uniform(&r);

    uint64_t up0, down0, up1, down1;
    double sum = NAN, sum_after = NAN;
    int st_gemm, st_sum, st_sum2;
    bool c_untouched = false;
    ompwg_link_traffic(&up0, &down0);
#pragma omp target data map(to : a[0 : N * K], b[0 : K * N], x[0 : NX]) map(tofrom : c[0 : N * N]) \
    device(dev)
    {
        st_gemm = ompwg_dgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, N, N, K, 0.5, a, N,
                              b, K, -1.0, c, N);
        st_sum = ompwg_dsum(NX, x, 1, &sum);
        /* the same vector backwards: the mapped copy found from its low end */
        st_sum2 = ompwg_dsum(NX, x, -1, &sum_after);
        ompwg_link_traffic(&up1, &down1);
        c_untouched = memcmp(c, c0, sizeof(double) * N * N) == 0;
#pragma omp target update from(c[0 : N * N]) device(dev)
    }
    double ratio = -1;
    int rs = ompwg_dgemm_ratio(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, N, N, K, 0.5, a,
                               N, b, K, -1.0, c0, c, N, &ratio);
    tap_ok(st_gemm == OMPWG_OK && rs == OMPWG_OK && ratio < 16,
           "%s: DGEMM on mapped arrays is right (status %d, netlib ratio %g)", backend, st_gemm,
           ratio);
    double tol = 1e-12 * NX;
    tap_ok(st_sum == OMPWG_OK && st_sum2 == OMPWG_OK && fabs(sum - want) < tol &&
               fabs(sum_after - want) < tol,
           "%s: sums of a mapped vector, both directions, are right (%.17g, %.17g; want %.17g)",
           backend, sum, sum_after, want);
    if (gpu) {
        tap_ok(up1 == up0 && down1 == down0,
               "%s: nothing crossed the link (%llu bytes up, %llu down)", backend,
               (unsigned long long)(up1 - up0), (unsigned long long)(down1 - down0));
        tap_ok(c_untouched, "%s: the host's C changed only at target update", backend);
        /* the counter counts: the same GEMM on unmapped host data moves it */
        ompwg_set_backend("gpu");
        ompwg_link_traffic(&up0, &down0);
        int st = ompwg_dgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, N, N, K, 0.5, a, N,
                             b, K, 0.0, c, N);
        ompwg_link_traffic(&up1, &down1);
        tap_ok(st == OMPWG_OK && up1 - up0 >= sizeof(double) * (N * K + K * N) &&
                   down1 - down0 >= sizeof(double) * N * N,
               "%s: a call on unmapped host data moves its operands (%llu bytes up, %llu down)",
               backend, (unsigned long long)(up1 - up0), (unsigned long long)(down1 - down0));
    } else {
        tap_skip("link traffic", "%s: no GPU here: the maps are the host's own memory", backend);
    }
    free(a);
    free(b);
    free(c);
    free(c0);
    free(x);
}

/* ompwg_set_mapped_data(0): a GEMM on mapped host arrays on the gpu
 * backend reads and writes the host copies (its operands cross the link,
 * the host's C is the result before any target update); the setter's
 * values. */
static void lookups_off(bool gpu_usable)
{
    const int was = ompwg_set_mapped_data(0);
    const int now = ompwg_get_mapped_data();
    const int bad = ompwg_set_mapped_data(2);
    tap_ok(was == 1 && now == 0 && bad == OMPWG_ERR_RANGE && ompwg_get_mapped_data() == 0,
           "ompwg_set_mapped_data: 0 from the default 1 (gave %d, now %d), 2 refused (%d)", was,
           now, bad);
    if (!gpu_usable || !on_real_gpu() || ompwg_set_backend("gpu") != OMPWG_OK) {
        tap_skip("mapped data off on the GPU", "no usable GPU here");
        ompwg_set_mapped_data(-1);
        return;
    }
    int dev = omp_get_default_device();
    ompwg_get_gpu_device(&dev);
    test_rng r;
    test_rng_init(&r, tap_seed() + 1);
    double *a = test_malloc(sizeof(double) * N * K), *b = test_malloc(sizeof(double) * K * N);
    double *c = test_malloc(sizeof(double) * N * N), *c0 = test_malloc(sizeof(double) * N * N);
    for (int i = 0; i < N * K; i++) a[i] = test_uniform(&r);
    for (int i = 0; i < K * N; i++) b[i] = test_uniform(&r);
    for (int i = 0; i < N * N; i++) c0[i] = c[i] = test_uniform(&r);
    uint64_t up0, down0, up1, down1;
    int st;
    double ratio = -1;
    int rs = -1;
#pragma omp target data map(to : a[0 : N * K], b[0 : K * N]) map(to : c[0 : N * N]) device(dev)
    {
        ompwg_link_traffic(&up0, &down0);
        st = ompwg_dgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, N, N, K, 0.5, a, N, b,
                         K, -1.0, c, N);
        ompwg_link_traffic(&up1, &down1);
        rs = ompwg_dgemm_ratio(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, N, N, K, 0.5, a,
                               N, b, K, -1.0, c0, c, N, &ratio);
    }
    tap_ok(st == OMPWG_OK && rs == OMPWG_OK && ratio < 16 && up1 - up0 >= sizeof(double) * N * K &&
               down1 - down0 >= sizeof(double) * N * N,
           "mapped data off: DGEMM on mapped arrays runs on the host copies (status %d, ratio "
           "%g, %llu bytes up, %llu down)",
           st, ratio, (unsigned long long)(up1 - up0), (unsigned long long)(down1 - down0));
    ompwg_set_mapped_data(-1);
    ompwg_set_backend(NULL);
    free(a);
    free(b);
    free(c);
    free(c0);
}

int main(void)
{
    tap_init("test_present");
    one_round("auto");
    char why[256];
    const bool gpu = walk_usable("gpu", why, sizeof why);
    if (gpu) one_round("gpu");
    else tap_skip("gpu", "%s", why);
    ompwg_set_backend(NULL);
    lookups_off(gpu);
    return tap_done();
}
