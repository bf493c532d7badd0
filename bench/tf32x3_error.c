/* The error of the GPU SGEMM's two arithmetics on the shapes of the SGEMM
 * test grid, computed on the host, where the tensor-core path cannot run
 * (its TF32 steps are inline PTX): the FMA kernel's (one fmaf per product,
 * along k) and a model of the 3xTF32 path's (gemm_tf32x3.h: each element x
 * split into hi = tf32(x), lo = tf32(x - hi), rounded to nearest with ties
 * away from zero as cvt.rna does, and for each 8-deep step of k the
 * products lo_a hi_b, then hi_a lo_b, then hi_a hi_b added into the FP32
 * accumulator in that order). Each element's error against a product in
 * double is given in netlib units, |c - c_exact| / (FLT_EPSILON * sum |a||b|),
 * the test grid's ratio (alpha 1, beta 0).
 *
 * The tensor cores' rounding inside an mma is not specified, so the model
 * comes in two forms around it: every product added with a rounding of its
 * own (24 roundings per 8-deep step of k, the FMA kernel's 8), and each
 * mma's 8 products summed exactly and added with one rounding to nearest
 * (3 per step). The GPU's own figures come from the test grid run on the
 * device (OMPWG_GPU_SGEMM=tf32x3). What
 * this program checks: the rounding against hand-worked cases, the split's
 * remainder bound |x - hi - lo| <= 2^-22 |x|, and that the model stays
 * within its worst-case bound, (3k + 12) u sum |a||b| (three roundings per
 * k, 12 u per product left out): a dropped or misordered product breaks it
 * by orders of magnitude. Exit status 1 when a check fails.
 *
 *     bench_tf32x3_error [--large]
 *
 * --large adds the grid's shapes with 1000 in each position (a few seconds
 * more). */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <float.h>

/* x rounded to TF32 (10 explicit mantissa bits), to nearest, ties away
 * from zero: cvt.rna.tf32.f32. Adding half of the 13 dropped bits to the
 * magnitude carries into the kept ones exactly when the dropped part is at
 * least half, ties included. */
static float tf32_rna(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    if ((u & 0x7f800000u) != 0x7f800000u) u = (u + 0x1000u) & 0xffffe000u;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* hi and lo of x as the kernel splits it (gpu_mma.h's tf32_split_: Inf
 * and NaN without a low part, a finite x that would round to Inf
 * truncated); the remainder bound 2^-22 |x| checked for finite x. */
static bool split(float x, float *hi, float *lo)
{
    *hi = tf32_rna(x);
    if (isinf(*hi) && !isinf(x)) {
        uint32_t u;
        memcpy(&u, &x, sizeof u);
        u &= 0xffffe000u;
        memcpy(hi, &u, sizeof u);
    }
    *lo = tf32_rna(isfinite(x) ? x - *hi : 0.0f);
    double rest = (double)x - (double)*hi - (double)*lo;
    return !isfinite(x) || fabs(rest) <= 0x1p-22 * fabs((double)x);
}

static bool rounding_checks(void)
{
    static const struct {
        float x, want;
    } cases[] = {
        { 1.0f, 1.0f },
        /* a tie rounds away from zero, either sign */
        { 1.0f + 0x1p-11f, 1.0f + 0x1p-10f },
        { -(1.0f + 0x1p-11f), -(1.0f + 0x1p-10f) },
        { 1.0f + 3 * 0x1p-11f, 1.0f + 2 * 0x1p-10f },
        /* below and above the tie */
        { 1.0f + 0x1p-11f - 0x1p-23f, 1.0f },
        { 1.0f + 0x1p-11f + 0x1p-23f, 1.0f + 0x1p-10f },
        /* the carry into the exponent */
        { 2.0f - 0x1p-23f, 2.0f },
        /* subnormals keep the top 10 bits of the fraction field, so the
         * smallest round to 0 */
        { 0x1p-127f + 0x1p-137f, 0x1p-127f + 0x1p-136f },
        { 0x1p-127f + 0x1p-137f - 0x1p-149f, 0x1p-127f },
        { 0x1p-138f, 0.0f },
    };
    bool pass = true;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        float got = tf32_rna(cases[i].x);
        if (got != cases[i].want) {
            printf("tf32_rna(%a) = %a, want %a\n", (double)cases[i].x, (double)got,
                   (double)cases[i].want);
            pass = false;
        }
    }
    if (!isinf(tf32_rna(INFINITY)) || !isnan(tf32_rna(NAN)) || !isinf(tf32_rna(FLT_MAX))) {
        printf("tf32_rna changes Inf or NaN, or keeps FLT_MAX finite\n");
        pass = false;
    }
    /* the split's special cases: Inf keeps no low part, FLT_MAX stays
     * finite */
    float hi, lo;
    bool inf_ok = split(-INFINITY, &hi, &lo) && hi == -INFINITY && lo == 0;
    bool max_ok = split(FLT_MAX, &hi, &lo) && isfinite(hi) && isfinite(lo);
    if (!inf_ok || !max_ok) {
        printf("split: -Inf %s, FLT_MAX %s\n", inf_ok ? "ok" : "WRONG", max_ok ? "ok" : "WRONG");
        pass = false;
    }
    return pass;
}

