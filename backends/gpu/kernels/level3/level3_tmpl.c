/* The GPU level-3 operations besides GEMM (SYMM, SYRK, SYR2K, TRMM, TRSM)
 * of one precision, built once per precision by Meson (prec.h), in one
 * translation unit (see gemm_tmpl.c for why) with its parts:
 * level3_tri.inl (TRSM, TRMM), level3_syrk.inl (SYRK, SYR2K), level3_symm.inl
 * (SYMM) and level3_host.inl (host data and the entry points). Most of their
 * flops are GEMM updates on device data, which go to the GEMM kernels
 * through ompwg_gpu_sgemm_resident/ompwg_gpu_dgemm_resident (SYRK and
 * SYR2K wholly, through their triangle entries); what is particular to
 * each operation (a triangular block solved or multiplied in team-shared
 * memory, a symmetric matrix made whole) lives here.
 *
 * Host data crosses the link as the elements the call reads: a triangle
 * of A is packed column by column on the host (no leading-dimension
 * spans, nothing of the other triangle), rectangular operands go as
 * blocks (staging.h); only what the call writes comes back. */
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../runtime/buffers.h"
#include "../../gpu.h"
#include "../gpu_mma.h"
#include "../grid.h"
#include "ompwg.h"
#include "prec.h"
#include "../../runtime/staging.h"

/* TRSM and TRMM's diagonal blocks, panels and teams (TRI_NB, TRI_VB,
 * TRI_ROW, TRI_PANEL, TRI_PV, TRI_XROW, TRI_PNT, TRI_LOADS): tune/sm90.h,
 * which says why each value. */
#include "../../tune/sm90.h"
_Static_assert(TRI_PANEL % TRI_NB == 0 && TRI_PNT % TRI_PV == 0 &&
                   TRI_NB * TRI_NB % (TRI_LOADS * TRI_PNT) == 0,
               "whole blocks, whole rows of threads");

/* The panel solve on the tensor cores (level3_tri.inl): double, in a build
 * whose architectures have FP64 mma.sync (TRI_MMA_HOST, which the host
 * pass sees too: it sizes the launch's dynamic team memory); in the device
 * pass its warps (TRI_WARPS) share the work of a team of TRI_PNT threads.
 * The panel's triangle of A is staged as blocks of TRI_NB rows of
 * TRI_AROW elements (padded so that a warp's fragment reads fall in
 * distinct banks), TRI_ABLOCKS of them: 90 KiB for 128 rows.
 * TRI_GROUP_LOADS: the loads a thread has in flight while staging the
 * vectors (all of a group's at once). */
#if OMPWG_GPU_FP64_MMA && defined(OMPWG_PREC_D)
#define TRI_MMA_HOST 1
#else
#define TRI_MMA_HOST 0
#endif
#if defined(__NVPTX__) && TRI_MMA_HOST
/* a literal: #if cannot see the enum's TRI_PNT */
#define TRI_WARPS 8
_Static_assert(TRI_WARPS * 32 == TRI_PNT, "TRI_WARPS warps make a team of TRI_PNT");
#else
#define TRI_WARPS 0
#endif
enum {
    TRI_AROW = TRI_NB + 4,
    TRI_ABLK = TRI_NB * TRI_AROW,
    TRI_ABLOCKS = TRI_PANEL / TRI_NB * (TRI_PANEL / TRI_NB + 1) / 2,
    TRI_GROUP_LOADS = TRI_PANEL * TRI_PV / TRI_PNT,
};
#define TRI_DYN_BYTES (TRI_MMA_HOST ? (size_t)TRI_ABLOCKS * TRI_ABLK * sizeof(T) : (size_t)0)

/* TRSM's ranges of up to TRI_SOLVE_ROWS rows are solved in one launch
 * (tri_solve_panels), the larger ones halved with GEMM updates between
 * the halves. On the tensor cores a launch goes through all of a range,
 * each team with the loads of TRI_OFF_SLICES slices of op(A) and of its
 * solved vectors in flight; otherwise a range is one panel. On the H100
 * machine (bench_level3, DTRSM n = 1024 / 2048 / 4096 / 8192, one run)
 * ranges of 1024 took 0.377 / 0.910 / 3.05 / 18.2 ms, of 2048 0.385 /
 * 1.19 / 3.36 / 19.4, of 4096 0.380 / 1.17 / 4.13 / 22.8, and panels of
 * 128 (a launch each, GEMMs between) 0.458 / 1.18 / 3.72 / 20.0. A
 * longer range loses: its contributions run on a team per 32 vectors,
 * below the rate of the GEMM that would take them between halves. */
enum {
    TRI_SOLVE_ROWS = TRI_MMA_HOST ? 1024 : TRI_PANEL,
    TRI_OFF_SLICES = 4,
};
#if TRI_WARPS
/* the blocks of GEMM_DMMA_M rows a warp takes of a panel */
enum { TRI_OFF_RB = TRI_PANEL / GEMM_DMMA_M / TRI_WARPS };
#endif

/* Threads of the elementwise kernels (zeroing, packing, expanding). */
enum { L3_NT = 256 };

