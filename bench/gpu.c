/* bench_gpu: the GPU backend on device-resident data (the *_device API),
 * against cuBLAS for GEMM and against the device's own copy bandwidth for
 * the reductions, scans and transposes, with CUB's DeviceReduce (sum, dot)
 * and DeviceScan (scan) and cuBLAS's geam (transpose) as library
 * references, every kernel variant beside the default one, all measured in
 * the same run. The sweep runs GEMMs of n = 256 to 8192 and vectors of
 * 2^16 to 2^28 elements; n = 256 and 2^16 are the small problems, where
 * launches and synchronisation weigh most. A row whose median is under a
 * millisecond is timed again over more runs (see time_median).
 *
 *   bench_gpu [--quick] [--reps N] [--only gemm|reduce|scan|transpose]
 *             [--size N] [--prec s|d]
 *                                    timings (--quick: a short sweep;
 *                                    --size: GEMMs and transposes of that
 *                                    n, reductions and scans of that
 *                                    length only, e.g. to profile one
 *                                    kernel; --prec: one precision)
 *   bench_gpu --check                every kernel once on odd shapes, with
 *                                    the results checked (a short run for
 *                                    compute-sanitizer); exit status 1 on a
 *                                    wrong result
 *
 * Without a usable GPU it says why and exits 0 (--check also runs in host
 * fallback, OMP_TARGET_OFFLOAD=DISABLED).
 *
 * Under compute-sanitizer run it as `late_load bench_gpu_module.so --check`:
 * the offload runtime initialises CUDA when libompwg is loaded, which, for a
 * program linked to libompwg, is before the sanitizer has attached. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ceiling.h"
#include "cub.h"
#include "cublas.h"
#include "device_data.h"
#include "harness.h"
#include "ompwg.h"

typedef struct options {
    bool quick, check, gemm, reduce, scan, transpose;
    int prec;     /* --prec: 0 float, 1 double; -1 both */
    int64_t size; /* --size: 0 for the sweep */
    int reps;
} options;

static int parse(int argc, char **argv, options *o)
{
    *o = (options){ .quick = false, .check = false, .gemm = true, .reduce = true, .scan = true,
                    .transpose = true, .prec = -1, .size = 0, .reps = 10 };
    for (int i = 1; i < argc; i++) {
        const char *next = i + 1 < argc ? argv[i + 1] : "";
        if (!strcmp(argv[i], "--quick")) {
            o->quick = true;
        } else if (!strcmp(argv[i], "--check")) {
            o->check = true;
        } else if (!strcmp(argv[i], "--only") &&
                   (!strcmp(next, "gemm") || !strcmp(next, "reduce") || !strcmp(next, "scan") ||
                    !strcmp(next, "transpose"))) {
            o->gemm = !strcmp(next, "gemm");
            o->reduce = !strcmp(next, "reduce");
            o->scan = !strcmp(next, "scan");
            o->transpose = !strcmp(next, "transpose");
            i++;
        } else if (!strcmp(argv[i], "--size") && i + 1 < argc) {
            o->size = atoll(argv[++i]);
            if (o->size < 1) o->size = 1;
        } else if (!strcmp(argv[i], "--prec") && (!strcmp(next, "s") || !strcmp(next, "d"))) {
            o->prec = !strcmp(argv[++i], "d");
        } else if (!strcmp(argv[i], "--reps") && i + 1 < argc) {
            o->reps = atoi(argv[++i]);
            if (o->reps < 1) o->reps = 1;
        } else {
            fprintf(stderr, "usage: %s [--quick] [--reps N] [--only gemm|reduce|scan|transpose] "
                    "[--size N] [--prec s|d] | --check\n", argv[0]);
            return -1;
        }
    }
    return 0;
}

/* The variants of the GPU kernels each row runs (src/config.c's names). */
static const char *const gemm_variants[2] = { "tiled", "subgroup" };
static const char *const dgemm_variants[2] = { "tensor", "fma" };
static const char *const reduce_variants[2] = { "tree", "subgroup" };
static const char *const transpose_variants[2] = { "padded", "unpadded" };

static void use_variant(const char *env, const char *name)
{
    ompwg_config_set(env, name);
}

/* The GPU backend's line of ompwg_backend_info (why it is or is not usable). */
static void gpu_status(char *why, size_t len)
{
    snprintf(why, len, "no gpu backend compiled in");
    for (int i = 0; i < ompwg_backend_count(); i++) {
        const char *name;
        char line[512];
        ompwg_backend_info(i, &name, line, sizeof line);
        if (!strcmp(name, "gpu")) snprintf(why, len, "%s", line);
    }
}

/* ---- device buffers: the library's own device-memory calls -------------- */

static void *dev_alloc(size_t bytes)
{
    void *p = NULL;
    int st = ompwg_device_alloc(bytes, &p);
    if (st != OMPWG_OK)
        fprintf(stderr, "bench_gpu: ompwg_device_alloc(%zu bytes): %s\n", bytes,
                ompwg_strerror(st));
    return st == OMPWG_OK ? p : NULL;
}

static void dev_free(void *p)
{
    ompwg_device_free(p);
}

static int to_dev(void *d, const void *h, size_t bytes)
{
    return ompwg_device_copy(d, h, bytes, OMPWG_HOST_TO_DEVICE);
}

static int to_host(void *h, const void *d, size_t bytes)
{
    return ompwg_device_copy(h, d, bytes, OMPWG_DEVICE_TO_HOST);
}

static int dev_copy(void *d, const void *s, size_t bytes)
{
    return ompwg_device_copy(d, s, bytes, OMPWG_DEVICE_TO_DEVICE);
}

/* ---- timing ------------------------------------------------------------- */

/* Median seconds of fn after `warmup` runs (bench_time_steady). */
static double time_median(int (*fn)(void *), void *arg, int warmup, const options *o)
{
    return bench_time_steady(fn, arg, warmup, o->reps);
}

typedef struct gemm_call {
    bool dbl, cublas;
    int64_t n;
    void *a, *b, *c;
} gemm_call;

static int run_gemm(void *arg)
{
    gemm_call *g = arg;
    if (g->cublas)
        return g->dbl ? bench_cublas_dgemm(g->n, 1.0, g->a, g->b, 0.0, g->c)
                      : bench_cublas_sgemm(g->n, 1.0f, g->a, g->b, 0.0f, g->c);
    return g->dbl ? ompwg_dgemm_device(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, g->n, g->n,
                                       g->n, 1.0, g->a, g->n, g->b, g->n, 0.0, g->c, g->n)
                  : ompwg_sgemm_device(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, g->n, g->n,
                                       g->n, 1.0f, g->a, g->n, g->b, g->n, 0.0f, g->c, g->n);
}

/* Reductions and the copy rotate over `sets` copies of their input when one
 * copy would sit in the L2 cache, so that every run reads device memory. */
