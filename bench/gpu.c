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
 *
 * Without a usable GPU it says why and exits 0. The kernels' results on odd
 * shapes are tests/test_gpu_kernels.c's. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cases_prec.h"
#include "ceiling.h"
#include "cub.h"
#include "cublas.h"
#include "device_data.h"
#include "harness.h"
#include "ompwg.h"
#include "options.h"
#include "sgemm_error.h"

typedef struct options {
    bool quick, gemm, reduce, scan, transpose;
    int prec;     /* --prec: 0 float, 1 double; -1 both */
    int64_t size; /* --size: 0 for the sweep */
    int reps;
} options;

static void usage(FILE *f)
{
    fprintf(f, "usage: bench_gpu [--quick] [--reps N] [--only gemm|reduce|scan|transpose] "
            "[--size N] [--prec s|d]\n");
}

/* 0: run; 1: --help; 2: bad usage. */
static int parse(int argc, char **argv, options *o)
{
    *o = (options){ .quick = false, .gemm = true, .reduce = true, .scan = true,
                    .transpose = true, .prec = -1, .size = 0, .reps = 10 };
    const char *only = NULL, *prec = NULL;
    const bench_option table[] = {
        { "--quick", BENCH_OPTION_FLAG, &o->quick },
        { "--only", BENCH_OPTION_TEXT, &only },
        { "--size", BENCH_OPTION_SIZE, &o->size },
        { "--prec", BENCH_OPTION_TEXT, &prec },
        { "--reps", BENCH_OPTION_COUNT, &o->reps },
    };
    int st = bench_parse_options("bench_gpu", usage, argc, argv, table, BENCH_LEN(table));
    if (st != 0) return st;
    if (only) {
        o->gemm = !strcmp(only, "gemm");
        o->reduce = !strcmp(only, "reduce");
        o->scan = !strcmp(only, "scan");
        o->transpose = !strcmp(only, "transpose");
    }
    bool only_ok = o->gemm || o->reduce || o->scan || o->transpose;
    bool prec_ok = !prec || !strcmp(prec, "s") || !strcmp(prec, "d");
    if (!only_ok || !prec_ok) {
        fprintf(stderr, "bench_gpu: bad option or value: %s %s\n", only_ok ? "--prec" : "--only",
                only_ok ? prec : only);
        usage(stderr);
        return 2;
    }
    if (prec) o->prec = !strcmp(prec, "d");
    return 0;
}

/* The variants of the GPU kernels each row runs (backends/gpu/variant.c's names). */
static const char *const gemm_variants[2] = { "tiled", "subgroup" };
static const char *const dgemm_variants[2] = { "tensor", "fma" };
static const char *const sgemm_variants[2] = { "fma", "tf32x3" };
static const char *const reduce_variants[2] = { "tree", "subgroup" };
static const char *const transpose_variants[2] = { "padded", "unpadded" };

static void use_variant(const char *env, const char *name)
{
    ompwg_config_set(env, name);
}

/* A float row's error against the product in double (sgemm_error.h), on a
 * line of its own. */
static void error_line(const char *op, int64_t n, const bench_sgemm_exact *exact, const float *c)
{
    double median, max;
    if (exact->exact && bench_sgemm_error(exact, c, &median, &max))
        printf("%-12s %10lld  error vs FP64: median %.3f, max %.3f (FLT_EPSILON |A||B|)\n", op,
               (long long)n, median, max);
}

/* ---- timing ------------------------------------------------------------- */

/* Median seconds of fn after `warmup` runs (bench_time_steady). */
static double time_median(int (*fn)(void *), void *arg, int warmup, const options *o)
{
    return bench_time_steady(fn, arg, warmup, o->reps);
}

