/* The tiled GEMM kernel's tensor-core warp tiles, shared by its paths
 * (gemm_dmma.inl for double, gemm_tf32x3.inl for float; only in the device
 * pass, under GEMM_TENSOR_CORES). gemm_tmpl.c defines MMA_BLOCK_M before it,
 * the rows of the path's mma.sync block (16, or 8 for m8n8k4); a block is
 * MMA_BLOCK_M x 8 of C. The team's warps split the team tile into
 * MMA_WARPS_M x mma_dw_n warp tiles, each mma_mi x mma_nj blocks, whose
 * accumulators a lane keeps in its register tile's storage. A lane
 * l = 4 g + q holds C's elements (g + 8 floor(r / 2), 2 q + r mod 2) of a
 * block, r < MMA_CF (PTX ISA: the same for .f64 and .tf32 m16n8k8). */
enum {
    MMA_WARPS_M = 4,
    MMA_CF = MMA_BLOCK_M / 4,
    /* blocks of a warp tile along m and n, for the large tile (the most) */
    MMA_MI_MAX = LARGE_TM / MMA_WARPS_M / MMA_BLOCK_M,
    MMA_NJ_MAX = LARGE_TN / (LARGE_NT / 32 / MMA_WARPS_M) / 8,
};

/* What the warp tiles assume of a team tile. */
#define GEMM_MMA_WARPS_ASSERTS(TM, TN, RM, RN, NT)                                             \
    _Static_assert((NT) % (32 * MMA_WARPS_M) == 0 && (TM) % (MMA_BLOCK_M * MMA_WARPS_M) == 0 && \
                       (TN) % (8 * ((NT) / 32 / MMA_WARPS_M)) == 0,                          \
                   "warp tiles of whole mma blocks");                                        \
    _Static_assert((TM) / MMA_WARPS_M / MMA_BLOCK_M * ((TN) / ((NT) / 32 / MMA_WARPS_M) / 8) * \
                           MMA_CF ==                                                         \
                       (RM) * (RN),                                                          \
                   "a lane's accumulators take the place of its register tile");             \
    _Static_assert((TM) / MMA_WARPS_M / MMA_BLOCK_M <= MMA_MI_MAX &&                           \
                       (TN) / ((NT) / 32 / MMA_WARPS_M) / 8 <= MMA_NJ_MAX,                   \
                   "a lane's fragment arrays hold the tile's")
GEMM_MMA_WARPS_ASSERTS(LARGE_TM, LARGE_TN, LARGE_RM, LARGE_RN, LARGE_NT);
GEMM_MMA_WARPS_ASSERTS(SMALL_TM, SMALL_TN, SMALL_RM, SMALL_RN, SMALL_NT);

/* Warp tiles along n, and blocks of a warp tile along m and n. */
GPU_INLINE int mma_dw_n(gemm_tile tile)
{
    return tile_threads(tile) / 32 / MMA_WARPS_M;
}

GPU_INLINE int mma_mi(gemm_tile tile)
{
    return tile.tm / MMA_WARPS_M / MMA_BLOCK_M;
}

GPU_INLINE int mma_nj(gemm_tile tile)
{
    return tile.tn / mma_dw_n(tile) / 8;
}

/* Where warp tile w starts in the team tile: row *wm0, column *wn0. */
GPU_INLINE void mma_warp_origin(gemm_tile tile, int w, int *wm0, int *wn0)
{
    *wm0 = w % MMA_WARPS_M * (tile.tm / MMA_WARPS_M);
    *wn0 = w / MMA_WARPS_M * (tile.tn / mma_dw_n(tile));
}

/* The staged places of element r of lane (g = lane / 4, q = lane % 4)'s A
 * fragment of block row i, and of its B fragment of block column j, at k
 * step kk (gpu_mma.h: A (g + 8 (r mod M/8), q + 4 floor(r / (M/8))),
 * B (q + 4 r, g)); the slices' rows hold row_a and row_b elements. */
GPU_INLINE int mma_a_at(int row_a, int wm0, int kk, int lane, int i, int r)
{
    const int g = lane >> 2, q = lane & 3;
    return (kk + q + 4 * (r / (MMA_BLOCK_M / 8))) * row_a + wm0 + i * MMA_BLOCK_M + g +
           8 * (r % (MMA_BLOCK_M / 8));
}

GPU_INLINE int mma_b_at(int row_b, int wn0, int kk, int lane, int j, int r)
{
    const int g = lane >> 2, q = lane & 3;
    return (kk + q + 4 * r) * row_b + wn0 + j * 8 + g;
}

/* Accumulator r of block (i, j) of a lane, kept in the register tile's
 * storage. */
GPU_INLINE T *mma_acc(gemm_tile tile, T acc[GEMM_RM_MAX][GEMM_RN_MAX], int i, int j, int r)
{
    const int at = (i * mma_nj(tile) + j) * MMA_CF + r;
    return &acc[at / tile.rn][at % tile.rn];
}

/* C := alpha * acc + beta * C for a lane's share of warp tile w, inside C
 * and its triangle `tri` only (store_c); beta == 0 never reads C. The
 * lane's old values in a column of C are all loaded before any is stored:
 * loaded and stored one at a time, each load (its address checked, so
 * not moved above the store before it) waited out a trip to memory, and
 * under Nsight Compute those waits were 40 % of the stall samples of a
 * TRSM update of k = 128 (19 us for 64 teams of 8 slices). */
GPU_INLINE void mma_store_c(gemm_tile tile, int w, int lane, int64_t m0, int64_t n0, int64_t m,
                            int64_t n, int tri, T alpha, T beta, T *c, int64_t ldc,
                            T acc[GEMM_RM_MAX][GEMM_RN_MAX])
{
    const int g = lane >> 2, q = lane & 3;
    const int mi = mma_mi(tile), nj = mma_nj(tile);
    int wm0, wn0;
    mma_warp_origin(tile, w, &wm0, &wn0);
    const int64_t r0 = m0 + wm0 + g, c0 = n0 + wn0 + 2 * q;
#pragma unroll
    for (int j = 0; j < nj; j++)
#pragma unroll
        for (int e = 0; e < 2; e++) {
            const int64_t col = c0 + j * 8 + e;
            if (col >= n) continue;
            T *cc = c + col * ldc;
            T old[MMA_MI_MAX][MMA_CF / 2];
#pragma unroll
            for (int i = 0; i < mi; i++)
#pragma unroll
                for (int h = 0; h < MMA_CF / 2; h++) {
                    const int64_t row = r0 + i * MMA_BLOCK_M + 8 * h;
                    old[i][h] = beta != 0 && row < m && !off_triangle(tri, row, col) ? cc[row] : 0;
                }
#pragma unroll
            for (int i = 0; i < mi; i++)
#pragma unroll
                for (int h = 0; h < MMA_CF / 2; h++) {
                    const int64_t row = r0 + i * MMA_BLOCK_M + 8 * h;
                    if (row >= m || off_triangle(tri, row, col)) continue;
                    const T v = *mma_acc(tile, acc, i, j, 2 * h + e);
                    cc[row] = beta == 0 ? alpha * v : alpha * v + beta * old[i][h];
                }
        }
}
