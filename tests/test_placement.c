/* Where a process's calls run: the GPU backend's device
 * (ompwg_gpu_device_count, ompwg_set_gpu_device, ompwg_get_gpu_device,
 * OMPWG_GPU_DEVICE) and the CPU backend's share of the cores
 * (ompwg_set_cpu_share, ompwg_get_cpu_share). Every argument check runs
 * everywhere: without a GPU, in host fallback (suite gpu-host-fallback) and
 * on a GPU, where each device also computes a GEMM that is checked. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "ompwg.h"
#include "tap.h"
#include "walk.h"

typedef enum gpu_mode { NO_GPU, HOST_FALLBACK, ON_DEVICE } gpu_mode;

static const char *mode_name(gpu_mode m)
{
    return m == NO_GPU ? "no usable GPU" : m == HOST_FALLBACK ? "host fallback" : "on a GPU";
}

static gpu_mode find_mode(void)
{
    char why[256];
    if (!walk_usable("gpu", why, sizeof why)) return NO_GPU;
    int dev = -2;
    return ompwg_get_gpu_device(&dev) == OMPWG_OK && dev >= 0 ? ON_DEVICE : HOST_FALLBACK;
}

/* 64 x 48 x 40 GEMM on the current backend, checked with the netlib ratio. */
static bool gemm_correct(const char *what)
{
    enum { M = 64, N = 48, K = 40 };
    test_rng r;
    test_rng_init(&r, 7);
    double *a = test_malloc(sizeof(double) * M * K), *b = test_malloc(sizeof(double) * K * N);
    double *c0 = test_malloc(sizeof(double) * M * N), *c = test_malloc(sizeof(double) * M * N);
    for (int i = 0; i < M * K; i++) a[i] = test_uniform(&r);
    for (int i = 0; i < K * N; i++) b[i] = test_uniform(&r);
    for (int i = 0; i < M * N; i++) c0[i] = c[i] = test_uniform(&r);
    double ratio = -1;
    int st = ompwg_dgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, M, N, K, 0.75, a, M, b,
                         K, -0.5, c, M);
    int rs = st == OMPWG_OK ? (int)ompwg_dgemm_ratio(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS,
                                                M, N, K, 0.75, a, M, b, K, -0.5, c0, c, M, &ratio)
                            : st;
    bool pass = st == OMPWG_OK && rs == OMPWG_OK && ratio < 16.0;
    if (!pass)
        tap_diag("%s: dgemm status %d (%s), ratio status %d, ratio %g", what, st,
                 ompwg_strerror(st), rs, ratio);
    free(a);
    free(b);
    free(c0);
    free(c);
    return pass;
}

/* The first call of the program: before the probe, a choice is where the
 * GPU backend starts. */
static void first_choice(int count)
{
    int want = count > 0 ? count - 1 : 0;
    int st = ompwg_set_gpu_device(want);
    gpu_mode m = find_mode();
    int expect = m == ON_DEVICE ? OMPWG_OK : m == HOST_FALLBACK ? OMPWG_ERR_RANGE
                                                                : OMPWG_ERR_UNAVAILABLE;
    if (!tap_ok(st == expect, "%s: ompwg_set_gpu_device(%d) before the first use gives %d",
                mode_name(m), want, expect))
        tap_diag("status %d (%s)", st, ompwg_strerror(st));
    if (m == ON_DEVICE) {
        int dev = -2;
        ompwg_get_gpu_device(&dev);
        tap_ok(dev == want, "the GPU backend starts on device %d (got %d)", want, dev);
    }
}

static void count_checks(int count)
{
    tap_ok(ompwg_gpu_device_count(NULL) == OMPWG_ERR_NULL,
           "ompwg_gpu_device_count(NULL) gives OMPWG_ERR_NULL");
    int again = -1;
    bool pass = ompwg_gpu_device_count(&again) == OMPWG_OK && again == count && count >= 0;
    const char *policy = getenv("OMP_TARGET_OFFLOAD");
    bool disabled = policy && strcmp(policy, "DISABLED") == 0;
    if (disabled) pass = pass && count == 0;
    tap_ok(pass, "ompwg_gpu_device_count gives %d GPUs%s, the same twice", count,
           disabled ? " (0 in host fallback)" : "");
}

/* ompwg_set_gpu_device gives `expect` for each of devices[0..n). */
static bool all_refused(const int *devices, size_t n, int expect)
{
    bool pass = true;
    for (size_t i = 0; i < n; i++) {
        int st = ompwg_set_gpu_device(devices[i]);
        if (st != expect) {
            tap_diag("ompwg_set_gpu_device(%d): status %d (%s)", devices[i], st, ompwg_strerror(st));
            pass = false;
        }
    }
    return pass;
}

