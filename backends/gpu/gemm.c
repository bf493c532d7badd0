/* The GPU GEMM kernels of both precisions, the tiled one (two team tiles,
 * OMPWG_GPU_GEMM_TILE) and the sub-group one (OMPWG_GPU_GEMM). They live in
 * one translation unit because LLVM's OpenMP optimisations (SPMD mode, team
 * arrays moved to shared memory) work across the functions of a unit:
 * gemm_tmpl.c (tiled) is included once per precision and tile,
 * gemm_job_tmpl.c, gemm_subgroup_tmpl.c and gemm_call_tmpl.c (the entry
 * point) once per precision. */
#include <limits.h>
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>

#include "devmem.h"
#include "gpu.h"
#include "gpu_mma.h"
#include "gpu_tiles.h"
#include "grid.h"
#include "ompwg.h"
#include "ompwg/team.h"
#include "ompwg_config.h"
#include "staging.h"
#include "variant.h"

/* Threads of the C := beta * C kernel's teams. */
#define SCALE_NT 256

/* The pipelined GEMM on host data (gemm_host_tmpl.c): C goes in column
 * blocks of at least PIPE_MIN_COLS columns (narrower ones leave the kernel
 * short of tiles), about PIPE_BLOCKS of them; calls that move fewer than
 * PIPE_MIN_BYTES take the plain path, where one block's latency would
 * cost more than the overlap saves. PIPE_THREADS host threads: one
 * launches the kernels, the others stage the copies. One crew takes both
 * directions in turn: the staged copies are bound by host memory, and on
 * the H100 machine a second crew for C's way out made the calls slower
 * (bench/NOTES.md). */
#define PIPE_MIN_COLS 512
#define PIPE_BLOCKS 4
#define PIPE_MIN_BYTES ((size_t)48 << 20)
#define PIPE_THREADS 9

/* Tile number -> tile coordinates (ti, tj). Groups of GROUP tile rows are
 * walked column by column, so teams that run at the same time share panels
 * of A and B in the L2 cache. */
GPU_INLINE void tile_coords(int64_t tile, int64_t tiles_m, int64_t tiles_n, int64_t *ti,
                            int64_t *tj)
{
    enum { GROUP = 8 };
    int64_t per_group = GROUP * tiles_n;
    int64_t first_m = tile / per_group * GROUP;
    int64_t rows = tiles_m - first_m < GROUP ? tiles_m - first_m : GROUP;
    int64_t in_group = tile % per_group;
    *ti = first_m + in_group % rows;
    *tj = in_group / rows;
}

/* The block of C a tiled team of tm x tn tiles computes for tile number
 * `tile`. */
GPU_INLINE void tile_origin(int64_t tile, int64_t tiles_m, int64_t tiles_n, int tm, int tn,
                            int64_t *m0, int64_t *n0)
{
    int64_t ti, tj;
    tile_coords(tile, tiles_m, tiles_n, &ti, &tj);
    *m0 = ti * tm;
    *n0 = tj * tn;
}

/* Which elements of a k slice (long x the tile's k, long being the
 * tile's extent along m or n) a loader stages: element j of its share is
 * (l + j * dl, k + j * dk); see slot_of in gemm_tmpl.c. */
typedef struct gemm_slot {
    int l, k, dl, dk;
} gemm_slot;

/* The tiled kernel's two team tiles. The large one, GEMM_TM x GEMM_TN =
 * 128 x 128 (gpu_tiles.h), GEMM_LARGE_TK = 16 deep for float and 8 for
 * double (two buffers of a 16-deep double slice would pass the 48 KiB of
 * local memory a team gets without opting in): each thread owns a GEMM_RM x
 * GEMM_RN = 8 x 8 register tile, so a team has (TM / RM) * (TN / RN) = 256
 * threads for both precisions (64 accumulators: the arithmetic intensity
 * that keeps the FMA units ahead of local memory; 256 threads leave a thread
 * 255 registers, which 8 x 8 doubles need). The small one, 64 x 64 and 16
 * deep with 4 x 4 register tiles, also 256 threads: for problems whose
 * large tiles would leave multiprocessors idle (n = 256 makes 4 of them);
 * its deeper slice halves the barriers and the exposed load latencies per
 * flop, which is what a short k loop on few warps is bound by.
 *
 * GEMM_KK_UNROLL: how deep the k loop over a staged slice is unrolled (0:
 * fully); the large double tile fully unrolled spills, so 4 there. GEMM_PAD:
 * padding per row of a staged slice, so that the stores of a transposed
 * operand spread over the banks and rows stay 16-byte aligned; 4 elements,
 * which for double also makes the rows 4 (mod 16) long, as the tensor-core
 * fragments want. GEMM_TC: the double kernel's FP64 tensor-core path is
 * compiled (device pass only: inline PTX), with mma shape GEMM_DMMA_M;
 * GEMM_TC_HOST: the host side may ask for it. Each setting was measured:
 * bench/NOTES.md. */
/* The sub-group kernel (gemm_subgroup_tmpl.c): a lane owns SG_RM rows of C,
 * a sub-group's width apart, in SG_RN columns; SG_BLOCKS such sub-blocks
 * side by side along n make a team tile, one per sub-group of a team of
 * SG_NT threads. float: 8 x 8 per lane (64
 * accumulators, 8 FMAs per broadcast); double: 8 x 4, its shuffles moving
 * twice the bits. */
#define SG_NT 256
#define SG_BLOCKS 8
#define SMALL_TM 64
#define SMALL_TN 64
#define SMALL_TK 16

#define GEMM_PAD 4

#define OMPWG_PREC_S
#define GEMM_TC 0
#define GEMM_TC_HOST 0
#define GEMM_LARGE_TK 16
#define GEMM_LARGE_KK_UNROLL 0
#define SG_RM 8
#define SG_RN 8
#include "gemm_prec_tmpl.c"
#undef SG_RM
#undef SG_RN
#undef GEMM_LARGE_KK_UNROLL
#undef GEMM_LARGE_TK
#undef GEMM_TC
#undef GEMM_TC_HOST
#undef OMPWG_PREC_S

#define OMPWG_PREC_D
#define GEMM_TC_HOST (OMPWG_GPU_FP64_MMA > 0)
#if defined(__NVPTX__) && OMPWG_GPU_FP64_MMA
#define GEMM_TC 1
#else
#define GEMM_TC 0
#endif
#define GEMM_LARGE_TK OMPWG_GPU_TILE_K
#define GEMM_LARGE_KK_UNROLL 4
#define SG_RM 8
#define SG_RN 4
#include "gemm_prec_tmpl.c"
#undef SG_RM
#undef SG_RN
#undef GEMM_LARGE_KK_UNROLL
#undef GEMM_LARGE_TK
#undef GEMM_TC
#undef GEMM_TC_HOST
#undef OMPWG_PREC_D
