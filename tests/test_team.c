/* The collectives of ompwg/team.h (team_tmpl.c, compiled once per type) against
 * sequential oracles: always on the host, where a sub-group is one thread
 * (as target regions on the initial device, whose teams get however many
 * threads the host grants, and as plain parallel regions, which get every
 * thread count asked for), and on the GPU when the offload runtime has a
 * device (a sub-group is a warp); without one that part is a TAP skip with
 * the reason. This program has target regions of its own, so meson builds it
 * with the offload flags of the library (team_tmpl.c too). */
#include <omp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "tap.h"
#include "team_test.h"

static void suites(int device, bool on_host, bool plain, const char *where)
{
    suite_i(device, on_host, plain, where);
    suite_l(device, on_host, plain, where);
    suite_f(device, on_host, plain, where);
    suite_d(device, on_host, plain, where);
}

int main(void)
{
    tap_init("test_team");
    const int host = omp_get_initial_device();
    /* host fallback proper: teams get what the host grants (as few as one
     * thread on a small machine) */
    suites(host, true, false, "host fallback");
    /* the same host code in teams of every size asked for */
    suites(host, true, true, "host parallel");
    if (omp_get_num_devices() <= 0) {
        tap_skip("the collectives on the GPU", "no offload device (omp_get_num_devices() = 0%s)",
                 getenv("OMP_TARGET_OFFLOAD") ? ", OMP_TARGET_OFFLOAD is set" : "");
        return tap_done();
    }
    int on_device = 0;
    const int dev = omp_get_default_device();
#pragma omp target device(dev) map(from : on_device)
    on_device = !omp_is_initial_device();
    if (!on_device) {
        tap_skip("the collectives on the GPU", "a target region on device %d ran on the host", dev);
        return tap_done();
    }
    char where[32];
    snprintf(where, sizeof where, "GPU (device %d)", dev);
    suites(dev, false, false, where);
    return tap_done();
}
