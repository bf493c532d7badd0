/* The GPU kernel variants, their names, chosen through the store
 * (core/config.c: OMPWG_GPU_GEMM, OMPWG_GPU_REDUCE, OMPWG_GPU_TRANSPOSE,
 * OMPWG_GPU_DGEMM, OMPWG_GPU_GEMM_TILE, OMPWG_GPU_SGEMM, OMPWG_GPU_QR, or
 * ompwg_set_gpu_variant()) and asked for at every call. */
#include "variant.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#include "config.h"

/* Each family's variants by name, at the values of variant.h's enums. */
static const char *const gemm_names[] = {
    [OMPWG_GPU_GEMM_TILED] = "tiled", [OMPWG_GPU_GEMM_SUBGROUP] = "subgroup", NULL };
static const char *const reduce_names[] = {
    [OMPWG_GPU_REDUCE_TREE] = "tree", [OMPWG_GPU_REDUCE_SUBGROUP] = "subgroup", NULL };
static const char *const transpose_names[] = {
    [OMPWG_GPU_TRANSPOSE_PADDED] = "padded", [OMPWG_GPU_TRANSPOSE_UNPADDED] = "unpadded", NULL };
static const char *const dgemm_names[] = {
    [OMPWG_GPU_DGEMM_TENSOR] = "tensor", [OMPWG_GPU_DGEMM_FMA] = "fma", NULL };
static const char *const gemm_tile_names[] = {
    [OMPWG_GPU_GEMM_TILE_AUTO] = "auto", [OMPWG_GPU_GEMM_TILE_LARGE] = "large",
    [OMPWG_GPU_GEMM_TILE_SMALL] = "small", NULL };
static const char *const sgemm_names[] = {
    [OMPWG_GPU_SGEMM_FMA] = "fma", [OMPWG_GPU_SGEMM_TF32X3] = "tf32x3", NULL };
static const char *const qr_names[] = {
    [OMPWG_GPU_QR_AUTO] = "auto", [OMPWG_GPU_QR_PANEL] = "panel",
    [OMPWG_GPU_QR_MERGED] = "merged", NULL };

static const char *const *const family_names[OMPWG_GPU_KERNEL_COUNT] = {
    [OMPWG_GPU_KERNEL_GEMM] = gemm_names,
    [OMPWG_GPU_KERNEL_REDUCE] = reduce_names,
    [OMPWG_GPU_KERNEL_TRANSPOSE] = transpose_names,
    [OMPWG_GPU_KERNEL_DGEMM] = dgemm_names,
    [OMPWG_GPU_KERNEL_GEMM_TILE] = gemm_tile_names,
    [OMPWG_GPU_KERNEL_SGEMM] = sgemm_names,
    [OMPWG_GPU_KERNEL_QR] = qr_names,
};

static pthread_once_t named_once = PTHREAD_ONCE_INIT;

static void name_variants(void)
{
    for (int kernel = 0; kernel < OMPWG_GPU_KERNEL_COUNT; kernel++)
        ompwg_config_name_choices(ompwg_config_gpu_knob((ompwg_gpu_kernel)kernel),
                                  family_names[kernel]);
}

void ompwg_gpu_name_variants(void)
{
    pthread_once(&named_once, name_variants);
}

/* what each family is called on stderr */
static const char *const family_what[OMPWG_GPU_KERNEL_COUNT] = {
    [OMPWG_GPU_KERNEL_GEMM] = "gemm",
    [OMPWG_GPU_KERNEL_REDUCE] = "reduction",
    [OMPWG_GPU_KERNEL_TRANSPOSE] = "transpose",
    [OMPWG_GPU_KERNEL_DGEMM] = "tiled dgemm and zgemm",
    [OMPWG_GPU_KERNEL_GEMM_TILE] = "gemm tile",
    [OMPWG_GPU_KERNEL_SGEMM] = "tiled sgemm",
    [OMPWG_GPU_KERNEL_QR] = "qr update",
};

/* What was last said for each family: 1 + the variant, 0 before the first
 * line. */
static atomic_int told[OMPWG_GPU_KERNEL_COUNT];

int ompwg_gpu_pick(ompwg_gpu_kernel kernel)
{
    ompwg_gpu_name_variants();
    ompwg_knob k = ompwg_config_gpu_knob(kernel);
    int pick = (int)ompwg_config_value(k);
    if (ompwg_verbose_level() >= 1 && atomic_exchange(&told[kernel], 1 + pick) != 1 + pick) {
        bool from_env = ompwg_config_env_set(k) && ompwg_config_env_num(k) == pick;
        fprintf(stderr, "ompwg: gpu %s kernel %s (%s)\n", family_what[kernel],
                ompwg_config_choice(k, pick),
                from_env ? "from the environment" : pick == 0 ? "the default"
                                                              : "ompwg_set_gpu_variant()");
    }
    return pick;
}
