/* The tiled GEMM kernel's 3xTF32 tensor-core path (sm_80 and later; float
 * only, and only in the device pass: gemm_tmpl.c includes it under
 * GEMM_TENSOR_CORES, after gemm_mma_warps.inl), FP32 accuracy from TF32 products. Each element x of
 * A and B is split into TF32 parts hi + lo (tf32_split_, gpu_mma.h), and a
 * product a b is taken as lo_a hi_b + hi_a lo_b + hi_a hi_b, three
 * mma.sync into one FP32 accumulator, the small terms first; what is left
 * out, lo_a lo_b and the parts' remainders, is at most about 3 * 2^-22
 * |a| |b| per product (include/ompwg.h states the bound).
 *
 * The warp tiles are the FP64 path's (gemm_mma_warps.inl) on the m16n8k8
 * shape, 32 x 64 on the large team tile, which a warp computes as 16 x 8
 * blocks, each a chain of mma.sync over k, 8 at a time, reading its fragments from the
 * same staged slices as the FMA path (gpu_mma.h gives the layouts). With
 * rows of 8 (mod 32) floats (TC_PAD), the lanes of a fragment read, at
 * (row q or q + 4, column g), fall in 32 distinct banks. */
enum {
    TF_K = 8,
    /* a lane's fragments of A and B per block */
    TF_AF = 4,
    TF_BF = 2,
};

/* What the 3xTF32 path assumes of a tile beyond its warp tiles. */
#define GEMM_TF32X3_ASSERTS(TM, TN, TK, RN)                                                    \
    _Static_assert((TK) % TF_K == 0 && ((TM) + TC_PAD) % 32 == 8 &&                            \
                       ((TN) + TC_PAD) % 32 == 8,                                            \
                   "whole k steps; conflict-free fragment rows");                            \
    _Static_assert((RN) % MMA_CF == 0, "a block's accumulators lie in one register tile row")
GEMM_TF32X3_ASSERTS(LARGE_TM, LARGE_TN, LARGE_TK, LARGE_RN);
GEMM_TF32X3_ASSERTS(SMALL_TM, SMALL_TN, SMALL_TK, SMALL_RN);

/* acc += the staged slices for a lane's share of warp tile w. The A
 * fragments of a k step are split once and kept; each B fragment is split
 * just before its column of blocks, so that only one is live beside them
 * (all of them kept spilled registers). */
GPU_INLINE void tf32x3_mac(gemm_tile tile, int w, int lane, const float *as, const float *bs,
                           float acc[GEMM_RM_MAX][GEMM_RN_MAX])
{
    const int mi = mma_mi(tile), nj = mma_nj(tile);
    const int row_a = tile_row_a(tile), row_b = tile_row_b(tile);
    int wm0, wn0;
    mma_warp_origin(tile, w, &wm0, &wn0);
#pragma unroll
    for (int kk = 0; kk < tile.tk; kk += TF_K) {
        unsigned ahi[MMA_MI_MAX][TF_AF], alo[MMA_MI_MAX][TF_AF];
#pragma unroll
        for (int i = 0; i < mi; i++)
#pragma unroll
            for (int r = 0; r < TF_AF; r++)
                tf32_split_(as[mma_a_at(row_a, wm0, kk, lane, i, r)], &ahi[i][r], &alo[i][r]);
#pragma unroll
        for (int j = 0; j < nj; j++) {
            unsigned bhi[TF_BF], blo[TF_BF];
#pragma unroll
            for (int r = 0; r < TF_BF; r++)
                tf32_split_(bs[mma_b_at(row_b, wn0, kk, lane, j, r)], &bhi[r], &blo[r]);
            /* each term into every block of the column before the next
             * term, so that the mma.sync in flight are independent */
#pragma unroll
            for (int i = 0; i < mi; i++) tf32_mma_(alo[i], bhi, mma_acc(tile, acc, i, j, 0));
#pragma unroll
            for (int i = 0; i < mi; i++) tf32_mma_(ahi[i], blo, mma_acc(tile, acc, i, j, 0));
#pragma unroll
            for (int i = 0; i < mi; i++) tf32_mma_(ahi[i], bhi, mma_acc(tile, acc, i, j, 0));
        }
    }
}
