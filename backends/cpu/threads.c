/* Thread count and hwloc pinning for the CPU backend. */
#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "config.h"
#include "cpu.h"
#include "ompwg.h"
#include "ompwg_config.h"

#if OMPWG_HAVE_HWLOC
#include <hwloc.h>
#endif

static pthread_once_t topo_once = PTHREAD_ONCE_INIT;
static int core_count = 1;
static int runtime_binds;
/* omp_get_max_threads() as the library first saw it: OMP_NUM_THREADS, or
 * OpenMP's default; a thread whose count differs from it before any setter
 * call set it with omp_set_num_threads. */
static int start_omp_count;
static bool omp_env_given;
#if OMPWG_HAVE_HWLOC
static hwloc_topology_t topo;
static hwloc_cpuset_t allowed;
static bool topo_ok;
/* core index (among the allowed cores) of each OS processor number, -1 for
 * processors outside the allowed set */
static int *core_of_pu;
static int pu_count;
#endif
/* The run of allowed cores this process uses (ompwg_set_cpu_share): first
 * core in the high half, count in the low half, one word so that a reader
 * never sees the first of one share with the count of another; 0 until a
 * share is set, meaning all cores. */
static _Atomic uint64_t share_word;

typedef struct core_run {
    int first, count;
} core_run;

static core_run current_share(void)
{
    uint64_t w = atomic_load_explicit(&share_word, memory_order_relaxed);
    if (w == 0) return (core_run){ .first = 0, .count = core_count };
    return (core_run){ .first = (int)(w >> 32), .count = (int)(w & 0xffffffffu) };
}

static void topo_init(void)
{
    core_count = omp_get_num_procs();
    start_omp_count = omp_get_max_threads();
    omp_env_given = getenv("OMP_NUM_THREADS") != NULL;
    /* The user's or the runtime's binding wins: do not re-pin. */
    runtime_binds = omp_get_proc_bind() != omp_proc_bind_false || getenv("OMP_PLACES") ||
                    getenv("GOMP_CPU_AFFINITY") || getenv("KMP_AFFINITY");
#if OMPWG_HAVE_HWLOC
    if (hwloc_topology_init(&topo) != 0) return;
    if (hwloc_topology_load(topo) != 0) {
        hwloc_topology_destroy(topo);
        return;
    }
    allowed = hwloc_bitmap_alloc();
    if (!allowed || hwloc_get_cpubind(topo, allowed, HWLOC_CPUBIND_PROCESS) != 0) {
        if (allowed) hwloc_bitmap_free(allowed);
        allowed = hwloc_bitmap_dup(hwloc_topology_get_allowed_cpuset(topo));
    }
    int cores = hwloc_get_nbobjs_inside_cpuset_by_type(topo, allowed, HWLOC_OBJ_CORE);
    if (cores > 0) core_count = cores;
    topo_ok = allowed != NULL;
    int last = allowed ? hwloc_bitmap_last(allowed) : -1;
    if (topo_ok && cores > 0 && last >= 0 && (core_of_pu = malloc((size_t)(last + 1) * sizeof(int)))) {
        pu_count = last + 1;
        for (int i = 0; i < pu_count; i++) core_of_pu[i] = -1;
        for (int c = 0; c < cores; c++) {
            hwloc_obj_t core = hwloc_get_obj_inside_cpuset_by_type(topo, allowed,
                                                                   HWLOC_OBJ_CORE, (unsigned)c);
            unsigned pu;
            hwloc_bitmap_foreach_begin(pu, core->cpuset)
                if ((int)pu < pu_count) core_of_pu[pu] = c;
            hwloc_bitmap_foreach_end();
        }
    }
#endif
}

/* The count the program gave ompwg last (ompwg_set_num_threads, which the
 * drop-in BLAS's openblas_set_num_threads calls) in the low 16 bits, 0 when
 * none, and above them the number of that setter call, so that each thread
 * sees when a new one came: one word, read and written whole. */
static _Atomic uint64_t set_word;
static atomic_uint set_calls;