typedef struct vec_call {
    bool dbl, dot, copy, cub;
    int64_t n;
    int sets, next;
    char *x, *y, *dst; /* sets * n elements each */
    double result;
} vec_call;

static int run_vec(void *arg)
{
    vec_call *v = arg;
    size_t elem = v->dbl ? sizeof(double) : sizeof(float);
    size_t off = (size_t)v->next * (size_t)v->n * elem;
    v->next = (v->next + 1) % v->sets;
    const void *x = v->x + off, *y = v->y + off;
    if (v->copy) return dev_copy(v->dst + off, x, (size_t)v->n * elem);
    int st;
    if (v->dbl) {
        double r;
        if (v->cub)
            st = v->dot ? bench_cub_ddot(v->n, x, y, &r) : bench_cub_dsum(v->n, x, &r);
        else
            st = v->dot ? ompwg_ddot_device(v->n, x, 1, y, 1, &r)
                        : ompwg_dsum_device(v->n, x, 1, &r);
        v->result = r;
    } else {
        float r;
        if (v->cub)
            st = v->dot ? bench_cub_sdot(v->n, x, y, &r) : bench_cub_ssum(v->n, x, &r);
        else
            st = v->dot ? ompwg_sdot_device(v->n, x, 1, y, 1, &r)
                        : ompwg_ssum_device(v->n, x, 1, &r);
        v->result = r;
    }
    return st;
}

/* ---- the benchmark table ------------------------------------------------ */

static void rule(void)
{
    printf("%s\n", "---------------------------------------------------------------------------"
                   "-------------------------");
}

static void header(void)
{
    printf("%-12s %10s %10s %17s   %-22s %7s %9s %8s\n", "op", "n", "ms", "rate", "reference",
           "ratio", "diff/err", "vs CUB");
}

/* One row; ref_rate <= 0: no reference figure; vs_cub: CUB's time / ours,
 * <= 0: none. */
static void row(const char *op, int64_t n, double seconds, double rate, const char *unit,
                const char *ref_name, double ref_rate, double ratio, double diff, double vs_cub)
{
    printf("%-12s %10lld %10.3f %9.2f %-7s   ", op, (long long)n, seconds * 1e3, rate, unit);
    if (ref_rate > 0)
        printf("%-6s %8.2f %-7s %6.1f%% %9.1e", ref_name, ref_rate, unit, 100.0 * ratio, diff);
    else
        printf("%-6s %8s %-7s %7s %9s", ref_name, "-", "", "-", "-");
    if (vs_cub > 0)
        printf(" %7.1f%%\n", 100.0 * vs_cub);
    else
        printf(" %8s\n", "-");
}

/* A row without figures. */
static void row_failed(const char *op, int64_t n, const char *why)
{
    printf("%-12s %10lld  %s\n", op, (long long)n, why);
}

/* Largest |ours - cublas| / max |cublas| over C, after both ran on the same
 * input; negative when the copies fail. */
static double gemm_difference(bool dbl, int64_t n, const void *c_ours, const void *c_ref)
{
    size_t count = (size_t)(n * n), elem = dbl ? sizeof(double) : sizeof(float);
    char *h1 = malloc(count * elem), *h2 = malloc(count * elem);
    double worst = -1;
    if (h1 && h2 && to_host(h1, c_ours, count * elem) == 0 &&
        to_host(h2, c_ref, count * elem) == 0) {
        double diff = 0, scale = 0;
        for (size_t i = 0; i < count; i++) {
            double p = dbl ? ((double *)h1)[i] : ((float *)h1)[i];
            double q = dbl ? ((double *)h2)[i] : ((float *)h2)[i];
            double d = fabs(p - q);
            if (!(d <= diff)) diff = d;
            if (fabs(q) > scale) scale = fabs(q);
        }
        worst = scale > 0 ? diff / scale : diff;
    }
    free(h1);
    free(h2);
    return worst;
}

static void bench_gemm(bool dbl, int64_t n, const options *o, bool have_cublas)
{
    size_t elem = dbl ? sizeof(double) : sizeof(float), count = (size_t)(n * n);
    void *a = bench_device_random(count, elem, 1), *b = bench_device_random(count, elem, 2);
    void *c = bench_device_random(count, elem, 3), *c_ref = have_cublas ? bench_device_random(count, elem, 4) : NULL;
    if (!a || !b || !c || (have_cublas && !c_ref)) {
        row_failed(dbl ? "dgemm" : "sgemm", n, "out of device memory");
        goto out;
    }
    double flops = 2.0 * (double)n * (double)n * (double)n;
    double t_ref = -1;
    if (have_cublas) {
        gemm_call ref = { .dbl = dbl, .cublas = true, .n = n, .a = a, .b = b, .c = c_ref };
        t_ref = time_median(run_gemm, &ref, 2, o);
    }
    /* the tiled and the sub-group kernel; for double also the tiled one on
     * the FMA units (OMPWG_GPU_DGEMM=fma; the default, "tensor", takes the
     * FP64 tensor cores where the build has them) */
    for (int v = 0; v < (dbl ? 3 : 2); v++) {
        char op[16];
        snprintf(op, sizeof op, "%cgemm%s", dbl ? 'd' : 's', v == 1 ? "/sg" : v == 2 ? "/fma" : "");
        use_variant("OMPWG_GPU_GEMM", gemm_variants[v == 1]);
        use_variant("OMPWG_GPU_DGEMM", dgemm_variants[v == 2]);
        gemm_call ours = { .dbl = dbl, .cublas = false, .n = n, .a = a, .b = b, .c = c };
        double t = time_median(run_gemm, &ours, 2, o);
        double diff = t > 0 && t_ref > 0 ? gemm_difference(dbl, n, c, c_ref) : -1;
        if (t <= 0)
            row_failed(op, n, "failed");
        else
            row(op, n, t, flops / t * 1e-12, "TFLOP/s", "cuBLAS",
                t_ref > 0 ? flops / t_ref * 1e-12 : -1, t_ref / t, diff, -1);
        /* the FMA kernel against the FMA units' own ceiling */
        bool fp64_tensor;
        char source[256];
        double peak = bench_gpu_fma_peak_gflops(dbl, &fp64_tensor, source, sizeof source);
        if (v == 2 && t > 0 && peak > 0)
            printf("%-12s %10lld  %.1f%% of the FP64 FMA peak, %.2f TFLOP/s (%s)\n", op,
                   (long long)n, 100.0 * flops / t * 1e-9 / peak, peak * 1e-3, source);
    }
    use_variant("OMPWG_GPU_GEMM", gemm_variants[0]);
    use_variant("OMPWG_GPU_DGEMM", dgemm_variants[0]);
out:
    dev_free(a);
    dev_free(b);
    dev_free(c);
    dev_free(c_ref);
}

