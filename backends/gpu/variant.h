/* Which variant of a GPU kernel family runs: the setting the store
 * (core/config.c) keeps, asked for at every call (BLIS's override), with a
 * line on stderr under OMPWG_VERBOSE=1 whenever the choice changes. */
#ifndef OMPWG_GPU_VARIANT_H
#define OMPWG_GPU_VARIANT_H

#include "ompwg.h"

/* The variants; 0 is the default. Their names are variant.c's, given by
 * these values, and the store learns them from the backend
 * (ompwg_gpu_name_variants). */
enum { OMPWG_GPU_GEMM_TILED = 0, OMPWG_GPU_GEMM_SUBGROUP = 1 };
enum { OMPWG_GPU_REDUCE_TREE = 0, OMPWG_GPU_REDUCE_SUBGROUP = 1 };
enum { OMPWG_GPU_TRANSPOSE_PADDED = 0, OMPWG_GPU_TRANSPOSE_UNPADDED = 1 };
enum { OMPWG_GPU_DGEMM_TENSOR = 0, OMPWG_GPU_DGEMM_FMA = 1 };
enum { OMPWG_GPU_GEMM_TILE_AUTO = 0, OMPWG_GPU_GEMM_TILE_LARGE = 1, OMPWG_GPU_GEMM_TILE_SMALL = 2 };
enum { OMPWG_GPU_SGEMM_FMA = 0, OMPWG_GPU_SGEMM_TF32X3 = 1 };
enum { OMPWG_GPU_QR_AUTO = 0, OMPWG_GPU_QR_PANEL = 1, OMPWG_GPU_QR_MERGED = 2 };

/* The variant of `kernel` this call runs. */
int ompwg_gpu_pick(ompwg_gpu_kernel kernel);

/* Names every family's variants to the store (ompwg_config_name_choices),
 * once: the probe does, before any kernel runs. */
void ompwg_gpu_name_variants(void);

#endif
