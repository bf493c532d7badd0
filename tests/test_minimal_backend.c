/* A backend from outside backends/, with only the slots every backend must
 * have (GEMM and the reductions), registered before the first call and
 * walked like the compiled-in ones: its empty slots come from the
 * reference at registration, with results checked against OpenBLAS (check
 * mode). A second one that takes device data shows that a filled slot
 * refuses device pointers instead of running host code on them. Linked
 * with the library's objects, not libompwg.so: registration is not
 * exported. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "reference.h"
#include "registry.h"
#include "tap.h"
#include "walk.h"

/* Element i of x, float or double. */
static double get(const void *x, int64_t i, bool dbl)
{
    return dbl ? ((const double *)x)[i] : ((const float *)x)[i];
}

static void put(void *x, int64_t i, bool dbl, double v)
{
    if (dbl)
        ((double *)x)[i] = v;
    else
        ((float *)x)[i] = (float)v;
}

/* C := alpha op(A) op(B) + beta C, one dot product per element. */
static int gemm_any(const ompwg_gemm_shape *s, bool dbl, double alpha, const void *a,
                    const void *b, double beta, void *c)
{
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    for (int64_t j = 0; j < s->n; j++)
        for (int64_t i = 0; i < s->m; i++) {
            double sum = 0;
            for (int64_t p = 0; p < s->k; p++)
                sum += get(a, s->transa ? p + i * s->lda : i + p * s->lda, dbl) *
                       get(b, s->transb ? j + p * s->ldb : p + j * s->ldb, dbl);
            double old = beta == 0 ? 0 : beta * get(c, i + j * s->ldc, dbl);
            put(c, i + j * s->ldc, dbl, alpha * sum + old);
        }
    return OMPWG_OK;
}

static int minimal_sgemm(const ompwg_gemm_shape *s, float alpha, const float *a, const float *b,
                         float beta, float *c)
{
    return gemm_any(s, false, alpha, a, b, beta, c);
}

static int minimal_dgemm(const ompwg_gemm_shape *s, double alpha, const double *a,
                         const double *b, double beta, double *c)
{
    return gemm_any(s, true, alpha, a, b, beta, c);
}

static int reduce_any(const ompwg_vec_shape *s, bool dbl, const void *x, const void *y,
                      double *value, int64_t *index)
{
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    double acc = get(x, 0, dbl);
    if (s->op == OMPWG_REDUCE_ASUM) acc = fabs(acc);
    if (s->op == OMPWG_REDUCE_DOT) acc *= get(y, 0, dbl);
    int64_t at = 0;
    for (int64_t i = 1; i < s->n; i++) {
        double v = get(x, i * s->incx, dbl);
        switch (s->op) {
        case OMPWG_REDUCE_SUM: acc += v; break;
        case OMPWG_REDUCE_ASUM: acc += fabs(v); break;
        case OMPWG_REDUCE_DOT: acc += v * get(y, i * s->incy, dbl); break;
        case OMPWG_REDUCE_MAX:
            if (v > acc) acc = v, at = i;
            break;
        case OMPWG_REDUCE_MIN:
            if (v < acc) acc = v, at = i;
            break;
        }
    }
    *value = acc;
    if (index) *index = at;
    return OMPWG_OK;
}

static int minimal_sreduce(const ompwg_vec_shape *s, const float *x, const float *y, float *value,
                           int64_t *index)
{
    double v;
    int st = reduce_any(s, false, x, y, &v, index);
    if (st == OMPWG_OK) *value = (float)v;
    return st;
}

static int minimal_dreduce(const ompwg_vec_shape *s, const double *x, const double *y,
                           double *value, int64_t *index)
{
    return reduce_any(s, true, x, y, value, index);
}

static ompwg_probe_result minimal_probe(char *why, size_t len)
{
    snprintf(why, len, "one dot product per element, on the calling thread");
    return OMPWG_PROBE_USABLE;
}

static ompwg_probe_result no_device_probe(char *why, size_t len)
{
    snprintf(why, len, "no device: its table is only filled");
    return OMPWG_PROBE_UNUSABLE;
}

