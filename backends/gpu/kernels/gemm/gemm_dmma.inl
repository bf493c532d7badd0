/* The tiled GEMM kernel's FP64 tensor-core path (sm_80 and later; double
 * only, and only in the device pass: gemm_tmpl.c includes it under
 * GEMM_TENSOR_CORES, after gemm_mma_warps.inl). A warp computes its warp tile (gemm_mma_warps.inl) as
 * GEMM_DMMA_M x 8 blocks, each a chain of mma.sync over k, DMMA_K at a
 * time, reading its fragments from the same staged slices as the FMA
 * path: m8n8k4 (sm_80) or m16n8k8 (sm_90, GEMM_DMMA_M 16). Fragment layouts (PTX ISA, mma .f64): lane l = 4 g + q
 * holds, for r counting from 0,
 *   A: (g + 8 (r mod M/8), q + 4 floor(r / (M/8))), (M/8)(K/4) of them;
 *   B: (q + 4 r, g), K/4 of them;
 *   C: (g + 8 floor(r / 2), 2 q + r mod 2), M/4 of them.
 * With rows of row_a = row_b = 4 (mod 16) doubles, the four k rows a
 * half-warp reads fall in distinct banks. */
enum {
    DMMA_K = GEMM_DMMA_M / 2,
    /* a lane's fragments of A and B per block */
    DMMA_AF = GEMM_DMMA_M / 8 * DMMA_K / 4,
    DMMA_BF = DMMA_K / 4,
};

/* What the FP64 path assumes of a tile beyond its warp tiles. */
#define GEMM_DMMA_ASSERTS(TM, TN, TK)                                                          \
    _Static_assert((TK) % DMMA_K == 0 && ((TM) + TC_PAD) % 16 == 4 &&                          \
                       ((TN) + TC_PAD) % 16 == 4,                                            \
                   "whole k steps; conflict-free fragment rows")
GEMM_DMMA_ASSERTS(LARGE_TM, LARGE_TN, LARGE_TK);
GEMM_DMMA_ASSERTS(SMALL_TM, SMALL_TN, SMALL_TK);

/* acc += the staged slices for a lane's share of warp tile w. */
GPU_INLINE void dmma_mac(gemm_tile tile, int w, int lane, const T *as, const T *bs,
                         T acc[GEMM_RM_MAX][GEMM_RN_MAX])
{
    const int mi = mma_mi(tile), nj = mma_nj(tile);
    const int row_a = tile_row_a(tile), row_b = tile_row_b(tile);
    int wm0, wn0;
    mma_warp_origin(tile, w, &wm0, &wn0);
#pragma unroll
    for (int kk = 0; kk < tile.tk; kk += DMMA_K) {
        T fa[MMA_MI_MAX][DMMA_AF], fb[MMA_NJ_MAX][DMMA_BF];
#pragma unroll
        for (int i = 0; i < mi; i++)
#pragma unroll
            for (int r = 0; r < DMMA_AF; r++)
                fa[i][r] = as[mma_a_at(row_a, wm0, kk, lane, i, r)];
#pragma unroll
        for (int j = 0; j < nj; j++)
#pragma unroll
            for (int r = 0; r < DMMA_BF; r++)
                fb[j][r] = bs[mma_b_at(row_b, wn0, kk, lane, j, r)];
#pragma unroll
        for (int i = 0; i < mi; i++)
#pragma unroll
            for (int j = 0; j < nj; j++) {
                T c[MMA_CF];
#pragma unroll
                for (int r = 0; r < MMA_CF; r++) c[r] = *mma_acc(tile, acc, i, j, r);
                dmma_(fa[i], fb[j], c);
#pragma unroll
                for (int r = 0; r < MMA_CF; r++) *mma_acc(tile, acc, i, j, r) = c[r];
            }
    }
}
