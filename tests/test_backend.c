/* Backend listing and selection: ompwg_backend_count/info, "auto",
 * unknown and unusable names (selection unchanged),
 * the backend knob by name (ompwg_config_set), a thread's own choice
 * (ompwg_set_thread_backend), the roles each backend has
 * (ompwg_backend_roles), and the GPU kernel variants' getter. */
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ompwg.h"
#include "tap.h"
#include "walk.h"

static const char *const documented[] = { "gpu", "cpu", "openblas" };

static void listing(void)
{
    int n = ompwg_backend_count();
    bool found[3] = { false, false, false };
    bool pass = n >= 3;
    for (int i = 0; i < n; i++) {
        const char *name = NULL;
        char why[256] = "";
        int u = ompwg_backend_info(i, &name, why, sizeof why);
        tap_diag("backend %d: %s, %s: %s", i, name ? name : "(null)",
                 u == 1 ? "usable" : u == 0 ? "not usable" : "?", why);
        if (!name || (u != 0 && u != 1) || !why[0]) pass = false;
        for (int d = 0; name && d < 3; d++)
            if (strcmp(name, documented[d]) == 0) {
                if (found[d]) pass = false;
                found[d] = true;
            }
    }
    tap_ok(pass && found[0] && found[1] && found[2],
           "ompwg_backend_info lists gpu, cpu and openblas once each, usable (1) or not (0), with a reason");
    const char *name = "untouched";
    char why[16] = "untouched";
    bool out = ompwg_backend_info(-1, &name, why, sizeof why) == -1 &&
               ompwg_backend_info(n, &name, why, sizeof why) == -1 &&
               ompwg_backend_info(1 << 30, NULL, NULL, 0) == -1;
    tap_ok(out, "ompwg_backend_info(i) gives -1 for i < 0 and i >= ompwg_backend_count()");
    /* a short buffer: the reason is cut, not overrun */
    char small[6];
    memset(small, 'x', sizeof small);
    int u = ompwg_backend_info(0, NULL, small, 4);
    tap_ok(u >= 0 && memchr(small, '\0', 4) != NULL && small[4] == 'x' && small[5] == 'x',
           "ompwg_backend_info writes at most why_len bytes, NUL-terminated");
    tap_ok(ompwg_backend_info(0, NULL, NULL, 0) >= 0, "ompwg_backend_info takes NULL name and why");
}

/* The documented roles: the GPU takes device data, the CPU is the
 * fallback, OpenBLAS the reference, and no other backend has a role
 * that only one may have. Where the compiler cannot build the GPU backend
 * (OMPWG_TEST_GPU_BACKEND 0, from meson: gcc), its table takes no role and
 * says why it is not there. */
static void roles(void)
{
    tap_ok(ompwg_backend_roles("gpu") == (OMPWG_TEST_GPU_BACKEND ? OMPWG_ROLE_DEVICE_DATA : 0) &&
               ompwg_backend_roles("cpu") == OMPWG_ROLE_FALLBACK &&
               ompwg_backend_roles("openblas") == OMPWG_ROLE_REFERENCE,
           "ompwg_backend_roles: gpu %s, cpu is the fallback, openblas the reference",
           OMPWG_TEST_GPU_BACKEND ? "takes device data" : "(not built) has no role");
    char why[256] = "";
    bool usable = walk_usable("gpu", why, sizeof why);
    tap_ok(walk_gpu_built() == OMPWG_TEST_GPU_BACKEND &&
               (OMPWG_TEST_GPU_BACKEND || (!usable && strstr(why, "not built") &&
                                           strstr(why, "clang >= 19"))),
           "the GPU backend is %s", OMPWG_TEST_GPU_BACKEND
                                        ? "built"
                                        : "not built, and its reason names clang >= 19");
    tap_ok(ompwg_backend_roles("OpenBLAS") == OMPWG_ROLE_REFERENCE,
           "ompwg_backend_roles takes a name in any case, as ompwg_set_backend does");
    tap_ok(ompwg_backend_roles(NULL) == 0 && ompwg_backend_roles("") == 0 &&
               ompwg_backend_roles("auto") == 0 && ompwg_backend_roles("none") == 0 &&
               ompwg_backend_roles("nosuch") == 0,
           "ompwg_backend_roles gives 0 for NULL, \"auto\", \"none\" and unknown names");
    int references = 0;
    for (int i = 0; i < ompwg_backend_count(); i++) {
        const char *name = NULL;
        ompwg_backend_info(i, &name, NULL, 0);
        references += (ompwg_backend_roles(name) & OMPWG_ROLE_REFERENCE) != 0;
    }
    tap_ok(references == 1, "exactly one backend is the reference (%d)", references);
}

