/* The configuration knobs: every setter takes its documented values and
 * refuses others without changing anything; the environment is read once
 * (checked in child processes started with a prepared environment, so that
 * nothing here calls setenv), an unusable value is said on stderr and the
 * default used; ompwg_config_reload() reads it again; the kernel variants
 * are listed; setters run beside calls on other threads. With --table
 * PATH: the environment table of that Markdown file (docs/configuration.md)
 * lists exactly the knobs. */
#include <errno.h>
#include <pthread.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ompwg.h"
#include "tap.h"

extern char **environ;

/* ---- in this process ----------------------------------------------------- */

static bool value_is(const char *env, const char *want)
{
    for (int i = 0; i < ompwg_config_count(); i++) {
        ompwg_knob_info k;
        if (ompwg_config_describe(i, &k) == OMPWG_OK && strcmp(k.env, env) == 0) {
            if (strcmp(k.value, want) == 0) return true;
            tap_diag("%s reads %s, want %s", env, k.value, want);
            return false;
        }
    }
    tap_diag("no knob %s", env);
    return false;
}

static void table(void)
{
    int n = ompwg_config_count();
    bool pass = n > 0;
    for (int i = 0; i < n; i++) {
        ompwg_knob_info k;
        int st = ompwg_config_describe(i, &k);
        if (st != OMPWG_OK || !k.env || strncmp(k.env, "OMPWG_", 6) != 0 || !k.values ||
            !k.values[0] || !k.fallback || !k.doc || !k.doc[0] || !k.setter ||
            strncmp(k.setter, "ompwg_", 6) != 0 || !k.value[0]) {
            tap_diag("knob %d: status %d, %s", i, st, st == OMPWG_OK ? k.env : "");
            pass = false;
        }
        for (int j = 0; j < i && st == OMPWG_OK; j++) {
            ompwg_knob_info o;
            if (ompwg_config_describe(j, &o) == OMPWG_OK && strcmp(o.env, k.env) == 0) {
                tap_diag("%s twice", k.env);
                pass = false;
            }
        }
    }
    tap_ok(pass, "%d knobs, each with its variable, values, default, doc, setter and setting", n);
    ompwg_knob_info k;
    tap_ok(ompwg_config_describe(n, &k) == OMPWG_ERR_RANGE &&
               ompwg_config_describe(-1, &k) == OMPWG_ERR_RANGE &&
               ompwg_config_describe(0, NULL) == OMPWG_ERR_NULL,
           "ompwg_config_describe: out of range OMPWG_ERR_RANGE, NULL OMPWG_ERR_NULL");
}

static void variants(void)
{
    int n = ompwg_variant_count();
    bool pass = n > 0, generic = false;
    for (int i = 0; i < n; i++) {
        ompwg_variant v;
        if (ompwg_variant_info(i, &v) != OMPWG_OK || !v.env || !v.family || !v.name ||
            !v.backend) {
            tap_diag("variant %d", i);
            pass = false;
            continue;
        }
        if (!strcmp(v.env, "OMPWG_CPU_ARCH") && !strcmp(v.name, "generic")) generic = v.runnable;
        /* every variant is selectable through its knob, when runnable */
        if (v.runnable) {
            int st = ompwg_config_set(v.env, v.name);
            if (st != OMPWG_OK || !value_is(v.env, v.name)) {
                tap_diag("ompwg_config_set(%s, %s): status %d", v.env, v.name, st);
                pass = false;
            }
            ompwg_config_set(v.env, NULL);
        }
    }
    tap_ok(pass, "%d kernel variants listed, each runnable one selectable by its knob", n);
    char why[256] = "";
    const char *name = NULL;
    bool cpu = false;
    for (int i = 0; i < ompwg_backend_count(); i++)
        if (ompwg_backend_info(i, &name, NULL, 0) == 1 && !strcmp(name, "cpu")) cpu = true;
    if (cpu)
        tap_ok(generic, "the generic CPU kernel is listed as runnable");
    else
        tap_skip("the generic CPU kernel is listed as runnable", "no cpu backend here");
    ompwg_variant v;
    tap_ok(ompwg_variant_info(n, &v) == OMPWG_ERR_RANGE &&
               ompwg_variant_info(-1, &v) == OMPWG_ERR_RANGE &&
               ompwg_variant_info(0, NULL) == OMPWG_ERR_NULL,
           "ompwg_variant_info: out of range OMPWG_ERR_RANGE, NULL OMPWG_ERR_NULL");
    (void)why;
}

