/* The placement model never holds a call up. A device backend of the
 * test's own ("slowdev", registered before the first call, with host
 * fallback keeping the GPU backend out of auto's way) is the device auto
 * weighs; its first allocation, the measurement's first step, waits until
 * the test lets it go, on any thread but the test's, where it only counts
 * (a call that measured the model itself would otherwise hang). So:
 *   - the first host-data call that needs the model returns, right, while
 *     the measurement is held back, has not measured on its own thread, and
 *     the model is MEASURING on a thread of the library's;
 *   - calls are placed without the model meanwhile; ompwg_get_model()
 *     waits for the measurement, which is then used and kept in the file;
 *   - `exit`: a process that ends during the measurement has no thread of
 *     the library's left when its last exit handler runs, and keeps no file;
 *   - `fork`: a child forked during the measurement places its calls on
 *     the CPU, and the parent's measurement goes on (and ends at its exit);
 *   - the directories of a user's own that keep a model where the home
 *     cannot (safe_file.h) refuse links, other owners and open modes.
 * On a machine where auto weighs a real GPU (a GPU node, without host
 * fallback) the same runs on it, without the hold. Linked with the
 * library's objects: registration is not exported. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "backend.h"
#include "registry.h"
#include "safe_file.h"
#include "tap.h"
#include "walk.h"

/* The longest the test holds the measurement (then it lets it go, and
 * the check that needed the hold fails), and waits for anything. */
#define HOLD_SECONDS 120

static pthread_t test_thread;
static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_moved = PTHREAD_COND_INITIALIZER;
static bool gate_open = true;
/* the measurement reached slowdev: on the test's thread (counted), on
 * another (its thread id) */
static atomic_int on_test_thread;
static atomic_long measuring_tid;

static void deadline(struct timespec *t, double seconds)
{
    clock_gettime(CLOCK_REALTIME, t);
    t->tv_sec += (time_t)seconds;
}

static void set_gate(bool open)
{
    pthread_mutex_lock(&gate_lock);
    gate_open = open;
    pthread_cond_broadcast(&gate_moved);
    pthread_mutex_unlock(&gate_lock);
}

static void gate(void)
{
    if (pthread_equal(pthread_self(), test_thread)) {
        atomic_fetch_add(&on_test_thread, 1);
        return;
    }
    struct timespec until;
    deadline(&until, HOLD_SECONDS);
    pthread_mutex_lock(&gate_lock);
    if (!atomic_load(&measuring_tid)) atomic_store(&measuring_tid, (long)syscall(SYS_gettid));
    pthread_cond_broadcast(&gate_moved);
    while (!gate_open && pthread_cond_timedwait(&gate_moved, &gate_lock, &until) == 0) {
    }
    pthread_mutex_unlock(&gate_lock);
}

/* Until the measurement has reached slowdev (false after HOLD_SECONDS). */
static bool wait_reached(void)
{
    struct timespec until;
    deadline(&until, HOLD_SECONDS);
    pthread_mutex_lock(&gate_lock);
    while (!atomic_load(&measuring_tid) &&
           pthread_cond_timedwait(&gate_moved, &gate_lock, &until) == 0) {
    }
    pthread_mutex_unlock(&gate_lock);
    return atomic_load(&measuring_tid) != 0;
}

/* ---- slowdev: memory is host memory, kernels return at once ------------- */

static int dev_alloc(size_t bytes, void **out)
{
    gate();
    *out = malloc(bytes);
    return *out ? OMPWG_OK : OMPWG_ERR_DEVICE_NOMEM;
}

static int dev_copy(void *dst, const void *src, size_t bytes)
{
    memcpy(dst, src, bytes);
    return OMPWG_OK;
}

static void *no_pinned(size_t bytes)
{
    (void)bytes;
    return NULL;
}

static void no_free(void *p)
{
    (void)p;
}

static const ompwg_device_ops slowdev_ops = {
    .alloc = dev_alloc, .free = free, .to_device = dev_copy, .to_host = dev_copy,
    .alloc_pinned = no_pinned, .free_pinned = no_free, .overlaps = false,
};

/* The kernels compute nothing: the planner may time them, never run a
 * call of the test's on them (the test asks plans of it after the model). */
