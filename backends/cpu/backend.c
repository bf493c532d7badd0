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
    .caps = OMPWG_CAP_FALLBACK,
    .tile = { .m = 32, .n = 12, .k = 384 },
    .sgemm = ompwg_cpu_sgemm,
    .dgemm = ompwg_cpu_dgemm,
    .sreduce = ompwg_cpu_sreduce,
    .dreduce = ompwg_cpu_dreduce,
    .sscan = ompwg_cpu_sscan,
    .dscan = ompwg_cpu_dscan,
    .i64scan = ompwg_cpu_i64scan,
    .stranspose = ompwg_cpu_stranspose,
    .dtranspose = ompwg_cpu_dtranspose,
    .cgemm = ompwg_cpu_cgemm,
    .zgemm = ompwg_cpu_zgemm,
};