static void gpu_variants(void)
{
    bool pass = true;
    for (int kernel = 0; kernel < OMPWG_GPU_KERNEL_COUNT; kernel++) {
        const char *first = NULL, *got = NULL;
        ompwg_gpu_variant((ompwg_gpu_kernel)kernel, &first);
        /* its last variant, in capitals */
        const char *last = NULL;
        for (int i = 0; i < ompwg_variant_count(); i++) {
            ompwg_variant v;
            ompwg_variant_info(i, &v);
            const char *now = NULL;
            int st = ompwg_set_gpu_variant((ompwg_gpu_kernel)kernel, v.name);
            if (st == OMPWG_OK && ompwg_gpu_variant((ompwg_gpu_kernel)kernel, &now) == OMPWG_OK &&
                !strcmp(now, v.name))
                last = v.name;
            ompwg_set_gpu_variant((ompwg_gpu_kernel)kernel, first);
        }
        char upper[32];
        snprintf(upper, sizeof upper, "%s", last ? last : "?");
        for (char *c = upper; *c; c++)
            if (*c >= 'a' && *c <= 'z') *c = (char)(*c - 'a' + 'A');
        int st = ompwg_set_gpu_variant((ompwg_gpu_kernel)kernel, upper);
        ompwg_gpu_variant((ompwg_gpu_kernel)kernel, &got);
        if (!last || st != OMPWG_OK || strcmp(got, last) != 0) {
            tap_diag("kernel %d: %s gives status %d, %s", kernel, upper, st, got);
            pass = false;
        }
        st = ompwg_set_gpu_variant((ompwg_gpu_kernel)kernel, "nonsense");
        const char *after = NULL;
        ompwg_gpu_variant((ompwg_gpu_kernel)kernel, &after);
        if (st != OMPWG_ERR_FLAGS || strcmp(after, got) != 0) {
            tap_diag("kernel %d: nonsense gives status %d, %s (was %s)", kernel, st, after, got);
            pass = false;
        }
        ompwg_set_gpu_variant((ompwg_gpu_kernel)kernel, NULL);
    }
    tap_ok(pass, "ompwg_set_gpu_variant: any case; an unknown name OMPWG_ERR_FLAGS, unchanged");
    tap_ok(ompwg_set_gpu_variant(OMPWG_GPU_KERNEL_COUNT, "tiled") == OMPWG_ERR_FLAGS &&
               ompwg_set_gpu_variant((ompwg_gpu_kernel)-1, "tiled") == OMPWG_ERR_FLAGS,
           "ompwg_set_gpu_variant: an unknown kernel gives OMPWG_ERR_FLAGS");
}

static void cpu_arch(void)
{
    bool pass = true;
    int runnable = 0;
    for (int i = 0; i < ompwg_variant_count(); i++) {
        ompwg_variant v;
        ompwg_variant_info(i, &v);
        if (strcmp(v.env, "OMPWG_CPU_ARCH") != 0) continue;
        int st = ompwg_set_cpu_arch(v.name);
        if (v.runnable) {
            runnable++;
            if (st != OMPWG_OK || strcmp(ompwg_get_cpu_arch(), v.name) != 0) {
                tap_diag("%s: status %d, asked %s", v.name, st, ompwg_get_cpu_arch());
                pass = false;
            }
        } else if (st != OMPWG_ERR_UNAVAILABLE) {
            tap_diag("%s (not runnable here): status %d", v.name, st);
            pass = false;
        }
    }
    ompwg_set_cpu_arch("generic");
    int st = ompwg_set_cpu_arch("avx9");
    pass = pass && st == OMPWG_ERR_FLAGS && !strcmp(ompwg_get_cpu_arch(), "generic");
    ompwg_set_cpu_arch(NULL);
    tap_ok(pass && runnable > 0,
           "ompwg_set_cpu_arch: each of the %d kernels this CPU runs taken; others "
           "OMPWG_ERR_UNAVAILABLE, unknown names OMPWG_ERR_FLAGS (unchanged)",
           runnable);
}

