/* The scans (scan_tmpl.c, compiled once per type) on every usable backend in one
 * process: against a sequential oracle within the bound of ompwg.h (exact
 * for int64), with guard bands; on the gpu backend with device pointers
 * too; and every argument error. The openblas backend has no scan of its
 * own: it runs the reference, which this checks like any backend. */
#include <stdbool.h>
#include <string.h>

#include "scan_test.h"
#include "tap.h"
#include "target_mem.h"
#include "walk.h"

static void run_backend(const char *backend, void *ctx)
{
    (void)ctx;
    grid_s(backend, false);
    grid_d(backend, false);
    grid_i64(backend, false);
    if (strcmp(backend, "gpu") != 0) return;
    if (!target_mem_or_skip("scans of device pointers")) return;
    grid_s(backend, true);
    grid_d(backend, true);
    grid_i64(backend, true);
}

int main(void)
{
    tap_init("test_scan");
    bad_args_s();
    bad_args_d();
    bad_args_i64();
    walk_backends(run_backend, NULL);
    return tap_done();
}