/* Host sum (or dot) of set 0 in long double, for a sanity column. */
static long double host_reference(bool dbl, bool dot, int64_t n, const char *x, const char *y)
{
    size_t elem = dbl ? sizeof(double) : sizeof(float);
    char *hx = malloc((size_t)n * elem), *hy = dot ? malloc((size_t)n * elem) : NULL;
    long double s = NAN;
    if (hx && (!dot || hy) && to_host(hx, x, (size_t)n * elem) == 0 &&
        (!dot || to_host(hy, y, (size_t)n * elem) == 0)) {
        s = 0;
        for (int64_t i = 0; i < n; i++) {
            long double xi = dbl ? ((double *)hx)[i] : ((float *)hx)[i];
            long double yi = !dot ? 1 : dbl ? ((double *)hy)[i] : ((float *)hy)[i];
            s += xi * yi;
        }
    }
    free(hx);
    free(hy);
    return s;
}

/* Sum or dot of n elements: CUB (/cub) first, then our default and
 * sub-group kernels, each against a device copy of as many bytes and the
 * latter against CUB too. */
static void bench_reduce(bool dbl, bool dot, int64_t n, const options *o, size_t l2,
                         bool have_cub)
{
    size_t elem = dbl ? sizeof(double) : sizeof(float);
    size_t bytes = (size_t)n * elem;
    int sets = (int)((4 * l2 + bytes - 1) / bytes);
    if (sets < 1) sets = 1;
    if (sets > 64) sets = 64;
    size_t total = (size_t)sets * (size_t)n;
    char *x = bench_device_random(total, elem, 5), *y = dot ? bench_device_random(total, elem, 6) : NULL;
    char *dst = dev_alloc(total * elem);
    const char *name = dot ? (dbl ? "ddot" : "sdot") : (dbl ? "dsum" : "ssum");
    if (!x || (dot && !y) || !dst) {
        row_failed(name, n, "out of device memory");
        goto out;
    }
    vec_call copy = { .dbl = dbl, .copy = true, .n = n, .sets = sets, .x = x, .y = x, .dst = dst };
    double t_copy = time_median(run_vec, &copy, 3, o);
    if (t_copy <= 0) {
        row_failed(name, n, "device copy failed");
        goto out;
    }
    double copy_gbs = 2.0 * (double)bytes / t_copy * 1e-9;
    long double ref = host_reference(dbl, dot, n, x, dot ? y : x);
    double read = (double)bytes * (dot ? 2 : 1), t_cub = -1;
    /* v = -1: CUB, 0: the default kernel, 1: the sub-group one */
    for (int v = have_cub ? -1 : 0; v < 2; v++) {
        char op[16];
        snprintf(op, sizeof op, "%s%s", name, v < 0 ? "/cub" : v ? "/sg" : "");
        if (v >= 0) use_variant("OMPWG_GPU_REDUCE", reduce_variants[v]);
        vec_call call = { .dbl = dbl, .dot = dot, .copy = false, .cub = v < 0, .n = n,
                          .sets = sets, .x = x, .y = dot ? y : x };
        double t = time_median(run_vec, &call, 3, o);
        /* set 0 once more, for the check column */
        call.next = 0;
        int st = run_vec(&call);
        double err = ref != 0 ? (double)fabsl(((long double)call.result - ref) / ref)
                              : fabs(call.result);
        if (v < 0) t_cub = t;
        if (t <= 0) {
            char why[64];
            snprintf(why, sizeof why, "failed (status %d)", st);
            row_failed(op, n, why);
            continue;
        }
        double gbs = read / t * 1e-9;
        row(op, n, t, gbs, "GB/s", "copy", copy_gbs, gbs / copy_gbs, err,
            v >= 0 && t_cub > 0 ? t_cub / t : -1);
    }
    use_variant("OMPWG_GPU_REDUCE", reduce_variants[0]);
out:
    dev_free(x);
    dev_free(y);
    dev_free(dst);
}

/* Median seconds of a device-to-device copy of `bytes` (src to dst). */
typedef struct copy_call {
    void *dst;
    const void *src;
    size_t bytes;
} copy_call;

static int run_copy(void *arg)
{
    copy_call *c = arg;
    return dev_copy(c->dst, c->src, c->bytes);
}

typedef struct transpose_call {
    bool dbl, cublas;
    int64_t n;
    const void *a;
    void *b;
} transpose_call;

static int run_transpose(void *arg)
{
    transpose_call *t = arg;
    if (t->cublas)
        return t->dbl ? bench_cublas_dtranspose(t->n, t->n, t->a, t->b)
                      : bench_cublas_stranspose(t->n, t->n, t->a, t->b);
    return t->dbl ? ompwg_dtranspose_device(OMPWG_COL_MAJOR, t->n, t->n, t->a, t->n, t->b, t->n)
                  : ompwg_stranspose_device(OMPWG_COL_MAJOR, t->n, t->n, t->a, t->n, t->b, t->n);
}

/* 0 when b (on the device) is the transpose of a (on the host), else 1;
 * every element up to 4096 x 4096, a sample of rows beyond. -1 when the
 * copy fails. */
static double transpose_difference(bool dbl, int64_t n, const char *a, const void *b)
{
    size_t elem = dbl ? sizeof(double) : sizeof(float);
    char *hb = malloc((size_t)(n * n) * elem);
    double bad = -1;
    if (hb && to_host(hb, b, (size_t)(n * n) * elem) == 0) {
        bad = 0;
        int64_t step = n <= 4096 ? 1 : 7;
        for (int64_t i = 0; i < n && !bad; i += step)
            for (int64_t j = 0; j < n; j++)
                if (memcmp(hb + (size_t)(j + i * n) * elem, a + (size_t)(i + j * n) * elem, elem)) {
                    bad = 1;
                    break;
                }
    }
    free(hb);
    return bad;
}

/* B := A^T of n x n matrices: padded and unpadded tiles, and cuBLAS's geam,
 * against a device copy of as many bytes. */
static void bench_transpose(bool dbl, int64_t n, const options *o, bool have_cublas)
{
    size_t elem = dbl ? sizeof(double) : sizeof(float), count = (size_t)(n * n);
    size_t bytes = count * elem;
    char *ha = malloc(bytes);
    void *a = dev_alloc(bytes), *b = dev_alloc(bytes);
    const char *name = dbl ? "dtranspose" : "stranspose";
    if (!ha || !a || !b) {
        row_failed(name, n, "out of memory");
        goto out;
    }
    if (dbl)
        bench_fill_double((double *)ha, count, 12);
    else
        bench_fill_float((float *)ha, count, 12);
    if (to_dev(a, ha, bytes) != 0) {
        row_failed(name, n, "copy failed");
        goto out;
    }
    copy_call copy = { .dst = b, .src = a, .bytes = bytes };
    double t_copy = time_median(run_copy, &copy, 3, o);
    double copy_gbs = t_copy > 0 ? 2.0 * (double)bytes / t_copy * 1e-9 : -1;
    for (int v = 0; v < 3; v++) {
        if (v == 2 && !have_cublas) break;
        char op[16];
        snprintf(op, sizeof op, "%ctrans%s", dbl ? 'd' : 's', v == 1 ? "/np" : v == 2 ? "/cb" : "");
        if (v < 2) use_variant("OMPWG_GPU_TRANSPOSE", transpose_variants[v]);
        transpose_call call = { .dbl = dbl, .cublas = v == 2, .n = n, .a = a, .b = b };
        double t = time_median(run_transpose, &call, 3, o);
        double diff = t > 0 ? transpose_difference(dbl, n, ha, b) : -1;
        if (t <= 0 || copy_gbs <= 0) {
            row_failed(op, n, "failed");
            continue;
        }
        double gbs = 2.0 * (double)bytes / t * 1e-9;
        row(op, n, t, gbs, "GB/s", "copy", copy_gbs, gbs / copy_gbs, diff, -1);
    }
    use_variant("OMPWG_GPU_TRANSPOSE", transpose_variants[0]);
out:
    free(ha);
    dev_free(a);
    dev_free(b);
}