static void numbers(void)
{
    int threads = ompwg_get_num_threads();
    bool pass = ompwg_set_num_threads(4097) == OMPWG_ERR_RANGE &&
                ompwg_get_num_threads() == threads && ompwg_set_num_threads(4096) == OMPWG_OK &&
                ompwg_get_num_threads() == 4096 && ompwg_set_num_threads(0) == OMPWG_OK &&
                ompwg_get_num_threads() == threads;
    tap_ok(pass, "ompwg_set_num_threads: 4096 is the cap, 4097 OMPWG_ERR_RANGE (unchanged)");

    int64_t panel = ompwg_get_mpi_panel();
    pass = ompwg_set_mpi_panel(64) == OMPWG_OK && ompwg_get_mpi_panel() == 64 &&
           ompwg_set_mpi_panel(-2) == OMPWG_ERR_RANGE &&
           ompwg_set_mpi_panel((int64_t)1 << 31) == OMPWG_ERR_RANGE &&
           ompwg_get_mpi_panel() == 64 && ompwg_set_mpi_panel(0) == OMPWG_OK &&
           ompwg_get_mpi_panel() == 512;
    ompwg_set_mpi_panel(-1);
    pass = pass && ompwg_get_mpi_panel() == panel;
    tap_ok(pass, "ompwg_set_mpi_panel: 64 taken, -2 and 2^31 OMPWG_ERR_RANGE, 0 the default 512, "
           "-1 the environment's");

    const char *sync = ompwg_get_gpu_sync();
    pass = ompwg_set_gpu_sync("SPIN") == OMPWG_OK && !strcmp(ompwg_get_gpu_sync(), "spin") &&
           ompwg_set_gpu_sync("sometimes") == OMPWG_ERR_FLAGS &&
           !strcmp(ompwg_get_gpu_sync(), "spin") && ompwg_set_gpu_sync(NULL) == OMPWG_OK &&
           !strcmp(ompwg_get_gpu_sync(), sync);
    tap_ok(pass, "ompwg_set_gpu_sync: a mode in any case taken, another OMPWG_ERR_FLAGS");
}

/* The on/off setters return the previous setting, or OMPWG_ERR_RANGE for
 * a value that is neither (changing nothing). */
static void switches(void)
{
    static const struct {
        const char *name;
        int (*set)(int);
        int (*get)(void);
        int on;
    } sw[] = {
        { "ompwg_set_check", ompwg_set_check, ompwg_get_check, 1 },
        { "ompwg_set_fallback", ompwg_set_fallback, ompwg_get_fallback, 1 },
        { "ompwg_set_split", ompwg_set_split, ompwg_get_split, 1 },
        { "ompwg_set_verbose", ompwg_set_verbose, ompwg_get_verbose, 2 },
    };
    for (size_t i = 0; i < sizeof sw / sizeof sw[0]; i++) {
        int was = sw[i].get();
        bool pass = sw[i].set(0) == was && sw[i].get() == 0 && sw[i].set(sw[i].on) == 0 &&
                    sw[i].get() == sw[i].on && sw[i].set(sw[i].on + 3) == OMPWG_ERR_RANGE &&
                    sw[i].set(-2) == OMPWG_ERR_RANGE && sw[i].get() == sw[i].on;
        sw[i].set(was);
        tap_ok(pass, "%s: 0 and %d taken, %d and -2 OMPWG_ERR_RANGE (unchanged)", sw[i].name,
               sw[i].on, sw[i].on + 3);
    }
    double share = ompwg_get_split_share();
    bool pass = ompwg_set_split_share(0.25) == OMPWG_OK && ompwg_get_split_share() == 0.25 &&
                ompwg_set_split_share(1.5) == OMPWG_ERR_RANGE && ompwg_get_split_share() == 0.25;
    ompwg_set_split_share(share);
    tap_ok(pass, "ompwg_set_split_share: 0.25 taken, 1.5 OMPWG_ERR_RANGE (unchanged)");
    char was[4096], now[4096];
    ompwg_get_model_file(was, sizeof was);
    char small[4];
    pass = ompwg_set_model_file("/nonexistent/model") == OMPWG_OK &&
           ompwg_get_model_file(now, sizeof now) == OMPWG_OK &&
           !strcmp(now, "/nonexistent/model") &&
           ompwg_get_model_file(small, sizeof small) == OMPWG_ERR_RANGE && !strcmp(small, "/no") &&
           ompwg_get_model_file(NULL, 4) == OMPWG_ERR_NULL;
    ompwg_set_model_file(was);
    tap_ok(pass, "ompwg_get_model_file gives what ompwg_set_model_file set; too small a buffer "
           "OMPWG_ERR_RANGE");
}

