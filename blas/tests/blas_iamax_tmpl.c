/* iamax against the reference loop: part of the level-1 test of one
 * precision (blas_level1_test.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blas_level1_test.h"
#include "blas_real.h"
#include "group.h"

/* Reference BLAS 3.11's IxAMAX, 1-based: ABS(X(I)).GT.SMAX, so that a NaN
 * is never chosen unless it comes first (then nothing beats it). */
static int reference_iamax(int n, const real *x, int incx)
{
    if (n < 1 || incx <= 0) return 0;
    if (n == 1) return 1;
    int best = 1;
    real big = (real)fabs((double)x[0]);
    for (int i = 1; i < n; i++) {
        real v = (real)fabs((double)x[(size_t)i * (size_t)incx]);
        if (v > big) {
            best = i + 1;
            big = v;
        }
    }
    return best;
}

/* Both entry points give want (1-based; cblas_ixamax want - 1, or 0). */
static bool iamax_gives(int n, const real *x, int incx, int want, char *why, size_t why_len)
{
    int f = TN(i, amax_)(&n, x, &incx);
    size_t c = TN(cblas_i, amax)(n, x, incx);
    size_t want_c = want > 0 ? (size_t)(want - 1) : 0;
    if (f == want && c == want_c) return true;
    snprintf(why, why_len, "i%samax_ %d, cblas %zu; expected %d and %zu", api.prefix, f, c,
             want, want_c);
    return false;
}

typedef struct iamax_case {
    const char *what;
    int n, incx;
    real x[6];
    int want;  /* 1-based, as reference IxAMAX */
} iamax_case;

void iamax_table(const char *backend)
{
    const real nan = (real)NAN, inf = (real)INFINITY, tiny = (real)0x1p-100;
    const iamax_case cases[] = {
        { "a NaN after the first element is passed by", 4, 1, { 0, nan, 2, 1 }, 3 },
        { "a first NaN is kept", 3, 1, { nan, 5, 7 }, 1 },
        { "Inf before a NaN", 3, 1, { 1, inf, nan }, 2 },
        { "Inf after a NaN", 3, 1, { 1, nan, inf }, 3 },
        { "-Inf and Inf tie", 2, 1, { -inf, inf }, 1 },
        { "only NaN after the first", 3, 1, { -2, nan, nan }, 1 },
        { "3 and -3 tie", 2, 1, { 3, -3 }, 1 },
        { "-3 and 3 tie", 2, 1, { -3, 3 }, 1 },
        { "a tie later on", 3, 1, { 1, -3, 3 }, 2 },
        { "a negative largest", 4, 1, { 1, 2, -5, 4 }, 3 },
        { "signed zeros tie", 2, 1, { (real)-0.0, 0 }, 1 },
        { "a tiny magnitude beats zeros", 3, 1, { 0, (real)-0.0, -tiny }, 3 },
        { "n == 1, even a NaN", 1, 1, { nan }, 1 },
        { "stride 2", 3, 2, { 1, 100, 2, -100, -3 }, 3 },
        { "stride 2 with a NaN", 3, 2, { 1, 0, nan, 0, -3 }, 3 },
        { "n == 0", 0, 1, { 1 }, 0 },
        { "n < 0", -2, 1, { 1 }, 0 },
        { "incx == 0", 3, 0, { 1, 2, 3 }, 0 },
        { "incx < 0", 3, -1, { 1, 2, 3 }, 0 },
    };
    group g;
    group_init(&g, NULL);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const iamax_case *c = &cases[i];
        char why[128] = "";
        bool pass = iamax_gives(c->n, c->x, c->incx, c->want, why, sizeof why) &&
                    reference_iamax(c->n, c->x, c->incx) == c->want;
        if (!pass && !why[0]) snprintf(why, sizeof why, "the test's reference loop disagrees");
        group_add(&g, c->what, pass, why, -1);
    }
    group_report(&g, "%s: i%samax_ and cblas_i%samax as reference BLAS 3.11 (a NaN is chosen "
                 "only first; ties to the first; 0 for n < 1 or incx <= 0)", backend,
                 api.prefix, api.prefix);
}

/* The positions iamax_lengths puts the largest magnitude at in a vector
 * of n: all of them up to 40, else the first and last ones, those around
 * each multiple of 256 and a few at random. */
static int length_positions(int n, test_rng *rng, int *p)
{
    int count = 0;
    if (n <= 40) {
        for (int i = 0; i < n; i++) p[count++] = i;
        return count;
    }
    for (int i = 0; i < 5; i++) {
        p[count++] = i;
        p[count++] = n - 1 - i;
    }
    for (int b = 256; b < n; b += 256)
        for (int i = b - 3; i <= b + 3 && i < n; i++) p[count++] = i;
    for (int i = 0; i < 8; i++) p[count++] = (int)test_below(rng, (uint64_t)n);
    return count;
}