static void device_checks(gpu_mode m, int count)
{
    int before = -7, after = -7;
    int got = ompwg_get_gpu_device(&before);
    tap_ok(ompwg_get_gpu_device(NULL) == OMPWG_ERR_NULL,
           "ompwg_get_gpu_device(NULL) gives OMPWG_ERR_NULL");
    if (m == NO_GPU) {
        tap_ok(got == OMPWG_ERR_UNAVAILABLE && before == -7,
               "no usable GPU: ompwg_get_gpu_device gives OMPWG_ERR_UNAVAILABLE and writes nothing");
    } else {
        tap_ok(got == OMPWG_OK && (m == HOST_FALLBACK ? before == -1 : before >= 0 && before < count),
               "%s: ompwg_get_gpu_device gives %s (got %d)", mode_name(m),
               m == HOST_FALLBACK ? "-1" : "a device number", before);
    }

    static const int below[] = { -2, -3, INT_MIN };
    bool pass = all_refused(below, 3, OMPWG_ERR_RANGE);
    after = -7;
    ompwg_get_gpu_device(&after);
    tap_ok(pass && after == (m == NO_GPU ? -7 : before),
           "ompwg_set_gpu_device(< -1) gives OMPWG_ERR_RANGE and leaves the device as it was");

    /* one past the last device, and numbers far beyond */
    const int beyond[] = { count, count + 1, INT_MAX };
    pass = all_refused(beyond, 3, m == NO_GPU ? OMPWG_ERR_UNAVAILABLE : OMPWG_ERR_RANGE);
    after = -7;
    ompwg_get_gpu_device(&after);
    tap_ok(pass && after == (m == NO_GPU ? -7 : before),
           "%s: ompwg_set_gpu_device(%d and beyond) gives %s and leaves the device as it was",
           mode_name(m), count, m == NO_GPU ? "OMPWG_ERR_UNAVAILABLE" : "OMPWG_ERR_RANGE");

    int st = ompwg_set_gpu_device(-1);
    tap_ok(st == (m == NO_GPU ? OMPWG_ERR_UNAVAILABLE : OMPWG_OK),
           "%s: ompwg_set_gpu_device(-1) gives %s", mode_name(m),
           m == NO_GPU ? "OMPWG_ERR_UNAVAILABLE" : "OMPWG_OK");
}

/* The OMPWG_GPU_DEVICE knob by name (ompwg_config_set): on a GPU a value
 * that names no device is refused and changes nothing. */
static void env_checks(gpu_mode m, int count)
{
    if (m != ON_DEVICE) {
        tap_skip("the OMPWG_GPU_DEVICE knob by name",
                 "%s: there is no device to name", mode_name(m));
        return;
    }
    int before = -1, after = -1;
    ompwg_get_gpu_device(&before);
    char past[16];
    snprintf(past, sizeof past, "%d", count);
    const char *const bad[] = { "x", "-1", "1.5", past };
    bool pass = true;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int st = ompwg_config_set("OMPWG_GPU_DEVICE", bad[i]);
        ompwg_get_gpu_device(&after);
        if (st != OMPWG_ERR_RANGE || after != before) {
            tap_diag("OMPWG_GPU_DEVICE=%s: status %d, device %d -> %d", bad[i], st, before, after);
            pass = false;
        }
    }
    tap_ok(pass, "OMPWG_GPU_DEVICE naming no device (x, -1, 1.5, %d): OMPWG_ERR_RANGE, device unchanged",
           count);
    char last[16];
    snprintf(last, sizeof last, "%d", count - 1);
    int st = ompwg_config_set("OMPWG_GPU_DEVICE", last);
    ompwg_get_gpu_device(&after);
    tap_ok(st == OMPWG_OK && after == count - 1, "ompwg_config_set(\"OMPWG_GPU_DEVICE\", \"%d\") "
           "moves to device %d (got %d)", count - 1, count - 1, after);
    ompwg_set_gpu_device(-1);
}