static void by_name(void)
{
    int threads = ompwg_get_num_threads();
    bool pass = ompwg_config_set("OMPWG_NUM_THREADS", "abc") == OMPWG_ERR_RANGE &&
                ompwg_config_set("OMPWG_NUM_THREADS", "-3") == OMPWG_ERR_RANGE &&
                ompwg_config_set("OMPWG_NUM_THREADS", "100000") == OMPWG_ERR_RANGE &&
                ompwg_get_num_threads() == threads &&
                ompwg_config_set("OMPWG_NUM_THREADS", "3") == OMPWG_OK &&
                ompwg_get_num_threads() == 3;
    ompwg_set_num_threads(0);
    tap_ok(pass, "ompwg_config_set(\"OMPWG_NUM_THREADS\"): -3, abc, 100000 OMPWG_ERR_RANGE "
           "(unchanged), 3 taken");
    int check = ompwg_get_check();
    pass = ompwg_config_set("OMPWG_CHECK", "5") == OMPWG_ERR_RANGE && ompwg_get_check() == check &&
           ompwg_config_set("OMPWG_CHECK", "1") == OMPWG_OK && ompwg_get_check() == 1;
    ompwg_set_check(check);
    tap_ok(pass, "ompwg_config_set(\"OMPWG_CHECK\"): 5 OMPWG_ERR_RANGE (unchanged), 1 taken");
    pass = ompwg_config_set("OMPWG_BACKEND", "nope") == OMPWG_ERR_BACKEND &&
           ompwg_config_set("OMPWG_NO_SUCH", "1") == OMPWG_ERR_FLAGS &&
           ompwg_config_set(NULL, "1") == OMPWG_ERR_NULL &&
           ompwg_config_set("OMPWG_GPU_GEMM", "fast") == OMPWG_ERR_FLAGS;
    tap_ok(pass, "ompwg_config_set: an unknown backend OMPWG_ERR_BACKEND, an unknown variable or "
           "choice OMPWG_ERR_FLAGS, NULL OMPWG_ERR_NULL");
}

/* A setter on one thread while another runs GEMMs: each GEMM is right
 * whichever kernel ran it. */
typedef struct flipper {
    const char *names[4];
    int count;
    _Atomic int stop;
} flipper;

static void *flip(void *arg)
{
    flipper *f = arg;
    for (int i = 0; !f->stop; i++) ompwg_set_cpu_arch(f->names[i % f->count]);
    return NULL;
}

static void beside_calls(void)
{
    flipper f = { .count = 0 };
    for (int i = 0; i < ompwg_variant_count() && f.count < 4; i++) {
        ompwg_variant v;
        ompwg_variant_info(i, &v);
        if (!strcmp(v.env, "OMPWG_CPU_ARCH") && v.runnable) f.names[f.count++] = v.name;
    }
    char saved[64];
    snprintf(saved, sizeof saved, "%s", ompwg_get_backend());
    if (f.count == 0 || ompwg_set_backend("cpu") != OMPWG_OK) {
        tap_skip("CPU kernels switched while another thread runs GEMMs", "no cpu backend here");
        return;
    }
    enum { N = 48 };
    static float a[N * N], b[N * N], c0[N * N], c[N * N];
    test_rng r;
    test_rng_init(&r, 7);
    for (int i = 0; i < N * N; i++) {
        a[i] = test_uniformf(&r);
        b[i] = test_uniformf(&r);
        c0[i] = test_uniformf(&r);
    }
    pthread_t t;
    pthread_create(&t, NULL, flip, &f);
    double worst = 0;
    bool pass = true;
    for (int rep = 0; rep < 40; rep++) {
        memcpy(c, c0, sizeof c);
        int st = ompwg_sgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, N, N, N, 1.5f, a, N,
                             b, N, 0.5f, c, N);
        double ratio = 0;
        ompwg_sgemm_ratio(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, N, N, N, 1.5f, a, N, b,
                          N, 0.5f, c0, c, N, &ratio);
        if (st != OMPWG_OK || !(ratio < 16)) pass = false;
        if (ratio > worst) worst = ratio;
    }
    f.stop = 1;
    pthread_join(t, NULL);
    ompwg_set_cpu_arch(NULL);
    if (strcmp(saved, "none") != 0) ompwg_set_backend(saved);
    tap_ok(pass, "40 cpu sgemms while another thread switches among %d CPU kernels: worst ratio %.3g",
           f.count, worst);
}

