/* The transposes (transpose_tmpl.c, once per precision) on every usable
 * backend in one process (the gpu backend once per variant,
 * OMPWG_GPU_TRANSPOSE): exact, with guard bands around A and B and B's
 * padding untouched; on the gpu backend with device pointers too; and
 * every argument error. */
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "group.h"
#include "guard.h"
#include "ompwg.h"
#include "tap.h"
#include "target_mem.h"
#include "walk.h"

/* The device the device-pointer cases allocate on (see test_scan.c). */
static int transpose_device(void)
{
    return omp_get_num_devices() > 0 ? omp_get_default_device() : omp_get_initial_device();
}

#define TT float
#define TF(name) name##s
#define TT_PREFIX "s"
#define TRANSPOSE ompwg_stranspose
#define TRANSPOSE_DEVICE ompwg_stranspose_device
#include "transpose_tmpl.c"

#define TT double
#define TF(name) name##d
#define TT_PREFIX "d"
#define TRANSPOSE ompwg_dtranspose
#define TRANSPOSE_DEVICE ompwg_dtranspose_device
#include "transpose_tmpl.c"

static void run_backend(const char *backend, void *ctx)
{
    (void)ctx;
    grid_s(backend, false);
    grid_d(backend, false);
    if (strncmp(backend, "gpu", 3) != 0) return;
    char why[160];
    if (!target_mem_available(why, sizeof why)) {
        tap_skip("transposes of device pointers", "%s", why);
        return;
    }
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
