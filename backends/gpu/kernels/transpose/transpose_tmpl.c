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
 * geam 0.96-1.06 in earlier runs), against double's 0.97-0.98.
 *
 * With the pair path and the bound-checked path in one kernel, float took
 * 68 registers a thread (ptxas), so three teams of 256 an SM where double
 * has five (512 threads a team: 56 registers, two teams, 0.85-0.88). So the
 * whole tiles of a call whose pairs apply go to a kernel of their own,
 * pair_kernel: no bound checks, a thread's eight 8-byte loads of a tile all
 * issued before its first store, 40 registers, six teams an SM.
 * tile_kernel takes the partial tiles at the bottom and right edges, or
 * every tile when the pairs do not apply (float 51 registers, double 48 as
 * before): two launches for a call with both kinds of tile. H100,
 * bench_gpu, 2048 / 8192 / 16384: 0.956 / 0.956 / 0.957 of a copy (cuBLAS
 * geam 1.17 / 0.97 / 0.95 in the same run). */
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>

#include "../../runtime/buffers.h"
#include "../../gpu.h"
#include "../grid.h"
#include "ompwg.h"
#include "prec.h"
#include "../../runtime/staging.h"
#include "../../variant.h"

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

/* The entry point, and the kernels' functions: the offload entry of a
 * target region is named after its function, and the s and d objects of
 * this file go into one device image. */
#if defined(OMPWG_PREC_S)
#define TRANSPOSE_ENTRY ompwg_gpu_stranspose
#define tile_kernel stranspose_tile_kernel
#define pair_kernel stranspose_pair_kernel
#else
#define TRANSPOSE_ENTRY ompwg_gpu_dtranspose
#define tile_kernel dtranspose_tile_kernel
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
         * kernel to 104 registers when it held the pair path too, two
         * teams an SM (25 % occupancy, ncu on the H100), and take
         * tile_kernel to 84 (ptxas; 72 four at a time): float walks them
         * in turn (51) */
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
/* Two floats of a column, one 8-byte access (a vector type: a struct's
 * copy may become two 4-byte accesses). */
typedef float float_pair __attribute__((vector_size(8)));

enum {
    /* pairs along a tile's side */
    TR_PAIRS = TR_TILE / 2,
    /* pairs per row of a plane, padded: as the double tile, consecutive
     * rows start in consecutive banks */
    TR_PLANE_ROW = TR_PAIRS + 1,
    TR_PLANE = TR_PAIRS * TR_PLANE_ROW,
    /* a team of TR_NT threads moves a tile's pair blocks in TR_ROUNDS
     * rounds of TR_ROUND_ROWS plane rows */
    TR_ROUNDS = TR_PAIRS * TR_PAIRS / TR_NT,
    TR_ROUND_ROWS = TR_NT / TR_PAIRS,
};
_Static_assert(TR_NT % TR_PAIRS == 0 && TR_PAIRS * TR_PAIRS % TR_NT == 0,
               "a round is whole plane rows");

/* Thread t's part, of a team of TR_NT, of the whole tile at a (in A) and b
 * (in B) as pair blocks, in (out false) or out, lo = t % TR_PAIRS. In: for
 * pj = t / TR_PAIRS + r TR_ROUND_ROWS, A's rows 2 lo and 2 lo + 1 of the
 * tile's column 2 pj + p into plane p at (pj, lo). Out: for pi = t /
 * TR_PAIRS + r TR_ROUND_ROWS, B's rows 2 lo and 2 lo + 1 of the tile's
 * column 2 pi + q are row q of the 2 x 2 block the planes hold at (lo, pi).
 * All rounds' loads are issued before the first store: the planes and the
 * matrices are generic pointers to the compiler, so with a store after each
 * load every load would wait for the store before it (one load in flight). */