/* ---- child processes with a prepared environment ------------------------- */

/* Prints every knob as ENV=value, after `how`: "show" nothing, "reload"
 * setting each knob away from the environment and calling
 * ompwg_config_reload(), "kernels" a GEMM on the cpu backend with each CPU
 * kernel this CPU runs (OMPWG_VERBOSE=1 names the kernel that runs). */
static int child(const char *how)
{
    if (!strcmp(how, "quiet")) {
        /* three multi-threaded GEMMs on the cpu backend, and nothing else
         * said (under OMP_WAIT_POLICY=active, libomp printed an Info line
         * a call when the backend gave its block time back) */
        enum { N = 256 };
        static double a[N * N], c[N * N];
        for (int i = 0; i < N * N; i++) a[i] = (double)(i % 7) - 3;
        int st = ompwg_set_backend("cpu");
        for (int r = 0; st == OMPWG_OK && r < 3; r++)
            st = ompwg_dgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, N, N, N, 1, a, N, a,
                             N, 0, c, N);
        printf("gemm=%d\n", st);
        fflush(stdout);
        return 0;
    }
    if (!strcmp(how, "kernels") && ompwg_set_backend("cpu") == OMPWG_OK) {
        for (int i = 0; i < ompwg_variant_count(); i++) {
            ompwg_variant v;
            ompwg_variant_info(i, &v);
            if (strcmp(v.env, "OMPWG_CPU_ARCH") != 0 || !v.runnable) continue;
            float a[4] = { 1, 2, 3, 4 }, c[4] = { 0 };
            int st = ompwg_set_cpu_arch(v.name);
            st = st ? st : (int)ompwg_sgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, 2, 2, 2,
                                       1, a, 2, a, 2, 0, c, 2);
            printf("asked %s: %d\n", v.name, st);
            fflush(stdout);
        }
    }
    if (!strcmp(how, "reload")) {
        ompwg_set_num_threads(7);
        ompwg_set_check(0);
        ompwg_set_gpu_variant(OMPWG_GPU_KERNEL_GEMM, "tiled");
        ompwg_set_mpi_panel(99);
        ompwg_set_backend("cpu");
        int st = ompwg_config_reload();
        printf("reload=%d\n", st);
    }
    for (int i = 0; i < ompwg_config_count(); i++) {
        ompwg_knob_info k;
        if (ompwg_config_describe(i, &k) == OMPWG_OK) printf("%s=%s\n", k.env, k.value);
    }
    fflush(stdout);
    return 0;
}

/* Runs this program as `child how` with the environment less every OMPWG_*
 * variable, plus `extra`; its stdout and stderr into out. */
static bool run_child(const char *how, const char *const *extra, char *out, size_t len)
{
    char *envp[256];
    int n = 0;
    for (char **e = environ; *e && n < 200; e++)
        if (strncmp(*e, "OMPWG_", 6) != 0 || !strncmp(*e, "OMPWG_TEST_", 11)) envp[n++] = *e;
    for (int i = 0; extra[i] && n < 254; i++) envp[n++] = (char *)extra[i];
    envp[n] = NULL;
    int fd[2];
    if (pipe(fd) != 0) return false;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fd[1], 1);
    posix_spawn_file_actions_adddup2(&fa, fd[1], 2);
    posix_spawn_file_actions_addclose(&fa, fd[0]);
    char *argv[] = { "test_config", "--child", (char *)how, NULL };
    pid_t pid;
    int st = posix_spawn(&pid, "/proc/self/exe", &fa, NULL, argv, envp);
    posix_spawn_file_actions_destroy(&fa);
    close(fd[1]);
    size_t used = 0;
    ssize_t got;
    while (st == 0 && (got = read(fd[0], out + used, len - 1 - used)) > 0) used += (size_t)got;
    out[used] = '\0';
    close(fd[0]);
    int status = 0;
    if (st == 0) waitpid(pid, &status, 0);
    return st == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* Whether out has the line `line`. */
static bool has_line(const char *out, const char *line)
{
    size_t len = strlen(line);
    for (const char *p = out; (p = strstr(p, line)); p += len)
        if ((p == out || p[-1] == '\n') && (p[len] == '\n' || !p[len])) return true;
    return false;
}

