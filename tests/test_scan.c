/* The scans (scan_tmpl.c, once per type) on every usable backend in one
 * process: against a sequential oracle within the bound of ompwg.h (exact
 * for int64), with guard bands; on the gpu backend with device pointers
 * too; and every argument error. The openblas backend has no scan of its
 * own: it runs the reference, which this checks like any backend. */
#include <float.h>
#include <math.h>
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

/* The device the device-pointer cases allocate on: the default device, or
 * the initial device in host fallback. */
static int scan_device(void)
{
    return omp_get_num_devices() > 0 ? omp_get_default_device() : omp_get_initial_device();
}

#define ST float
#define SF(name) name##s
#define ST_NAME "float"
#define ST_PREFIX "s"
#define ST_FLOATING 1
#define ST_U 0x1.0p-24L
#define SCAN ompwg_sscan
#define SCAN_DEVICE ompwg_sscan_device
#include "scan_tmpl.c"

#define ST double
#define SF(name) name##d
#define ST_NAME "double"
#define ST_PREFIX "d"
#define ST_FLOATING 1
#define ST_U 0x1.0p-53L
#define SCAN ompwg_dscan
#define SCAN_DEVICE ompwg_dscan_device
#include "scan_tmpl.c"

#define ST int64_t
#define SF(name) name##i64
#define ST_NAME "int64"
#define ST_PREFIX "i64"
#define ST_FLOATING 0
#define ST_U 0
#define SCAN ompwg_i64scan
#define SCAN_DEVICE ompwg_i64scan_device
#include "scan_tmpl.c"

static void run_backend(const char *backend, void *ctx)
{
    (void)ctx;
    grid_s(backend, false);
    grid_d(backend, false);
    grid_i64(backend, false);
    if (strcmp(backend, "gpu") != 0) return;
    char why[160];
    if (!target_mem_available(why, sizeof why)) {
        tap_skip("scans of device pointers", "%s", why);
        return;
    }
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
