/* The GPU backend's kernels on the paths a GPU takes (every team of the
 * size the kernels ask for): GEMM on odd shapes in both layouts with every
 * transposition, alpha 0 and beta 0, on device and host data; the
 * reductions (sum, dot, asum against a long double oracle, max and min with
 * a NaN and ties planted) over strided vectors; the transposes and the
 * scans, all with padded or strided outputs whose gaps must come back
 * unchanged. Every variant of the GEMM, DGEMM, tile, SGEMM, reduction and
 * transpose families runs. Without a GPU the backend runs in host fallback
 * (OMP_TARGET_OFFLOAD=DISABLED, with KMP_TEAMS_THREAD_LIMIT=256 for full
 * teams, as meson runs it); where it cannot run at all the program skips.
 *
 * Under compute-sanitizer run it as `late_load gpu_kernels_module.so`:
 * the offload runtime initialises CUDA when libompwg is loaded, which, for a
 * program linked to libompwg, is before the sanitizer has attached
 * (bench/late_load.c). */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device_data.h"
#include "harness.h"
#include "ompwg.h"
#include "tap.h"
#include "walk.h"

static void verdict(bool ok, const char *what)
{
    tap_ok(ok, "%s", what);
}

static int to_dev(void *d, const void *h, size_t bytes)
{
    return ompwg_device_copy(d, h, bytes, OMPWG_HOST_TO_DEVICE);
}

static int to_host(void *h, const void *d, size_t bytes)
{
    return ompwg_device_copy(h, d, bytes, OMPWG_DEVICE_TO_HOST);
}

/* Device copies of the two operands of a call; where either could not be
 * made, a failed verdict (the caller frees both). */
static bool device_copies(const void *x, size_t x_bytes, const void *y, size_t y_bytes,
                          char **dx, char **dy, const char *what)
{
    *dx = bench_device_copy_of(x, x_bytes);
    *dy = bench_device_copy_of(y, y_bytes);
    if (*dx && *dy) return true;
    verdict(false, what);
    return false;
}

typedef enum scan_type { SCAN_F32, SCAN_F64, SCAN_I64 } scan_type;

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
        da = bench_device_copy_of(a, sa * elem);
        db = bench_device_copy_of(b, sb * elem);
        dc = bench_device_copy_of(c, sc * elem);
        if (!da || !db || !dc) {
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
    ompwg_device_free(da);
    ompwg_device_free(db);
    ompwg_device_free(dc);
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
    if (device && !device_copies(x, span * elem, y, span * elem, &dx, &dy, "device copies"))
        goto out;
    const void *px = device ? dx : x, *py = device ? dy : y;
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
    ompwg_device_free(dx);
    ompwg_device_free(dy);
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
    if (device && !device_copies(x, sx * elem, y, sy * elem, &dx, &dy, what)) goto out;
    const void *px = device ? dx : x;
    void *py = device ? dy : y;
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
    ompwg_device_free(dx);
    ompwg_device_free(dy);
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
    if (device && !device_copies(a, sa * elem, b, sb * elem, &da, &db, what)) goto out;
    const void *pa = device ? da : a;
    void *pb = device ? db : b;
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
    ompwg_device_free(da);
    ompwg_device_free(db);
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

/* The families check_variant_kernels walks, and the variant of each that
 * each pass runs: the defaults, then the others, then the tiled DGEMM on
 * the FMA units (the default takes the tensor cores where the build has
 * them) with the tiled SGEMM on the TF32 tensor cores, then the tiled GEMM
 * on its large team tile (these shapes take the small one by default), on
 * the FMA units and on the tensor cores. */
static const struct {
    const char *env, *names[2];
} families[] = {
    { "OMPWG_GPU_GEMM", { "tiled", "subgroup" } },
    { "OMPWG_GPU_DGEMM", { "tensor", "fma" } },
    { "OMPWG_GPU_GEMM_TILE", { "auto", "large" } },
    { "OMPWG_GPU_REDUCE", { "tree", "subgroup" } },
    { "OMPWG_GPU_TRANSPOSE", { "padded", "unpadded" } },
    { "OMPWG_GPU_SGEMM", { "fma", "tf32x3" } },
};
#define FAMILY_COUNT (sizeof families / sizeof families[0])
#define PASS_COUNT 5
static const int pass_variant[PASS_COUNT][FAMILY_COUNT] = {
    { 0, 0, 0, 0, 0, 0 },
    { 1, 0, 0, 1, 1, 0 },
    { 0, 1, 0, 0, 0, 1 },
    { 0, 0, 1, 0, 0, 0 },
    { 0, 0, 1, 0, 0, 1 },
};

/* The program's body: main() below, and the gpu_kernels_module library's
 * entry for bench/late_load. */
int late_load_main(int argc, char **argv);

int late_load_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    tap_init("test_gpu_kernels");
    char why[512] = "";
    /* why: the probe's reason, or what the backend runs on (host fallback
     * counts: it is usable when named) */
    walk_usable("gpu", why, sizeof why);
    if (ompwg_set_backend("gpu") != OMPWG_OK) tap_skip_all("the gpu backend cannot run here: %s", why);
    tap_diag("gpu backend: %s", why);
    for (int pass = 0; pass < PASS_COUNT; pass++) {
        bool selected = true;
        for (size_t f = 0; f < FAMILY_COUNT; f++)
            selected = walk_select_variant(families[f].env,
                                           families[f].names[pass_variant[pass][f]]) &&
                       selected;
        if (selected) check_variant_kernels();
    }
    /* the scans have one variant */
    for (size_t f = 0; f < FAMILY_COUNT; f++) walk_restore_variant(families[f].env);
    static const int64_t sincs[][2] = { { 1, 1 }, { -1, 2 }, { 3, -1 } };
    for (int ty = 0; ty < 3; ty++)
        for (size_t k = 0; k < sizeof sincs / sizeof sincs[0]; k++) {
            check_scan((scan_type)ty, 1000003, sincs[k][0], sincs[k][1], k == 1, true);
            check_scan((scan_type)ty, 4099, sincs[k][0], sincs[k][1], k != 1, k != 2);
            check_scan((scan_type)ty, 1, sincs[k][0], sincs[k][1], k == 2, true);
        }
    return tap_done();
}

#ifndef OMPWG_TEST_MODULE
int main(int argc, char **argv)
{
    return late_load_main(argc, argv);
}
#endif