/* The scan's element types. */
typedef enum scan_type { SCAN_F32, SCAN_F64, SCAN_I64 } scan_type;

typedef struct scan_call {
    scan_type type;
    bool cub;
    int64_t n;
    const void *x;
    void *y;
} scan_call;

static int run_scan(void *arg)
{
    scan_call *c = arg;
    if (c->cub) {
        switch (c->type) {
        case SCAN_F32: return bench_cub_sscan(c->n, c->x, c->y);
        case SCAN_F64: return bench_cub_dscan(c->n, c->x, c->y);
        default: return bench_cub_i64scan(c->n, c->x, c->y);
        }
    }
    switch (c->type) {
    case SCAN_F32: return ompwg_sscan_device(c->n, c->x, 1, c->y, 1, 0);
    case SCAN_F64: return ompwg_dscan_device(c->n, c->x, 1, c->y, 1, 0);
    default: return ompwg_i64scan_device(c->n, c->x, 1, c->y, 1, 0);
    }
}

/* The largest error of an inclusive scan y of x (host copies) in units of
 * the bound of ompwg.h with u_acc the unit roundoff of the accumulation
 * (int64: 0 when exact, else 1). */
static double scan_error(scan_type type, int64_t n, const void *x, const void *y,
                         long double u_acc)
{
    long double run = 0, abs_run = 0, worst = 0;
    uint64_t irun = 0;
    const long double u = type == SCAN_F32 ? 0x1p-24L : 0x1p-53L;
    for (int64_t i = 0; i < n; i++) {
        if (type == SCAN_I64) {
            irun += (uint64_t)((const int64_t *)x)[i];
            if ((uint64_t)((const int64_t *)y)[i] != irun) return 1;
            continue;
        }
        long double xi = type == SCAN_F32 ? ((const float *)x)[i] : ((const double *)x)[i];
        long double yi = type == SCAN_F32 ? ((const float *)y)[i] : ((const double *)y)[i];
        run += xi;
        abs_run += fabsl(xi);
        long double r = fabsl(yi - run) / ((i + 1) * u_acc * abs_run + u * fabsl(run));
        if (!(r <= worst)) worst = r;
    }
    return (double)worst;
}

/* Inclusive scan of n elements: CUB's InclusiveSum (/cub) first, then ours,
 * each against a device copy of as many bytes and ours against CUB too.
 * Ours accumulates in double (u_acc 2^-53), CUB in the element type, so
 * CUB's float scan is judged by the bound with float's unit roundoff. */
static void bench_scan(scan_type type, int64_t n, const options *o, bool have_cub)
{
    static const char *const names[] = { "sscan", "dscan", "i64scan" };
    size_t elem = type == SCAN_F32 ? sizeof(float) : 8, bytes = (size_t)n * elem;
    char *hx = malloc(bytes), *hy = malloc(bytes);
    void *x = dev_alloc(bytes), *y = dev_alloc(bytes);
    if (!hx || !hy || !x || !y) {
        row_failed(names[type], n, "out of memory");
        goto out;
    }
    if (type == SCAN_F32)
        bench_fill_float((float *)hx, (size_t)n, 13);
    else
        bench_fill_double((double *)hx, (size_t)n, 13);
    if (type == SCAN_I64)
        for (int64_t i = 0; i < n; i++)
            ((int64_t *)hx)[i] = (int64_t)(((double *)hx)[i] * 0x1p62);
    copy_call copy = { .dst = y, .src = x, .bytes = bytes };
    double t_copy = to_dev(x, hx, bytes) == 0 ? time_median(run_copy, &copy, 3, o) : -1;
    if (t_copy <= 0) {
        row_failed(names[type], n, "device copy failed");
        goto out;
    }
    double copy_gbs = 2.0 * (double)bytes / t_copy * 1e-9, t_cub = -1;
    for (int cub = have_cub; cub >= 0; cub--) {
        char op[16];
        snprintf(op, sizeof op, "%s%s", names[type], cub ? "/cub" : "");
        scan_call call = { .type = type, .cub = cub, .n = n, .x = x, .y = y };
        double t = time_median(run_scan, &call, 3, o);
        if (cub) t_cub = t;
        if (t <= 0 || to_host(hy, y, bytes) != 0) {
            char why[64];
            snprintf(why, sizeof why, "failed (status %d)", t <= 0 ? run_scan(&call) : -1);
            row_failed(op, n, why);
            continue;
        }
        long double u_acc = cub ? (type == SCAN_F32 ? 0x1p-24L : 0x1p-53L) : 0x1p-53L;
        double gbs = 2.0 * (double)bytes / t * 1e-9;
        row(op, n, t, gbs, "GB/s", "copy", copy_gbs, gbs / copy_gbs,
            scan_error(type, n, hx, hy, u_acc), !cub && t_cub > 0 ? t_cub / t : -1);
    }
out:
    free(hx);
    free(hy);
    dev_free(x);
    dev_free(y);
}