static const ompwg_backend minimal = {
    .name = "minimal",
    .probe = minimal_probe,
    .sgemm = minimal_sgemm,
    .dgemm = minimal_dgemm,
    .sreduce = minimal_sreduce,
    .dreduce = minimal_dreduce,
};

static const ompwg_device_ops no_device_ops = { .overlaps = false };

/* minimal's table, as a backend of device data whose probe finds no
 * device (filled in by main) */
static ompwg_backend minimal_device;

typedef struct walked {
    bool minimal;
} walked;

static void fill(test_rng *r, double *x, int64_t n)
{
    for (int64_t i = 0; i < n; i++) x[i] = test_uniform(r) - 0.5;
}

/* GEMM (the backend's own), SYRK and the scan (filled) and a dot product,
 * each checked against OpenBLAS or the sequential reference. */
static void body(const char *name, void *ctx)
{
    walked *w = ctx;
    if (strcmp(name, "minimal") == 0) w->minimal = true;
    enum { M = 37, N = 29, K = 41 };
    /* c: M x N for the GEMM, M x M for the SYRK (N < M) */
    static double a[M * K], b[K * N], c[M * M], x[M], y[M];
    test_rng r;
    test_rng_init(&r, tap_seed());
    fill(&r, a, M * K);
    fill(&r, b, K * N);
    fill(&r, c, M * M);
    fill(&r, x, M);
    int prev = ompwg_set_check(1);
    int st = ompwg_dgemm(OMPWG_COL_MAJOR, OMPWG_TRANS, OMPWG_NO_TRANS, M, N, K, 0.5, a, K, b, K,
                         -1.0, c, M);
    tap_ok(st == OMPWG_OK, "%s: DGEMM (A^T B) %dx%dx%d agrees with OpenBLAS (status %d)", name, M,
           N, K, st);
    st = ompwg_dsyrk(OMPWG_COL_MAJOR, OMPWG_UPPER, OMPWG_NO_TRANS, M, K, 2.0, a, M, 0.5, c, M);
    tap_ok(st == OMPWG_OK, "%s: DSYRK %dx%d agrees with OpenBLAS (status %d)", name, M, K, st);
    double dot = 0, want = 0;
    st = ompwg_ddot(M, x, 1, x, 1, &dot);
    for (int i = 0; i < M; i++) want += x[i] * x[i];
    tap_ok(st == OMPWG_OK && fabs(dot - want) <= 1e-12 * want,
           "%s: DDOT agrees with OpenBLAS and with the sum of squares (status %d)", name, st);
    st = ompwg_dscan(M, x, 1, y, 1, 0);
    tap_ok(st == OMPWG_OK, "%s: DSCAN agrees with the sequential reference (status %d)", name, st);
    ompwg_set_check(prev);
}