/* "auto" is the GPU when a device is usable, else the CPU. Whether a device
 * is there is the offload runtime's to say; a gpu backend that is usable
 * with no device (host fallback) is usable by name only. */
static void auto_choice(const char *at_first_use)
{
    char why[256];
    bool gpu = walk_usable("gpu", why, sizeof why) && omp_get_num_devices() > 0;
    const char *want = gpu ? "gpu" : "cpu";
    int st = ompwg_set_backend("auto");
    const char *got = ompwg_get_backend();
    if (!tap_ok(st == OMPWG_OK && strcmp(got, want) == 0,
                "ompwg_set_backend(\"auto\") selects %s", want))
        tap_diag("status %d (%s), selected %s; gpu: %s; %d offload devices", st,
                 ompwg_strerror(st), got, why, omp_get_num_devices());
    const char *env = getenv("OMPWG_BACKEND");
    if (env && env[0] && strcmp(env, "auto") != 0)
        tap_skip("with OMPWG_BACKEND unset the first call selects what auto does",
                 "OMPWG_BACKEND=%s", env);
    else if (!tap_ok(strcmp(at_first_use, want) == 0,
                     "with OMPWG_BACKEND unset the first call selects what auto does (%s)", want))
        tap_diag("selected at first use: %s", at_first_use);
}

static void each_name(void)
{
    bool pass = true;
    for (int i = 0; i < ompwg_backend_count(); i++) {
        const char *name = NULL;
        if (ompwg_backend_info(i, &name, NULL, 0) != 1 || !name) continue;
        int st = ompwg_set_backend(name);
        if (st != OMPWG_OK || strcmp(ompwg_get_backend(), name) != 0) {
            tap_diag("ompwg_set_backend(\"%s\"): status %d, selected %s", name, st,
                     ompwg_get_backend());
            pass = false;
        }
    }
    tap_ok(pass, "ompwg_set_backend(name) of each usable backend selects it");
}

static void unknown_names(void)
{
    static const char *const bad[] = { "nope", "", "gpu0", "cpu ", "open" };
    bool pass = ompwg_set_backend("openblas") == OMPWG_OK;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int st = ompwg_set_backend(bad[i]);
        if (st != OMPWG_ERR_BACKEND || strcmp(ompwg_get_backend(), "openblas") != 0) {
            tap_diag("ompwg_set_backend(\"%s\"): status %d (%s), selected %s", bad[i], st,
                     ompwg_strerror(st), ompwg_get_backend());
            pass = false;
        }
    }
    tap_ok(pass, "an unknown name gives OMPWG_ERR_BACKEND and leaves the selection unchanged");
}

static void unusable_names(void)
{
    int tried = 0;
    bool pass = ompwg_set_backend("cpu") == OMPWG_OK;
    for (int i = 0; i < ompwg_backend_count(); i++) {
        const char *name = NULL;
        if (ompwg_backend_info(i, &name, NULL, 0) != 0 || !name) continue;
        tried++;
        int st = ompwg_set_backend(name);
        if (st != OMPWG_ERR_UNAVAILABLE || strcmp(ompwg_get_backend(), "cpu") != 0) {
            tap_diag("ompwg_set_backend(\"%s\"): status %d (%s), selected %s", name, st,
                     ompwg_strerror(st), ompwg_get_backend());
            pass = false;
        }
    }
    if (tried == 0)
        tap_skip("an unusable backend gives OMPWG_ERR_UNAVAILABLE", "every backend is usable here");
    else
        tap_ok(pass, "an unusable backend gives OMPWG_ERR_UNAVAILABLE and leaves the selection unchanged");
}