static int benchmark(const options *o)
{
    char name[128] = "?";
    int64_t sms = 0, l2 = 50 << 20;
    ompwg_gpu_name(name, sizeof name);
    ompwg_gpu_property(OMPWG_GPU_SM_COUNT, &sms);
    ompwg_gpu_property(OMPWG_GPU_L2_BYTES, &l2);
    char why[256], why_cub[sizeof why + 4096];
    bool have_cublas = bench_cublas_load(why, sizeof why);
    bool have_cub = bench_cub_load(why_cub, sizeof why_cub);
    printf("device: %s, %lld SMs, %lld MiB L2\n", name, (long long)sms, (long long)(l2 >> 20));
    printf("cuBLAS: %s\n", have_cublas ? bench_cublas_path() : why);
    printf("CUB: %s\n", have_cub ? bench_cub_path() : why_cub);
    printf("median of %d runs after warm-up (of 200 to 20000, about 50 ms in all, where that\n"
           "median is under 1 ms); data on the device (the *_device API)\n", o->reps);
    printf("GEMM: C = A B, n x n x n, column-major, alpha 1, beta 0; ratio = cuBLAS time / ours;\n"
           "      diff = max |C - C_cuBLAS| / max |C_cuBLAS|; n = 256: the small problem\n");
    printf("      /sg: the sub-group GEMM (OMPWG_GPU_GEMM=subgroup); dgemm/fma: the tiled DGEMM\n"
           "      on the FMA units (OMPWG_GPU_DGEMM=fma) where the default takes the tensor cores,\n"
           "      with a line for its fraction of the FP64 FMA peak\n");
    printf("sum, dot: GB/s of bytes read; ratio to a device-to-device copy of the same size\n"
           "      (bytes read + written); err = relative error against a host long double sum;\n"
           "      /cub: CUB's DeviceReduce (Sum; TransformReduce of x_i y_i), float in float;\n"
           "      vs CUB = CUB time / ours; /sg: the sub-group team step\n"
           "      (OMPWG_GPU_REDUCE=subgroup); 2^16: the small problem\n");
    printf("transpose: n x n, GB/s of bytes read + written, ratio to a copy of as many bytes;\n"
           "      /np: tiles without padded rows (OMPWG_GPU_TRANSPOSE=unpadded); /cb: cuBLAS\n"
           "      geam; diff = 0 when exact\n");
    printf("scan: inclusive, GB/s of bytes read + written, ratio to a copy of as many bytes;\n"
           "      err = largest error in units of the bound of ompwg.h (int64: 0 when exact);\n"
           "      /cub: CUB's DeviceScan::InclusiveSum, float in float, so its float bound takes\n"
           "      float's unit roundoff where ours takes double's; vs CUB = CUB time / ours\n");
    rule();
    header();
    rule();
    static const int64_t gemm_full[] = { 256, 1024, 2048, 4096, 8192 };
    static const int64_t gemm_quick[] = { 512, 1024 };
    const int64_t *gs = o->size ? &o->size : o->quick ? gemm_quick : gemm_full;
    const int ng = o->size ? 1 : o->quick ? 2 : 5;
    for (int d = 0; d < 2 && o->gemm; d++)
        for (int i = 0; i < ng && (o->prec < 0 || o->prec == d); i++)
            bench_gemm(d == 1, gs[i], o, have_cublas);
    if (o->gemm) rule();
    /* vector lengths 2^16, 2^18, ..., 2^28 (the scans every other one),
     * 2^20 to 2^22 with --quick, or just --size */
    int64_t vs[16];
    int nv = 0;
    if (o->size)
        vs[nv++] = o->size;
    else
        for (int e = o->quick ? 20 : 16; e <= (o->quick ? 22 : 28); e += o->quick ? 1 : 2)
            vs[nv++] = (int64_t)1 << e;
    for (int d = 0; d < 2 && o->reduce; d++)
        for (int dot = 0; dot < 2 && (o->prec < 0 || o->prec == d); dot++)
            for (int i = 0; i < nv; i++)
                bench_reduce(d == 1, dot == 1, vs[i], o, (size_t)l2, have_cub);
    if (o->reduce) rule();
    static const int64_t tr_full[] = { 2048, 8192, 16384 };
    static const int64_t tr_quick[] = { 1024, 2048 };
    const int64_t *ts = o->size ? &o->size : o->quick ? tr_quick : tr_full;
    const int nt = o->size ? 1 : o->quick ? 2 : 3;
    for (int d = 0; d < 2 && o->transpose; d++)
        for (int i = 0; i < nt && (o->prec < 0 || o->prec == d); i++)
            bench_transpose(d == 1, ts[i], o, have_cublas);
    if (o->transpose) rule();
    for (int ty = 0; ty < 3 && o->scan; ty++)
        for (int i = 0; i < nv; i += o->size || o->quick ? 1 : 2)
            bench_scan((scan_type)ty, vs[i], o, have_cub);
    if (o->scan) rule();
    return 0;
}

/* ---- --check: every kernel once on odd shapes ---------------------------- */

static int failures, checked;

static void verdict(bool ok, const char *what)
{
    checked++;
    if (!ok) {
        failures++;
        printf("FAIL %s\n", what);
    }
}

/* One GEMM on device data with padded leading dimensions, compared with
 * OpenBLAS by the netlib ratio. */
static void check_gemm(bool dbl, ompwg_layout layout, ompwg_trans ta, ompwg_trans tb, int64_t m,
                       int64_t n, int64_t k, double alpha, double beta, bool device)
{
    bool row = layout == OMPWG_ROW_MAJOR;
    int64_t ar = (ta == OMPWG_NO_TRANS) != row ? m : k, ac = (ta == OMPWG_NO_TRANS) != row ? k : m;
    int64_t br = (tb == OMPWG_NO_TRANS) != row ? k : n, bc = (tb == OMPWG_NO_TRANS) != row ? n : k;
    int64_t cr = row ? n : m, cc = row ? m : n;
    int64_t lda = ar + 3, ldb = br + 1, ldc = cr + 2;
    size_t elem = dbl ? sizeof(double) : sizeof(float);
    size_t sa = (size_t)(lda * ac), sb = (size_t)(ldb * bc), sc = (size_t)(ldc * cc);
    char *a = malloc(sa * elem), *b = malloc(sb * elem), *c0 = malloc(sc * elem),
         *c = malloc(sc * elem);
    char *da = NULL, *db = NULL, *dc = NULL;
    char what[160];
    snprintf(what, sizeof what, "%cgemm%s %s %c%c m=%lld n=%lld k=%lld alpha=%g beta=%g",
             dbl ? 'd' : 's', device ? "_device" : "", row ? "row" : "col",
             ta == OMPWG_NO_TRANS ? 'N' : 'T', tb == OMPWG_NO_TRANS ? 'N' : 'T', (long long)m,
             (long long)n, (long long)k, alpha, beta);
    if (!a || !b || !c0 || !c) {
        verdict(false, what);
        goto out;
    }
    if (dbl) {
        bench_fill_double((double *)a, sa, 7);
        bench_fill_double((double *)b, sb, 8);
        bench_fill_double((double *)c0, sc, 9);
    } else {
        bench_fill_float((float *)a, sa, 7);
        bench_fill_float((float *)b, sb, 8);
        bench_fill_float((float *)c0, sc, 9);
    }
    memcpy(c, c0, sc * elem);
    const void *pa = a, *pb = b;
    void *pc = c;
    if (device) {
        da = dev_alloc(sa * elem);
        db = dev_alloc(sb * elem);
        dc = dev_alloc(sc * elem);
        if (!da || !db || !dc || to_dev(da, a, sa * elem) || to_dev(db, b, sb * elem) ||
            to_dev(dc, c, sc * elem)) {
            verdict(false, what);
            goto out;
        }
        pa = da;
        pb = db;
        pc = dc;
    }
    int st = dbl ? (device ? ompwg_dgemm_device : ompwg_dgemm)(layout, ta, tb, m, n, k, alpha, pa,
                                                               lda, pb, ldb, beta, pc, ldc)
                 : (device ? ompwg_sgemm_device : ompwg_sgemm)(layout, ta, tb, m, n, k,
                                                               (float)alpha, pa, lda, pb, ldb,
                                                               (float)beta, pc, ldc);
    if (st == OMPWG_OK && device && to_host(c, dc, sc * elem) != 0) st = OMPWG_ERR_DEVICE;
    double ratio = INFINITY;
    if (st == OMPWG_OK) {
        if (dbl)
            ompwg_dgemm_ratio(layout, ta, tb, m, n, k, alpha, (double *)a, lda, (double *)b, ldb,
                              beta, (double *)c0, (double *)c, ldc, &ratio);
        else
            ompwg_sgemm_ratio(layout, ta, tb, m, n, k, (float)alpha, (float *)a, lda, (float *)b,
                              ldb, (float)beta, (float *)c0, (float *)c, ldc, &ratio);
    }
    /* the rows between the columns of C are the caller's */
    bool pad_kept = true;
    for (int64_t j = 0; j < cc; j++)
        if (memcmp(c + (size_t)(j * ldc + cr) * elem, c0 + (size_t)(j * ldc + cr) * elem,
                   (size_t)(ldc - cr) * elem) != 0)
            pad_kept = false;
    size_t used = strlen(what);
    snprintf(what + used, sizeof what - used, ": status %d, ratio %.2f%s", st, ratio,
             pad_kept ? "" : ", wrote outside C");
    verdict(st == OMPWG_OK && ratio < 16 && pad_kept, what);
out:
    dev_free(da);
    dev_free(db);
    dev_free(dc);
    free(a);
    free(b);
    free(c0);
    free(c);
}

