/* Thread count and hwloc pinning for the CPU backend. */
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "ompwg_config.h"

#if OMPWG_HAVE_HWLOC
#include <hwloc.h>
#endif

static pthread_once_t topo_once = PTHREAD_ONCE_INIT;
static int core_count = 1;
static int runtime_binds;
#if OMPWG_HAVE_HWLOC
static hwloc_topology_t topo;
static hwloc_cpuset_t allowed;
static bool topo_ok;
#endif

static void topo_init(void)
{
    core_count = omp_get_num_procs();
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
#endif
}

int ompwg_cpu_threads(void)
{
    pthread_once(&topo_once, topo_init);
    if (omp_in_parallel()) return 1;
    const char *env = getenv("OMPWG_NUM_THREADS");
    if (env && env[0]) {
        char *end;
        long v = strtol(env, &end, 10);
        if (*end == '\0' && v > 0 && v <= 4096) return (int)v;
    }
    return core_count;
}

void ompwg_cpu_pin_worker(int tid)
{
#if OMPWG_HAVE_HWLOC
    static _Thread_local int pinned_to = -1;
    if (tid == 0 || runtime_binds || !topo_ok || pinned_to == tid) return;
    hwloc_obj_t core = hwloc_get_obj_inside_cpuset_by_type(topo, allowed, HWLOC_OBJ_CORE,
                                                           (unsigned)(tid % core_count));
    if (core && hwloc_set_cpubind(topo, core->cpuset, HWLOC_CPUBIND_THREAD) == 0)
        pinned_to = tid;
#else
    (void)tid;
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
    snprintf(buf, len, "%d threads on %d cores; %s; gemm kernel %s", ompwg_cpu_threads(),
             core_count, pin, ompwg_cpu_kernel_name());
}