/* The backend knob by name (ompwg_config_set), as the environment would
 * give it; NULL returns to what the environment said (test_config.c reads
 * the variable itself in child processes). */
static void by_knob(void)
{
    char from_env[64];
    ompwg_set_backend(NULL);
    snprintf(from_env, sizeof from_env, "%s", ompwg_get_backend());

    bool pass = true;
    static const char *const names[] = { "openblas", "cpu" };
    for (int i = 0; i < 2; i++) {
        int st = ompwg_config_set("OMPWG_BACKEND", names[i]);
        if (st != OMPWG_OK || strcmp(ompwg_get_backend(), names[i]) != 0) {
            tap_diag("ompwg_config_set(OMPWG_BACKEND, %s): status %d, selected %s", names[i], st,
                     ompwg_get_backend());
            pass = false;
        }
    }
    int st = ompwg_config_set("OMPWG_BACKEND", NULL);
    if (st != OMPWG_OK || strcmp(ompwg_get_backend(), from_env) != 0) {
        tap_diag("ompwg_config_set(OMPWG_BACKEND, NULL): status %d, selected %s, the environment's %s",
                 st, ompwg_get_backend(), from_env);
        pass = false;
    }
    tap_ok(pass, "ompwg_config_set(\"OMPWG_BACKEND\", name) selects it; NULL returns to the environment's (%s)",
           from_env);

    /* A failing call leaves the selection as it was. */
    ompwg_set_backend("openblas");
    st = ompwg_config_set("OMPWG_BACKEND", "nope");
    if (!tap_ok(st == OMPWG_ERR_BACKEND && strcmp(ompwg_get_backend(), "openblas") == 0,
                "OMPWG_BACKEND nope: OMPWG_ERR_BACKEND, selection unchanged"))
        tap_diag("status %d (%s), selected %s (was openblas)", st, ompwg_strerror(st),
                 ompwg_get_backend());
    const char *unusable = NULL;
    for (int i = 0; i < ompwg_backend_count() && !unusable; i++) {
        const char *name = NULL;
        if (ompwg_backend_info(i, &name, NULL, 0) == 0) unusable = name;
    }
    if (!unusable) {
        tap_skip("OMPWG_BACKEND naming an unusable backend: OMPWG_ERR_UNAVAILABLE",
                 "every backend is usable here");
    } else {
        ompwg_set_backend("openblas");
        st = ompwg_config_set("OMPWG_BACKEND", unusable);
        if (!tap_ok(st == OMPWG_ERR_UNAVAILABLE && strcmp(ompwg_get_backend(), "openblas") == 0,
                    "OMPWG_BACKEND %s (not usable): OMPWG_ERR_UNAVAILABLE, selection unchanged",
                    unusable))
            tap_diag("status %d (%s), selected %s (was openblas)", st, ompwg_strerror(st),
                     ompwg_get_backend());
    }
    ompwg_set_backend(NULL);
}

typedef struct seen_by_thread {
    char backend[32];
    bool own_choice;
} seen_by_thread;

static void *look(void *arg)
{
    seen_by_thread *seen = arg;
    snprintf(seen->backend, sizeof seen->backend, "%s", ompwg_get_backend());
    seen->own_choice = ompwg_get_thread_backend() != NULL;
    return NULL;
}

/* A thread's own choice goes ahead of the process-wide selection, for that
 * thread only, and fails the way ompwg_set_backend() does. */