/* Where logical element i of an n-element vector with increment inc lies,
 * in elements from the lowest address (the BLAS order). */
static size_t at(int64_t n, int64_t inc, int64_t i)
{
    return (size_t)(inc > 0 ? i * inc : (n - 1 - i) * -inc);
}

static double element(bool dbl, const char *p, size_t at)
{
    return dbl ? ((const double *)p)[at] : (double)((const float *)p)[at];
}

static void set_element(bool dbl, char *p, size_t at, double v)
{
    if (dbl)
        ((double *)p)[at] = v;
    else
        ((float *)p)[at] = (float)v;
}

/* Reductions of an n-element strided vector against a long double host
 * oracle: sum, dot, asum within the documented bound, max and min exactly
 * (with a NaN, and ties, planted). */
static void check_reduce(bool dbl, int64_t n, int64_t inc, bool device)
{
    size_t elem = dbl ? sizeof(double) : sizeof(float);
    int64_t ainc = inc < 0 ? -inc : inc;
    size_t span = (size_t)((n - 1) * ainc + 1);
    char *x = malloc(span * elem), *y = malloc(span * elem);
    char *dx = NULL, *dy = NULL;
    char what[160];
    if (!x || !y) {
        verdict(false, "host memory");
        goto out;
    }
    if (dbl) {
        bench_fill_double((double *)x, span, 10);
        bench_fill_double((double *)y, span, 11);
    } else {
        bench_fill_float((float *)x, span, 10);
        bench_fill_float((float *)y, span, 11);
    }
    long double s = 0, d = 0, as = 0, abs_d = 0;
    for (int64_t i = 0; i < n; i++) {
        long double xi = element(dbl, x, at(n, inc, i)), yi = element(dbl, y, at(n, inc, i));
        s += xi;
        d += xi * yi;
        as += fabsl(xi);
        abs_d += fabsl(xi * yi);
    }
    const void *px = x, *py = y;
    if (device) {
        dx = dev_alloc(span * elem);
        dy = dev_alloc(span * elem);
        if (!dx || !dy || to_dev(dx, x, span * elem) || to_dev(dy, y, span * elem)) {
            verdict(false, "device copies");
            goto out;
        }
        px = dx;
        py = dy;
    }
    /* the API takes the pointer BLAS takes: the lowest address */
    double got[3] = { 0, 0, 0 };
    int st[3];
    if (dbl) {
        st[0] = (device ? ompwg_dsum_device : ompwg_dsum)(n, px, inc, &got[0]);
        st[1] = (device ? ompwg_ddot_device : ompwg_ddot)(n, px, inc, py, inc, &got[1]);
        st[2] = (device ? ompwg_dasum_device : ompwg_dasum)(n, px, inc, &got[2]);
    } else {
        float r[3] = { 0, 0, 0 };
        st[0] = (device ? ompwg_ssum_device : ompwg_ssum)(n, px, inc, &r[0]);
        st[1] = (device ? ompwg_sdot_device : ompwg_sdot)(n, px, inc, py, inc, &r[1]);
        st[2] = (device ? ompwg_sasum_device : ompwg_sasum)(n, px, inc, &r[2]);
        for (int i = 0; i < 3; i++) got[i] = r[i];
    }
    const long double exact[3] = { s, d, as }, absolute[3] = { as, abs_d, as };
    const double u = dbl ? 0x1p-53 : 0x1p-24;
    static const char *const names[3] = { "sum", "dot", "asum" };
    for (int i = 0; i < 3; i++) {
        long double bound = (long double)n * 0x1p-53 * absolute[i] + u * fabsl(exact[i]);
        long double diff = fabsl((long double)got[i] - exact[i]);
        snprintf(what, sizeof what, "%c%s%s n=%lld inc=%lld: status %d, |diff| %.3Lg, bound %.3Lg",
                 dbl ? 'd' : 's', names[i], device ? "_device" : "", (long long)n,
                 (long long)inc, st[i], diff, bound);
        verdict(st[i] == OMPWG_OK && diff <= 2 * bound, what);
    }
    /* max and min: a tie for the maximum at 1/3 and 2/3, a NaN after 3/4 */
    for (int plant = 0; plant < 2; plant++) {
        int64_t i1 = n / 3, i2 = 2 * n / 3, i3 = 3 * n / 4 + 1 < n ? 3 * n / 4 + 1 : n - 1;
        double top = 2.0;
        set_element(dbl, x, at(n, inc, i1), top);
        set_element(dbl, x, at(n, inc, i2), top);
        if (plant) set_element(dbl, x, at(n, inc, i3), NAN);
        if (device && to_dev(dx, x, span * elem)) verdict(false, "device copy");
        for (int want_max = 0; want_max < 2; want_max++) {
            double best = 0;
            int64_t best_i = -1;
            for (int64_t i = 0; i < n; i++) {
                double v = element(dbl, x, at(n, inc, i));
                bool take = best_i < 0 || (!isnan(best) && (isnan(v) || (want_max ? v > best
                                                                                  : v < best)));
                if (take) {
                    best = v;
                    best_i = i;
                }
            }
            double value = 0;
            int64_t index = -2;
            int s2;
            if (dbl) {
                s2 = want_max
                         ? (device ? ompwg_dmax_device : ompwg_dmax)(n, px, inc, &value, &index)
                         : (device ? ompwg_dmin_device : ompwg_dmin)(n, px, inc, &value, &index);
            } else {
                float fv = 0;
                s2 = want_max ? (device ? ompwg_smax_device : ompwg_smax)(n, px, inc, &fv, &index)
                              : (device ? ompwg_smin_device : ompwg_smin)(n, px, inc, &fv, &index);
                value = fv;
            }
            bool same = (isnan(value) && isnan(best)) || value == best;
            snprintf(what, sizeof what,
                     "%c%s%s n=%lld inc=%lld nan=%d: status %d, got %g at %lld, want %g at %lld",
                     dbl ? 'd' : 's', want_max ? "max" : "min", device ? "_device" : "",
                     (long long)n, (long long)inc, plant, s2, value, (long long)index, best,
                     (long long)best_i);
            verdict(s2 == OMPWG_OK && same && index == best_i, what);
        }
    }
out:
    dev_free(dx);
    dev_free(dy);
    free(x);
    free(y);
}

