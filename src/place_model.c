/* The planner's model of this machine: loaded from where it is kept
 * (model_keep.c), or measured (calibrate.c) and kept there, or given
 * through ompwg_set_model(). A call that finds no model does not wait for
 * one: it starts the measurement on a thread of the library's own and is
 * placed without a model (by its shape, on the CPU), as every call is
 * until the model is ready. ompwg_get_model() and ompwg_calibrate() wait,
 * and measure in the calling thread where no measurement is under way. */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "calibrate.h"
#include "config.h"
#include "model.h"
#include "model_keep.h"
#include "model_pace.h"
#include "ompwg.h"
#include "place.h"
#include "registry.h"

/* lock guards everything below but the model itself, which model_rw
 * guards (every call reads it; a change takes both, lock first).
 * `changed` is signalled when the state leaves MEASURING, when a worker
 * ends, and when the worker is told to stop or to hurry. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static pthread_rwlock_t model_rw = PTHREAD_RWLOCK_INITIALIZER;
static ompwg_model_state state = OMPWG_MODEL_STATE_NONE;
static ompwg_model model;
/* the file the model was loaded from or saved to ("" none) */
static char kept_at[4096];
/* changed by every ompwg_set_model() and fork: a measurement started
 * before gives nothing */
static unsigned generation;
/* the process is exiting (or the library being unloaded): no new worker */
static bool exiting;
/* a fork was made while the model was measured: said once in the child */
static atomic_bool forked_note;

/* The worker: at most one at a time, joined by whoever sees it done. */
static struct {
    bool exists, done;
    pthread_t thread;
    const ompwg_backend *dev;
    unsigned generation;
} worker;
/* read by the measurement between runs */
static atomic_bool stop_worker;
/* someone waits for the model: the worker no longer waits for idle cores */
static atomic_bool hurry;

static pthread_once_t hooks_once = PTHREAD_ONCE_INIT;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* lock held */
static void publish(ompwg_model_state st, const ompwg_model *m)
{
    pthread_rwlock_wrlock(&model_rw);
    state = st;
    if (m) model = *m;
    pthread_rwlock_unlock(&model_rw);
    pthread_cond_broadcast(&changed);
}

/* The device the model is measured on: the one auto weighs, else the GPU
 * backend usable by name (host fallback), for ompwg_get_model(). */
static const ompwg_backend *model_device(void)
{
    const ompwg_backend *d = ompwg_auto_candidate(OMPWG_CAP_DEVICE_DATA);
    return d ? d : ompwg_find_backend_with(OMPWG_CAP_DEVICE_DATA);
}

static void model_file(char *path, size_t len, bool *by_default)
{
    if (ompwg_model_file(path, len, by_default) != OMPWG_OK) path[0] = 0;
}

/* The model kept for this machine into *out, its file into kept_at (lock
 * held). */
static bool load_kept(ompwg_model *out)
{
    char path[4096], where[4096];
    bool by_default = false;
    model_file(path, sizeof path, &by_default);
    ompwg_model key;
    ompwg_model_key(&key);
    if (ompwg_model_load_kept(path, by_default, &key, out, where, sizeof where) != 0) return false;
    snprintf(kept_at, sizeof kept_at, "%s", where);
    return true;
}

/* Keeps m where models are kept; the file into where ("" none). */
static void save_kept(const ompwg_model *m, char *where, size_t len)
{
    char path[4096];
    bool by_default = false;
    model_file(path, sizeof path, &by_default);
    if (ompwg_model_save_kept(path, by_default, m, where, len) != 0) where[0] = 0;
}

/* Measures the model on dev (paced by pace, or at once). OMPWG_OK, or why
 * not: said on stderr unless the measurement was stopped. */
static int measure(const ompwg_backend *dev, const ompwg_model_pace *pace, ompwg_model *out)
{
    ompwg_model_key(out);
    const ompwg_backend *hosts[(OMPWG_MODEL_BACKENDS - 1)];
    int nhost = ompwg_auto_hosts(hosts, (OMPWG_MODEL_BACKENDS - 1));
    int st = ompwg_model_measure(dev, hosts, nhost, ompwg_predict_host_gemm,
                                 ompwg_predict_host_panel, pace, out);
    if (pace && atomic_load(&stop_worker)) return st == OMPWG_OK ? OMPWG_OK : OMPWG_ERR_UNAVAILABLE;
    const char *defect = st == OMPWG_OK ? ompwg_model_defect(out) : NULL;
    if (st != OMPWG_OK || defect) {
        fprintf(stderr,
                "ompwg: the placement model could not be measured (%s); host-data calls "
                "under auto run on the CPU\n",
                st != OMPWG_OK ? ompwg_strerror(st) : defect);
        return st != OMPWG_OK ? st : OMPWG_ERR_RANGE;
    }
    return OMPWG_OK;
}

