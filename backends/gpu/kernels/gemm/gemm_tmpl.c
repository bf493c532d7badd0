/* The GPU GEMM kernels of one precision, built once per precision by Meson
 * (prec.h): the tiled kernel on two team tiles (OMPWG_GPU_GEMM_TILE,
 * gemm_tile.inl, gemm_tiled.inl; on the tensor cores in gemm_dmma.inl for double and
 * gemm_tf32x3.inl for float), the sub-group kernel (OMPWG_GPU_GEMM, gemm_subgroup.inl),
 * C := beta * C, host fallback's loops for thin calls (gemm_host_loops.inl),
 * and the call on device data that picks one of them. They
 * stay one translation unit because LLVM's OpenMP optimisations (SPMD mode,
 * team arrays moved to shared memory) work across the functions of a unit.
 * The host-data paths and the entry point are gemm_host_tmpl.c. */
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>

#include "../../gpu.h"
#include "../gpu_async.h"
#include "../gpu_mma.h"
#include "../../gpu_tiles.h"
#include "../grid.h"
#include "ompwg.h"
#include "ompwg/team.h"
#include "ompwg_config.h"
#include "prec.h"
#include "../../variant.h"

/* Threads of the C := beta * C kernel's teams. */
enum { SCALE_NT = 256 };

/* The tiled kernel's two team tiles. The large one, 128 x 128
 * (gpu_tiles.h), LARGE_TK = 16 deep for float and 8 for double (two
 * buffers of a 16-deep double slice would pass the 48 KiB of local memory a
 * team gets without opting in): each thread owns an 8 x 8 register tile, so
 * a team has (TM / RM) * (TN / RN) = 256 threads for both precisions (64
 * accumulators: the arithmetic intensity that keeps the FMA units ahead of
 * local memory; 256 threads leave a thread 255 registers, which 8 x 8
 * doubles need). The small one, 64 x 64 and 16 deep with 4 x 4 register
 * tiles, also 256 threads: for problems whose large tiles would leave
 * multiprocessors idle (n = 256 makes 4 of them); its deeper slice halves
 * the barriers and the exposed load latencies per flop, which is what a
 * short k loop on few warps is bound by.
 *
 * LARGE_KK_UNROLL: how deep the k loop over a staged slice is unrolled (0:
 * fully); the large double tile fully unrolled spills, so 4 there.
 * GEMM_PAD: padding per row of a staged slice, so that the stores of a
 * transposed operand spread over the banks and rows stay 16-byte aligned;
 * 4 elements, which for double also makes the rows 4 (mod 16) long, as the
 * tensor-core fragments want. Each setting was measured: bench/NOTES.md.
 * TC_PAD: the tensor-core path's padding, 8 for float, so that its rows
 * are 8 (mod 32) floats long and the four k rows of a fragment read fall
 * in distinct banks (with 4 they would share banks two by two).
 *
 * The sub-group kernel: a lane owns SG_RM rows of C, a sub-group's width
 * apart, in SG_RN columns; SG_BLOCKS such sub-blocks side by side along n
 * make a team tile, one per sub-group of a team of SG_NT threads. float:
 * 8 x 8 per lane (64 accumulators, 8 FMAs per broadcast); double: 8 x 4,
 * its shuffles moving twice the bits. */
#if defined(OMPWG_PREC_D)
enum { LARGE_TK = OMPWG_GPU_TILE_K, LARGE_KK_UNROLL = 4, SG_RM = 8, SG_RN = 4, TC_PAD = 4 };
#else
enum { LARGE_TK = 16, LARGE_KK_UNROLL = 0, SG_RM = 8, SG_RN = 8, TC_PAD = 8 };
#endif
enum {
    GEMM_PAD = 4,
    LARGE_TM = OMPWG_GPU_TILE_M,
    LARGE_TN = OMPWG_GPU_TILE_N,
    LARGE_RM = 8,
    LARGE_RN = 8,
    SMALL_TM = 64,
    SMALL_TN = 64,
    SMALL_TK = 16,
    SMALL_RM = 4,
    SMALL_RN = 4,
    SMALL_KK_UNROLL = 0,
    SG_NT = 256,
    SG_BLOCKS = 8,
};

/* The tensor-core path of the tiled kernel is compiled (device pass only:
 * inline PTX, gpu_mma.h): FP64 mma.sync for double, 3xTF32 mma.sync for
 * float (both where every architecture built for is sm_80 or later);
 * TC_HOST: the host side may ask for it. */
#if (defined(OMPWG_PREC_D) && defined(GEMM_DMMA_M)) || \
    (defined(OMPWG_PREC_S) && defined(GPU_TF32_MMA))
