/* The GPU transpose of one precision, built once per precision by Meson
 * (prec.h).
 *
 * The 2D-tile pattern of the source material: a team copies a TR_TILE x
 * TR_TILE tile of A into team-shared memory with reads along A's columns
 * (consecutive threads, consecutive addresses), meets at a barrier, and
 * writes it to B with writes along B's columns, reading the tile across its
 * rows. Those reads walk the tile with a stride of one row: with 32 four-byte
 * banks and rows of 32 elements every thread of a warp would hit the same
 * bank. One element of padding per row (OMPWG_GPU_TRANSPOSE=padded, the
 * default) puts consecutive rows in consecutive banks; "unpadded" keeps the
 * conflicts, for the comparison in the benchmark. Measured on an H100
 * (bench_gpu, 16384 x 16384, one run, GB/s read + written): float padded
 * 2047, unpadded 1383, cuBLAS geam 2557, a device copy 2693; double 2774,
 * 2379, 2693 and 2822 (a warp reads 8-byte elements half a warp at a time,
 * so the conflicts cost less). */
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>

#include "devmem.h"
#include "gpu.h"
#include "grid.h"
#include "ompwg.h"
#include "prec.h"
#include "staging.h"
#include "variant.h"

enum {
    TR_TILE = 32,
    /* threads of a team: each moves TR_TILE * TR_TILE / TR_NT elements of a tile */
    TR_NT = 256,
};
_Static_assert(TR_TILE * TR_TILE % TR_NT == 0, "the threads share a tile evenly");

/* The entry point, and the kernel's function: the offload entry of a target
 * region is named after its function, and the s and d objects of this file
 * go into one device image. */
#if defined(OMPWG_PREC_S)
#define TRANSPOSE_ENTRY ompwg_gpu_stranspose
#define transpose_kernel stranspose_kernel
#else
#define TRANSPOSE_ENTRY ompwg_gpu_dtranspose
#define transpose_kernel dtranspose_kernel
#endif

/* Element e of the tile at (i0, j0): A(i0 + e % TR_TILE, j0 + e / TR_TILE)
 * into staged row e / TR_TILE (consecutive e: consecutive addresses of A). */
GPU_INLINE void tile_in(const T *a, int64_t lda, int64_t m, int64_t n, int64_t i0, int64_t j0,
                         int e, T *tile, int row)
{
    const int i = e % TR_TILE, j = e / TR_TILE;
    if (i0 + i < m && j0 + j < n) tile[j * row + i] = a[(i0 + i) + (j0 + j) * lda];
}

/* Element e of B's block at (j0, i0): B(j0 + e % TR_TILE, i0 + e / TR_TILE)
 * from the staged tile's column e / TR_TILE (consecutive e: consecutive
 * addresses of B, and a walk down a staged column: the bank conflicts). */
GPU_INLINE void tile_out(T *b, int64_t ldb, int64_t m, int64_t n, int64_t i0, int64_t j0,
                         int e, const T *tile, int row)
{
    const int j = e % TR_TILE, i = e / TR_TILE;
    if (i0 + i < m && j0 + j < n) b[(j0 + j) + (i0 + i) * ldb] = tile[j * row + i];
}

/* Thread t's elements of the tile at (i0, j0): from A into the staged tile
 * (out false, tile_in) or from it into B (tile_out). A team of TR_NT
 * threads (a GPU) moves them in an unrolled loop, so that all its loads
 * are in flight at once; any other size walks the tile in a plain loop. */
GPU_INLINE void tile_move(bool out, const T *a, int64_t lda, T *b, int64_t ldb, int64_t m,
                          int64_t n, int64_t i0, int64_t j0, int t, int nt, T *tile, int row)
{
    if (nt == TR_NT) {
#pragma unroll
        for (int r = 0; r < TR_TILE * TR_TILE / TR_NT; r++) {
            if (out) tile_out(b, ldb, m, n, i0, j0, t + r * TR_NT, tile, row);
            else tile_in(a, lda, m, n, i0, j0, t + r * TR_NT, tile, row);
        }
        return;
    }
    for (int e = t; e < TR_TILE * TR_TILE; e += nt) {
        if (out) tile_out(b, ldb, m, n, i0, j0, e, tile, row);
        else tile_in(a, lda, m, n, i0, j0, e, tile, row);
    }
}

