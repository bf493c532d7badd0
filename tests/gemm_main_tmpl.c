/* The GEMM test of one precision, on every usable backend in one process
 * (the gpu backend once per kernel variant, OMPWG_GPU_GEMM): the size grid
 * against OpenBLAS with guard bands, then the BLAS rules.
 * test_sgemm.c and test_dgemm.c include this file after choosing the
 * precision; the parts below are one translation unit. */
#include "gemm_case_tmpl.c"
#include "gemm_grid_tmpl.c"
#include "gemm_rules_tmpl.c"
#include "walk.h"

static void run_backend(const char *backend, void *ctx)
{
    (void)ctx;
    grid_full_product(backend);
    grid_rotating(backend);
    grid_large(backend);
    rule_beta_zero(backend);
    rule_scale_only(backend, false);
    rule_scale_only(backend, true);
    rule_empty(backend);
    rule_nan_propagates(backend);
}

int main(void)
{
    char name[32];
    snprintf(name, sizeof name, "test_%sgemm", api.prefix);
    tap_init(name);
    static const walk_variants gemm_variants = {
        .kernel = OMPWG_GPU_KERNEL_GEMM, .env = "OMPWG_GPU_GEMM", .names = { "tiled", "subgroup" },
    };
    walk_backends_variants(run_backend, NULL, &gemm_variants);
    return tap_done();
}
