/* The offload environment a job may run under: no GPU, OMP_TARGET_OFFLOAD
 * MANDATORY, DEFAULT or DISABLED, CUDA_VISIBLE_DEVICES empty. Whatever it
 * is, the library says what it can run on (every backend has a reason), the
 * process goes on, calls on cpu and openblas give exact results, and the gpu
 * backend either works (a device, or host fallback) or refuses every call
 * with OMPWG_ERR_UNAVAILABLE, writing nothing. meson runs this program once
 * per environment (suite faults); tools/gpu-check.sh does the same on a GPU. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ompwg.h"
#include "tap.h"
#include "walk.h"

#define M 5
#define N 4
#define K 3

static const char *env_or(const char *name, const char *unset)
{
    const char *v = getenv(name);
    return v ? v : unset;
}

/* C = A B with A(i, p) = i + p + 1, B(p, j) = p - j (column-major): small
 * integers, exact on every backend. Returns the status; *exact whether C
 * is right. */
static int small_gemm(bool device_data, bool *exact)
{
    float a[M * K], b[K * N], c[M * N];
    for (int i = 0; i < M; i++)
        for (int p = 0; p < K; p++) a[i + p * M] = (float)(i + p + 1);
    for (int p = 0; p < K; p++)
        for (int j = 0; j < N; j++) b[p + j * K] = (float)(p - j);
    for (int i = 0; i < M * N; i++) c[i] = -99;
    int st;
    if (!device_data) {
        st = ompwg_sgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, M, N, K, 1, a, M, b, K, 0,
                         c, M);
    } else {
        void *da = NULL, *db = NULL, *dc = NULL;
        st = ompwg_device_alloc(sizeof a, &da);
        if (st == OMPWG_OK) st = ompwg_device_alloc(sizeof b, &db);
        if (st == OMPWG_OK) st = ompwg_device_alloc(sizeof c, &dc);
        if (st == OMPWG_OK) st = ompwg_device_copy(da, a, sizeof a, OMPWG_HOST_TO_DEVICE);
        if (st == OMPWG_OK) st = ompwg_device_copy(db, b, sizeof b, OMPWG_HOST_TO_DEVICE);
        if (st == OMPWG_OK)
            st = ompwg_sgemm_device(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, M, N, K, 1,
                                    da, M, db, K, 0, dc, M);
        if (st == OMPWG_OK) st = ompwg_device_copy(c, dc, sizeof c, OMPWG_DEVICE_TO_HOST);
        ompwg_device_free(da);
        ompwg_device_free(db);
        ompwg_device_free(dc);
    }
    *exact = true;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            int s = 0;
            for (int p = 0; p < K; p++) s += (i + p + 1) * (p - j);
            if (c[i + j * M] != (float)s) *exact = false;
        }
    return st;
}

static void reasons(void)
{
    bool all = true;
    for (int i = 0; i < ompwg_backend_count(); i++) {
        const char *name = NULL;
        char why[512] = "";
        int usable = ompwg_backend_info(i, &name, why, sizeof why);
        tap_diag("%-8s %-10s %s", name ? name : "?", usable == 1 ? "usable" : "not usable", why);
        if (!name || usable < 0 || !why[0]) all = false;
    }
    tap_ok(all && strcmp(ompwg_get_backend(), "none") != 0,
           "every backend is listed with a reason, and calls go to one (%s)", ompwg_get_backend());
}

/* cpu and openblas run whatever the offload environment says. */
static void host_backends(void)
{
    static const char *const names[] = { "cpu", "openblas" };
    for (int i = 0; i < 2; i++) {
        int st = ompwg_set_thread_backend(names[i]);
        bool exact = false;
        if (st == OMPWG_OK) st = small_gemm(false, &exact);
        double x[3] = { 1, -2, 4 }, sum = 0;
        int st2 = ompwg_dsum(3, x, 1, &sum);
        if (!tap_ok(st == OMPWG_OK && exact && st2 == OMPWG_OK && sum == 3,
                    "%s: a GEMM and a sum give the exact results", names[i]))
            tap_diag("status %d, %d; exact %d, sum %g", st, st2, exact, sum);
    }
    ompwg_set_thread_backend(NULL);
}