/* What the calling thread knows of the last setter call: its number, the
 * thread's OpenMP count when it first saw it (the one a later
 * omp_set_num_threads changes), and whether it changed since. */
typedef struct seen {
    bool started;
    uint32_t call;
    int omp_count;
    bool omp_changed;
} seen;
static _Thread_local seen mine;

int ompwg_cpu_set_thread_count(int n)
{
    if (n > OMPWG_MAX_THREADS) return OMPWG_ERR_RANGE;
    uint32_t call = atomic_fetch_add_explicit(&set_calls, 1, memory_order_relaxed) + 1;
    atomic_store_explicit(&set_word, (uint64_t)call << 16 | (uint64_t)(n > 0 ? n : 0),
                          memory_order_relaxed);
    mine = (seen){ .started = true, .call = call, .omp_count = omp_get_max_threads() };
    return OMPWG_OK;
}

typedef struct count {
    int threads;
    const char *from; /* where the count came from, for ompwg info */
    int asked;        /* OpenMP's count above the cores it was capped at, else 0 */
} count;

/* The count the program set last, as the calling thread sees it. Nothing
 * tells the library of a call to omp_set_num_threads, so it is seen as a
 * change of the calling thread's OpenMP count (omp_get_max_threads) from
 * what it was at the last setter call (for OMPWG_NUM_THREADS: at the
 * start): after such a change OpenMP's count wins until the next setter
 * call; a count set again to the same value is not seen. OpenMP's count
 * (OMP_NUM_THREADS may count hardware threads, or a node's cores for the
 * user's own regions) is capped at the share's cores, the backend's
 * default; a count given to ompwg is taken as it is. */
static count thread_count(void)
{
    int omp = omp_get_max_threads(), cores = current_share().count;
    uint64_t w = atomic_load_explicit(&set_word, memory_order_relaxed);
    uint32_t call = (uint32_t)(w >> 16);
    int set = (int)(w & 0xffff);
    if (!mine.started || mine.call != call)
        mine = (seen){ .started = true, .call = call,
                       .omp_count = call ? omp : start_omp_count };
    if (omp != mine.omp_count) mine.omp_changed = true;
    if (!mine.omp_changed && set > 0)
        return (count){ .threads = set, .from = "ompwg_set_num_threads" };
    int env = (int)ompwg_config_env_num(OMPWG_KNOB_NUM_THREADS);
    if (!mine.omp_changed && env > 0) return (count){ .threads = env, .from = "OMPWG_NUM_THREADS" };
    const char *from = omp != start_omp_count ? "omp_set_num_threads"
                       : omp_env_given        ? "OMP_NUM_THREADS"
                                              : "one per core";
    if (omp <= cores) return (count){ .threads = omp, .from = from };
    return (count){ .threads = cores, .from = from, .asked = omp };
}

/* GNU libgomp (a gcc build; libomp's omp.h defines KMP_VERSION_MAJOR)
 * keeps the workers of a thread's team for its next parallel region and
 * has no fork handler: in a child forked after the thread led a team of
 * more than one, the next such region waits for ever for the parent's
 * workers, which the child does not have. There the calling thread runs
 * the backend's work alone. libomp starts its workers again in a child. */
#ifndef KMP_VERSION_MAJOR
static atomic_bool forked;
/* the calling thread led a team of more than one (a fork copies it) */
static _Thread_local bool led_team;
static pthread_once_t fork_once = PTHREAD_ONCE_INIT;

static void child_after_fork(void)
{
    atomic_store_explicit(&forked, true, memory_order_relaxed);
}

static void watch_fork(void)
{
    pthread_atfork(NULL, NULL, child_after_fork);
}

static bool team_lost(void)
{
    return led_team && atomic_load_explicit(&forked, memory_order_relaxed);
}

/* before the first region of more than one thread the calling thread leads */
static void leading(void)
{
    pthread_once(&fork_once, watch_fork);
    led_team = true;
}
#else
static bool team_lost(void)
{
    return false;
}