/* ---- the worker ------------------------------------------------------------ */

/* Waits up to `seconds` (false at once when the worker is told to stop;
 * true early when it is told to hurry). */
static bool rest(void *ctx, double seconds)
{
    (void)ctx;
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    const double end = (double)until.tv_sec + 1e-9 * (double)until.tv_nsec + seconds;
    until.tv_sec = (time_t)end;
    until.tv_nsec = (long)((end - (double)until.tv_sec) * 1e9);
    pthread_mutex_lock(&lock);
    while (!atomic_load(&stop_worker) && !atomic_load(&hurry) &&
           pthread_cond_timedwait(&changed, &lock, &until) == 0) {
    }
    pthread_mutex_unlock(&lock);
    return !atomic_load(&stop_worker);
}

static bool hurried(void *ctx)
{
    (void)ctx;
    return atomic_load(&hurry);
}

static void *worker_main(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock);
    const ompwg_backend *dev = worker.dev;
    const unsigned gen = worker.generation;
    pthread_mutex_unlock(&lock);

    ompwg_pacer pacer;
    ompwg_pacer_init(&pacer, rest, hurried, NULL);
    const ompwg_model_pace pace = { .batch = ompwg_pacer_batch, .ctx = &pacer,
                                    .stop = &stop_worker };
    const double t0 = now();
    ompwg_model m;
    int st = measure(dev, &pace, &m);
    const double took = now() - t0;

    pthread_mutex_lock(&lock);
    const bool mine = generation == gen && state == OMPWG_MODEL_STATE_MEASURING;
    const bool stopped = atomic_load(&stop_worker) && st != OMPWG_OK;
    if (mine) publish(st == OMPWG_OK ? OMPWG_MODEL_STATE_READY
                      : stopped      ? OMPWG_MODEL_STATE_NONE
                                     : OMPWG_MODEL_STATE_FAILED,
                      st == OMPWG_OK ? &m : NULL);
    pthread_mutex_unlock(&lock);

    const bool tell = ompwg_verbose_level() >= 1;
    if (mine && st == OMPWG_OK) {
        if (tell)
            fprintf(stderr, "ompwg: placement model measured in the background in %.1f s\n", took);
        /* kept even where the program kept the cores busy (its CPU times
         * then somewhat long): else the next process, as busy, would
         * measure again, and the next */
        if (tell && pacer.busy)
            fprintf(stderr, "ompwg: the program kept the cores busy during part of the "
                            "measurement (ompwg calibrate on idle cores measures it more "
                            "exactly)\n");
        char where[4096] = "";
        save_kept(&m, where, sizeof where);
        pthread_mutex_lock(&lock);
        if (generation == gen) snprintf(kept_at, sizeof kept_at, "%s", where);
        pthread_mutex_unlock(&lock);
    } else if (mine && stopped && tell) {
        fprintf(stderr, "ompwg: the process ended before the placement model was measured: "
                        "nothing is kept (ompwg calibrate measures it ahead)\n");
    }
    pthread_mutex_lock(&lock);
    worker.done = true;
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
    return NULL;
}

/* Joins a worker that has ended (lock held). */
static void reap(void)
{
    if (worker.exists && worker.done) {
        pthread_join(worker.thread, NULL);
        worker.exists = false;
    }
}

/* Starts the worker on dev (lock held, state NONE, no worker). */
static void start_worker(const ompwg_backend *dev)
{
    atomic_store(&stop_worker, false);
    atomic_store(&hurry, false);
    worker.dev = dev;
    worker.generation = generation;
    worker.done = false;
    /* the program's signals go to its own threads, not to this one */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    const int err = pthread_create(&worker.thread, NULL, worker_main, NULL);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (err != 0) {
        fprintf(stderr,
                "ompwg: cannot start the thread that measures the placement model (%s): "
                "host-data calls under auto run on the CPU (ompwg calibrate measures it)\n",
                strerror(err));
        publish(OMPWG_MODEL_STATE_FAILED, NULL);
        return;
    }
    worker.exists = true;
    publish(OMPWG_MODEL_STATE_MEASURING, NULL);
    if (ompwg_verbose_level() >= 1)
        fprintf(stderr, "ompwg: no placement model for this machine yet: measuring it in the "
                        "background; host-data calls run on the CPU until it is ready (ompwg "
                        "calibrate measures it ahead)\n");
}

/* At exit and when the library is unloaded: the worker stops at its next
 * run and is joined, so that no thread of the library's runs on into the
 * destructors of the libraries it calls. */
static void stop_at_exit(void)
{
    pthread_mutex_lock(&lock);
    exiting = true;
    const bool join = worker.exists;
    const pthread_t t = worker.thread;
    worker.exists = false;
    if (join) {
        atomic_store(&stop_worker, true);
        pthread_cond_broadcast(&changed);
    }
    pthread_mutex_unlock(&lock);
    if (join) pthread_join(t, NULL);
}

