/* The GPU kernel variants, chosen through src/config.c (OMPWG_GPU_GEMM,
 * OMPWG_GPU_REDUCE, OMPWG_GPU_TRANSPOSE, OMPWG_GPU_DGEMM,
 * OMPWG_GPU_GEMM_TILE, OMPWG_GPU_SGEMM, or ompwg_set_gpu_variant()) and asked for at every
 * call. */
#include "variant.h"

#include <stdatomic.h>
#include <stdio.h>

#include "config.h"

/* what each family is called on stderr */
static const char *const family_what[OMPWG_GPU_KERNEL_COUNT] = {
    [OMPWG_GPU_KERNEL_GEMM] = "gemm",
    [OMPWG_GPU_KERNEL_REDUCE] = "reduction",
    [OMPWG_GPU_KERNEL_TRANSPOSE] = "transpose",
    [OMPWG_GPU_KERNEL_DGEMM] = "tiled dgemm and zgemm",
    [OMPWG_GPU_KERNEL_GEMM_TILE] = "gemm tile",
    [OMPWG_GPU_KERNEL_SGEMM] = "tiled sgemm",
};

/* What was last said for each family: 1 + the variant, 0 before the first
 * line. */
static atomic_int told[OMPWG_GPU_KERNEL_COUNT];

int ompwg_gpu_pick(ompwg_gpu_kernel kernel)
{
    ompwg_knob k = ompwg_config_gpu_knob(kernel);
    int pick = (int)ompwg_config_value(k);
    if (ompwg_get_verbose() >= 1 && atomic_exchange(&told[kernel], 1 + pick) != 1 + pick) {
        bool from_env = ompwg_config_env_set(k) && ompwg_config_env_num(k) == pick;
        fprintf(stderr, "ompwg: gpu %s kernel %s (%s)\n", family_what[kernel],
                ompwg_config_choice(k, pick),
                from_env ? "from the environment" : pick == 0 ? "the default"
                                                              : "ompwg_set_gpu_variant()");
    }
    return pick;
}