/* A fixed xorshift stream, uniform in [lo, 1). */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static float uniform(float lo)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    double u = (double)(rng_state >> 11) * 0x1p-53;
    return (float)(lo + (1 - lo) * u);
}

/* One m x n x k product of column-major A (m x k) and B (k x n). */
typedef struct product {
    int64_t m, n, k;
    const float *a, *b, *ahi, *alo, *bhi, *blo;
} product;

/* One mma's worth, k in [l0, l1), of the products x_a y_b summed exactly
 * (each is exact in double, 22 significant bits, and so is a sum of 8). */
static double mma_sum(const product *p, const float *x, const float *y, int64_t i, int64_t j,
                      int64_t l0, int64_t l1)
{
    double s = 0;
    for (int64_t l = l0; l < l1; l++) s += (double)x[i + l * p->m] * y[l + j * p->k];
    return s;
}

/* Element (i, j) by each arithmetic (the FMA kernel's; the 3xTF32 model
 * rounding each product, and rounding each mma), its exact value and
 * sum |a||b|. */
static void element(const product *p, int64_t i, int64_t j, float *fma_c, float *tc_c,
                    float *mma_c, double *exact, double *scale)
{
    float acc = 0, tc = 0, mma = 0;
    double e = 0, s = 0;
    for (int64_t l = 0; l < p->k; l++) {
        float x = p->a[i + l * p->m], y = p->b[l + j * p->k];
        acc = fmaf(x, y, acc);
        e += (double)x * y;
        s += fabs((double)x * y);
    }
    for (int64_t l0 = 0; l0 < p->k; l0 += 8) {
        int64_t l1 = l0 + 8 < p->k ? l0 + 8 : p->k;
        for (int64_t l = l0; l < l1; l++)
            tc = fmaf(p->alo[i + l * p->m], p->bhi[l + j * p->k], tc);
        for (int64_t l = l0; l < l1; l++)
            tc = fmaf(p->ahi[i + l * p->m], p->blo[l + j * p->k], tc);
        for (int64_t l = l0; l < l1; l++)
            tc = fmaf(p->ahi[i + l * p->m], p->bhi[l + j * p->k], tc);
        mma = (float)((double)mma + mma_sum(p, p->alo, p->bhi, i, j, l0, l1));
        mma = (float)((double)mma + mma_sum(p, p->ahi, p->blo, i, j, l0, l1));
        mma = (float)((double)mma + mma_sum(p, p->ahi, p->bhi, i, j, l0, l1));
    }
    *fma_c = acc;
    *tc_c = tc;
    *mma_c = mma;
    *exact = e;
    *scale = s;
}

/* Ratios in histogram bins of 1/64 up to 64, the rest in the last. */
enum { BINS = 64 * 64 + 1 };
typedef struct tally {
    double max;
    int64_t count;
    int64_t bins[BINS];
} tally;

static void tally_add(tally *t, double r)
{
    if (r > t->max) t->max = r;
    int64_t b = (int64_t)(r * 64);
    t->bins[b < BINS - 1 ? b : BINS - 1]++;
    t->count++;
}

/* The upper edge of the bin that holds quantile q. */
static double tally_quantile(const tally *t, double q)
{
    int64_t want = (int64_t)ceil(q * (double)t->count), seen = 0;
    for (int b = 0; b < BINS; b++) {
        seen += t->bins[b];
        if (seen >= want && want > 0) return b == BINS - 1 ? t->max : (b + 1) / 64.0;
    }
    return 0;
}

/* What one data set gave on one class of shapes. */
typedef struct result {
    tally fma, tc, mma;
    double tc_worst_over_bound;
    int64_t shapes, split_fails;
} result;

static bool run_shape(int64_t m, int64_t n, int64_t k, float lo, result *res)
{
    float *buf = malloc(sizeof(float) * (size_t)(3 * (m * k + k * n)));
    if (!buf) return false;
    float *a = buf, *ahi = a + m * k, *alo = ahi + m * k;
    float *b = alo + m * k, *bhi = b + k * n, *blo = bhi + k * n;
    for (int64_t x = 0; x < m * k; x++) {
        a[x] = uniform(lo);
        if (!split(a[x], &ahi[x], &alo[x])) res->split_fails++;
    }
    for (int64_t x = 0; x < k * n; x++) {
        b[x] = uniform(lo);
        if (!split(b[x], &bhi[x], &blo[x])) res->split_fails++;
    }
    product p = { m, n, k, a, b, ahi, alo, bhi, blo };
    const double bound = (3.0 * (double)k + 12) * 0x1p-24;
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < m; i++) {
            float fc, tc, mc;
            double exact, scale;
            element(&p, i, j, &fc, &tc, &mc, &exact, &scale);
            double unit = FLT_EPSILON * scale;
            tally_add(&res->fma, fabs(fc - exact) / unit);
            tally_add(&res->tc, fabs(tc - exact) / unit);
            tally_add(&res->mma, fabs(mc - exact) / unit);
            double over = fmax(fabs(tc - exact), fabs(mc - exact)) / (bound * scale);
            if (over > res->tc_worst_over_bound) res->tc_worst_over_bound = over;
        }
    res->shapes++;
    free(buf);
    return true;
}

