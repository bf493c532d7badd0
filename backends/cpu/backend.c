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
    .sgemm = ompwg_cpu_sgemm,
    .dgemm = ompwg_cpu_dgemm,
    .sreduce = ompwg_cpu_sreduce,
    .dreduce = ompwg_cpu_dreduce,
    .sscan = ompwg_cpu_sscan,
    .dscan = ompwg_cpu_dscan,
    .i64scan = ompwg_cpu_i64scan,
    .stranspose = ompwg_cpu_stranspose,
    .dtranspose = ompwg_cpu_dtranspose,
    .slevel3 = {
        [OMPWG_L3_SYMM] = ompwg_cpu_ssymm, [OMPWG_L3_SYRK] = ompwg_cpu_ssyrk,
        [OMPWG_L3_SYR2K] = ompwg_cpu_ssyr2k, [OMPWG_L3_TRMM] = ompwg_cpu_strxm,
        [OMPWG_L3_TRSM] = ompwg_cpu_strxm,
    },
    .dlevel3 = {
        [OMPWG_L3_SYMM] = ompwg_cpu_dsymm, [OMPWG_L3_SYRK] = ompwg_cpu_dsyrk,
        [OMPWG_L3_SYR2K] = ompwg_cpu_dsyr2k, [OMPWG_L3_TRMM] = ompwg_cpu_dtrxm,
        [OMPWG_L3_TRSM] = ompwg_cpu_dtrxm,
    },
    .cgemm = ompwg_cpu_cgemm,
    .zgemm = ompwg_cpu_zgemm,
};
