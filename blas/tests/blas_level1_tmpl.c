/* libompwg_blas's dot, asum and iamax in a program linked with
 * -lompwg_blas, on every backend: the reference rules for sizes and
 * increments exactly, the sums within their bound, and iamax's index
 * exactly the reference loop's (NaN, Inf, ties, signed zeros, strides).
 * Meson compiles it and the iamax part (blas_level1_test.h) once per
 * precision. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blas_level1_test.h"
#include "blas_real.h"
#include "group.h"
#include "guard.h"
#include "walk.h"

/* Element i of (x, inc) as reference BLAS walks it: from the end for a
 * negative increment, always the first for a zero one. */
static size_t at(int n, int inc, int i)
{
    return inc < 0 ? (size_t)(n - 1 - i) * (size_t)-inc : (size_t)i * (size_t)inc;
}

size_t span(int n, int inc)
{
    return 1 + (size_t)(n - 1) * (size_t)abs(inc);
}

real *random_vector(size_t count, test_rng *rng)
{
    real *v = test_malloc(count * sizeof(real));
    for (size_t i = 0; i < count; i++) v[i] = rand_real(rng);
    return v;
}

/* The bound ompwg.h gives a sum of n terms, with the unit roundoff of the
 * result type for both terms (OpenBLAS accumulates floats in float). */
static double sum_bound(int n, long double abs_sum, long double exact)
{
    return (double)(((long double)n + 2) * api.u * abs_sum + api.u * fabsl(exact));
}

static void dot_rules(const char *backend)
{
    static const int incs[] = { 1, 2, -1, -3, 0 };
    static const int sizes[] = { 1, 2, 7, 100, 3001 };
    group g;
    group_init(&g, "err/bound");
    test_rng rng;
    test_rng_init(&rng, 11);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (int ix = 0; ix < 5; ix++)
            for (int iy = 0; iy < 5; iy++) {
                int n = sizes[s], incx = incs[ix], incy = incs[iy];
                real *x = random_vector(span(n, incx), &rng);
                real *y = random_vector(span(n, incy), &rng);
                long double exact = 0, abs_sum = 0;
                for (int i = 0; i < n; i++) {
                    long double t = (long double)x[at(n, incx, i)] * y[at(n, incy, i)];
                    exact += t;
                    abs_sum += fabsl(t);
                }
                real f = TN(, dot_)(&n, x, &incx, y, &incy);
                real c = TN(cblas_, dot)(n, x, incx, y, incy);
                double err = fabs((double)((long double)f - exact));
                double bound = sum_bound(n, abs_sum, exact);
                char what[96];
                snprintf(what, sizeof what, "%sdot n %d incx %d incy %d", api.prefix, n, incx, incy);
                const char *why = !(err <= bound) ? "beyond the bound"
                                  : memcmp(&f, &c, sizeof f) != 0 ? "Fortran and CBLAS differ"
                                  : NULL;
                group_add(&g, what, !why, why ? why : "", bound > 0 ? err / bound : 0);
                free(x);
                free(y);
            }
    /* n <= 0: 0 without reading the vectors (NULL here) */
    for (int n = -2; n <= 0; n++) {
        int one = 1;
        bool zero = TN(, dot_)(&n, NULL, &one, NULL, &one) == 0 &&
                    TN(cblas_, dot)(n, NULL, 1, NULL, 1) == 0;
        group_add(&g, "dot of n <= 0", zero, "not 0", 0);
    }
    group_report(&g, "%s: %sdot_ and cblas_%sdot: negative increments from the end, zero ones "
                 "repeat, n <= 0 gives 0, within the sum bound", backend, api.prefix, api.prefix);
}

static void asum_rules(const char *backend)
{
    static const int sizes[] = { 1, 7, 100, 3001 };
    group g;
    group_init(&g, "err/bound");
    test_rng rng;
    test_rng_init(&rng, 12);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (int incx = 1; incx <= 5; incx += 2) {
            int n = sizes[s];
            real *x = random_vector(span(n, incx), &rng);
            long double exact = 0;
            for (int i = 0; i < n; i++) exact += fabsl((long double)x[at(n, incx, i)]);
            real f = TN(, asum_)(&n, x, &incx), c = TN(cblas_, asum)(n, x, incx);
            double err = fabs((double)((long double)f - exact));
            double bound = sum_bound(n, exact, exact);
            char what[64];
            snprintf(what, sizeof what, "%sasum n %d incx %d", api.prefix, n, incx);
            const char *why = !(err <= bound) ? "beyond the bound"
                              : memcmp(&f, &c, sizeof f) != 0 ? "Fortran and CBLAS differ"
                              : NULL;
            group_add(&g, what, !why, why ? why : "", bound > 0 ? err / bound : 0);
            free(x);
        }
    /* n <= 0 or incx <= 0: 0 without reading x (NULL here) */
    static const int bad[][2] = { { 0, 1 }, { -1, 1 }, { 5, 0 }, { 5, -1 }, { 5, -4 } };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int n = bad[i][0], incx = bad[i][1];
        bool zero = TN(, asum_)(&n, NULL, &incx) == 0 && TN(cblas_, asum)(n, NULL, incx) == 0;
        group_add(&g, "asum of n <= 0 or incx <= 0", zero, "not 0", 0);
    }
    group_report(&g, "%s: %sasum_ and cblas_%sasum: 0 for n <= 0 or incx <= 0, within the sum "
                 "bound", backend, api.prefix, api.prefix);
}

static void run_backend(const char *backend, void *ctx)
{
    (void)ctx;
    dot_rules(backend);
    asum_rules(backend);
    iamax_table(backend);
    iamax_lengths(backend);
    iamax_random(backend, 5000);
    iamax_random(backend, 70000);
}

int main(void)
{
    tap_init("test_blas_%slevel1", api.prefix);
    walk_backends(run_backend, NULL);
    return tap_done();
}