/* One scan of a strided vector (host or device data) against a host
 * running sum: float and double within the bound of ompwg.h, int64 exact;
 * the elements of y between its outputs unchanged. */
static void check_scan(scan_type type, int64_t n, int64_t incx, int64_t incy, bool exclusive,
                       bool device)
{
    static const char *const names[] = { "sscan", "dscan", "i64scan" };
    size_t elem = type == SCAN_F32 ? sizeof(float) : 8;
    size_t sx = (size_t)((n - 1) * (incx < 0 ? -incx : incx) + 1);
    size_t sy = (size_t)((n - 1) * (incy < 0 ? -incy : incy) + 1);
    char *x = malloc(sx * elem), *y = malloc(sy * elem), *y0 = malloc(sy * elem);
    char *dx = NULL, *dy = NULL;
    char what[192];
    snprintf(what, sizeof what, "%s%s n=%lld incx=%lld incy=%lld %s", names[type],
             device ? "_device" : "", (long long)n, (long long)incx, (long long)incy,
             exclusive ? "exclusive" : "inclusive");
    if (!x || !y || !y0) {
        verdict(false, what);
        goto out;
    }
    if (type == SCAN_F32)
        bench_fill_float((float *)(void *)x, sx, 14);
    else
        bench_fill_double((double *)(void *)x, sx, 14);
    if (type == SCAN_I64)
        for (size_t i = 0; i < sx; i++)
            ((int64_t *)(void *)x)[i] = (int64_t)(((double *)(void *)x)[i] * 0x1p62);
    bench_fill_float((float *)(void *)y0, sy * elem / sizeof(float), 15);
    memcpy(y, y0, sy * elem);
    const void *px = x;
    void *py = y;
    if (device) {
        dx = dev_alloc(sx * elem);
        dy = dev_alloc(sy * elem);
        if (!dx || !dy || to_dev(dx, x, sx * elem) || to_dev(dy, y, sy * elem)) {
            verdict(false, what);
            goto out;
        }
        px = dx;
        py = dy;
    }
    unsigned flags = exclusive ? OMPWG_SCAN_EXCLUSIVE : 0;
    int st;
    if (type == SCAN_F32)
        st = (device ? ompwg_sscan_device : ompwg_sscan)(n, px, incx, py, incy, flags);
    else if (type == SCAN_F64)
        st = (device ? ompwg_dscan_device : ompwg_dscan)(n, px, incx, py, incy, flags);
    else
        st = (device ? ompwg_i64scan_device : ompwg_i64scan)(n, px, incx, py, incy, flags);
    if (st == OMPWG_OK && device && to_host(y, dy, sy * elem) != 0) st = OMPWG_ERR_DEVICE;
    bool ok = st == OMPWG_OK;
    long double run = 0, abs_run = 0, worst = 0;
    uint64_t irun = 0;
    const long double u = type == SCAN_F32 ? 0x1p-24L : 0x1p-53L;
    for (int64_t i = 0; ok && i < n; i++) {
        size_t ax = at(n, incx, i), ay = at(n, incy, i);
        if (type == SCAN_I64) {
            uint64_t before = irun;
            irun += (uint64_t)((int64_t *)(void *)x)[ax];
            ok = (uint64_t)((int64_t *)(void *)y)[ay] == (exclusive ? before : irun);
            continue;
        }
        long double xi = element(type == SCAN_F64, x, ax), yi = element(type == SCAN_F64, y, ay);
        long double want = exclusive ? run : run + xi;
        long double abs_sum = exclusive ? abs_run : abs_run + fabsl(xi);
        run += xi;
        abs_run += fabsl(xi);
        long double bound = (i + 1) * 0x1p-53L * abs_sum + u * fabsl(want);
        long double r = bound > 0 ? fabsl(yi - want) / bound : fabsl(yi - want) > 0;
        if (!(r <= worst)) worst = r;
        ok = r <= 1;
    }
    for (size_t k = 0; ok && incy != 1 && incy != -1 && k < sy; k++)
        if (k % (size_t)(incy < 0 ? -incy : incy) && memcmp(y + k * elem, y0 + k * elem, elem))
            ok = false;
    size_t used = strlen(what);
    snprintf(what + used, sizeof what - used, ": status %d, worst error/bound %.3Lg", st, worst);
    verdict(ok, what);
out:
    dev_free(dx);
    dev_free(dy);
    free(x);
    free(y);
    free(y0);
}

/* One transpose with padded leading dimensions (host or device data):
 * exact, and B's padding unchanged. */