/* Every device computes: each is checked with the GPU backend selected. */
static void each_device(gpu_mode m, int count)
{
    if (m == NO_GPU) {
        tap_skip("a GEMM on each device", "no usable GPU");
        return;
    }
    if (ompwg_set_backend("gpu") != OMPWG_OK) {
        tap_ok(false, "ompwg_set_backend(\"gpu\")");
        return;
    }
    if (m == HOST_FALLBACK) {
        tap_ok(gemm_correct("host fallback"), "host fallback: a GEMM on the GPU kernels is right");
    } else {
        for (int d = 0; d < count; d++) {
            char what[32];
            snprintf(what, sizeof what, "device %d", d);
            int st = ompwg_set_gpu_device(d), dev = -1;
            ompwg_get_gpu_device(&dev);
            if (!tap_ok(st == OMPWG_OK && dev == d && gemm_correct(what),
                        "ompwg_set_gpu_device(%d): the next GEMM runs there and is right", d))
                tap_diag("status %d (%s), device %d", st, ompwg_strerror(st), dev);
        }
        ompwg_set_gpu_device(-1);
    }
    ompwg_set_backend(NULL);
}

static void share_checks(void)
{
    int first = -1, all = -1;
    bool pass = ompwg_get_cpu_share(&first, &all) == OMPWG_OK && first == 0 && all >= 1 &&
                ompwg_get_cpu_share(NULL, NULL) == OMPWG_OK;
    tap_ok(pass, "ompwg_get_cpu_share: all %d allowed cores from 0 before a share is set; NULLs taken",
           all);

    static const int bad[][2] = { { 0, 0 }, { -1, 2 }, { 2, 2 }, { 0, -1 }, { INT_MAX, 1 },
                                  { INT_MIN, INT_MAX } };
    pass = ompwg_set_cpu_share(0, 2) == OMPWG_OK;
    int f0 = -1, c0 = -1;
    ompwg_get_cpu_share(&f0, &c0);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int st = ompwg_set_cpu_share(bad[i][0], bad[i][1]), f = -1, c = -1;
        ompwg_get_cpu_share(&f, &c);
        if (st != OMPWG_ERR_RANGE || f != f0 || c != c0) {
            tap_diag("ompwg_set_cpu_share(%d, %d): status %d, share %d+%d (was %d+%d)", bad[i][0],
                     bad[i][1], st, f, c, f0, c0);
            pass = false;
        }
    }
    tap_ok(pass, "ompwg_set_cpu_share with parts < 1 or part outside [0, parts): OMPWG_ERR_RANGE, "
           "share unchanged");

    /* the runs of every split cover the cores once, lengths within one */
    pass = true;
    for (int parts = 1; parts <= all + 2; parts++) {
        int *seen = calloc((size_t)all, sizeof *seen);
        int lo = INT_MAX, hi = 0;
        for (int p = 0; p < parts; p++) {
            int f = -1, c = -1;
            if (ompwg_set_cpu_share(p, parts) != OMPWG_OK || ompwg_get_cpu_share(&f, &c) != OMPWG_OK ||
                f < 0 || c < 1 || f + c > all) {
                tap_diag("share %d of %d: %d+%d", p, parts, f, c);
                pass = false;
                continue;
            }
            for (int i = f; i < f + c; i++) seen[i]++;
            lo = c < lo ? c : lo;
            hi = c > hi ? c : hi;
            if (parts > all && (c != 1 || f != p % all)) pass = false;
        }
        for (int i = 0; parts <= all && i < all; i++)
            if (seen[i] != 1) {
                tap_diag("%d parts: core %d is in %d runs", parts, i, seen[i]);
                pass = false;
            }
        if (parts <= all && hi - lo > 1) pass = false;
        free(seen);
    }
    tap_ok(pass, "shares 1..%d parts: disjoint runs covering the %d cores, lengths within one; "
           "with more parts than cores, one core each", all + 2, all);

    pass = ompwg_set_backend("cpu") == OMPWG_OK;
    for (int p = 0; pass && p < 2; p++)
        pass = ompwg_set_cpu_share(p, 2) == OMPWG_OK && gemm_correct("cpu share");
    pass = pass && ompwg_set_cpu_share(0, 1) == OMPWG_OK && gemm_correct("whole cpu");
    int f = -1, c = -1;
    ompwg_get_cpu_share(&f, &c);
    tap_ok(pass && f == 0 && c == all,
           "the CPU backend computes right on each half, and (0, 1) gives all cores back");
    ompwg_set_backend(NULL);
}

int main(void)
{
    tap_init("test_placement");
    int count = -1;
    /* no probe yet: counting creates no context */
    ompwg_gpu_device_count(&count);
    first_choice(count);
    gpu_mode m = find_mode();
    tap_diag("GPU: %s, %d devices", mode_name(m), count);
    count_checks(count);
    device_checks(m, count);
    env_checks(m, count);
    each_device(m, count);
    share_checks();
    return tap_done();
}
