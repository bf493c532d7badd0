#include <stdio.h>
#include "gpu.h"
static ompwg_probe_result probe(char *why, size_t len) { snprintf(why, len, "not implemented"); return OMPWG_PROBE_UNUSABLE; }
const ompwg_backend ompwg_backend_gpu = {
    .name = "gpu", .probe = probe, .accepts_device_ptrs = true,
    .tile = { .m = 64, .n = 64, .k = 16 },
    .sgemm = ompwg_gpu_sgemm, .dgemm = ompwg_gpu_dgemm,
    .sreduce = ompwg_gpu_sreduce, .dreduce = ompwg_gpu_dreduce,
};
