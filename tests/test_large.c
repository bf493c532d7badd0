/* 64-bit sizes on the CPU backend (and OpenBLAS): a GEMM whose C has more
 * than 2^31 elements, C := beta * C over as many, and reductions over more
 * than 2^31 elements, with results known exactly.
 *
 * Opt-in (suite slow): it needs about 9 GiB of memory and a minute or more.
 *     OMPWG_TEST_SLOW=1 meson test -C build --suite slow
 * Without OMPWG_TEST_SLOW=1, or with too little free memory, it skips and
 * says why.
 *
 * Every element of C is checked: the operands are small integers, so C is
 * exact in float whatever the order of the sums, and a wrong index (a 32-bit
 * product that wrapped) shows as a wrong or unwritten (NaN) element. The
 * vectors alternate +1 and -1 with markers planted below and above 2^31:
 * the sum is a small integer, exact, and the max and min sit above 2^31. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ompwg.h"
#include "tap.h"

/* m * n = 2147909653 > 2^31 */
#define LM ((int64_t)65543)
#define LN ((int64_t)32771)
#define LK 3
#define VN (((int64_t)1 << 31) + 33)

/* Column-major A (LM x LK) and B (LK x LN); row-major callers get the
 * transposes with the same values. */
static float a_val(int64_t i, int p)
{
    return (float)(i % 61 - 30 + p);
}

static float b_val(int p, int64_t j)
{
    return (float)((j % 53 - 26) * (p + 1));
}

static float c_val(int64_t i, int64_t j)
{
    float s = 0;
    for (int p = 0; p < LK; p++) s += a_val(i, p) * b_val(p, j);
    return s;
}

/* Elements of the LM x LN matrix C (C(i, j) at c[i * si + j * sj]) that are
 * not scale * c_val(i, j); the first is described in *first. */
static int64_t wrong_elements(const float *c, int64_t si, int64_t sj, float scale, char *first,
                              size_t len)
{
    int64_t bad = 0, first_at = -1;
#pragma omp parallel for reduction(+ : bad) schedule(static)
    for (int64_t j = 0; j < LN; j++)
        for (int64_t i = 0; i < LM; i++)
            if (c[i * si + j * sj] != scale * c_val(i, j)) {
                bad++;
#pragma omp critical
                if (first_at < 0 || i * si + j * sj < first_at) first_at = i * si + j * sj;
            }
    if (bad) snprintf(first, len, "first wrong element at offset %lld", (long long)first_at);
    return bad;
}

static void fill_nan(float *c, size_t n)
{
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < n; i++) c[i] = NAN;
}

static void gemms(void)
{
    size_t cn = (size_t)(LM * LN);
    float *c = malloc(cn * sizeof *c), *a = malloc((size_t)LM * LK * sizeof *a),
          *b = malloc((size_t)LK * LN * sizeof *b);
    if (!c || !a || !b) tap_bail("out of memory for a %zu-element C", cn);
    for (int64_t i = 0; i < LM; i++)
        for (int p = 0; p < LK; p++) a[i + p * LM] = a_val(i, p);
    for (int p = 0; p < LK; p++)
        for (int64_t j = 0; j < LN; j++) b[p + j * LK] = b_val(p, j);
    char first[128] = "";
    static const char *const backends[] = { "cpu", "openblas" };
    for (int be = 0; be < 2; be++) {
        ompwg_set_backend(backends[be]);
        /* column-major C = A B, beta 0 over NaN: every element written */
        fill_nan(c, cn);
        int st = ompwg_sgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, LM, LN, LK, 1, a, LM,
                             b, LK, 0, c, LM);
        int64_t bad = st == OMPWG_OK ? wrong_elements(c, 1, LM, 1, first, sizeof first) : -1;
        if (!tap_ok(bad == 0, "%s: sgemm col-major %lld x %lld x %d (%zu elements of C), every element exact",
                    backends[be], (long long)LM, (long long)LN, LK, cn))
            tap_diag("status %d, %lld wrong; %s", st, (long long)bad, first);
        if (be == 1) break;
        /* C := 2 C (alpha 0): the scaling loop over as many */
        st = ompwg_sgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, LM, LN, LK, 0, a, LM, b,
                         LK, 2, c, LM);
        bad = st == OMPWG_OK ? wrong_elements(c, 1, LM, 2, first, sizeof first) : -1;
        if (!tap_ok(bad == 0, "%s: alpha 0, beta 2 over the same C: every element doubled",
                    backends[be]))
            tap_diag("status %d, %lld wrong; %s", st, (long long)bad, first);
        /* row-major C (LM x LN, ldc LN) = (A^T)^T (B^T)^T: the operands as
         * row-major transposes, the other path through the layouts */
        fill_nan(c, cn);
        st = ompwg_sgemm(OMPWG_ROW_MAJOR, OMPWG_TRANS, OMPWG_TRANS, LM, LN, LK, 1, a, LM, b, LK,
                         0, c, LN);
        bad = st == OMPWG_OK ? wrong_elements(c, LN, 1, 1, first, sizeof first) : -1;
        if (!tap_ok(bad == 0, "%s: sgemm row-major T,T, the same C as rows, every element exact",
                    backends[be]))
            tap_diag("status %d, %lld wrong; %s", st, (long long)bad, first);
    }
    free(a);
    free(b);
    free(c);
}

