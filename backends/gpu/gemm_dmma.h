/* The tiled GEMM kernel's FP64 tensor-core path (sm_80 and later; double
 * only, and only in the device pass: gemm_tiled.h includes it under
 * GEMM_TENSOR_CORES). The team's warps split the team tile into DW_M x dw_n
 * warp tiles; a warp computes its tile as GEMM_DMMA_M x 8 blocks, each a
 * chain of mma.sync over k, DMMA_K at a time, reading its fragments from
 * the same staged slices as the FMA path: m8n8k4 (sm_80) or m16n8k8 (sm_90,
 * GEMM_DMMA_M 16). Fragment layouts (PTX ISA, mma .f64): lane l = 4 g + q
 * holds, for r counting from 0,
 *   A: (g + 8 (r mod M/8), q + 4 floor(r / (M/8))), (M/8)(K/4) of them;
 *   B: (q + 4 r, g), K/4 of them;
 *   C: (g + 8 floor(r / 2), 2 q + r mod 2), M/4 of them.
 * With rows of row_a = row_b = 4 (mod 16) doubles, the four k rows a
 * half-warp reads fall in distinct banks. */
enum {
    DMMA_K = GEMM_DMMA_M / 2,
    /* a lane's fragments of A, B and C per block */
    DMMA_AF = GEMM_DMMA_M / 8 * DMMA_K / 4,
    DMMA_BF = DMMA_K / 4,
    DMMA_CF = GEMM_DMMA_M / 4,
    DW_M = 4,
    /* blocks of a warp tile along m and n, for the large tile (the most) */
    DMMA_MI_MAX = LARGE_TM / DW_M / GEMM_DMMA_M,
    DMMA_NJ_MAX = LARGE_TN / (LARGE_NT / 32 / DW_M) / 8,
};

/* What the code below assumes of a tile. */
#define GEMM_DMMA_ASSERTS(TM, TN, TK, RM, RN, NT)                                              \
    _Static_assert((NT) % (32 * DW_M) == 0 && (TM) % (GEMM_DMMA_M * DW_M) == 0 &&              \
                       (TN) % (8 * ((NT) / 32 / DW_M)) == 0,                                 \
                   "warp tiles of whole mma blocks");                                        \
    _Static_assert((TM) / DW_M / GEMM_DMMA_M * ((TN) / ((NT) / 32 / DW_M) / 8) * DMMA_CF ==    \
                       (RM) * (RN),                                                          \
                   "a lane's accumulators take the place of its register tile");             \
    _Static_assert((TK) % DMMA_K == 0 && ((TM) + TC_PAD) % 16 == 4 &&                          \
                       ((TN) + TC_PAD) % 16 == 4,                                            \
                   "whole k steps; conflict-free fragment rows");                            \
    _Static_assert((TM) / DW_M / GEMM_DMMA_M <= DMMA_MI_MAX &&                                 \
                       (TN) / ((NT) / 32 / DW_M) / 8 <= DMMA_NJ_MAX,                         \
                   "a lane's fragment arrays hold the tile's")
GEMM_DMMA_ASSERTS(LARGE_TM, LARGE_TN, LARGE_TK, LARGE_RM, LARGE_RN, LARGE_NT);
GEMM_DMMA_ASSERTS(SMALL_TM, SMALL_TN, SMALL_TK, SMALL_RM, SMALL_RN, SMALL_NT);

/* Warp tiles along n, and blocks of a warp tile along m and n. */
GPU_INLINE int dmma_dw_n(gemm_tile tile)
{
    return tile_threads(tile) / 32 / DW_M;
}

GPU_INLINE int dmma_mi(gemm_tile tile)
{
    return tile.tm / DW_M / GEMM_DMMA_M;
}

GPU_INLINE int dmma_nj(gemm_tile tile)
{
    return tile.tn / dmma_dw_n(tile) / 8;
}

/* Accumulator r of block (i, j) of a lane, kept in the register tile's
 * storage. */
GPU_INLINE T *dmma_acc(gemm_tile tile, T acc[GEMM_RM_MAX][GEMM_RN_MAX], int i, int j, int r)
{
    const int at = (i * dmma_nj(tile) + j) * DMMA_CF + r;
    return &acc[at / tile.rn][at % tile.rn];
}

GPU_INLINE void dmma_mac(gemm_tile tile, int w, int lane, const T *as, const T *bs,
                         T acc[GEMM_RM_MAX][GEMM_RN_MAX])
{
    const int g = lane >> 2, q = lane & 3;
    const int mi = dmma_mi(tile), nj = dmma_nj(tile);
    const int row_a = tile_row_a(tile), row_b = tile_row_b(tile);
    const int wm0 = w % DW_M * (tile.tm / DW_M), wn0 = w / DW_M * (tile.tn / dmma_dw_n(tile));
#pragma unroll
    for (int kk = 0; kk < tile.tk; kk += DMMA_K) {
        T fa[DMMA_MI_MAX][DMMA_AF], fb[DMMA_NJ_MAX][DMMA_BF];
#pragma unroll
        for (int i = 0; i < mi; i++)
#pragma unroll
            for (int r = 0; r < DMMA_AF; r++)
                fa[i][r] = as[(kk + q + 4 * (r / (GEMM_DMMA_M / 8))) * row_a + wm0 +
                              i * GEMM_DMMA_M + g + 8 * (r % (GEMM_DMMA_M / 8))];
#pragma unroll
        for (int j = 0; j < nj; j++)
#pragma unroll
            for (int r = 0; r < DMMA_BF; r++)
                fb[j][r] = bs[(kk + q + 4 * r) * row_b + wn0 + j * 8 + g];
#pragma unroll
        for (int i = 0; i < mi; i++)
#pragma unroll
            for (int j = 0; j < nj; j++) {
                T c[DMMA_CF];
#pragma unroll
                for (int r = 0; r < DMMA_CF; r++) c[r] = *dmma_acc(tile, acc, i, j, r);
                dmma_(fa[i], fb[j], c);
#pragma unroll
                for (int r = 0; r < DMMA_CF; r++) *dmma_acc(tile, acc, i, j, r) = c[r];
            }
    }
}

/* C := alpha * acc + beta * C for a lane's share of its warp tile, inside C
 * only; beta == 0 never reads C. */
GPU_INLINE void dmma_store_c(gemm_tile tile, int w, int lane, int64_t m0, int64_t n0, int64_t m,
                             int64_t n, T alpha, T beta, T *c, int64_t ldc,
                             T acc[GEMM_RM_MAX][GEMM_RN_MAX])
{
    const int g = lane >> 2, q = lane & 3;
    const int mi = dmma_mi(tile), nj = dmma_nj(tile);
    const int64_t r0 = m0 + w % DW_M * (tile.tm / DW_M) + g,
                  c0 = n0 + w / DW_M * (tile.tn / dmma_dw_n(tile)) + 2 * q;
#pragma unroll
    for (int j = 0; j < nj; j++)
#pragma unroll
        for (int e = 0; e < 2; e++) {
            const int64_t col = c0 + j * 8 + e;
            if (col >= n) continue;
            T *cc = c + col * ldc;
#pragma unroll
            for (int i = 0; i < mi; i++)
#pragma unroll
                for (int h = 0; h < DMMA_CF / 2; h++) {
                    const int64_t row = r0 + i * GEMM_DMMA_M + 8 * h;
                    if (row >= m) continue;
                    const T v = *dmma_acc(tile, acc, i, j, 2 * h + e);
                    cc[row] = beta == 0 ? alpha * v : alpha * v + beta * cc[row];
                }
        }
}