static void gpu_backend(const char *policy)
{
    char why[512];
    bool usable = walk_usable("gpu", why, sizeof why);
    bool disabled = strcasecmp(policy, "disabled") == 0;
    int devices = omp_get_num_devices();
    tap_diag("OMP_TARGET_OFFLOAD=%s, CUDA_VISIBLE_DEVICES=%s, omp_get_num_devices() = %d", policy,
             env_or("CUDA_VISIBLE_DEVICES", "(unset)"), devices);
    if (!walk_gpu_built()) {
        /* gcc: the backend's table alone (backends/gpu/absent.c) */
        tap_ok(!usable && strstr(why, "not built") != NULL,
               "a build without the GPU backend: gpu not usable whatever the environment (%s)",
               why);
    } else if (disabled) {
        tap_ok(usable && strstr(why, "host fallback") != NULL,
               "OMP_TARGET_OFFLOAD=DISABLED: gpu usable by name, in host fallback");
    } else if (devices == 0) {
        tap_ok(!usable, "no offload device: gpu not usable (%s)", why);
    } else {
        tap_ok(usable, "%d offload device(s): gpu usable (%s)", devices, why);
    }
    const char *visible = getenv("CUDA_VISIBLE_DEVICES");
    if (visible && !visible[0] && !disabled && walk_gpu_built())
        tap_ok(!usable && (strstr(why, "CUDA_VISIBLE_DEVICES") || strstr(why, "without offload")),
               "CUDA_VISIBLE_DEVICES empty: gpu not usable, and the reason says so");

    /* auto: the GPU only where a device runs the kernels */
    int st = ompwg_set_backend("auto");
    const char *want = usable && !disabled ? "gpu" : "cpu";
    tap_ok(st == OMPWG_OK && strcmp(ompwg_get_backend(), want) == 0, "auto selects %s", want);

    bool exact = false;
    if (usable) {
        st = ompwg_set_thread_backend("gpu");
        if (st == OMPWG_OK) st = small_gemm(false, &exact);
        tap_ok(st == OMPWG_OK && exact, "gpu: a GEMM on host data is exact (status %d)", st);
        st = small_gemm(true, &exact);
        tap_ok(st == OMPWG_OK && exact, "gpu: a GEMM on device data is exact (status %d)", st);
        ompwg_set_thread_backend(NULL);
        return;
    }
    /* not usable: every way in is refused, and nothing is written */
    ompwg_set_backend("cpu");
    int sel = ompwg_set_backend("gpu"), own = ompwg_set_thread_backend("gpu");
    void *p = (void *)&exact;
    int alloc = ompwg_device_alloc(64, &p);
    int64_t prop = -5;
    int prop_st = ompwg_gpu_property(OMPWG_GPU_SM_COUNT, &prop);
    float x[2] = { 1, 2 }, value = -7;
    int dev_st = ompwg_ssum_device(2, x, 1, &value);
    st = small_gemm(true, &exact);
    bool pass = sel == OMPWG_ERR_UNAVAILABLE && own == OMPWG_ERR_UNAVAILABLE &&
                strcmp(ompwg_get_backend(), "cpu") == 0 && alloc == OMPWG_ERR_UNAVAILABLE &&
                p == (void *)&exact && prop_st == OMPWG_ERR_UNAVAILABLE && prop == -5 &&
                dev_st == OMPWG_ERR_UNAVAILABLE && value == -7 && st == OMPWG_ERR_UNAVAILABLE;
    if (!tap_ok(pass, "gpu not usable: selecting it, device memory, properties and *_device calls "
                      "give OMPWG_ERR_UNAVAILABLE and write nothing; the selection stays cpu"))
        tap_diag("set_backend %d, set_thread_backend %d, device_alloc %d, property %d (%lld), "
                 "ssum_device %d (%g), gemm via device memory %d; selected %s",
                 sel, own, alloc, prop_st, (long long)prop, dev_st, (double)value, st,
                 ompwg_get_backend());
}

int main(void)
{
    tap_init("test_offload_env");
    const char *policy = env_or("OMP_TARGET_OFFLOAD", "DEFAULT");
    reasons();
    host_backends();
    gpu_backend(policy);
    /* still here, and still working */
    host_backends();
    return tap_done();
}