static int nop_sgemm(const ompwg_gemm_shape *s, float alpha, const float *a, const float *b,
                     float beta, float *c)
{
    (void)s, (void)alpha, (void)a, (void)b, (void)beta, (void)c;
    return OMPWG_OK;
}

static int nop_dgemm(const ompwg_gemm_shape *s, double alpha, const double *a, const double *b,
                     double beta, double *c)
{
    (void)s, (void)alpha, (void)a, (void)b, (void)beta, (void)c;
    return OMPWG_OK;
}

static int nop_sreduce(const ompwg_vec_shape *s, const float *x, const float *y, float *v,
                       int64_t *index)
{
    (void)s, (void)x, (void)y;
    *v = 0;
    if (index) *index = 0;
    return OMPWG_OK;
}

static int nop_dreduce(const ompwg_vec_shape *s, const double *x, const double *y, double *v,
                       int64_t *index)
{
    (void)s, (void)x, (void)y;
    *v = 0;
    if (index) *index = 0;
    return OMPWG_OK;
}

static int nop_strsm(const ompwg_level3_shape *s, float alpha, const float *a, const float *b,
                     float beta, float *c)
{
    (void)s, (void)alpha, (void)a, (void)b, (void)beta, (void)c;
    return OMPWG_OK;
}

static int nop_dtrsm(const ompwg_level3_shape *s, double alpha, const double *a, const double *b,
                     double beta, double *c)
{
    (void)s, (void)alpha, (void)a, (void)b, (void)beta, (void)c;
    return OMPWG_OK;
}

static ompwg_probe_result slowdev_probe(char *why, size_t len)
{
    snprintf(why, len, "the test's device: host memory, kernels that compute nothing");
    return OMPWG_PROBE_USABLE;
}

static const ompwg_backend slowdev = {
    .name = "slowdev",
    .probe = slowdev_probe,
    .caps = OMPWG_CAP_DEVICE_DATA,
    .device = &slowdev_ops,
    .sgemm = nop_sgemm,
    .dgemm = nop_dgemm,
    .sreduce = nop_sreduce,
    .dreduce = nop_dreduce,
    .slevel3 = { [OMPWG_L3_TRSM] = nop_strsm },
    .dlevel3 = { [OMPWG_L3_TRSM] = nop_dtrsm },
};

/* ---- the calls ------------------------------------------------------------ */

/* Past the planner's short-call limit (1.6e7 flops), so that it asks for
 * the model. */
#define N 256

static double a[N * N], b[N * N], c[N * N], want[N * N];

/* A DGEMM on host data, checked against the plain loops. */
static bool dgemm_right(int *status)
{
    for (int i = 0; i < N * N; i++) {
        a[i] = (double)(i % 7) - 3.0;
        b[i] = (double)(i % 5) - 2.0;
        c[i] = want[i] = 1.0;
    }
    for (int j = 0; j < N; j++)
        for (int p = 0; p < N; p++)
            for (int i = 0; i < N; i++) want[i + j * N] += a[i + p * N] * b[p + j * N];
    *status = ompwg_dgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, N, N, N, 1.0, a, N, b,
                          N, 1.0, c, N);
    return *status == OMPWG_OK && memcmp(c, want, sizeof c) == 0;
}

/* Whether auto weighs a real GPU here (then the test runs on it, unheld). */
static bool real_gpu(void)
{
    char why[256];
    int dev = -2;
    return walk_usable("gpu", why, sizeof why) && ompwg_get_gpu_device(&dev) == OMPWG_OK &&
           dev >= 0;
}

static char dir[] = "model-background-XXXXXX";
static char model_path[sizeof dir + 16];

static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* The model's file in a folder of the test's, so that no kept model is
 * loaded instead of measured. */
static void own_model_file(void)
{
    if (!mkdtemp(dir)) tap_bail("no temporary directory: %s", strerror(errno));
    snprintf(model_path, sizeof model_path, "%s/model.txt", dir);
    ompwg_set_model_file(model_path);
}

static void remove_dir(void)
{
    remove(model_path);
    rmdir(dir);
}

/* The first call, while the measurement is held (slowdev), or running (a
 * real GPU). */