/* Lengths up to past two of the drop-in's search blocks (blas/
 * level1_tmpl.c: 512 floats, 256 doubles, in 16-byte vectors), unit
 * stride, with the largest magnitude at many positions (length_positions):
 * alone, tied with a later one of the other sign, after a NaN, and beside
 * a larger value that follows a NaN, so that each block, each vector of a
 * block and the elements after the last whole vector are where it lies. */
void iamax_lengths(const char *backend)
{
    enum { MAX_N = 2 * 512 + 9 };
    real *x = malloc(MAX_N * sizeof(real));
    if (!x) tap_bail("out of memory");
    int pos[64];
    group g;
    group_init(&g, NULL);
    test_rng rng;
    test_rng_init(&rng, 17);
    for (int n = 2; n <= MAX_N; n += n < 40 ? 1 : n < 500 || (n > 530 && n < 1010) ? 13 : 1) {
        const int positions = length_positions(n, &rng, pos);
        for (int form = 0; form < 4; form++) {
            int failed = -1;
            char why[128] = "";
            for (int k = 0; k < positions && failed < 0; k++) {
                const int p = pos[k];
                for (int i = 0; i < n; i++) x[i] = (real)(test_uniform(&rng) * 0.5);
                const int q = (p + 1 + (int)test_below(&rng, (uint64_t)n)) % n;
                x[p] = p % 2 ? 3 : -3;
                if (form == 1 && q > p) x[q] = -x[p];                  /* a later tie */
                if (form == 2 && p > 0) x[p - 1] = (real)NAN;           /* after a NaN */
                if (form == 3 && q != p) {                             /* NaN, then 5 */
                    x[q] = (real)NAN;
                    if (q + 1 < n && q + 1 != p) x[q + 1] = 5;
                }
                if (!iamax_gives(n, x, 1, reference_iamax(n, x, 1), why, sizeof why)) failed = p;
            }
            if (failed >= 0 || n == MAX_N) {
                char what[96];
                snprintf(what, sizeof what, "n %d, form %d, largest at %d", n, form, failed);
                group_add(&g, what, failed < 0, why, -1);
            }
        }
    }
    free(x);
    group_report(&g, "%s: i%samax at lengths 2 to %d with the largest at the ends, around "
                 "each 256th element and at random (alone, tied later, after a NaN, beside a "
                 "NaN then a larger value): the reference loop's index", backend, api.prefix,
                 MAX_N);
}

/* Long vectors (several of the CPU backend's 1024-element chunks), with a
 * largest magnitude of either sign repeated, NaN and Inf planted. */
/* N below and above the length from which the shim asks ompwg (blas/
 * level1_tmpl.c's IAMAX_HERE, 2^16) instead of searching itself. */
void iamax_random(const char *backend, int N)
{
    static const int incs[] = { 1, 2, 7 };
    group g;
    group_init(&g, NULL);
    test_rng rng;
    test_rng_init(&rng, 13);
    for (int plant = 0; plant < 6; plant++)
        for (int t = 0; t < (N > 10000 ? 2 : 8); t++)
            for (int s = 0; s < 3; s++) {
                int incx = incs[s], n = N / incx;
                real *x = random_vector(span(n, incx), &rng);
                size_t p = (size_t)(1 + test_below(&rng, (uint64_t)n - 1)) * (size_t)incx;
                size_t q = (size_t)(1 + test_below(&rng, (uint64_t)n - 1)) * (size_t)incx;
                switch (plant) {
                case 1: x[p] = 2; x[q] = -2; break;                    /* a tie of signs */
                case 2: x[p] = (real)NAN; break;                       /* passed by */
                case 3: x[p] = (real)NAN; x[q] = (real)-INFINITY; break;
                case 4: x[p] = 2; x[q] = (real)NAN; break;
                case 5: x[0] = (real)NAN; x[p] = 2; break;             /* kept */
                default: break;
                }
                char what[80], why[128] = "";
                snprintf(what, sizeof what, "i%samax plant %d, incx %d", api.prefix, plant, incx);
                bool pass = iamax_gives(n, x, incx, reference_iamax(n, x, incx), why, sizeof why);
                group_add(&g, what, pass, why, -1);
                free(x);
            }
    group_report(&g, "%s: i%samax on %d-element vectors with ties, NaN and Inf planted: the "
                 "reference loop's index", backend, api.prefix, N);
}