/* The stderr line that ignores env's value. */
static bool said_ignored(const char *out, const char *var_eq)
{
    char want[128], said[512];
    snprintf(want, sizeof want, "ompwg: %s ", var_eq);
    const char *p = strstr(out, want);
    if (!p) return false;
    snprintf(said, sizeof said, "%.*s", (int)strcspn(p, "\n"), p);
    return strstr(said, "ignored, using the default") != NULL;
}

static void environment(void)
{
    static char out[1 << 16];
    static const char *const good[] = {
        "OMPWG_NUM_THREADS=3", "OMPWG_GPU_GEMM=SUBGROUP", "OMPWG_CHECK=1",
        "OMPWG_FALLBACK=1", "OMPWG_MPI_PANEL=64", "OMPWG_SPLIT=0", "OMPWG_SPLIT_SHARE=0.25",
        "OMPWG_GPU_SYNC=spin", "OMPWG_BACKEND=openblas", "OMPWG_CPU_ARCH=generic",
        "OMPWG_MODEL_FILE=/nonexistent/model", "OMPWG_GPU_GEMM_TILE=small", NULL,
    };
    bool ran = run_child("show", good, out, sizeof out);
    static const char *const good_seen[] = {
        "OMPWG_NUM_THREADS=3", "OMPWG_GPU_GEMM=subgroup", "OMPWG_CHECK=1", "OMPWG_FALLBACK=1",
        "OMPWG_MPI_PANEL=64", "OMPWG_SPLIT=0", "OMPWG_SPLIT_SHARE=0.25", "OMPWG_GPU_SYNC=spin",
        "OMPWG_BACKEND=openblas", "OMPWG_CPU_ARCH=generic", "OMPWG_MODEL_FILE=/nonexistent/model",
        "OMPWG_GPU_GEMM_TILE=small", NULL,
    };
    bool pass = ran && !strstr(out, "ignored");
    for (int i = 0; good_seen[i]; i++)
        if (!has_line(out, good_seen[i])) {
            tap_diag("missing %s", good_seen[i]);
            pass = false;
        }
    if (!tap_ok(pass, "a child started with 12 usable OMPWG_* values takes each, without a word"))
        tap_diag("child said:\n%s", out);

    /* value, the setting it leaves */
    static const char *const bad[][2] = {
        { "OMPWG_NUM_THREADS=abc", NULL },
        { "OMPWG_NUM_THREADS=-3", NULL },
        { "OMPWG_NUM_THREADS=100000", NULL },
        { "OMPWG_GPU_GEMM=nonsense", "OMPWG_GPU_GEMM=tiled" },
        { "OMPWG_CHECK=5", "OMPWG_CHECK=0" },
        { "OMPWG_FALLBACK=yes", "OMPWG_FALLBACK=0" },
        { "OMPWG_VERBOSE=loud", "OMPWG_VERBOSE=0" },
        { "OMPWG_MPI_PANEL=0", "OMPWG_MPI_PANEL=512" },
        { "OMPWG_SPLIT_SHARE=2", "OMPWG_SPLIT_SHARE=the model's" },
        { "OMPWG_CPU_ARCH=avx9", "OMPWG_CPU_ARCH=auto" },
        { "OMPWG_GPU_SYNC=sometimes", "OMPWG_GPU_SYNC=auto" },
        { "OMPWG_GPU_DEVICE=first", NULL },
    };
    int nbad = (int)(sizeof bad / sizeof bad[0]);
    pass = true;
    for (int i = 0; i < nbad; i++) {
        const char *extra[] = { bad[i][0], NULL };
        ran = run_child("show", extra, out, sizeof out);
        if (!ran || !said_ignored(out, bad[i][0]) || (bad[i][1] && !has_line(out, bad[i][1]))) {
            tap_diag("%s: child said:\n%s", bad[i][0], out);
            pass = false;
        }
    }
    tap_ok(pass, "%d unusable values (OMPWG_NUM_THREADS=-3, abc, 100000, ...) each said on stderr "
           "with the default used instead", nbad);

    static const char *const reload_env[] = { "OMPWG_NUM_THREADS=5", "OMPWG_CHECK=1",
                                              "OMPWG_GPU_GEMM=subgroup", "OMPWG_MPI_PANEL=32",
                                              "OMPWG_BACKEND=openblas", NULL };
    static const char *const verbose[] = { "OMPWG_VERBOSE=1", NULL };
    ran = run_child("kernels", verbose, out, sizeof out);
    pass = ran;
    int kernels = 0;
    for (int i = 0; i < ompwg_variant_count(); i++) {
        ompwg_variant v;
        ompwg_variant_info(i, &v);
        if (strcmp(v.env, "OMPWG_CPU_ARCH") != 0 || !v.runnable) continue;
        char asked[64], ran_line[64];
        snprintf(asked, sizeof asked, "asked %s: 0", v.name);
        snprintf(ran_line, sizeof ran_line, "ompwg: cpu gemm kernel %s (", v.name);
        pass = pass && has_line(out, asked) && strstr(out, ran_line);
        kernels++;
    }
    if (!tap_ok(pass && kernels > 0, "a GEMM after ompwg_set_cpu_arch runs that kernel (each of %d)",
                kernels))
        tap_diag("child said:\n%s", out);

    if (ompwg_set_backend("cpu") == OMPWG_OK) {
        static const char *const active[] = { "OMP_WAIT_POLICY=active", "OMPWG_NUM_THREADS=2",
                                              NULL };
        ran = run_child("quiet", active, out, sizeof out);
        /* the runtime's own messages start "OMP: " (an Archer build adds a
         * line of its own, which is not one of them) */
        if (!tap_ok(ran && has_line(out, "gemm=0") && !strstr(out, "OMP: "),
                    "cpu GEMMs on 2 threads under OMP_WAIT_POLICY=active draw no OpenMP "
                    "runtime message"))
            tap_diag("child said:\n%s", out);
        ompwg_set_backend(NULL);
    } else {
        tap_skip("cpu GEMMs on 2 threads under OMP_WAIT_POLICY=active draw no OpenMP runtime "
                 "message",
                 "no cpu backend here");
    }

    ran = run_child("reload", reload_env, out, sizeof out);
    pass = ran && has_line(out, "reload=0") && has_line(out, "OMPWG_NUM_THREADS=5") &&
           has_line(out, "OMPWG_CHECK=1") && has_line(out, "OMPWG_GPU_GEMM=subgroup") &&
           has_line(out, "OMPWG_MPI_PANEL=32") && has_line(out, "OMPWG_BACKEND=openblas");
    if (!tap_ok(pass, "ompwg_config_reload() puts back what the environment says over what the "
                      "setters set"))
        tap_diag("child said:\n%s", out);
}

