/* The GPU GEMM kernels of both precisions. They live in one translation unit
 * because LLVM's OpenMP optimisations (SPMD mode, team arrays moved to shared
 * memory) work across the functions of a unit: gemm_tmpl.c is included once
 * per precision. */
#include <limits.h>
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "devmem.h"
#include "ompwg_config.h"
#include "gpu.h"
#include "gpu_tiles.h"
#include "ompwg.h"

/* Threads of the C := beta * C kernel's teams. */
#define SCALE_NT 256
/* Cap on requested teams: the tile loops stride by the teams granted, so
 * any count is correct; this only keeps the request an int. */
#define MAX_TEAMS (1 << 20)

static int64_t ceil_div(int64_t x, int64_t y)
{
    return (x + y - 1) / y;
}

/* Team count to request: one per tile on a GPU; one team on the host,
 * where a team's threads are the host's cores and more teams would only
 * multiply the threads. */
static int teams_for(int64_t work)
{
    if (ompwg_gpu_on_host()) return 1;
    return work < MAX_TEAMS ? (int)work : MAX_TEAMS;
}

/* Tile number -> block of C. Groups of GROUP tile rows are walked column by
 * column, so teams that run at the same time share panels of A and B in the
 * L2 cache. */
GPU_INLINE void tile_origin(int64_t tile, int64_t tiles_m, int64_t tiles_n, int tm, int tn,
                            int64_t *m0, int64_t *n0)
{
    enum { GROUP = 8 };
    int64_t per_group = GROUP * tiles_n;
    int64_t first_m = tile / per_group * GROUP;
    int64_t rows = tiles_m - first_m < GROUP ? tiles_m - first_m : GROUP;
    int64_t in_group = tile % per_group;
    *m0 = (first_m + in_group % rows) * tm;
    *n0 = in_group / rows * tn;
}

/* Which elements of a k slice (long x OMPWG_GPU_TILE_K, long being the
 * tile's extent along m or n) a loader stages: element j of its share is
 * (l + j * dl, k + j * dk); see slot_of in gemm_tmpl.c. */
typedef struct gemm_slot {
    int l, k, dl, dk;
} gemm_slot;

/* Whether a DGEMM goes to the FP64 tensor cores: where the build has them
 * (every architecture sm_80 or later), unless OMPWG_GPU_DGEMM=fma asks for
 * the FMA kernel. Read at every call. */
static bool fp64_tc_wanted(void)
{
    const char *v = getenv("OMPWG_GPU_DGEMM");
    return !(v && strcmp(v, "fma") == 0);
}

/* Each thread owns a GEMM_RM x GEMM_RN register tile of the team tile, so
 * a team has (TILE_M / GEMM_RM) * (TILE_N / GEMM_RN) threads: 8 x 8 and 256
 * threads for both precisions (64 accumulators: the arithmetic intensity
 * that keeps the FMA units ahead of local memory; 256 threads leave a thread
 * 255 registers, which 8 x 8 doubles need). The double k loop is unrolled 4
 * deep (GEMM_KK_UNROLL; 0: fully): fully unrolled, it spills. GEMM_PAD:
 * padding per row of a staged slice, so that the stores of a transposed
 * operand spread over the banks and rows stay 16-byte aligned; 4 elements
 * for both, which for double also makes the rows 4 (mod 16) long, as the
 * tensor-core fragments want. Each setting was measured: bench/NOTES.md. */
#define OMPWG_PREC_S
#define GEMM_TC 0
#define GEMM_TC_HOST 0
#define GEMM_TM OMPWG_GPU_TILE_M
#define GEMM_TN OMPWG_GPU_TILE_N
#define GEMM_TK OMPWG_GPU_TILE_K
#define GEMM_RM 8
#define GEMM_RN 8
#define GEMM_PAD 4
#ifndef GEMM_S_KK_UNROLL
#define GEMM_S_KK_UNROLL 0
#endif
#define GEMM_KK_UNROLL GEMM_S_KK_UNROLL
#include "gemm_tmpl.c"
#undef GEMM_RM
#undef GEMM_RN
#undef GEMM_PAD
#undef GEMM_KK_UNROLL
#undef GEMM_TM
#undef GEMM_TN
#undef GEMM_TK
#undef GEMM_TC
#undef GEMM_TC_HOST
#undef OMPWG_PREC_S

#define OMPWG_PREC_D
/* GEMM_TC: the tensor-core code is compiled (device pass only: inline PTX);
 * GEMM_TC_HOST: the host side may ask for it */
#define GEMM_TC_HOST (OMPWG_GPU_FP64_MMA > 0)
#if defined(__NVPTX__) && OMPWG_GPU_FP64_MMA
#define GEMM_TC 1
#define GEMM_DMMA_M OMPWG_GPU_FP64_MMA
#else
#define GEMM_TC 0
#endif
#ifndef GEMM_D_TK
#define GEMM_D_TK 8
#endif
#define GEMM_TM OMPWG_GPU_TILE_M
#define GEMM_TN OMPWG_GPU_TILE_N
#define GEMM_TK GEMM_D_TK
#define GEMM_RM 8
#define GEMM_RN 8
#define GEMM_PAD 4
#ifndef GEMM_D_KK_UNROLL
#define GEMM_D_KK_UNROLL 4
#endif
#define GEMM_KK_UNROLL GEMM_D_KK_UNROLL
#include "gemm_tmpl.c"
#undef GEMM_RM
#undef GEMM_RN
#undef GEMM_PAD
#undef GEMM_KK_UNROLL
#undef GEMM_TM
#undef GEMM_TN
#undef GEMM_TK
#undef GEMM_TC
#undef GEMM_TC_HOST
#undef GEMM_DMMA_M
#undef OMPWG_PREC_D