static void first_call(bool gpu)
{
    tap_ok(ompwg_get_model_state() == OMPWG_MODEL_STATE_NONE, "no model before the first call");
    if (!gpu) set_gate(false);
    int st;
    const bool right = dgemm_right(&st);
    const ompwg_model_state after = ompwg_get_model_state();
    tap_ok(right, "the first DGEMM %dx%dx%d on host data returns, right (status %d), while the "
                  "model is measured%s", N, N, N, st, gpu ? "" : " (held back)");
    tap_ok(after == OMPWG_MODEL_STATE_MEASURING,
           "after the first call the model is being measured (state %d)", (int)after);
    if (gpu) return;
    /* (a call that measured the model itself left nothing to wait for) */
    const bool reached = after == OMPWG_MODEL_STATE_MEASURING && wait_reached();
    tap_ok(atomic_load(&on_test_thread) == 0 && reached &&
               atomic_load(&measuring_tid) != (long)syscall(SYS_gettid),
           "the call did not measure the model on its thread (%d times); a thread of the "
           "library's does", atomic_load(&on_test_thread));
}

/* The backend's index in ompwg_backend_info()'s order (the plans'). */
static int backend_at(const char *name)
{
    for (int i = 0; i < ompwg_backend_count(); i++) {
        const char *n = NULL;
        ompwg_backend_info(i, &n, NULL, 0);
        if (n && strcmp(n, name) == 0) return i;
    }
    return -1;
}

static void main_run(bool gpu)
{
    own_model_file();
    first_call(gpu);
    int st;
    ompwg_plan p;
    const bool right = dgemm_right(&st);
    const int plan = ompwg_plan_gemm(NULL, 'd', 4096, 4096, 4096, 0, &p);
    if (!gpu)
        tap_ok(right && plan == OMPWG_OK && strcmp(p.backend, "slowdev") != 0 &&
                   ompwg_get_model_state() == OMPWG_MODEL_STATE_MEASURING,
               "meanwhile calls are placed without the model, on the CPU (a DGEMM 4096: %s)",
               plan == OMPWG_OK ? p.backend : "-");
    if (!gpu) set_gate(true);
    ompwg_model m;
    st = ompwg_get_model(&m);
    const char *dev_name = gpu ? "gpu" : "slowdev";
    tap_ok(st == OMPWG_OK && m.backends >= 2 && strcmp(m.backend[0].name, dev_name) == 0 &&
               ompwg_get_model_state() == OMPWG_MODEL_STATE_READY &&
               atomic_load(&on_test_thread) == 0,
           "ompwg_get_model waits for the measurement, not measuring again (status %d, first "
           "backend %s)", st, st == OMPWG_OK ? m.backend[0].name : "-");
    ompwg_model kept;
    tap_ok(ompwg_read_model(model_path, &kept) == OMPWG_OK && kept.backends == m.backends,
           "the measured model is kept in the model file");
    const int after = ompwg_plan_gemm(NULL, 'd', 4096, 4096, 4096, 0, &p);
    const int at = backend_at(dev_name);
    const double t = after == OMPWG_OK && at >= 0 && at < OMPWG_MODEL_BACKENDS ? p.estimate[at] : -1;
    tap_ok(t >= 0, "then the planner uses it (a DGEMM 4096 on %s: %g s)", dev_name, t);
    remove_dir();
}

/* ---- `exit`: ending during the measurement -------------------------------- */

static long exit_tid;

/* Registered first, so that it runs last of the exit handlers: after the
 * library's. */
static void after_library_exit(void)
{
    char task[64];
    snprintf(task, sizeof task, "/proc/self/task/%ld", exit_tid);
    if (exit_tid < 0)
        tap_skip("the thread at exit", "on a real GPU the test does not see the thread's id");
    else
        tap_ok(exit_tid != 0 && !file_exists(task),
               "at exit the thread that measured the model (%ld) has ended", exit_tid);
    tap_ok(!file_exists(model_path), "a measurement cut short by the exit keeps no file");
    remove_dir();
    fflush(stdout);
    _exit(tap_done());
}

/* Registered after the library's handler, so that it runs before it: the
 * measurement goes on from its hold, into the library's stop. */
static void let_go(void)
{
    set_gate(true);
}

static void exit_run(bool gpu)
{
    atexit(after_library_exit);
    own_model_file();
    first_call(gpu);
    if (gpu) {
        exit_tid = -1;
        return;
    }
    exit_tid = atomic_load(&measuring_tid);
    atexit(let_go);
}