/* ---- the documented table ------------------------------------------------ */

/* The rows "| `OMPWG_..." of the file's "## Environment" section. */
static int doc_table(const char *path)
{
    tap_init("test_config --table");
    FILE *f = fopen(path, "r");
    if (!f) {
        tap_ok(false, "%s can be read: %s", path, strerror(errno));
        return tap_done();
    }
    char line[2048];
    bool in_section = false;
    char listed[64][64];
    int n = 0;
    bool pass = true;
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "## ", 3)) in_section = !strncmp(line, "## Environment", 14);
        if (!in_section || strncmp(line, "| `OMPWG_", 9) != 0 || n == 64) continue;
        size_t len = strcspn(line + 3, "=`");
        snprintf(listed[n], sizeof listed[n], "%.*s", (int)len, line + 3);
        bool known = false;
        for (int i = 0; i < ompwg_config_count(); i++) {
            ompwg_knob_info k;
            if (ompwg_config_describe(i, &k) == OMPWG_OK && !strcmp(k.env, listed[n]))
                known = true;
        }
        if (!known) {
            tap_diag("%s lists %s, the library has no such knob", path, listed[n]);
            pass = false;
        }
        n++;
    }
    fclose(f);
    for (int i = 0; i < ompwg_config_count(); i++) {
        ompwg_knob_info k;
        ompwg_config_describe(i, &k);
        int times = 0;
        for (int j = 0; j < n; j++) times += !strcmp(listed[j], k.env);
        if (times != 1) {
            tap_diag("%s is in the environment table of %s %d times", k.env, path, times);
            pass = false;
        }
    }
    tap_ok(pass && n == ompwg_config_count(),
           "the environment table of %s lists exactly the %d knobs (%d rows)", path,
           ompwg_config_count(), n);
    return tap_done();
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "--child")) return child(argv[2]);
    if (argc == 3 && !strcmp(argv[1], "--table")) return doc_table(argv[2]);
    tap_init("test_config");
    table();
    variants();
    gpu_variants();
    cpu_arch();
    numbers();
    switches();
    by_name();
    beside_calls();
    environment();
    return tap_done();
}
