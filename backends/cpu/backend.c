/* The CPU backend: OpenMP host threads pinned with hwloc. */
#include "cpu.h"

static ompwg_probe_result probe(char *why, size_t len)
{
    ompwg_cpu_describe(why, len);
    return OMPWG_PROBE_USABLE;
}

const ompwg_backend ompwg_backend_cpu = {
    .name = "cpu",
    .probe = probe,
    .accepts_device_ptrs = false,
    .tile = { .m = 32, .n = 12, .k = 384 },
    .sgemm = ompwg_cpu_sgemm,
    .dgemm = ompwg_cpu_dgemm,
    .sreduce = ompwg_cpu_sreduce,
    .dreduce = ompwg_cpu_dreduce,
};