/* B (n x m, ldb) := A^T for the column-major m x n A (lda), on the device.
 * row: elements per row of the staged tile (TR_TILE, or TR_TILE + 1 when
 * padded). Any team and thread count the runtime grants is correct: teams
 * stride over the tiles, threads over a tile's elements. */
static void transpose_kernel(int dev, int64_t m, int64_t n, const T *a, int64_t lda, T *b,
                             int64_t ldb, int row)
{
    const int64_t tiles_m = ompwg_gpu_ceil_div(m, TR_TILE);
    const int64_t ntiles = tiles_m * ompwg_gpu_ceil_div(n, TR_TILE);
    const int teams = ompwg_gpu_teams_for(ntiles);
#pragma omp target teams device(dev) num_teams(teams) thread_limit(TR_NT) is_device_ptr(a, b)
    {
        /* local memory: one tile, rows of up to TR_TILE + 1 elements */
        T tile[TR_TILE * (TR_TILE + 1)];
#pragma omp parallel firstprivate(m, n, a, lda, b, ldb, row, tiles_m, ntiles)
        {
            const int t = omp_get_thread_num(), nt = omp_get_num_threads();
            const int64_t team = omp_get_team_num(), nteam = omp_get_num_teams();
            for (int64_t tl = team; tl < ntiles; tl += nteam) {
                const int64_t i0 = tl % tiles_m * TR_TILE, j0 = tl / tiles_m * TR_TILE;
                /* staged row j holds A's column j0 + j */
                tile_move(false, a, lda, b, ldb, m, n, i0, j0, t, nt, tile, row);
#pragma omp barrier
                /* B's column i0 + i is the staged tile's column i */
                tile_move(true, a, lda, b, ldb, m, n, i0, j0, t, nt, tile, row);
                /* the tile is free for the next one */
#pragma omp barrier
            }
        }
    }
}

int TRANSPOSE_ENTRY(const ompwg_transpose_shape *s, const T *a, T *b)
{
    if (!ompwg_gpu_ready()) return OMPWG_ERR_UNAVAILABLE;
    const int dev = ompwg_gpu_device();
    const int row =
        ompwg_gpu_pick(OMPWG_GPU_KERNEL_TRANSPOSE) == OMPWG_GPU_TRANSPOSE_UNPADDED ? TR_TILE
                                                                                  : TR_TILE + 1;
    if (s->device_ptrs) {
        transpose_kernel(dev, s->m, s->n, a, s->lda, b, s->ldb, row);
        return OMPWG_OK;
    }
    /* host data: A's m x n block in and B's n x m block out, packed on the
     * device (B's padding is the caller's) */
    const size_t bytes = (size_t)(s->m * s->n) * sizeof(T);
    void *da = NULL, *db = NULL;
    int st = ompwg_gpu_alloc(dev, bytes, &da);
    if (st == OMPWG_OK) st = ompwg_gpu_alloc(dev, bytes, &db);
    const ompwg_gpu_block in = { .host = (void *)a, .ld = s->lda, .dev = da, .rows = s->m,
                                 .cols = s->n, .elem = sizeof(T) };
    const ompwg_gpu_block out = { .host = b, .ld = s->ldb, .dev = db, .rows = s->n,
                                  .cols = s->m, .elem = sizeof(T) };
    if (st == OMPWG_OK) st = ompwg_gpu_block_in(dev, &in);
    if (st == OMPWG_OK) {
        transpose_kernel(dev, s->m, s->n, da, s->m, db, s->n, row);
        st = ompwg_gpu_block_out(dev, &out);
    }
    ompwg_gpu_free(dev, db);
    ompwg_gpu_free(dev, da);
    return st;
}