/* One triangle of a ka x ka matrix packed column by column: column j's
 * stored rows [tri_first, tri_first + tri_count) at tri_offset(j). `diag`:
 * the diagonal is part of it (not for a unit triangular A, whose diagonal
 * is not read). */
typedef struct l3_tri {
    int64_t ka;
    bool upper, diag;
} l3_tri;

GPU_INLINE int64_t tri_first(l3_tri t, int64_t j)
{
    return t.upper ? 0 : j + !t.diag;
}

GPU_INLINE int64_t tri_count(l3_tri t, int64_t j)
{
    return t.upper ? j + t.diag : t.ka - j - !t.diag;
}

GPU_INLINE int64_t tri_offset(l3_tri t, int64_t j)
{
    const int64_t skip = !t.diag;
    return t.upper ? j * (j + 1) / 2 - skip * j : j * (t.ka - skip) - j * (j - 1) / 2;
}

/* Whether element (i, j) is in the packed triangle. */
GPU_INLINE bool tri_holds(l3_tri t, int64_t i, int64_t j)
{
    return (t.upper ? i <= j : i >= j) && (t.diag || i != j);
}

/* Device room for elems elements of elem bytes (at least one) from the
 * pool: OMPWG_OK or OMPWG_ERR_DEVICE_NOMEM, also when the size does not
 * fit a size_t. */
static int l3_alloc(int dev, int64_t elems, size_t elem, void **out)
{
    *out = NULL;
    if (elems < 1) elems = 1;
    if ((uint64_t)elems > SIZE_MAX / elem) return OMPWG_ERR_DEVICE_NOMEM;
    return ompwg_gpu_alloc(dev, (size_t)elems * elem, out);
}

/* Host threads that pack a triangle: the copy is bound by host memory
 * (and the first touch of a fresh buffer), and a triangle of more than
 * PACK_SERIAL_BYTES is worth a team. On the H100 machine a DTRSM 4096 on
 * host data took 58.9 ms with the packing on one thread, 31.3 with this
 * team; a DSYRK 4096 (C's triangle packed both ways) 84.8 and 33.3. */
enum { PACK_THREADS = 8, PACK_COLUMNS = 16 };
static const size_t PACK_SERIAL_BYTES = (size_t)1 << 20;

/* Packs the triangle of the host matrix a (leading dimension lda) into
 * packed, or back (to_packed false), elem bytes an element. */
static void tri_pack_host(l3_tri t, void *a, int64_t lda, size_t elem, void *packed,
                          bool to_packed)
{
    /* (in host fallback a team of its own would only add a team size to
     * libomp's pools, which leak checkers report) */
    const bool team = (size_t)tri_offset(t, t.ka) * elem > PACK_SERIAL_BYTES && !ompwg_gpu_on_host();
#pragma omp parallel for num_threads(PACK_THREADS) if (team) schedule(dynamic, PACK_COLUMNS)
    for (int64_t j = 0; j < t.ka; j++) {
        char *col = (char *)a + (size_t)(tri_first(t, j) + j * lda) * elem;
        char *p = (char *)packed + (size_t)tri_offset(t, j) * elem;
        const size_t bytes = (size_t)tri_count(t, j) * elem;
        if (to_packed) memcpy(p, col, bytes);
        else memcpy(col, p, bytes);
    }
}

/* The packed host buffer p of `bytes` to device memory d, or back. The
 * buffer is pageable (malloc'd per call, as devmem.c's packed vectors
 * are): the staged copies move it at the page-locked rate, where locking
 * it on each call would cost as much as a copy. */
static int packed_move(int dev, void *p, void *d, size_t bytes, bool to_device)
{
    const ompwg_gpu_block blk = ompwg_gpu_bytes_block(p, d, bytes);
    return to_device ? ompwg_gpu_block_in(dev, &blk) : ompwg_gpu_block_out(dev, &blk);
}

/* The functions that hold target regions: the offload entry of a region
 * is named after its function, and the s and d objects of this file go
 * into one device image, so these names differ between the precisions.
 * GEMM_RESIDENT, GEMM_TRIANGLE_RESIDENT: the GEMM on device data of this
 * precision, on all of C or on a triangle (gemm_tmpl.c). */
#if defined(OMPWG_PREC_S)
#define GEMM_RESIDENT ompwg_gpu_sgemm_resident
#define GEMM_TRIANGLE_RESIDENT ompwg_gpu_sgemm_triangle_resident
#define l3_zero l3_zero_s
#define symm_mirror symm_mirror_s
#define tri_mul_block tri_mul_block_s
#define tri_solve_panels tri_solve_panels_s
#define tri_pack_dev tri_pack_dev_s
#else
#define GEMM_RESIDENT ompwg_gpu_dgemm_resident
#define GEMM_TRIANGLE_RESIDENT ompwg_gpu_dgemm_triangle_resident
#define l3_zero l3_zero_d
#define symm_mirror symm_mirror_d
#define tri_mul_block tri_mul_block_d
#define tri_solve_panels tri_solve_panels_d
#define tri_pack_dev tri_pack_dev_d
#endif

#include "level3_tri.inl"
#include "level3_syrk.inl"
#include "level3_symm.inl"
#include "level3_host.inl"