static void reductions(void)
{
    float *x = malloc((size_t)VN * sizeof *x);
    if (!x) tap_bail("out of memory for %lld floats", (long long)VN);
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < VN; i++) x[i] = i % 2 ? -1.0f : 1.0f;
    /* odd positions lose -1, the last (even) +1 */
    const int64_t low = ((int64_t)1 << 31) - 1, high = ((int64_t)1 << 31) + 5,
                  min_at = ((int64_t)1 << 31) + 7;
    x[low] = 1024;
    x[high] = 4096;
    x[VN - 1] = 16384;
    x[min_at] = -8192;
    /* alternating terms: +1 for the extra even one; then each marker's
     * value minus what it replaced */
    const float want_sum = 1 + 1025 + 4097 + 16383 - 8191;
    const long double want_asum = (long double)(VN - 4) + 1024 + 4096 + 16384 + 8192;
    static const char *const backends[] = { "cpu", "openblas" };
    for (int be = 0; be < 2; be++) {
        ompwg_set_backend(backends[be]);
        for (int64_t inc = 1; inc >= -1; inc -= 2) {
            float s = NAN;
            int st = ompwg_ssum(VN, x, inc, &s);
            if (!tap_ok(st == OMPWG_OK && s == want_sum, "%s: ssum of %lld elements, incx %lld, exact",
                        backends[be], (long long)VN, (long long)inc))
                tap_diag("status %d, %.9g, want %.9g", st, (double)s, (double)want_sum);
        }
        float v = NAN;
        int64_t at = -1;
        int st = ompwg_smax(VN, x, 1, &v, &at);
        if (!tap_ok(st == OMPWG_OK && v == 16384 && at == VN - 1, "%s: smax found at %lld",
                    backends[be], (long long)(VN - 1)))
            tap_diag("status %d, %g at %lld", st, (double)v, (long long)at);
        st = ompwg_smin(VN, x, 1, &v, &at);
        if (!tap_ok(st == OMPWG_OK && v == -8192 && at == min_at, "%s: smin found at %lld",
                    backends[be], (long long)min_at))
            tap_diag("status %d, %g at %lld", st, (double)v, (long long)at);
        /* logical element i is x[VN - 1 - i]: the max is element 0 */
        st = ompwg_smax(VN, x, -1, &v, &at);
        tap_ok(st == OMPWG_OK && v == 16384 && at == 0, "%s: smax with incx -1 at 0 (%lld)",
               backends[be], (long long)at);
    }
    /* the CPU accumulates in double: exact, then rounded once */
    ompwg_set_backend("cpu");
    float as = NAN;
    int st = ompwg_sasum(VN, x, 1, &as);
    if (!tap_ok(st == OMPWG_OK && as == (float)want_asum, "cpu: sasum rounded once from the exact sum"))
        tap_diag("status %d, %.9g, want %.9g", st, (double)as, (double)(float)want_asum);
    free(x);
}

int main(void)
{
    tap_init("test_large");
    const char *on = getenv("OMPWG_TEST_SLOW");
    if (!on || strcmp(on, "1") != 0)
        tap_skip_all("opt-in: OMPWG_TEST_SLOW=1 runs it (about 9 GiB and a minute or more)");
    double free_gib = (double)sysconf(_SC_AVPHYS_PAGES) * (double)sysconf(_SC_PAGESIZE) / (1 << 30);
    if (free_gib < 10) tap_skip_all("needs about 9 GiB of free memory, %.1f GiB free", free_gib);
    tap_diag("%.1f GiB free", free_gib);
    reductions();
    gemms();
    return tap_done();
}
