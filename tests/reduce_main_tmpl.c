/* The reduction test of one precision, on every usable backend in one
 * process (the gpu backend once per team-step variant, OMPWG_GPU_REDUCE):
 * sums against a long double oracle within the documented bound, NaN and
 * Inf, and the max/min rules. Meson compiles it and its parts
 * (reduce_test.h) once per precision. */
#include <stdio.h>

#include "reduce_test.h"
#include "walk.h"

static void run_backend(const char *backend, void *ctx)
{
    (void)ctx;
    sums_grid(backend, SUM);
    sums_grid(backend, DOT);
    sums_grid(backend, ASUM);
    sums_special(backend);
    single_element_any_increment(backend);
    for (int want_max = 1; want_max >= 0; want_max--) extrema(backend, want_max);
}

int main(void)
{
    tap_init("test_%sreduce", api.prefix);
    static const walk_variants reduce_variants = { .knobs = { "OMPWG_GPU_REDUCE" } };
    walk_backends_variants(run_backend, NULL, &reduce_variants);
    return tap_done();
}