static void leading(void)
{
}
#endif

/* Inside the program's parallel region a call runs on the calling thread
 * alone, unless nested parallelism lets it start a team of its own. */
static bool own_team_allowed(void)
{
    int level = omp_get_active_level();
    return level == 0 || omp_get_max_active_levels() > level;
}

int ompwg_cpu_threads(void)
{
    pthread_once(&topo_once, topo_init);
    return own_team_allowed() && !team_lost() ? thread_count().threads : 1;
}

int ompwg_cpu_thread_count(void)
{
    return ompwg_cpu_threads();
}

void ompwg_cpu_set_share(int part, int parts)
{
    pthread_once(&topo_once, topo_init);
    core_run r;
    if (parts > core_count) {
        r = (core_run){ .first = part % core_count, .count = 1 };
    } else {
        /* run p is [p * cores / parts, (p + 1) * cores / parts) */
        int64_t lo = (int64_t)part * core_count / parts, hi = (int64_t)(part + 1) * core_count / parts;
        r = (core_run){ .first = (int)lo, .count = (int)(hi - lo) };
    }
    uint64_t w = parts == 1 ? 0 : ((uint64_t)r.first << 32) | (uint32_t)r.count;
    atomic_store_explicit(&share_word, w, memory_order_relaxed);
}

void ompwg_cpu_share(int *first, int *count)
{
    pthread_once(&topo_once, topo_init);
    core_run r = current_share();
    *first = r.first;
    *count = r.count;
}

/* The index, within the process's share of the allowed cores, of the core
 * the calling (application) thread runs on now; 0 when unknown or outside
 * the share. Read before a parallel region and passed to every thread's
 * pin_worker. */
static int pin_base(void)
{
#if OMPWG_HAVE_HWLOC
    pthread_once(&topo_once, topo_init);
    int cpu = sched_getcpu();
    core_run r = current_share();
    if (core_of_pu && cpu >= 0 && cpu < pu_count && core_of_pu[cpu] >= r.first &&
        core_of_pu[cpu] < r.first + r.count)
        return core_of_pu[cpu] - r.first;
#endif
    return 0;
}

/* Called by each thread of a backend parallel region: pins worker tid to the
 * core of the share tid places after the caller's (base, wrapping around
 * inside the share), so that no worker shares the core of the application's
 * own thread (tid 0, never pinned). Nothing when
 * the OpenMP runtime already binds threads or hwloc is missing. */
static void pin_worker(int tid, int base)
{
#if OMPWG_HAVE_HWLOC
    /* the core this OpenMP worker thread is pinned to; the runtime reuses
     * its workers, so a repeat call with the same core costs nothing */
    static _Thread_local int pinned_to = -1;
    if (tid == 0 || runtime_binds || !topo_ok) return;
    core_run r = current_share();
    int want = r.first + (base + tid) % r.count;
    if (pinned_to == want) return;
    hwloc_obj_t core = hwloc_get_obj_inside_cpuset_by_type(topo, allowed, HWLOC_OBJ_CORE,
                                                           (unsigned)want);
    if (core && hwloc_set_cpubind(topo, core->cpuset, HWLOC_CPUBIND_THREAD) == 0)
        pinned_to = want;
#else
    (void)tid;
    (void)base;
#endif
}

void ompwg_cpu_describe(char *buf, size_t len)
{
    pthread_once(&topo_once, topo_init);
    const char *pin = runtime_binds ? "OpenMP runtime binds threads (OMP_PLACES/OMP_PROC_BIND): not re-pinned"
#if OMPWG_HAVE_HWLOC
                      : topo_ok ? "workers pinned to cores with hwloc"
#endif
                      : "threads not pinned (built without hwloc)";
    core_run r = current_share();
    char cores[64];
    if (r.count == core_count) snprintf(cores, sizeof cores, "%d cores", core_count);
    else snprintf(cores, sizeof cores, "cores %d-%d of %d", r.first, r.first + r.count - 1, core_count);
    count n = !own_team_allowed() ? (count){ .threads = 1, .from = "inside a parallel region" }
              : team_lost() ? (count){ .threads = 1,
                                        .from = "a forked child: GNU libgomp's workers "
                                                "do not start again there" }
                            : thread_count();
    char asked[48] = "";
    if (n.asked) snprintf(asked, sizeof asked, " asks %d: one per core at most", n.asked);
    snprintf(buf, len, "%d thread%s (%s%s) on %s; %s; gemm kernel %s", n.threads,
             n.threads == 1 ? "" : "s", n.from, asked, cores, pin, ompwg_cpu_kernel_name());
}

