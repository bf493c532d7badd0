/* The collectives of ompwg/team.h (team_tmpl.c, once per type) against
 * sequential oracles: always on the host, where a sub-group is one thread
 * (as target regions on the initial device, whose teams get however many
 * threads the host grants, and as plain parallel regions, which get every
 * thread count asked for), and on the GPU when the offload runtime has a
 * device (a sub-group is a warp); without one that part is a TAP skip with
 * the reason. This program has target regions of its own, so meson builds it
 * with the offload flags of the library. */
#include <math.h>
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "group.h"
#include "guard.h"
#include "ompwg/team.h"
#include "tap.h"

/* The largest thread_limit asked for: the scratch arrays' length. */
#define TEAM_LIMIT_MAX 1024

typedef struct team_case {
    int device;
    bool on_host, plain;
    int teams, limit;
    unsigned delta, xmask;
    bool nan;
    uint64_t salt;
} team_case;

/* What a thread records besides the values. */
typedef struct team_record {
    int present, on_host, width, team_size;
    int lane, sg_size, sg_id, sg_count;
    int pred, sg_any, sg_all, team_any, team_all, after_sg_barrier;
    uint32_t sg_ballot;
} team_record;

/* What each thread records, in this order. */
enum {
    TR_SG_BROADCAST, TR_SG_SHUFFLE, TR_SG_UP, TR_SG_DOWN, TR_SG_XOR,
    TR_SG_ADD, TR_SG_MIN, TR_SG_MAX, TR_SG_INCL_ADD, TR_SG_EXCL_ADD, TR_SG_INCL_MIN,
    TR_SG_EXCL_MAX,
    TR_TEAM_BROADCAST, TR_TEAM_SHUFFLE, TR_TEAM_UP, TR_TEAM_DOWN, TR_TEAM_XOR,
    TR_TEAM_ADD, TR_TEAM_MIN, TR_TEAM_MAX, TR_TEAM_INCL_ADD, TR_TEAM_EXCL_ADD,
    TR_TEAM_INCL_MAX, TR_TEAM_EXCL_MIN, TR_TEAM_INCL_TOTAL, TR_TEAM_EXCL_TOTAL,
    TR_RESULTS
};

static const char *const result_names[TR_RESULTS] = {
    "sg broadcast", "sg shuffle", "sg shuffle_up", "sg shuffle_down", "sg shuffle_xor",
    "sg reduce add", "sg reduce min", "sg reduce max", "sg inclusive add", "sg exclusive add",
    "sg inclusive min", "sg exclusive max",
    "team broadcast", "team shuffle", "team shuffle_up", "team shuffle_down", "team shuffle_xor",
    "team reduce add", "team reduce min", "team reduce max", "team inclusive add",
    "team exclusive add", "team inclusive max", "team exclusive min", "team inclusive total",
    "team exclusive total",
};

#define TT int32_t
#define TEAM_FN(name) name##_i
#define TT_NAME "int32"
#define TT_FLOATING 0
#include "team_tmpl.c"

#define TT int64_t
#define TEAM_FN(name) name##_l
#define TT_NAME "int64"
#define TT_FLOATING 0
#include "team_tmpl.c"

#define TT float
#define TEAM_FN(name) name##_f
#define TT_NAME "float"
#define TT_FLOATING 1
#include "team_tmpl.c"

#define TT double
#define TEAM_FN(name) name##_d
#define TT_NAME "double"
#define TT_FLOATING 1
#include "team_tmpl.c"

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