static void thread_choice(void)
{
    ompwg_set_backend("openblas");
    int st = ompwg_set_thread_backend("cpu");
    const char *own = ompwg_get_thread_backend();
    if (!tap_ok(st == OMPWG_OK && strcmp(ompwg_get_backend(), "cpu") == 0 && own &&
                    strcmp(own, "cpu") == 0,
                "ompwg_set_thread_backend(\"cpu\") over a process-wide openblas: this thread's calls go to cpu"))
        tap_diag("status %d, ompwg_get_backend() %s, ompwg_get_thread_backend() %s", st,
                 ompwg_get_backend(), own ? own : "NULL");

    seen_by_thread seen = { "", true };
    pthread_t t;
    bool ran = pthread_create(&t, NULL, look, &seen) == 0 && pthread_join(t, NULL) == 0;
    if (!tap_ok(ran && strcmp(seen.backend, "openblas") == 0 && !seen.own_choice,
                "another thread still follows the process-wide selection (openblas)"))
        tap_diag("the other thread saw %s, own choice %d", seen.backend, seen.own_choice);

    bool pass = ompwg_set_thread_backend("nope") == OMPWG_ERR_BACKEND;
    const char *unusable = NULL;
    for (int i = 0; i < ompwg_backend_count() && !unusable; i++) {
        const char *name = NULL;
        if (ompwg_backend_info(i, &name, NULL, 0) == 0) unusable = name;
    }
    if (unusable) pass = pass && ompwg_set_thread_backend(unusable) == OMPWG_ERR_UNAVAILABLE;
    tap_ok(pass && strcmp(ompwg_get_backend(), "cpu") == 0,
           "an unknown (or unusable) name leaves the thread's choice unchanged");

    /* the process-wide "auto" is read with no choice of this thread's in the way */
    ompwg_set_thread_backend(NULL);
    ompwg_set_backend("auto");
    char auto_name[32];
    snprintf(auto_name, sizeof auto_name, "%s", ompwg_get_backend());
    ompwg_set_backend("openblas");
    st = ompwg_set_thread_backend("auto");
    pass = st == OMPWG_OK && strcmp(ompwg_get_backend(), auto_name) == 0;
    st = ompwg_set_thread_backend(NULL);
    pass = pass && st == OMPWG_OK && !ompwg_get_thread_backend() &&
           strcmp(ompwg_get_backend(), "openblas") == 0;
    tap_ok(pass, "\"auto\" chooses as ompwg_set_backend does (%s); NULL returns the thread to the process-wide selection",
           auto_name);
}

/* The GPU kernel variants' getter refuses bad arguments (test_config.c
 * sets every variant). */
static void variants(void)
{
    const char *name = "untouched";
    bool bad = ompwg_gpu_variant(OMPWG_GPU_KERNEL_COUNT, &name) == OMPWG_ERR_FLAGS &&
               ompwg_gpu_variant((ompwg_gpu_kernel)-1, &name) == OMPWG_ERR_FLAGS &&
               strcmp(name, "untouched") == 0 &&
               ompwg_gpu_variant(OMPWG_GPU_KERNEL_GEMM, NULL) == OMPWG_ERR_NULL;
    tap_ok(bad, "ompwg_gpu_variant: an unknown kernel gives OMPWG_ERR_FLAGS, NULL OMPWG_ERR_NULL");
}

/* On a GPU the backend says how host threads wait for it, and by default
 * that is CUDA's own heuristic, not the offload runtime's blocking wait
 * (OMPWG_GPU_SYNC in ompwg.h). */
static void host_wait(void)
{
    char why[1024] = "";
    const char *name = NULL;
    int usable = 0;
    for (int i = 0; i < ompwg_backend_count(); i++)
        if (ompwg_backend_info(i, &name, why, sizeof why) >= 0 && name && !strcmp(name, "gpu")) {
            usable = ompwg_backend_info(i, &name, why, sizeof why);
            break;
        }
    if (usable != 1 || strstr(why, "host fallback") || strcmp(ompwg_get_gpu_sync(), "auto") != 0) {
        tap_skip("the gpu backend on a device waits the CUDA default way (auto)",
                 "no GPU here, or OMPWG_GPU_SYNC is not auto");
        return;
    }
    tap_ok(strstr(why, "host threads wait auto (OMPWG_GPU_SYNC=auto)") != NULL,
           "the gpu backend on a device waits the CUDA default way (auto): %s", why);
}

int main(void)
{
    tap_init("test_backend");
    char first[32];
    snprintf(first, sizeof first, "%s", ompwg_get_backend());
    listing();
    roles();
    auto_choice(first);
    each_name();
    unknown_names();
    unusable_names();
    by_knob();
    thread_choice();
    variants();
    host_wait();
    return tap_done();
}
