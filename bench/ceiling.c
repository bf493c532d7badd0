#include "ceiling.h"

#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "ompwg.h"
#include "ompwg_config.h"

#if OMPWG_HAVE_HWLOC
#include <hwloc.h>
#endif

size_t bench_cpu_llc_bytes(void)
{
    size_t llc = 32u << 20;
#if OMPWG_HAVE_HWLOC
    hwloc_topology_t topo;
    if (hwloc_topology_init(&topo) == 0) {
        if (hwloc_topology_load(topo) == 0) {
            static const hwloc_obj_type_t levels[] = { HWLOC_OBJ_L3CACHE, HWLOC_OBJ_L2CACHE };
            for (int i = 0; i < 2; i++) {
                int n = hwloc_get_nbobjs_by_type(topo, levels[i]);
                if (n > 0) {
                    llc = (size_t)n * hwloc_get_obj_by_type(topo, levels[i], 0)->attr->cache.size;
                    break;
                }
            }
        }
        hwloc_topology_destroy(topo);
    }
#endif
    return llc;
}

typedef struct copy_job {
    const double *src;
    double *dst;
    size_t n;
    int threads;
} copy_job;

static int run_copy(void *arg)
{
    copy_job *j = arg;
#pragma omp parallel for num_threads(j->threads) schedule(static)
    for (size_t i = 0; i < j->n; i++) j->dst[i] = j->src[i];
    return 0;
}

double bench_cpu_copy_gbs(int threads, int reps)
{
    /* four times the last-level cache, at least 64 MiB a side */
    size_t bytes = 4 * bench_cpu_llc_bytes();
    if (bytes < (64u << 20)) bytes = 64u << 20;
    copy_job j = { .n = bytes / sizeof(double), .threads = threads };
    double *src = malloc(bytes), *dst = malloc(bytes);
    double gbs = -1;
    if (src && dst) {
        /* first touch by the copying threads, so pages sit where they are used */
        j.src = src;
        j.dst = dst;
#pragma omp parallel for num_threads(threads) schedule(static)
        for (size_t i = 0; i < j.n; i++) src[i] = dst[i] = (double)i;
        double t = bench_time(run_copy, &j, 1, reps);
        if (t > 0) gbs = 2.0 * (double)bytes / t * 1e-9;
    }
    free(src);
    free(dst);
    return gbs;
}

/* Nominal clock in GHz: the "@ 2.50GHz" of the model name, else cpu MHz. */
static double cpu_ghz(char *from, size_t len)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    double ghz = 0, mhz = 0;
    char line[512];
    while (f && fgets(line, sizeof line, f)) {
        const char *at;
        if (!ghz && strncmp(line, "model name", 10) == 0 && (at = strstr(line, "@ ")))
            ghz = strtod(at + 2, NULL);
        if (!mhz && strncmp(line, "cpu MHz", 7) == 0 && (at = strchr(line, ':')))
            mhz = strtod(at + 1, NULL);
    }
    if (f) fclose(f);
    if (ghz > 0) {
        snprintf(from, len, "%.2f GHz nominal (model name)", ghz);
        return ghz;
    }
    if (mhz > 0) {
        snprintf(from, len, "%.2f GHz (cpu MHz, current)", mhz / 1000);
        return mhz / 1000;
    }
    snprintf(from, len, "clock unknown, 2 GHz assumed");
    return 2.0;
}

double bench_cpu_peak_gflops(int cores, bool dbl, char *source, size_t len)
{
    int lanes;
    const char *isa;
#if defined(__x86_64__) || defined(__i386__)
    if (__builtin_cpu_supports("avx512f")) {
        lanes = 16;
        isa = "AVX-512";
    } else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
        lanes = 8;
        isa = "AVX2+FMA";
    } else {
        lanes = 4;
        isa = "SSE (no FMA: counted as one add and one multiply)";
    }
#else
    lanes = 4;
    isa = "128-bit SIMD assumed";
#endif
    if (dbl) lanes /= 2;
    char clock[96];
    double ghz = cpu_ghz(clock, sizeof clock);
    /* two FMA pipes per core, two flops per FMA lane */
    double flops_per_cycle = 2.0 * 2.0 * lanes;
    snprintf(source, len, "estimate: %d cores x %s x %.0f flop/cycle (%s, 2 FMA units assumed)",
             cores, clock, flops_per_cycle, isa);
    return cores * ghz * flops_per_cycle;
}

/* FP32 and FP64 FMA lanes per SM by compute capability: the CUDA
 * programming guide's arithmetic instruction throughput table. sm_80 and
 * sm_90 (A100, H100/H200) also have FP64 tensor cores at twice the FMA rate
 * (their data sheets). */
double bench_gpu_fma_peak_gflops(bool dbl, bool *fp64_tensor, char *source, size_t len)
{
    int64_t sms, khz, major, minor;
    *fp64_tensor = false;
    if (ompwg_gpu_property(OMPWG_GPU_SM_COUNT, &sms) ||
        ompwg_gpu_property(OMPWG_GPU_CLOCK_KHZ, &khz) ||
        ompwg_gpu_property(OMPWG_GPU_CC_MAJOR, &major) ||
        ompwg_gpu_property(OMPWG_GPU_CC_MINOR, &minor))
        return -1;
    int fp32 = major >= 8 && !(major == 8 && minor == 0) ? 128 : 64;
    int fp64 = (major == 9 || (major == 8 && minor == 0) || major == 7) ? fp32 / 2 : 2;
    int lanes = dbl ? fp64 : fp32;
    *fp64_tensor = (major == 8 && minor == 0) || major == 9;
    snprintf(source, len, "estimate: %lld SMs x %.2f GHz x %d %s FMA lanes/SM (sm_%lld%lld) x 2",
             (long long)sms, (double)khz * 1e-6, lanes, dbl ? "FP64" : "FP32", (long long)major,
             (long long)minor);
    return (double)sms * (double)khz * 1e-6 * lanes * 2.0;
}