#define GEMM_TENSOR_CORES 1
#else
#define GEMM_TENSOR_CORES 0
#endif
enum { TC_HOST = OMPWG_GPU_FP64_MMA > 0 };

/* GEMM_ASYNC: the tensor-core path stages its k slices with asynchronous
 * copies (gpu_async.h), ASYNC_STAGES slices of each operand in the team's
 * dynamic local memory (67.6 KiB for the large double tile, past the 48
 * KiB of static local memory a team may have): the register-staged path
 * keeps one slice in flight, which Nsight Compute showed the warps waiting
 * on (bench/NOTES.md). Device pass only; the host pass (host fallback)
 * keeps the static buffers. The host asks for the dynamic local memory
 * wherever it may take the tensor-core path (TC_HOST): GEMM_ASYNC is a
 * property of the device pass, which has no say in the launch. */
#if GEMM_TENSOR_CORES && GPU_ASYNC_COPY
#define GEMM_ASYNC 1
#else
#define GEMM_ASYNC 0
#endif
enum { ASYNC_STAGES = 4 };

/* The functions that hold target regions: the offload entry of a region
 * is named after its function, and the s and d objects of this file go
 * into one device image, so these names differ between the precisions. */
#if defined(OMPWG_PREC_S)
#define gemm_scale sgemm_scale
#define gemm_subgroup sgemm_subgroup
#define gemm_tiled_large sgemm_tiled_large
#define gemm_tiled_small sgemm_tiled_small
#else
#define gemm_scale dgemm_scale
#define gemm_subgroup dgemm_subgroup
#define gemm_tiled_large dgemm_tiled_large
#define gemm_tiled_small dgemm_tiled_small
#endif

/* What of C a call writes: all of it, or (C square, SYRK and SYR2K) its
 * lower or upper triangle, where only the tiles that touch the triangle
 * are computed. */
enum { GEMM_WHOLE, GEMM_LOWER, GEMM_UPPER };

/* One call's arguments, as every thread of a team holds them; shared by the
 * tiled kernels of every tile size and the sub-group kernel, which fill it
 * in. */
typedef struct gemm_job {
    int64_t m, n, k;
    /* strides of op(A) along m and k, of op(B) along n and k */
    int64_t sla, ska, slb, skb;
    int64_t ldc;
    const T *a, *b;
    T *c;
    T alpha, beta;
    /* consecutive threads read consecutive addresses: along m for op(A) when
     * A is not transposed, along n for op(B) when B is */
    bool a_long_fast, b_long_fast;
    /* GEMM_WHOLE, or the triangle of a square C the call writes (its
     * tiles the triangle's, in ompwg_gpu_tri_tile_coords's order) */
    int tri;
    int64_t tiles_m, tiles_n, ntiles, nk;
} gemm_job;

/* The family's parts, each included here once, in the order of what they
 * use: the team tiles; the tensor-core paths' warp tiles on mma.sync blocks
 * of MMA_BLOCK_M rows (GEMM_DMMA_M for FP64, 16 for 3xTF32) and the path of
 * the precision; the tiled kernels; the sub-group kernel; host fallback's
 * loops. */
#include "gemm_tile.inl"
#if GEMM_TENSOR_CORES && defined(OMPWG_PREC_D)
#define MMA_BLOCK_M GEMM_DMMA_M
#include "gemm_mma_warps.inl"
#include "gemm_dmma.inl"
#elif GEMM_TENSOR_CORES
#define MMA_BLOCK_M 16
#include "gemm_mma_warps.inl"
#include "gemm_tf32x3.inl"
#endif
#include "gemm_tiled.inl"
#include "gemm_subgroup.inl"
#include "gemm_host_loops.inl"

/* C := beta * C on C's triangle `tri` (gemm_job) or all of it: the whole
 * call when alpha == 0 or k == 0 (A and B unread). */
static void gemm_scale(int dev, int tri, int64_t m, int64_t n, T beta, T *c, int64_t ldc)
{
    int teams = ompwg_gpu_teams_for(ompwg_gpu_ceil_div(m * n, SCALE_NT));
#pragma omp target teams distribute parallel for collapse(2) device(dev) num_teams(teams) \
    thread_limit(SCALE_NT) is_device_ptr(c)
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < m; i++) {
            if (off_triangle(tri, i, j)) continue;
            T *p = c + i + j * ldc;
            *p = beta == 0 ? (T)0 : beta * *p;
        }
}