/* libomp's block time, in ms (its omp.h declares the kmp_ extensions and
 * KMP_VERSION_MAJOR). GNU libgomp (a gcc build) has no per-thread block
 * time: its threads spin a bounded count (GOMP_SPINCOUNT) and then sleep,
 * and team_begin and team_end leave it alone. One millisecond
 * keeps the threads awake between the regions of one call (a recursive
 * TRSM runs dozens, microseconds apart: with 0, reference dpotrf n = 8192
 * on this backend took 2.3-2.9 s instead of 0.8-1.0 s on the H100 machine)
 * and lets them sleep soon after it. */
#define TEAM_WAIT_MS 1
/* libomp's default block time. A longer one is the user's (KMP_BLOCKTIME,
 * or OMP_WAIT_POLICY=active, whose "infinite" time libomp also refuses to
 * be given back: it printed an Info message on every call) and is kept. */
#define RUNTIME_WAIT_MS 200

/* Around each of the backend's parallel regions: its threads sleep a
 * millisecond after the region ends instead of spinning for the OpenMP
 * runtime's block time (200 ms by default), which, beside OpenBLAS's
 * threads (a LAPACK over the drop-in BLAS: most calls on OpenBLAS, some
 * here), took a third of the cores' time from them. team_begin returns the
 * calling thread's setting, team_end puts it back for the program's own
 * regions. */
#ifdef KMP_VERSION_MAJOR
static bool lowers_wait(int saved)
{
    return saved > TEAM_WAIT_MS && saved <= RUNTIME_WAIT_MS;
}

static int team_begin(void)
{
    int saved = kmp_get_blocktime();
    if (lowers_wait(saved)) kmp_set_blocktime(TEAM_WAIT_MS);
    return saved;
}

static void team_end(int saved)
{
    if (lowers_wait(saved)) kmp_set_blocktime(saved);
}
#else
static int team_begin(void)
{
    return 0;
}

static void team_end(int saved)
{
    (void)saved;
}
#endif

int ompwg_cpu_team_run(int want, ompwg_cpu_part_fn *part, void *ctx)
{
    int status = OMPWG_OK;
    if (want > 1 && team_lost()) want = 1;
    if (want > 1) leading();
    const int base = want > 1 ? pin_base() : 0;
    const int team_wait = team_begin();
#pragma omp parallel num_threads(want > 1 ? want : 1) if (want > 1)
    {
        const int t = omp_get_thread_num(), nt = omp_get_num_threads();
        pin_worker(t, base);
        int st = part(ctx, t, nt);
        if (st != OMPWG_OK) {
#pragma omp atomic write
            status = st;
        }
    }
    team_end(team_wait);
    return status;
}

typedef struct loop {
    int64_t count;
    ompwg_cpu_item_fn *item;
    void *ctx;
} loop;

static int loop_share(void *ctx, int t, int nt)
{
    (void)t;
    (void)nt;
    const loop *l = ctx;
#pragma omp for schedule(static)
    for (int64_t i = 0; i < l->count; i++) l->item(l->ctx, i);
    return OMPWG_OK;
}

void ompwg_cpu_team_for(int want, int64_t count, ompwg_cpu_item_fn *item, void *ctx)
{
    loop l = { .count = count, .item = item, .ctx = ctx };
    ompwg_cpu_team_run(want, loop_share, &l);
}