/* bench_square_gemm_device on cuBLAS. */
static int run_cublas_gemm(void *arg)
{
    const bench_device_call *g = arg;
    return g->dbl ? bench_cublas_dgemm(g->n, 1.0, g->a, g->b, 0.0, g->c)
                  : bench_cublas_sgemm(g->n, 1.0f, g->a, g->b, 0.0f, g->c);
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
    if (v->copy) return ompwg_device_copy(v->dst + off, x, (size_t)v->n * elem, OMPWG_DEVICE_TO_DEVICE);
    return v->dbl ? bench_device_reduce_d(v->cub, v->dot, v->n, x, y, &v->result)
                  : bench_device_reduce_s(v->cub, v->dot, v->n, x, y, &v->result);
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
    if (h1 && h2 && ompwg_device_copy(h1, c_ours, count * elem, OMPWG_DEVICE_TO_HOST) == 0 &&
        ompwg_device_copy(h2, c_ref, count * elem, OMPWG_DEVICE_TO_HOST) == 0) {
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
    bench_sgemm_exact exact = { 0 };
    if (have_cublas) {
        bench_device_call ref = { .dbl = dbl, .n = n, .a = a, .b = b, .c = c_ref };
        t_ref = time_median(run_cublas_gemm, &ref, 2, o);
        if (!dbl && bench_sgemm_exact_init(&exact, n, a, b))
            error_line("cublas", n, &exact, c_ref);
    }
    /* the tiled and the sub-group kernel, and the tiled one's other
     * arithmetic: for double on the FMA units (OMPWG_GPU_DGEMM=fma; the
     * default, "tensor", takes the FP64 tensor cores where the build has
     * them), for float on the TF32 tensor cores (OMPWG_GPU_SGEMM=tf32x3) */
    for (int v = 0; v < 3; v++) {
        char op[16];
        snprintf(op, sizeof op, "%cgemm%s", dbl ? 'd' : 's',
                 v == 1 ? "/sg" : v == 2 ? (dbl ? "/fma" : "/tf32x3") : "");
        use_variant("OMPWG_GPU_GEMM", gemm_variants[v == 1]);
        use_variant("OMPWG_GPU_DGEMM", dgemm_variants[dbl && v == 2]);
        use_variant("OMPWG_GPU_SGEMM", sgemm_variants[!dbl && v == 2]);
        bench_device_call ours = { .dbl = dbl, .n = n, .a = a, .b = b, .c = c };
        double t = time_median(bench_square_gemm_device, &ours, 2, o);
        double diff = t > 0 && t_ref > 0 ? gemm_difference(dbl, n, c, c_ref) : -1;
        if (t <= 0)
            row_failed(op, n, "failed");
        else
            row(op, n, t, flops / t * 1e-12, "TFLOP/s", "cuBLAS",
                t_ref > 0 ? flops / t_ref * 1e-12 : -1, t_ref / t, diff, -1);
        if (t > 0) error_line(op, n, &exact, c);
        /* the FMA kernel against the FMA units' own ceiling */
        bool fp64_tensor;
        char source[256];
        double peak = bench_gpu_fma_peak_gflops(dbl, &fp64_tensor, source, sizeof source);
        if (dbl && v == 2 && t > 0 && peak > 0)
            printf("%-12s %10lld  %.1f%% of the FP64 FMA peak, %.2f TFLOP/s (%s)\n", op,
                   (long long)n, 100.0 * flops / t * 1e-9 / peak, peak * 1e-3, source);
    }
    use_variant("OMPWG_GPU_GEMM", gemm_variants[0]);
    use_variant("OMPWG_GPU_DGEMM", dgemm_variants[0]);
    use_variant("OMPWG_GPU_SGEMM", sgemm_variants[0]);
    bench_sgemm_exact_free(&exact);
out:
    ompwg_device_free(a);
    ompwg_device_free(b);
    ompwg_device_free(c);
    ompwg_device_free(c_ref);
}

/* Host sum (or dot) of set 0 in long double, for a sanity column. */
static long double host_reference(bool dbl, bool dot, int64_t n, const char *x, const char *y)
{
    size_t elem = dbl ? sizeof(double) : sizeof(float);
    char *hx = malloc((size_t)n * elem), *hy = dot ? malloc((size_t)n * elem) : NULL;
    long double s = NAN;
    if (hx && (!dot || hy) && ompwg_device_copy(hx, x, (size_t)n * elem, OMPWG_DEVICE_TO_HOST) == 0 &&
        (!dot || ompwg_device_copy(hy, y, (size_t)n * elem, OMPWG_DEVICE_TO_HOST) == 0)) {
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
    char *dst = bench_device_alloc(total * elem);
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
    ompwg_device_free(x);
    ompwg_device_free(y);
    ompwg_device_free(dst);
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
    return ompwg_device_copy(c->dst, c->src, c->bytes, OMPWG_DEVICE_TO_DEVICE);
}

/* The element types of the transposes (float, double) and the scans (also
 * int64). */
typedef enum elem_type { ELEM_F32, ELEM_F64, ELEM_I64 } elem_type;

/* A timed call from one device array x to another, y: a transpose or a
 * scan, by ompwg or, when vendor, by cuBLAS's geam or CUB. */
typedef struct xy_call {
    elem_type type;
    bool vendor;
    int64_t n;
    const void *x;
    void *y;
} xy_call;

static int run_transpose(void *arg)
{
    xy_call *t = arg;
    bool dbl = t->type == ELEM_F64;
    if (t->vendor)
        return dbl ? bench_cublas_dtranspose(t->n, t->n, t->x, t->y)
                   : bench_cublas_stranspose(t->n, t->n, t->x, t->y);
    return dbl ? ompwg_dtranspose_device(OMPWG_COL_MAJOR, t->n, t->n, t->x, t->n, t->y, t->n)
               : ompwg_stranspose_device(OMPWG_COL_MAJOR, t->n, t->n, t->x, t->n, t->y, t->n);
}

/* 0 when b (on the device) is the transpose of a (on the host), else 1;
 * every element up to 4096 x 4096, a sample of rows beyond. -1 when the
 * copy fails. */
static double transpose_difference(bool dbl, int64_t n, const char *a, const void *b)
{
    size_t elem = dbl ? sizeof(double) : sizeof(float);
    char *hb = malloc((size_t)(n * n) * elem);
    double bad = -1;
    if (hb && ompwg_device_copy(hb, b, (size_t)(n * n) * elem, OMPWG_DEVICE_TO_HOST) == 0) {
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
    void *a = bench_device_alloc(bytes), *b = bench_device_alloc(bytes);
    const char *name = dbl ? "dtranspose" : "stranspose";
    if (!ha || !a || !b) {
        row_failed(name, n, "out of memory");
        goto out;
    }
    if (dbl)
        bench_fill_double((double *)ha, count, 12);
    else
        bench_fill_float((float *)ha, count, 12);
    if (ompwg_device_copy(a, ha, bytes, OMPWG_HOST_TO_DEVICE) != 0) {
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
        xy_call call = { .type = dbl ? ELEM_F64 : ELEM_F32, .vendor = v == 2, .n = n, .x = a,
                         .y = b };
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
    ompwg_device_free(a);
    ompwg_device_free(b);
}

static int run_scan(void *arg)
{
    xy_call *c = arg;
    if (c->vendor) {
        switch (c->type) {
        case ELEM_F32: return bench_cub_sscan(c->n, c->x, c->y);
        case ELEM_F64: return bench_cub_dscan(c->n, c->x, c->y);
        default: return bench_cub_i64scan(c->n, c->x, c->y);
        }
    }
    switch (c->type) {
    case ELEM_F32: return ompwg_sscan_device(c->n, c->x, 1, c->y, 1, 0);
    case ELEM_F64: return ompwg_dscan_device(c->n, c->x, 1, c->y, 1, 0);
    default: return ompwg_i64scan_device(c->n, c->x, 1, c->y, 1, 0);
    }
}

/* The largest error of an inclusive scan y of x (host copies) in units of
 * the bound of ompwg.h with u_acc the unit roundoff of the accumulation
 * (int64: 0 when exact, else 1). */
static double scan_error(elem_type type, int64_t n, const void *x, const void *y,
                         long double u_acc)
{
    long double run = 0, abs_run = 0, worst = 0;
    uint64_t irun = 0;
    const long double u = type == ELEM_F32 ? 0x1p-24L : 0x1p-53L;
    for (int64_t i = 0; i < n; i++) {
        if (type == ELEM_I64) {
            irun += (uint64_t)((const int64_t *)x)[i];
            if ((uint64_t)((const int64_t *)y)[i] != irun) return 1;
            continue;
        }
        long double xi = type == ELEM_F32 ? ((const float *)x)[i] : ((const double *)x)[i];
        long double yi = type == ELEM_F32 ? ((const float *)y)[i] : ((const double *)y)[i];
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
static void bench_scan(elem_type type, int64_t n, const options *o, bool have_cub)
{
    static const char *const names[] = { "sscan", "dscan", "i64scan" };
    size_t elem = type == ELEM_F32 ? sizeof(float) : 8, bytes = (size_t)n * elem;
    char *hx = malloc(bytes), *hy = malloc(bytes);
    void *x = bench_device_alloc(bytes), *y = bench_device_alloc(bytes);
    if (!hx || !hy || !x || !y) {
        row_failed(names[type], n, "out of memory");
        goto out;
    }
    if (type == ELEM_F32)
        bench_fill_float((float *)hx, (size_t)n, 13);
    else
        bench_fill_double((double *)hx, (size_t)n, 13);
    if (type == ELEM_I64)
        for (int64_t i = 0; i < n; i++)
            ((int64_t *)hx)[i] = (int64_t)(((double *)hx)[i] * 0x1p62);
    copy_call copy = { .dst = y, .src = x, .bytes = bytes };
    double t_copy = ompwg_device_copy(x, hx, bytes, OMPWG_HOST_TO_DEVICE) == 0 ? time_median(run_copy, &copy, 3, o) : -1;
    if (t_copy <= 0) {
        row_failed(names[type], n, "device copy failed");
        goto out;
    }
    double copy_gbs = 2.0 * (double)bytes / t_copy * 1e-9, t_cub = -1;
    for (int cub = have_cub; cub >= 0; cub--) {
        char op[16];
        snprintf(op, sizeof op, "%s%s", names[type], cub ? "/cub" : "");
        xy_call call = { .type = type, .vendor = cub, .n = n, .x = x, .y = y };
        double t = time_median(run_scan, &call, 3, o);
        if (cub) t_cub = t;
        if (t <= 0 || ompwg_device_copy(hy, y, bytes, OMPWG_DEVICE_TO_HOST) != 0) {
            char why[64];
            snprintf(why, sizeof why, "failed (status %d)", t <= 0 ? run_scan(&call) : -1);
            row_failed(op, n, why);
            continue;
        }
        long double u_acc = cub ? (type == ELEM_F32 ? 0x1p-24L : 0x1p-53L) : 0x1p-53L;
        double gbs = 2.0 * (double)bytes / t * 1e-9;
        row(op, n, t, gbs, "GB/s", "copy", copy_gbs, gbs / copy_gbs,
            scan_error(type, n, hx, hy, u_acc), !cub && t_cub > 0 ? t_cub / t : -1);
    }
out:
    free(hx);
    free(hy);
    ompwg_device_free(x);
    ompwg_device_free(y);
}

/* The rows of one section of n x n problems (GEMM, transpose) in both
 * precisions: n from --size alone, else from the quick or the full list. */
static void square_section(bool on, void (*run)(bool dbl, int64_t n, const options *o,
                                                bool have_cublas),
                           const int64_t *full, int nfull, const int64_t *quick, int nquick,
                           const options *o, bool have_cublas)
{
    if (!on) return;
    const int64_t *ns = o->size ? &o->size : o->quick ? quick : full;
    const int count = o->size ? 1 : o->quick ? nquick : nfull;
    for (int d = 0; d < 2; d++)
        for (int i = 0; i < count && (o->prec < 0 || o->prec == d); i++)
            run(d == 1, ns[i], o, have_cublas);
    rule();
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
           "      with a line for its fraction of the FP64 FMA peak; sgemm/tf32x3: the tiled SGEMM\n"
           "      on the TF32 tensor cores (OMPWG_GPU_SGEMM=tf32x3); float rows: a line with the\n"
           "      error against the product in double (cuBLAS DGEMM on the same inputs), the\n"
           "      median and largest |c - c_exact| / (FLT_EPSILON (|A||B|)_ij)\n");
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
    square_section(o->gemm, bench_gemm, gemm_full, 5, gemm_quick, 2, o, have_cublas);
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
    square_section(o->transpose, bench_transpose, tr_full, 3, tr_quick, 2, o, have_cublas);
    for (int ty = 0; ty < 3 && o->scan; ty++)
        for (int i = 0; i < nv; i += o->size || o->quick ? 1 : 2)
            bench_scan((elem_type)ty, vs[i], o, have_cub);
    if (o->scan) rule();
    return 0;
}

/* The program's body; bench/module_main.c is its main(), and bench/late_load.c
 * runs it from the bench_gpu_module library (see there why). */
int late_load_main(int argc, char **argv);

int late_load_main(int argc, char **argv)
{
    options o;
    int st = parse(argc, argv, &o);
    if (st != 0) return st == 1 ? 0 : 2;
    char why[512];
    bench_gpu_backend_info(why, sizeof why);
    int64_t sms;
    bool on_device = ompwg_gpu_property(OMPWG_GPU_SM_COUNT, &sms) == OMPWG_OK;
    if (!on_device) {
        printf("bench_gpu: no GPU to measure: %s\n", why);
        return 0;
    }
    return benchmark(&o);
}
