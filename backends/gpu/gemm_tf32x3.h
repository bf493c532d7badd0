/* The tiled GEMM kernel's 3xTF32 tensor-core path (sm_80 and later; float
 * only, and only in the device pass: gemm_tiled.h includes it under
 * GEMM_TENSOR_CORES), FP32 accuracy from TF32 products. Each element x of
 * A and B is split into TF32 parts hi + lo (tf32_split_, gpu_mma.h), and a
 * product a b is taken as lo_a hi_b + hi_a lo_b + hi_a hi_b, three
 * mma.sync into one FP32 accumulator, the small terms first; what is left
 * out, lo_a lo_b and the parts' remainders, is at most about 3 * 2^-22
 * |a| |b| per product (include/ompwg.h states the bound).
 *
 * The geometry is the FP64 path's (gemm_dmma.h) on the m16n8k8 shape: the
 * team's warps split the team tile into TF_WM x tf32x3_dw_n warp tiles, 32 x
 * 64 on the large team tile, which a warp computes as 16 x 8 blocks, each a
 * chain of mma.sync over k, 8 at a time, reading its fragments from the
 * same staged slices as the FMA path (gpu_mma.h gives the layouts). With
 * rows of 8 (mod 32) floats (TC_PAD), the lanes of a fragment read, at
 * (row q or q + 4, column g), fall in 32 distinct banks. */
enum {
    TF_M = 16,
    TF_K = 8,
    /* a lane's fragments of A, B and C per block */
    TF_AF = 4,
    TF_BF = 2,
    TF_CF = 4,
    TF_WM = 4,
    /* blocks of a warp tile along m and n, for the large tile (the most) */
    TF_MI_MAX = LARGE_TM / TF_WM / TF_M,
    TF_NJ_MAX = LARGE_TN / (LARGE_NT / 32 / TF_WM) / 8,
};

/* What the code below assumes of a tile. */
#define GEMM_TF32X3_ASSERTS(TM, TN, TK, RM, RN, NT)                                            \
    _Static_assert((NT) % (32 * TF_WM) == 0 && (TM) % (TF_M * TF_WM) == 0 &&                   \
                       (TN) % (8 * ((NT) / 32 / TF_WM)) == 0,                                \
                   "warp tiles of whole mma blocks");                                        \
    _Static_assert((TM) / TF_WM / TF_M * ((TN) / ((NT) / 32 / TF_WM) / 8) * TF_CF ==           \
                       (RM) * (RN),                                                          \
                   "a lane's accumulators take the place of its register tile");             \
    _Static_assert((TK) % TF_K == 0 && ((TM) + TC_PAD) % 32 == 8 &&                            \
                       ((TN) + TC_PAD) % 32 == 8,                                            \
                   "whole k steps; conflict-free fragment rows");                            \
    _Static_assert((RN) % TF_CF == 0, "a block's accumulators lie in one register tile row"); \
    _Static_assert((TM) / TF_WM / TF_M <= TF_MI_MAX &&                                         \
                       (TN) / ((NT) / 32 / TF_WM) / 8 <= TF_NJ_MAX,                          \
                   "a lane's fragment arrays hold the tile's")
GEMM_TF32X3_ASSERTS(LARGE_TM, LARGE_TN, LARGE_TK, LARGE_RM, LARGE_RN, LARGE_NT);
GEMM_TF32X3_ASSERTS(SMALL_TM, SMALL_TN, SMALL_TK, SMALL_RM, SMALL_RN, SMALL_NT);

/* Warp tiles along n, and blocks of a warp tile along m and n. */
GPU_INLINE int tf32x3_dw_n(gemm_tile tile)
{
    return tile_threads(tile) / 32 / TF_WM;
}

GPU_INLINE int tf32x3_mi(gemm_tile tile)
{
    return tile.tm / TF_WM / TF_M;
}

GPU_INLINE int tf32x3_nj(gemm_tile tile)
{
    return tile.tn / tf32x3_dw_n(tile) / 8;
}

/* Accumulator r of block (i, j) of a lane, kept in the register tile's
 * storage; a block's TF_CF accumulators are consecutive there (the
 * register tile's rows hold whole blocks: GEMM_TF32X3_ASSERTS). */