GPU_INLINE void pair_part(bool out, const float *a, int64_t lda, float *b, int64_t ldb,
                          unsigned t, float_pair *plane)
{
    const unsigned lo = t % TR_PAIRS, hi = t / TR_PAIRS;
    float_pair v[2 * TR_ROUNDS];
    if (!out) {
        const float *col = a + 2 * lo + 2 * hi * lda;
        float_pair *to = plane + hi * TR_PLANE_ROW + lo;
#pragma unroll
        for (int r = 0; r < TR_ROUNDS; r++) {
            const float *c = col + 2 * r * TR_ROUND_ROWS * lda;
            v[2 * r] = *(const float_pair *)c;
            v[2 * r + 1] = *(const float_pair *)(c + lda);
        }
#pragma unroll
        for (int r = 0; r < TR_ROUNDS; r++) {
            to[r * TR_ROUND_ROWS * TR_PLANE_ROW] = v[2 * r];
            to[TR_PLANE + r * TR_ROUND_ROWS * TR_PLANE_ROW] = v[2 * r + 1];
        }
        return;
    }
    float *col = b + 2 * lo + 2 * hi * ldb;
    const float_pair *from = plane + lo * TR_PLANE_ROW + hi;
#pragma unroll
    for (int r = 0; r < TR_ROUNDS; r++) {
        v[2 * r] = from[r * TR_ROUND_ROWS];
        v[2 * r + 1] = from[TR_PLANE + r * TR_ROUND_ROWS];
    }
#pragma unroll
    for (int r = 0; r < TR_ROUNDS; r++) {
        float *c = col + 2 * r * TR_ROUND_ROWS * ldb;
        *(float_pair *)c = (float_pair){ v[2 * r][0], v[2 * r + 1][0] };
        *(float_pair *)(c + ldb) = (float_pair){ v[2 * r][1], v[2 * r + 1][1] };
    }
}

/* The whole tile at (i0, j0) as pair blocks, in (out false) or out: thread
 * t of nt takes the parts of threads t, t + nt, ... of a team of TR_NT (on
 * a GPU, its own). */
GPU_INLINE void pair_move(bool out, const float *a, int64_t lda, float *b, int64_t ldb,
                          int64_t i0, int64_t j0, int t, int nt, float_pair *plane)
{
    for (int v = t; v < TR_NT; v += nt)
        pair_part(out, a + i0 + j0 * lda, lda, b + j0 + i0 * ldb, ldb, (unsigned)v, plane);
}

/* B := A^T over the fm x fn whole tiles at A's origin, as pair blocks: both
 * matrices' columns start 8-byte aligned, and no bound is checked. Any
 * team and thread count the runtime grants is correct. */
static void pair_kernel(int dev, int64_t fm, int64_t fn, const float *a, int64_t lda, float *b,
                        int64_t ldb)
{
    const int64_t ntiles = fm * fn;
    const int teams = ompwg_gpu_teams_for(ntiles);
#pragma omp target teams device(dev) num_teams(teams) thread_limit(TR_NT) is_device_ptr(a, b)
    {
        /* local memory: the tile's two planes of pairs */
        float_pair plane[2 * TR_PLANE];
#pragma omp parallel firstprivate(fm, a, lda, b, ldb, ntiles)
        {
            const int t = omp_get_thread_num(), nt = omp_get_num_threads();
            const int64_t team = omp_get_team_num(), nteam = omp_get_num_teams();
            for (int64_t tl = team; tl < ntiles; tl += nteam) {
                const int64_t i0 = tl % fm * TR_TILE, j0 = tl / fm * TR_TILE;
                pair_move(false, a, lda, b, ldb, i0, j0, t, nt, plane);
#pragma omp barrier
                pair_move(true, a, lda, b, ldb, i0, j0, t, nt, plane);
                /* the planes are free for the next tile */
#pragma omp barrier
            }
        }
    }
}
#endif

/* Tile k of those outside the block of fm x fn whole tiles at A's origin
 * that pair_kernel moves (every tile when fm is 0): first the tile rows
 * below the block, all tiles_n columns, then the tile column right of it.
 * Consecutive k go down A's tile columns. Double has no pair kernel (fm is
 * 0): the plain walk, as the extra arithmetic and the live fm, fn and
 * tiles_n cost it 4 to 8 registers (48 -> 52-56, ptxas). */