/* Whether the tiled kernel takes the small team tile (OMPWG_GPU_GEMM_TILE):
 * by default when its waves of tiles (one team a multiprocessor) end
 * sooner. A small tile has a quarter of a large one's flops, taken here at
 * three quarters of its rate, so that its wave lasts a third of a large
 * one's: SYRK's 136 large tiles at n = 2048 make 2 waves on the H100's 132
 * multiprocessors, the second of 4 tiles, its 528 small ones 4 (measured:
 * bench/NOTES.md). Until the large tiles fill more than one wave this is
 * the earlier rule, the small tile when the large would leave a quarter of
 * the multiprocessors idle. */
static bool small_tiles(int tri, int64_t m, int64_t n)
{
    switch (ompwg_gpu_pick(OMPWG_GPU_KERNEL_GEMM_TILE)) {
    case OMPWG_GPU_GEMM_TILE_LARGE: return false;
    case OMPWG_GPU_GEMM_TILE_SMALL: return true;
    }
    const int64_t sms = ompwg_gpu_sm_count();
    const int64_t large_waves = ompwg_gpu_ceil_div(gemm_tile_count(tri, m, n, large_tile()), sms);
    const int64_t small_waves = ompwg_gpu_ceil_div(gemm_tile_count(tri, m, n, small_tile()), sms);
    return small_waves < 3 * large_waves;
}

/* The call on device data, on C's triangle `tri` (gemm_job) or all of C:
 * alpha == 0 or k == 0 reads neither A nor B and scales what the call
 * writes by beta; in host fallback a thin call takes host loops
 * (gemm_host_loops.inl); the sub-group kernel (a variant) takes only whole Cs;
 * else the tiled kernel, on the tensor cores where the build has them and
 * the variant asks for them (FP64 for double, the default; 3xTF32 for
 * float). */
static void gemm_resident(int dev, int tri, const ompwg_gemm_shape *s, T alpha, const T *a,
                          const T *b, T beta, T *c)
{
    if (alpha == 0 || s->k == 0) {
        if (beta != 1) gemm_scale(dev, tri, s->m, s->n, beta, c, s->ldc);
        return;
    }
    if (host_thin(s->m, s->n, s->k)) {
        gemm_host_loops(tri, s, alpha, a, b, beta, c);
        return;
    }
    if (tri == GEMM_WHOLE && ompwg_gpu_pick(OMPWG_GPU_KERNEL_GEMM) == OMPWG_GPU_GEMM_SUBGROUP) {
        gemm_subgroup(dev, s->transa, s->transb, s->m, s->n, s->k, alpha, a, s->lda, b, s->ldb,
                      beta, c, s->ldc);
        return;
    }
    const bool tc = TC_HOST && (T_IS_DOUBLE ? ompwg_gpu_pick(OMPWG_GPU_KERNEL_DGEMM) ==
                                                  OMPWG_GPU_DGEMM_TENSOR
                                            : ompwg_gpu_pick(OMPWG_GPU_KERNEL_SGEMM) ==
                                                  OMPWG_GPU_SGEMM_TF32X3);
    if (small_tiles(tri, s->m, s->n))
        gemm_tiled_small(dev, tc, tri, s->transa, s->transb, s->m, s->n, s->k, alpha, a, s->lda,
                         b, s->ldb, beta, c, s->ldc);
    else
        gemm_tiled_large(dev, tc, tri, s->transa, s->transb, s->m, s->n, s->k, alpha, a, s->lda,
                         b, s->ldb, beta, c, s->ldc);
}

/* The call on data that is on the device already, for the entry point
 * (gemm_host_tmpl.c) and the other kernel families of the backend
 * (level3_tmpl.c), whose blocked algorithms spend most of their flops in GEMM
 * updates on device data. */
#if defined(OMPWG_PREC_S)
#define GEMM_RESIDENT ompwg_gpu_sgemm_resident
#define GEMM_TRIANGLE_RESIDENT ompwg_gpu_sgemm_triangle_resident
#else
#define GEMM_RESIDENT ompwg_gpu_dgemm_resident
#define GEMM_TRIANGLE_RESIDENT ompwg_gpu_dgemm_triangle_resident
#endif
void GEMM_RESIDENT(int dev, const ompwg_gemm_shape *s, T alpha, const T *a, const T *b, T beta,
                   T *c)
{
    gemm_resident(dev, GEMM_WHOLE, s, alpha, a, b, beta, c);
}

/* The same on the `upper` or lower triangle of a square C (s->m == s->n),
 * for SYRK and SYR2K: only the tiles that touch the triangle are computed,
 * and only its elements written. k == 0 or alpha == 0 reads neither A nor
 * B and scales the triangle by beta. */
void GEMM_TRIANGLE_RESIDENT(int dev, const ompwg_gemm_shape *s, bool upper, T alpha,
                            const T *a, const T *b, T beta, T *c)
{
    gemm_resident(dev, upper ? GEMM_UPPER : GEMM_LOWER, s, alpha, a, b, beta, c);
}