/* The filled slots of the two tables, called directly. */
static void filled_slots(void)
{
    const ompwg_backend *host = ompwg_compiled_backend_named("minimal");
    const ompwg_backend *dev = ompwg_compiled_backend_named("minimal-device");
    const ompwg_backend *ref = ompwg_compiled_backend_with(OMPWG_CAP_REFERENCE);
    if (!tap_ok(host && dev && ref, "the registered tables are listed with the compiled ones"))
        return;
    bool own = host->sgemm == minimal_sgemm && host->dreduce == minimal_dreduce;
    bool from_ref = host->dscan == ompwg_ref_dscan && host->stranspose == ompwg_ref_stranspose;
    for (int op = 0; op < OMPWG_L3_OP_COUNT; op++)
        from_ref = from_ref && host->slevel3[op] && host->slevel3[op] == ref->slevel3[op] &&
                   host->dlevel3[op] == ref->dlevel3[op];
    from_ref = from_ref && host->cgemm == ref->cgemm && host->zgemm == ref->zgemm;
    tap_ok(own && from_ref,
           "a host backend keeps its own slots; its empty ones are the reference's routines");

    bool none_null = dev->cgemm && dev->zgemm && dev->sscan && dev->dscan && dev->i64scan &&
                     dev->stranspose && dev->dtranspose;
    bool not_ref = dev->cgemm != ref->cgemm;
    for (int op = 0; op < OMPWG_L3_OP_COUNT; op++) {
        none_null = none_null && dev->slevel3[op] && dev->dlevel3[op];
        not_ref = not_ref && dev->dlevel3[op] != ref->dlevel3[op];
    }
    tap_ok(none_null && not_ref,
           "a device backend's empty slots are filled, not with the reference's own routines");
    if (!none_null) return;

    enum { N = 9, K = 5 };
    double a[N * K], c[N * N], c0[N * N], want[N * N];
    test_rng r;
    test_rng_init(&r, tap_seed() + 1);
    fill(&r, a, N * K);
    fill(&r, c0, N * N);
    ompwg_level3_shape s = { .op = OMPWG_L3_SYRK, .upper = true, .m = N, .n = N, .k = K,
                             .lda = N, .ldb = N, .ldc = N, .device_ptrs = true };
    memcpy(c, c0, sizeof c);
    int st = dev->dlevel3[OMPWG_L3_SYRK](&s, 1.5, a, NULL, 0.5, c);
    tap_ok(st == OMPWG_ERR_UNSUPPORTED && memcmp(c, c0, sizeof c) == 0,
           "a device backend's filled DSYRK refuses device pointers, C untouched (status %d)", st);
    s.device_ptrs = false;
    memcpy(want, c0, sizeof want);
    int st_ref = ref->dlevel3[OMPWG_L3_SYRK](&s, 1.5, a, NULL, 0.5, want);
    st = dev->dlevel3[OMPWG_L3_SYRK](&s, 1.5, a, NULL, 0.5, c);
    tap_ok(st == OMPWG_OK && st_ref == OMPWG_OK && memcmp(c, want, sizeof c) == 0,
           "a device backend's filled DSYRK runs host data on the reference (status %d)", st);

    ompwg_scan_shape ss = { .n = N, .incx = 1, .incy = 1, .device_ptrs = true };
    double y[N];
    memset(y, 0, sizeof y);
    st = dev->dscan(&ss, a, y);
    bool zero = true;
    for (int i = 0; i < N; i++) zero = zero && y[i] == 0;
    tap_ok(st == OMPWG_ERR_UNSUPPORTED && zero,
           "a device backend's filled DSCAN refuses device pointers (status %d)", st);
    ompwg_gemm_shape gs = { .m = 2, .n = 2, .k = 2, .lda = 2, .ldb = 2, .ldc = 2,
                            .device_ptrs = true };
    ompwg_complex_double z[4] = { 0 }, one = { 1, 0 };
    st = dev->zgemm(&gs, one, z, z, one, z);
    tap_ok(st == OMPWG_ERR_UNSUPPORTED,
           "a device backend's filled ZGEMM refuses device pointers (status %d)", st);
}

int main(void)
{
    minimal_device = minimal;
    minimal_device.name = "minimal-device";
    minimal_device.probe = no_device_probe;
    minimal_device.caps = OMPWG_CAP_DEVICE_DATA;
    minimal_device.device = &no_device_ops;
    /* before any other call into the library */
    int st_host = ompwg_register_backend(&minimal);
    int st_dev = ompwg_register_backend(&minimal_device);
    tap_init("test_minimal_backend");
    tap_ok(st_host == OMPWG_OK && st_dev == OMPWG_OK,
           "two backends registered before the first call (status %d, %d)", st_host, st_dev);
    const char *name = NULL;
    int count = ompwg_backend_count();
    int usable = ompwg_backend_info(count - 2, &name, NULL, 0);
    tap_ok(name && strcmp(name, "minimal") == 0 && usable == 1,
           "ompwg_backend_info lists \"minimal\", usable, after the compiled-in backends");
    tap_ok(ompwg_backend_roles("minimal") == 0 &&
               ompwg_backend_roles("minimal-device") == OMPWG_ROLE_DEVICE_DATA,
           "ompwg_backend_roles gives the registered tables' roles");
    tap_ok(ompwg_register_backend(&minimal) == OMPWG_ERR_UNAVAILABLE,
           "registering after the first call is OMPWG_ERR_UNAVAILABLE");
    walked w = { false };
    walk_backends(body, &w);
    tap_ok(w.minimal || !walk_wanted("minimal"), "the walk ran on \"minimal\"");
    filled_slots();
    return tap_done();
}