static void check_transpose(bool dbl, ompwg_layout layout, int64_t rows, int64_t cols, bool device)
{
    bool col = layout == OMPWG_COL_MAJOR;
    size_t elem = dbl ? sizeof(double) : sizeof(float);
    int64_t lda = (col ? rows : cols) + 3, ldb = (col ? cols : rows) + 1;
    size_t sa = (size_t)(lda * (col ? cols : rows)), sb = (size_t)(ldb * (col ? rows : cols));
    char *a = malloc(sa * elem), *b = malloc(sb * elem), *b0 = malloc(sb * elem);
    char *da = NULL, *db = NULL;
    char what[160];
    snprintf(what, sizeof what, "%ctranspose%s %s %lldx%lld", dbl ? 'd' : 's',
             device ? "_device" : "", col ? "col" : "row", (long long)rows, (long long)cols);
    if (!a || !b || !b0) {
        verdict(false, what);
        goto out;
    }
    if (dbl) {
        bench_fill_double((double *)(void *)a, sa, 16);
        bench_fill_double((double *)(void *)b0, sb, 17);
    } else {
        bench_fill_float((float *)(void *)a, sa, 16);
        bench_fill_float((float *)(void *)b0, sb, 17);
    }
    memcpy(b, b0, sb * elem);
    const void *pa = a;
    void *pb = b;
    if (device) {
        da = dev_alloc(sa * elem);
        db = dev_alloc(sb * elem);
        if (!da || !db || to_dev(da, a, sa * elem) || to_dev(db, b, sb * elem)) {
            verdict(false, what);
            goto out;
        }
        pa = da;
        pb = db;
    }
    int st = dbl ? (device ? ompwg_dtranspose_device : ompwg_dtranspose)(layout, rows, cols, pa,
                                                                         lda, pb, ldb)
                 : (device ? ompwg_stranspose_device : ompwg_stranspose)(layout, rows, cols, pa,
                                                                         lda, pb, ldb);
    if (st == OMPWG_OK && device && to_host(b, db, sb * elem) != 0) st = OMPWG_ERR_DEVICE;
    bool ok = st == OMPWG_OK;
    for (int64_t i = 0; ok && i < rows; i++)
        for (int64_t j = 0; ok && j < cols; j++) {
            size_t ia = (size_t)(col ? i + j * lda : i * lda + j);
            size_t ib = (size_t)(col ? j + i * ldb : j * ldb + i);
            ok = memcmp(b + ib * elem, a + ia * elem, elem) == 0;
        }
    int64_t inner = col ? cols : rows;
    for (size_t k = 0; ok && k < sb; k++)
        if ((int64_t)(k % (size_t)ldb) >= inner && memcmp(b + k * elem, b0 + k * elem, elem))
            ok = false;
    size_t used = strlen(what);
    snprintf(what + used, sizeof what - used, ": status %d", st);
    verdict(ok, what);
out:
    dev_free(da);
    dev_free(db);
    free(a);
    free(b);
    free(b0);
}

/* GEMM, reductions and transposes on odd shapes: the kernels of one
 * variant each. */
static void check_variant_kernels(void)
{
    /* { 192, 130, 64 }: whole team tiles of either size with whole k slices
     * beside edge tiles, the tiled kernel's two paths */
    static const int64_t shapes[][3] = { { 37, 29, 53 },  { 1, 1, 1 },     { 129, 130, 7 },
                                         { 200, 3, 300 }, { 5, 257, 128 }, { 128, 128, 8 },
                                         { 192, 130, 64 } };
    static const ompwg_trans tr[] = { OMPWG_NO_TRANS, OMPWG_TRANS };
    for (int d = 0; d < 2; d++)
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
            for (int t = 0; t < 4; t++) {
                /* every transpose pair on device data; both layouts, alpha 0
                 * (C := beta C) and host data on a few */
                ompwg_layout layout = (s + t) % 2 ? OMPWG_ROW_MAJOR : OMPWG_COL_MAJOR;
                double beta = t % 2 ? 1.3 : 0.0;
                check_gemm(d, layout, tr[t / 2], tr[t % 2], shapes[s][0], shapes[s][1],
                           shapes[s][2], 0.7, beta, true);
                if (t == 0) {
                    check_gemm(d, layout, tr[1], tr[0], shapes[s][0], shapes[s][1], shapes[s][2],
                               0.0, 1.3, true);
                    check_gemm(d, layout, tr[0], tr[1], shapes[s][0], shapes[s][1], shapes[s][2],
                               -1.0, 0.5, false);
                    /* host data, C not read: its padding is never sent */
                    check_gemm(d, layout, tr[1], tr[1], shapes[s][0], shapes[s][1], shapes[s][2],
                               0.7, 0.0, false);
                }
            }
    static const int64_t incs[] = { 1, -1, 3, -2 };
    for (int d = 0; d < 2; d++)
        for (size_t i = 0; i < sizeof incs / sizeof incs[0]; i++) {
            check_reduce(d, 1000003, incs[i], true);
            check_reduce(d, 4099, incs[i], i % 2 == 0);
        }
    check_reduce(false, 1, 1, true);
    check_reduce(true, 2, -1, true);
    static const int64_t tshapes[][2] = { { 37, 29 }, { 1, 1 }, { 129, 130 }, { 1, 1000 },
                                          { 1000, 3 }, { 64, 32 } };
    for (int d = 0; d < 2; d++)
        for (size_t k = 0; k < sizeof tshapes / sizeof tshapes[0]; k++)
            check_transpose(d, k % 2 ? OMPWG_ROW_MAJOR : OMPWG_COL_MAJOR, tshapes[k][0],
                            tshapes[k][1], k != 3);
}

static int check(void)
{
    if (ompwg_set_backend("gpu") != OMPWG_OK) {
        printf("check: nothing to check, the gpu backend is not usable here\n");
        return 0;
    }
    /* the default variants, then the others, then the tiled DGEMM on the
     * FMA units (the default takes the tensor cores where the build has
     * them), then the tiled GEMM on its large team tile (these shapes take
     * the small one by default) */
    for (int v = 0; v < 4; v++) {
        use_variant("OMPWG_GPU_GEMM", gemm_variants[v == 1]);
        use_variant("OMPWG_GPU_DGEMM", dgemm_variants[v == 2]);
        use_variant("OMPWG_GPU_GEMM_TILE", v == 3 ? "large" : "auto");
        use_variant("OMPWG_GPU_REDUCE", reduce_variants[v == 1]);
        use_variant("OMPWG_GPU_TRANSPOSE", transpose_variants[v == 1]);
        check_variant_kernels();
    }
    use_variant("OMPWG_GPU_DGEMM", dgemm_variants[0]);
    use_variant("OMPWG_GPU_GEMM_TILE", "auto");
    static const int64_t sincs[][2] = { { 1, 1 }, { -1, 2 }, { 3, -1 } };
    for (int ty = 0; ty < 3; ty++)
        for (size_t k = 0; k < sizeof sincs / sizeof sincs[0]; k++) {
            check_scan((scan_type)ty, 1000003, sincs[k][0], sincs[k][1], k == 1, true);
            check_scan((scan_type)ty, 4099, sincs[k][0], sincs[k][1], k != 1, k != 2);
            check_scan((scan_type)ty, 1, sincs[k][0], sincs[k][1], k == 2, true);
        }
    printf("check: %d of %d passed\n", checked - failures, checked);
    return failures ? 1 : 0;
}

/* The program's body; bench/module_main.c is its main(), and bench/late_load.c
 * runs it from the bench_gpu_module library (see there why). */
int bench_module_main(int argc, char **argv);

int bench_module_main(int argc, char **argv)
{
    options o;
    if (parse(argc, argv, &o) != 0) return 2;
    char why[512];
    gpu_status(why, sizeof why);
    int64_t sms;
    bool on_device = ompwg_gpu_property(OMPWG_GPU_SM_COUNT, &sms) == OMPWG_OK;
    if (o.check) {
        /* the GPU, or host fallback when OMP_TARGET_OFFLOAD=DISABLED */
        printf("gpu backend: %s\n", why);
        return check();
    }
    if (!on_device) {
        printf("bench_gpu: no GPU to measure: %s\n", why);
        return 0;
    }
    return benchmark(&o);
}
