/* The transposes (transpose_tmpl.c, compiled once per precision) on every usable
 * backend in one process (the gpu backend once per variant,
 * OMPWG_GPU_TRANSPOSE): exact, with guard bands around A and B and B's
 * padding untouched; on the gpu backend with device pointers too; and
 * every argument error. */
#include <stdbool.h>
#include <string.h>

#include "tap.h"
#include "target_mem.h"
#include "transpose_test.h"
#include "walk.h"

static void run_backend(const char *backend, void *ctx)
{
    (void)ctx;
    grid_s(backend, false);
    grid_d(backend, false);
    if (strncmp(backend, "gpu", 3) != 0) return;
    if (!target_mem_or_skip("transposes of device pointers")) return;
    grid_s(backend, true);
    grid_d(backend, true);
}

int main(void)
{
    tap_init("test_transpose");
    bad_args_s();
    bad_args_d();
    static const walk_variants variants = { .knobs = { "OMPWG_GPU_TRANSPOSE" } };
    walk_backends_variants(run_backend, NULL, &variants);
    return tap_done();
}