__attribute__((destructor)) static void unload(void)
{
    stop_at_exit();
}

/* A fork holds the locks, so that the child gets them free and the state
 * whole. The child has no worker: a measurement under way there is over,
 * and the child, which cannot use the parent's GPU context, places its
 * calls without a model. */
static void before_fork(void)
{
    pthread_mutex_lock(&lock);
    pthread_rwlock_wrlock(&model_rw);
}

static void after_fork_parent(void)
{
    pthread_rwlock_unlock(&model_rw);
    pthread_mutex_unlock(&lock);
}

static void after_fork_child(void)
{
    if (state == OMPWG_MODEL_STATE_MEASURING) {
        state = OMPWG_MODEL_STATE_FAILED;
        atomic_store(&forked_note, true);
    }
    worker.exists = false;
    generation++;
    /* made anew rather than unlocked: the forking thread has another id in
     * the child, and a read-write lock remembers its writer's */
    pthread_cond_init(&changed, NULL);
    pthread_rwlock_init(&model_rw, NULL);
    pthread_mutex_init(&lock, NULL);
}

static void install_hooks(void)
{
    pthread_atfork(before_fork, after_fork_parent, after_fork_child);
    /* registered from the library: run at exit, and at dlclose */
    atexit(stop_at_exit);
}

/* ---- obtaining the model ------------------------------------------------- */

/* For a call: loads the kept model, or starts its measurement. */
static void begin(void)
{
    pthread_once(&hooks_once, install_hooks);
    pthread_mutex_lock(&lock);
    const ompwg_backend *dev = ompwg_auto_candidate(OMPWG_CAP_DEVICE_DATA);
    if (state == OMPWG_MODEL_STATE_NONE && !exiting && dev) {
        reap();
        ompwg_model m;
        /* a worker told to stop (by ompwg_set_model) that has not ended:
         * the next call starts the new one */
        if (!worker.exists) {
            if (load_kept(&m)) publish(OMPWG_MODEL_STATE_READY, &m);
            else start_worker(dev);
        }
    }
    pthread_mutex_unlock(&lock);
}

/* For ompwg_get_model and ompwg_calibrate (lock held): waits for a
 * measurement under way. */
static void wait_measurement(void)
{
    while (state == OMPWG_MODEL_STATE_MEASURING || (worker.exists && !worker.done)) {
        atomic_store(&hurry, true);
        pthread_cond_broadcast(&changed);
        pthread_cond_wait(&changed, &lock);
    }
    reap();
}

/* Measures in the calling thread (lock held, released meanwhile), and
 * publishes and keeps the model unless another was set meanwhile. */
static int measure_here(const ompwg_backend *dev, ompwg_calibration *cal)
{
    const unsigned gen = ++generation;
    kept_at[0] = 0;
    publish(OMPWG_MODEL_STATE_MEASURING, NULL);
    pthread_mutex_unlock(&lock);
    const double t0 = now();
    ompwg_model m;
    int st = measure(dev, NULL, &m);
    const double took = now() - t0;
    char where[4096] = "";
    if (st == OMPWG_OK) {
        if (ompwg_verbose_level() >= 1)
            fprintf(stderr, "ompwg: placement model measured in %.1f s\n", took);
        save_kept(&m, where, sizeof where);
    }
    pthread_mutex_lock(&lock);
    if (generation == gen) {
        publish(st == OMPWG_OK ? OMPWG_MODEL_STATE_READY : OMPWG_MODEL_STATE_FAILED,
                st == OMPWG_OK ? &m : NULL);
        snprintf(kept_at, sizeof kept_at, "%s", where);
    }
    if (cal) {
        cal->measured = 1;
        cal->seconds = took;
        snprintf(cal->where, sizeof cal->where, "%s", where);
    }
    return st;
}

/* Waits for the model, loading or measuring it here where needed (lock
 * held). */
static void obtain_waiting(void)
{
    wait_measurement();
    const ompwg_backend *dev = model_device();
    if (state != OMPWG_MODEL_STATE_NONE || !dev) return;
    ompwg_model m;
    if (load_kept(&m)) publish(OMPWG_MODEL_STATE_READY, &m);
    else measure_here(dev, NULL);
}

void ompwg_with_model(void (*f)(const ompwg_model *, void *), void *arg)
{
    pthread_rwlock_rdlock(&model_rw);
    ompwg_model_state s = state;
    pthread_rwlock_unlock(&model_rw);
    if (s == OMPWG_MODEL_STATE_NONE) begin();
    if (s == OMPWG_MODEL_STATE_FAILED && atomic_exchange(&forked_note, false) &&
        ompwg_verbose_level() >= 1)
        fprintf(stderr, "ompwg: this process was forked while the placement model was measured: "
                        "its host-data calls run on the CPU\n");
    pthread_rwlock_rdlock(&model_rw);
    f(state == OMPWG_MODEL_STATE_READY ? &model : NULL, arg);
    pthread_rwlock_unlock(&model_rw);
}

