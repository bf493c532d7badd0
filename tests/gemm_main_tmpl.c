/* The GEMM test of one precision, on every usable backend in one process
 * (the gpu backend once per kernel variant, OMPWG_GPU_GEMM): the size grid
 * against OpenBLAS with guard bands, then the BLAS rules.
 * Meson compiles it and its parts (gemm_test.h) once per precision. */
#include <stdio.h>

#include "gemm_test.h"
#include "walk.h"

static void run_backend(const char *backend, void *ctx)
{
    (void)ctx;
    grid_full_product(backend);
    grid_rotating(backend);
    grid_large(backend);
    rules(backend, false);
}

int main(void)
{
    tap_init("test_%sgemm", api.prefix);
    static const walk_variants gemm_variants = { .knobs = { "OMPWG_GPU_GEMM", "OMPWG_CPU_ARCH" } };
    walk_backends_variants(run_backend, NULL, &gemm_variants);

    /* C's columns split between the GPU backend and the CPU backend, each
     * part run and checked on its own: at a third and at most of them */
    char why[256];
    if (!walk_wanted("gpu") || !walk_usable("gpu", why, sizeof why)) {
        tap_skip("gpu+cpu split", "the gpu backend is not usable or not wanted here");
    } else if (tap_ok(ompwg_set_backend("gpu") == OMPWG_OK, "gpu+cpu split: select gpu")) {
        static const double shares[] = { 1.0 / 3, 0.9 };
        for (int i = 0; i < 2; i++) {
            char label[64];
            snprintf(label, sizeof label, "gpu+cpu split %.2f", shares[i]);
            tap_ok(ompwg_set_split_share(shares[i]) == OMPWG_OK, "%s: ompwg_set_split_share", label);
            grid_full_product(label);
            grid_rotating(label);
            rules(label, true);
        }
        ompwg_set_split_share(0);
        ompwg_set_backend(NULL);
    }
    return tap_done();
}
