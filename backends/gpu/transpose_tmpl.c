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
 * so the conflicts cost less).
 *
 * Float moves twice the elements per byte, and each element costs the same
 * instructions (an address, a bound check, a load, a store to local memory
 * and back): with 64 x 64 tiles float still reached only 0.78-0.80 of a
 * copy (H100, bench_gpu, 8192 and 16384). So a float tile whose columns
 * are 8-byte aligned moves as 2 x 2 blocks: a thread loads two columns'
 * 8-byte pairs, keeps them in two planes of local memory laid out as the
 * double tile is, and writes B's two columns' pairs, the 2 x 2 block
 * transposed in registers: the double kernel's traffic in float. H100,
 * bench_gpu, 2048 / 8192 / 16384: 0.91 / 0.91 / 0.91 of a copy (cuBLAS
 * geam 0.96-1.06 in earlier runs). What is left: the kernel takes 68
 * registers a thread, so three teams of 256 an SM; with 512 threads a team
 * (56 registers, two teams) it was slower (0.85-0.88). */
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

/* How tile_move's loop over a thread's elements of an edge tile unrolls. */
#if defined(OMPWG_PREC_S)
#define TR_EDGE_UNROLL _Pragma("unroll 1")
#else
#define TR_EDGE_UNROLL _Pragma("unroll")
#endif

enum {
    /* A float tile of 32 x 32 gives each thread four 4-byte loads in flight,
     * half the bytes of the double one, and stayed at 0.72-0.77 of a copy's
     * rate where double reached 0.96-0.98: float takes 64 x 64 tiles. */
#if defined(OMPWG_PREC_S)
    TR_TILE = 64,
#else
    TR_TILE = 32,
#endif
    /* threads of a team: each moves TR_TILE * TR_TILE / TR_NT elements of a
     * tile (float with 512: 0.85-0.88 of a copy against 0.91 with 256, H100) */
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
        /* the float tile's 16 elements a thread, all in flight, took the
         * kernel to 104 registers, two teams an SM (25 % occupancy, ncu on
         * the H100), for the edge tiles' sake: float walks them in turn */
        TR_EDGE_UNROLL
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

#if defined(OMPWG_PREC_S)
/* Two floats of a column, one 8-byte access. */
typedef struct {
    float lo, hi;
} __attribute__((aligned(8))) float_pair;

enum {
    /* pairs along a tile's side */
    TR_PAIRS = TR_TILE / 2,
    /* pairs per row of a plane, padded: as the double tile, consecutive
     * rows start in consecutive banks */
    TR_PLANE_ROW = TR_PAIRS + 1,
    TR_PLANE = TR_PAIRS * TR_PLANE_ROW,
};

/* Pair block e of the tile at (i0, j0), pi = e % TR_PAIRS down A's
 * columns: A(i0 + 2 pi .. + 1, j0 + 2 pj + p) into plane p at (pj, pi). */
GPU_INLINE void pair_in(const float *a, int64_t lda, int64_t i0, int64_t j0, int e,
                        float_pair *plane)
{
    const int pi = e % TR_PAIRS, pj = e / TR_PAIRS;
    const float *col = a + (i0 + 2 * pi) + (j0 + 2 * pj) * lda;
    plane[pj * TR_PLANE_ROW + pi] = *(const float_pair *)col;
    plane[TR_PLANE + pj * TR_PLANE_ROW + pi] = *(const float_pair *)(col + lda);
}

/* Pair block e, pj = e % TR_PAIRS down B's columns: B(j0 + 2 pj .. + 1,
 * i0 + 2 pi + q) is row q of the block (A's columns 2 pj and 2 pj + 1). */
GPU_INLINE void pair_out(float *b, int64_t ldb, int64_t i0, int64_t j0, int e,
                         const float_pair *plane)
{
    const int pj = e % TR_PAIRS, pi = e / TR_PAIRS;
    const float_pair c0 = plane[pj * TR_PLANE_ROW + pi];
    const float_pair c1 = plane[TR_PLANE + pj * TR_PLANE_ROW + pi];
    float *col = b + (j0 + 2 * pj) + (i0 + 2 * pi) * ldb;
    *(float_pair *)col = (float_pair){ c0.lo, c1.lo };
    *(float_pair *)(col + ldb) = (float_pair){ c0.hi, c1.hi };
}

/* The tile at (i0, j0) as pair blocks, in (out false) or out; a team of
 * TR_NT threads two blocks at a time (all four in flight: 72 registers). */
GPU_INLINE void pair_move(bool out, const float *a, int64_t lda, float *b, int64_t ldb,
                          int64_t i0, int64_t j0, int t, int nt, float_pair *plane)
{
    if (nt == TR_NT) {
#pragma unroll 2
        for (int r = 0; r < TR_PAIRS * TR_PAIRS / TR_NT; r++) {
            if (out) pair_out(b, ldb, i0, j0, t + r * TR_NT, plane);
            else pair_in(a, lda, i0, j0, t + r * TR_NT, plane);
        }
        return;
    }
    for (int e = t; e < TR_PAIRS * TR_PAIRS; e += nt) {
        if (out) pair_out(b, ldb, i0, j0, e, plane);
        else pair_in(a, lda, i0, j0, e, plane);
    }
}

/* Local memory of a team: the padded tile, or the two planes of pairs. */
#define TR_LOCAL                                                                       \
    (2 * TR_PLANE * 2 > TR_TILE * (TR_TILE + 1) ? 2 * TR_PLANE * 2 : TR_TILE * (TR_TILE + 1))
#else
#define TR_LOCAL (TR_TILE * (TR_TILE + 1))
#endif

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
#if defined(OMPWG_PREC_S)
    /* pairs where both matrices' columns start 8-byte aligned (tiles start
     * at even rows), and the padded layout was asked for */
    const bool pairs = row == TR_TILE + 1 && lda % 2 == 0 && ldb % 2 == 0 &&
                       (uintptr_t)a % 8 == 0 && (uintptr_t)b % 8 == 0;
#else
    const bool pairs = false;
#endif
#pragma omp target teams device(dev) num_teams(teams) thread_limit(TR_NT) is_device_ptr(a, b)
    {
        /* local memory: one tile, rows of up to TR_TILE + 1 elements (or
         * its pair planes) */
        _Alignas(8) T tile[TR_LOCAL];
#pragma omp parallel firstprivate(m, n, a, lda, b, ldb, row, tiles_m, ntiles, pairs)
        {
            const int t = omp_get_thread_num(), nt = omp_get_num_threads();
            const int64_t team = omp_get_team_num(), nteam = omp_get_num_teams();
            for (int64_t tl = team; tl < ntiles; tl += nteam) {
                const int64_t i0 = tl % tiles_m * TR_TILE, j0 = tl / tiles_m * TR_TILE;
#if defined(OMPWG_PREC_S)
                if (pairs && i0 + TR_TILE <= m && j0 + TR_TILE <= n) {
                    float_pair *plane = (float_pair *)(void *)tile;
                    pair_move(false, a, lda, b, ldb, i0, j0, t, nt, plane);
#pragma omp barrier
                    pair_move(true, a, lda, b, ldb, i0, j0, t, nt, plane);
#pragma omp barrier
                    continue;
                }
#endif
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