ompwg_model_state ompwg_get_model_state(void)
{
    pthread_rwlock_rdlock(&model_rw);
    ompwg_model_state s = state;
    pthread_rwlock_unlock(&model_rw);
    return s;
}

static void copy_model(const ompwg_model *m, void *out)
{
    if (m) *(ompwg_model *)out = *m;
    else memset(out, 0, sizeof(ompwg_model));
}

/* Whether a model can be had here: a GPU backend to weigh, and the CPU. */
static bool weighable(void)
{
    return model_device() && ompwg_find_backend_with(OMPWG_CAP_FALLBACK);
}

ompwg_status ompwg_get_model(ompwg_model *out)
{
    if (!out) return OMPWG_ERR_NULL;
    if (!weighable()) {
        memset(out, 0, sizeof *out);
        return OMPWG_ERR_UNAVAILABLE;
    }
    pthread_once(&hooks_once, install_hooks);
    pthread_mutex_lock(&lock);
    obtain_waiting();
    pthread_rwlock_rdlock(&model_rw);
    copy_model(state == OMPWG_MODEL_STATE_READY ? &model : NULL, out);
    pthread_rwlock_unlock(&model_rw);
    pthread_mutex_unlock(&lock);
    return out->version == OMPWG_MODEL_VERSION ? OMPWG_OK : OMPWG_ERR_UNAVAILABLE;
}

ompwg_status ompwg_calibrate(int flags, ompwg_model *out_model, ompwg_calibration *out)
{
    if (flags & ~OMPWG_CALIBRATE_IF_MISSING) return OMPWG_ERR_FLAGS;
    ompwg_calibration cal = { 0 };
    if (out_model) memset(out_model, 0, sizeof *out_model);
    if (out) *out = cal;
    if (!weighable()) return OMPWG_ERR_UNAVAILABLE;
    pthread_once(&hooks_once, install_hooks);
    pthread_mutex_lock(&lock);
    wait_measurement();
    int st = OMPWG_OK;
    ompwg_model m;
    if ((flags & OMPWG_CALIBRATE_IF_MISSING) && state == OMPWG_MODEL_STATE_READY && kept_at[0]) {
        snprintf(cal.where, sizeof cal.where, "%s", kept_at);
    } else if ((flags & OMPWG_CALIBRATE_IF_MISSING) && load_kept(&m)) {
        generation++;
        publish(OMPWG_MODEL_STATE_READY, &m);
        snprintf(cal.where, sizeof cal.where, "%s", kept_at);
    } else {
        st = measure_here(model_device(), &cal);
    }
    pthread_rwlock_rdlock(&model_rw);
    if (out_model && state == OMPWG_MODEL_STATE_READY) *out_model = model;
    pthread_rwlock_unlock(&model_rw);
    pthread_mutex_unlock(&lock);
    if (out) *out = cal;
    return st;
}

ompwg_status ompwg_set_model(const ompwg_model *m)
{
    if (m) {
        if (m->version != OMPWG_MODEL_VERSION) return OMPWG_ERR_FLAGS;
        if (ompwg_model_defect(m)) return OMPWG_ERR_RANGE;
    }
    pthread_mutex_lock(&lock);
    if (m) {
        /* a measurement under way gives nothing now: stopped */
        generation++;
        kept_at[0] = 0;
        if (worker.exists && !worker.done) {
            atomic_store(&stop_worker, true);
            pthread_cond_broadcast(&changed);
        }
        publish(OMPWG_MODEL_STATE_READY, m);
    } else if (state != OMPWG_MODEL_STATE_MEASURING) {
        generation++;
        kept_at[0] = 0;
        publish(OMPWG_MODEL_STATE_NONE, NULL);
    }
    pthread_mutex_unlock(&lock);
    return OMPWG_OK;
}

ompwg_status ompwg_read_model(const char *path, ompwg_model *out)
{
    if (!path || !out) return OMPWG_ERR_NULL;
    char why[512];
    int st = ompwg_model_read(path, out, why, sizeof why);
    if (st != OMPWG_OK) fprintf(stderr, "ompwg: %s\n", why);
    return st;
}

ompwg_status ompwg_write_model(const char *path, const ompwg_model *model)
{
    if (!path || !model) return OMPWG_ERR_NULL;
    if (ompwg_model_defect(model)) return OMPWG_ERR_RANGE;
    char why[512];
    if (ompwg_model_save(path, model, why, sizeof why) == 0) return OMPWG_OK;
    fprintf(stderr, "ompwg: %s\n", why);
    return OMPWG_ERR_UNAVAILABLE;
}