/* ---- `fork`: a child made during the measurement -------------------------- */

static void fork_run(bool gpu)
{
    own_model_file();
    first_call(gpu);
    fflush(stdout);
    alarm(HOLD_SECONDS);
    const pid_t pid = fork();
    if (pid == 0) {
        int st;
        const bool right = dgemm_right(&st);
        const ompwg_model_state s = ompwg_get_model_state();
        /* _exit: the parent's exit handlers (the offload runtime's among
         * them, whose GPU context the child cannot use) are its own */
        _exit(right && s == OMPWG_MODEL_STATE_FAILED ? 0 : 1);
    }
    int status = -1;
    const bool waited = pid > 0 && waitpid(pid, &status, 0) == pid;
    alarm(0);
    tap_ok(waited && WIFEXITED(status) && WEXITSTATUS(status) == 0,
           "a child forked during the measurement runs its DGEMM, right, without a model "
           "(status %d)", status);
    /* (held, the parent's measurement cannot have ended; let go, it ends
     * with the process, as `exit` checks) */
    tap_ok(ompwg_get_model_state() == OMPWG_MODEL_STATE_MEASURING || gpu,
           "the parent's measurement goes on");
    if (!gpu) set_gate(true);
    remove_dir();
}

/* ---- the user's own directories ------------------------------------------- */

static void private_dirs(void)
{
    char base[] = "model-dirs-XXXXXX", path[256], why[512];
    if (!mkdtemp(base)) {
        tap_ok(false, "a temporary directory");
        return;
    }
    snprintf(path, sizeof path, "%s/own", base);
    struct stat st;
    tap_ok(ompwg_private_dir(path, true, why, sizeof why) == 0 && stat(path, &st) == 0 &&
               (st.st_mode & 0777) == 0700,
           "a missing directory is created, mode 0700");
    tap_ok(ompwg_private_dir(path, false, why, sizeof why) == 0, "then it is used");
    char link[256];
    snprintf(link, sizeof link, "%s/link", base);
    tap_ok(symlink("own", link) == 0 && ompwg_private_dir(link, true, why, sizeof why) != 0,
           "a symbolic link to it is refused (%s)", why);
    char open_dir[256];
    snprintf(open_dir, sizeof open_dir, "%s/open", base);
    tap_ok(mkdir(open_dir, 0700) == 0 && chmod(open_dir, 0755) == 0 &&
               ompwg_private_dir(open_dir, true, why, sizeof why) != 0,
           "a directory others may read is refused (%s)", why);
    char file[256];
    snprintf(file, sizeof file, "%s/file", base);
    FILE *f = fopen(file, "w");
    if (f) fclose(f);
    tap_ok(f && ompwg_private_dir(file, true, why, sizeof why) != 0,
           "a regular file is refused (%s)", why);
    char theirs[256];
    snprintf(theirs, sizeof theirs, "%s/theirs", base);
    if (geteuid() != 0) {
        tap_skip("a directory of another user", "not root: cannot give one away");
    } else {
        tap_ok(mkdir(theirs, 0700) == 0 && chown(theirs, 65534, 65534) == 0 &&
                   ompwg_private_dir(theirs, true, why, sizeof why) != 0,
               "a directory of another user is refused (%s)", why);
    }
    remove(link);
    remove(file);
    rmdir(path);
    rmdir(open_dir);
    rmdir(theirs);
    rmdir(base);
}

int main(int argc, char **argv)
{
    test_thread = pthread_self();
    /* before any other call into the library */
    const int reg = ompwg_register_backend(&slowdev);
    const char *mode = argc > 1 ? argv[1] : "calls";
    tap_init("test_model_background %s", mode);
    if (reg != OMPWG_OK) tap_bail("slowdev not registered (status %d)", reg);
    const bool gpu = real_gpu();
    if (gpu) tap_diag("auto weighs a real GPU here: the test runs on it");
    if (strcmp(mode, "exit") == 0) {
        exit_run(gpu);
        /* the rest is said by after_library_exit, at exit */
        return 0;
    } else if (strcmp(mode, "fork") == 0) {
        fork_run(gpu);
    } else {
        main_run(gpu);
        private_dirs();
    }
    return tap_done();
}