GPU_INLINE float *tf32x3_acc(gemm_tile tile, float acc[GEMM_RM_MAX][GEMM_RN_MAX], int i, int j,
                             int r)
{
    const int at = (i * tf32x3_nj(tile) + j) * TF_CF + r;
    return &acc[at / tile.rn][at % tile.rn];
}

/* acc += the staged slices for a lane's share of warp tile w. The A
 * fragments of a k step are split once and kept; each B fragment is split
 * just before its column of blocks, so that only one is live beside them
 * (all of them kept spilled registers). */
GPU_INLINE void tf32x3_mac(gemm_tile tile, int w, int lane, const float *as, const float *bs,
                           float acc[GEMM_RM_MAX][GEMM_RN_MAX])
{
    const int g = lane >> 2, q = lane & 3;
    const int mi = tf32x3_mi(tile), nj = tf32x3_nj(tile);
    const int row_a = tile_row_a(tile), row_b = tile_row_b(tile);
    const int wm0 = w % TF_WM * (tile.tm / TF_WM), wn0 = w / TF_WM * (tile.tn / tf32x3_dw_n(tile));
#pragma unroll
    for (int kk = 0; kk < tile.tk; kk += TF_K) {
        unsigned ahi[TF_MI_MAX][TF_AF], alo[TF_MI_MAX][TF_AF];
#pragma unroll
        for (int i = 0; i < mi; i++)
#pragma unroll
            for (int r = 0; r < TF_AF; r++)
                tf32_split_(as[(kk + q + 4 * (r / 2)) * row_a + wm0 + i * TF_M + g + 8 * (r % 2)],
                            &ahi[i][r], &alo[i][r]);
#pragma unroll
        for (int j = 0; j < nj; j++) {
            unsigned bhi[TF_BF], blo[TF_BF];
#pragma unroll
            for (int r = 0; r < TF_BF; r++)
                tf32_split_(bs[(kk + q + 4 * r) * row_b + wn0 + j * 8 + g], &bhi[r], &blo[r]);
            /* each term into every block of the column before the next
             * term, so that the mma.sync in flight are independent */
#pragma unroll
            for (int i = 0; i < mi; i++) tf32_mma_(alo[i], bhi, tf32x3_acc(tile, acc, i, j, 0));
#pragma unroll
            for (int i = 0; i < mi; i++) tf32_mma_(ahi[i], blo, tf32x3_acc(tile, acc, i, j, 0));
#pragma unroll
            for (int i = 0; i < mi; i++) tf32_mma_(ahi[i], bhi, tf32x3_acc(tile, acc, i, j, 0));
        }
    }
}

/* C := alpha * acc + beta * C for a lane's share of its warp tile, inside C
 * only; beta == 0 never reads C. */
GPU_INLINE void tf32x3_store_c(gemm_tile tile, int w, int lane, int64_t m0, int64_t n0,
                               int64_t m, int64_t n, float alpha, float beta, float *c,
                               int64_t ldc, float acc[GEMM_RM_MAX][GEMM_RN_MAX])
{
    const int g = lane >> 2, q = lane & 3;
    const int mi = tf32x3_mi(tile), nj = tf32x3_nj(tile);
    const int64_t r0 = m0 + w % TF_WM * (tile.tm / TF_WM) + g,
                  c0 = n0 + w / TF_WM * (tile.tn / tf32x3_dw_n(tile)) + 2 * q;
#pragma unroll
    for (int j = 0; j < nj; j++)
#pragma unroll
        for (int e = 0; e < 2; e++) {
            const int64_t col = c0 + j * 8 + e;
            if (col >= n) continue;
            float *cc = c + col * ldc;
#pragma unroll
            for (int i = 0; i < mi; i++)
#pragma unroll
                for (int h = 0; h < TF_CF / 2; h++) {
                    const int64_t row = r0 + i * TF_M + 8 * h;
                    if (row >= m) continue;
                    const float v = *tf32x3_acc(tile, acc, i, j, 2 * h + e);
                    cc[row] = beta == 0 ? alpha * v : alpha * v + beta * cc[row];
                }
        }
}