GPU_INLINE void tile_at(int64_t k, int64_t tiles_m, int64_t tiles_n, int64_t fm, int64_t fn,
                        int64_t *i0, int64_t *j0)
{
#if defined(OMPWG_PREC_S)
    const int64_t below = tiles_m - fm;
    if (k < below * tiles_n) {
        *i0 = (fm + k % below) * TR_TILE;
        *j0 = k / below * TR_TILE;
        return;
    }
    k -= below * tiles_n;
    *i0 = k % fm * TR_TILE;
    *j0 = (fn + k / fm) * TR_TILE;
#else
    (void)tiles_n, (void)fm, (void)fn;
    *i0 = k % tiles_m * TR_TILE;
    *j0 = k / tiles_m * TR_TILE;
#endif
}

/* B (n x m, ldb) := A^T for the column-major m x n A (lda), on the device,
 * over the tiles outside the fm x fn block at A's origin (fm = fn = 0:
 * every tile). row: elements per row of the staged tile (TR_TILE, or
 * TR_TILE + 1 when padded). Any team and thread count the runtime grants
 * is correct: teams stride over the tiles, threads over a tile's elements. */
static void tile_kernel(int dev, int64_t m, int64_t n, const T *a, int64_t lda, T *b,
                        int64_t ldb, int row, int64_t fm, int64_t fn)
{
    const int64_t tiles_m = ompwg_gpu_ceil_div(m, TR_TILE);
    const int64_t tiles_n = ompwg_gpu_ceil_div(n, TR_TILE);
    const int64_t ntiles = tiles_m * tiles_n - fm * fn;
    if (ntiles == 0) return;
    const int teams = ompwg_gpu_teams_for(ntiles);
#pragma omp target teams device(dev) num_teams(teams) thread_limit(TR_NT) is_device_ptr(a, b)
    {
        /* local memory: one tile, rows of up to TR_TILE + 1 elements */
        T tile[TR_TILE * (TR_TILE + 1)];
#pragma omp parallel firstprivate(m, n, a, lda, b, ldb, row, tiles_m, tiles_n, fm, fn, ntiles)
        {
            const int t = omp_get_thread_num(), nt = omp_get_num_threads();
            const int64_t team = omp_get_team_num(), nteam = omp_get_num_teams();
            for (int64_t tl = team; tl < ntiles; tl += nteam) {
                int64_t i0, j0;
                tile_at(tl, tiles_m, tiles_n, fm, fn, &i0, &j0);
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

/* B (n x m, ldb) := A^T for the column-major m x n A (lda), on the device:
 * float's whole tiles as pair blocks where both matrices' columns start
 * 8-byte aligned (tiles start at even rows) and the padded layout was asked
 * for, in pair_kernel; the rest, or everything, in tile_kernel. */
static void transpose(int dev, int64_t m, int64_t n, const T *a, int64_t lda, T *b, int64_t ldb,
                      int row)
{
    int64_t fm = 0, fn = 0;
#if defined(OMPWG_PREC_S)
    if (row == TR_TILE + 1 && lda % 2 == 0 && ldb % 2 == 0 && (uintptr_t)a % 8 == 0 &&
        (uintptr_t)b % 8 == 0 && m >= TR_TILE && n >= TR_TILE) {
        fm = m / TR_TILE;
        fn = n / TR_TILE;
        pair_kernel(dev, fm, fn, a, lda, b, ldb);
    }
#endif
    tile_kernel(dev, m, n, a, lda, b, ldb, row, fm, fn);
}

int TRANSPOSE_ENTRY(const ompwg_transpose_shape *s, const T *a, T *b)
{
    if (!ompwg_gpu_ready()) return OMPWG_ERR_UNAVAILABLE;
    const int dev = ompwg_gpu_device();
    const int row =
        ompwg_gpu_pick(OMPWG_GPU_KERNEL_TRANSPOSE) == OMPWG_GPU_TRANSPOSE_UNPADDED ? TR_TILE
                                                                                  : TR_TILE + 1;
    if (s->device_ptrs) {
        transpose(dev, s->m, s->n, a, s->lda, b, s->ldb, row);
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
        transpose(dev, s->m, s->n, da, s->m, db, s->n, row);
        st = ompwg_gpu_block_out(dev, &out);
    }
    ompwg_gpu_free(dev, db);
    ompwg_gpu_free(dev, da);
    return st;
}