/* The SGEMM test grid's sizes (tests/gemm_grid_tmpl.c). */
static const int64_t grid_sizes[] = {
    1, 2, 3, 5, 7, 9, 15, 16, 17, 31, 63, 64, 65, 127, 128, 129, 255, 256, 257,
};
#define GRID_N ((int)(sizeof grid_sizes / sizeof grid_sizes[0]))
enum { FULL_PRODUCT_MAX = 129 };

/* The shape classes reported: every m, n, k <= 129, split at k = 16 (a
 * short k leaves the 3xTF32 parts' own error, up to 12 u per product,
 * beside few roundings); the rotating triples with 255 to 257 in some
 * position; 1000 in each position. */
enum { CLASSES = 4 };
static bool run_grid(float lo, bool large, result res[CLASSES])
{
    for (int i = 0; i < GRID_N && grid_sizes[i] <= FULL_PRODUCT_MAX; i++)
        for (int j = 0; j < GRID_N && grid_sizes[j] <= FULL_PRODUCT_MAX; j++)
            for (int l = 0; l < GRID_N && grid_sizes[l] <= FULL_PRODUCT_MAX; l++)
                if (!run_shape(grid_sizes[i], grid_sizes[j], grid_sizes[l], lo,
                               &res[grid_sizes[l] < 16 ? 0 : 1]))
                    return false;
    for (int combo = 0; combo < 9; combo++)
        for (int i = 0; i < GRID_N; i++) {
            int64_t m = grid_sizes[i], n = grid_sizes[(3 * i + combo) % GRID_N],
                    k = grid_sizes[(7 * i + 3 * combo + 1) % GRID_N];
            if (m <= FULL_PRODUCT_MAX && n <= FULL_PRODUCT_MAX && k <= FULL_PRODUCT_MAX) continue;
            if (!run_shape(m, n, k, lo, &res[2])) return false;
        }
    if (large) {
        static const int64_t shapes[][3] = { { 1000, 1000, 1000 }, { 1000, 1000, 5 },
                                             { 1000, 17, 65 },     { 9, 1000, 129 },
                                             { 31, 64, 1000 },     { 257, 1, 1000 } };
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
            if (!run_shape(shapes[s][0], shapes[s][1], shapes[s][2], lo, &res[3])) return false;
    }
    return true;
}

int main(int argc, char **argv)
{
    bool large = argc > 1 && strcmp(argv[1], "--large") == 0;
    if (argc > 2 || (argc == 2 && !large)) {
        fprintf(stderr, "usage: %s [--large]\n", argv[0]);
        return 2;
    }
    bool pass = rounding_checks();
    printf("rounding to TF32 (cvt.rna): %s\n", pass ? "ok" : "WRONG");
    static const char *const class_names[CLASSES] = { "m,n <= 129, k < 16", "m,n <= 129, k 16-129",
                                                      "255-257 in a position",
                                                      "1000 in a position" };
    static const float lows[] = { -1, 0 };
    printf("%-22s %-7s %6s %9s | %-15s | %-15s | %-15s | %9s\n", "", "", "", "",
           "FMA kernel", "3xTF32, per fma", "3xTF32, per mma", "");
    printf("%-22s %-7s %6s %9s | %7s %7s | %7s %7s | %7s %7s | %9s\n", "shapes", "data",
           "count", "elements", "median", "max", "median", "max", "median", "max",
           "max/bound");
    for (int d = 0; d < 2; d++) {
        result *res = calloc(CLASSES, sizeof *res);
        if (!res || !run_grid(lows[d], large, res)) {
            fprintf(stderr, "out of memory\n");
            return 1;
        }
        for (int c = 0; c < CLASSES; c++) {
            if (res[c].shapes == 0) continue;
            printf("%-22s %-7s %6lld %9lld | %7.3f %7.3f | %7.3f %7.3f | %7.3f %7.3f | %9.4f\n",
                   class_names[c], d == 0 ? "[-1,1)" : "[0,1)", (long long)res[c].shapes,
                   (long long)res[c].fma.count, tally_quantile(&res[c].fma, 0.5), res[c].fma.max,
                   tally_quantile(&res[c].tc, 0.5), res[c].tc.max,
                   tally_quantile(&res[c].mma, 0.5), res[c].mma.max,
                   res[c].tc_worst_over_bound);
            if (res[c].split_fails) {
                printf("  %lld splits left more than 2^-22 |x|\n", (long long)res[c].split_fails);
                pass = false;
            }
            if (res[c].tc_worst_over_bound > 1) pass = false;
        }
        free(res);
    }
    printf("(ratios: |c - c_exact| / (FLT_EPSILON sum |a||b|), medians to 1/64; "
           "max/bound: the 3xTF32 models' largest error over (3k + 12) u sum |a||b|)\n");
    printf("%s\n", pass ? "ok" : "FAILED");
    return pass ? 0 : 1;
}
