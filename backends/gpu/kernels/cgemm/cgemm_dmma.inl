/* The FP64 tensor-core path of the complex GEMM (double only, device pass
 * only: CG_TC), a part of cgemm_tmpl.c. The team's warps split the team
 * tile into CG_DW_M x CG_DW_N warp tiles; a warp computes its tile as
 * GEMM_DMMA_M x 8 blocks (gpu_mma.h), its fragments read from the four
 * staged planes. Per k step each block takes four mma into two accumulator
 * sets: re += ar br and im += ar bi, then re += (-ai) bi and im += ai br,
 * the imaginary fragment of A negated in registers (exactly). So each
 * element of C is, as on the FMA path, one chain of double multiply-adds
 * over k for its real part and one for its imaginary part, not four real
 * GEMMs added afterwards. */
enum {
    CG_DW_M = 4,
    CG_DW_N = CG_NT / 32 / CG_DW_M,
    CG_MI = CG_TM / CG_DW_M / GEMM_DMMA_M,
    CG_NJ = CG_TN / CG_DW_N / 8,
};
_Static_assert(CG_NT % (32 * CG_DW_M) == 0 && CG_TM % (GEMM_DMMA_M * CG_DW_M) == 0 &&
                   CG_TN % (8 * CG_DW_N) == 0,
               "warp tiles of whole mma blocks");
_Static_assert(CG_MI * CG_NJ * GPU_DMMA_CF == CG_RM * CG_RN,
               "a lane's accumulators take the place of its register tile");
_Static_assert(CG_TK % GPU_DMMA_K == 0 && CG_ROW_A % 16 == 4 && CG_ROW_B % 16 == 4,
               "whole k steps; conflict-free fragment rows");

/* Accumulator r of a lane's block (i, j), kept in the storage x of its
 * register tile's real or imaginary parts. */
#define CG_DMMA_ACC(x, i, j, r) \
    (x)[(((i) * CG_NJ + (j)) * GPU_DMMA_CF + (r)) / CG_RN] \
       [(((i) * CG_NJ + (j)) * GPU_DMMA_CF + (r)) % CG_RN]

/* Block (i, j) of one accumulator set += a b, a and b this lane's
 * fragments. */
GPU_INLINE void cg_dmma_block(int i, int j, const TR *a, const TR *b,
                              TR acc[CG_RM][CG_RN])
{
    TR c[GPU_DMMA_CF];
#pragma unroll
    for (int r = 0; r < GPU_DMMA_CF; r++) c[r] = CG_DMMA_ACC(acc, i, j, r);
    dmma_(a, b, c);
#pragma unroll
    for (int r = 0; r < GPU_DMMA_CF; r++) CG_DMMA_ACC(acc, i, j, r) = c[r];
}

/* Every block's re += xr yr and im += xi yi (this lane's fragments): one
 * of the two products each accumulator set takes per k step. */
GPU_INLINE void cg_dmma_pass(TR xr[CG_MI][GPU_DMMA_AF], TR yr[CG_NJ][GPU_DMMA_BF],
                             TR xi[CG_MI][GPU_DMMA_AF], TR yi[CG_NJ][GPU_DMMA_BF],
                             TR re[CG_RM][CG_RN], TR im[CG_RM][CG_RN])
{
#pragma unroll
    for (int i = 0; i < CG_MI; i++)
#pragma unroll
        for (int j = 0; j < CG_NJ; j++) {
            cg_dmma_block(i, j, xr[i], yr[j], re);
            cg_dmma_block(i, j, xi[i], yi[j], im);
        }
}

/* The sign bit of a double, and x with its sign flipped where `sign` has
 * it (0 or CG_SIGN_BIT): an integer XOR on the upper word. -x and x * -1
 * are FP64 instructions, which waited behind the DMMA for the FP64 pipe:
 * under Nsight Compute (ZGEMM n = 4096, stall samples per SASS
 * instruction) the negations' DADD and the conjugates' selects took a
 * quarter of the kernel's samples, the DMMA 2.5 %. */
#define CG_SIGN_BIT ((uint64_t)1 << 63)

GPU_INLINE TR cg_flip(TR x, uint64_t sign)
{
    uint64_t u;
    __builtin_memcpy(&u, &x, sizeof u);
    u ^= sign;
    __builtin_memcpy(&x, &u, sizeof u);
    return x;
}

/* The staged slice added into lane `lane`'s share of warp w's tile; the
 * staged imaginary parts of A and B with their signs flipped by sa and sb
 * (0 or CG_SIGN_BIT: the asynchronous copies stage op(A) and op(B)
 * unconjugated, and the sign is exact in registers). */
GPU_INLINE void cg_dmma_mac(int w, int lane, const cg_slice *sl, uint64_t sa, uint64_t sb,
                            TR re[CG_RM][CG_RN], TR im[CG_RM][CG_RN])
{
    const int g = lane >> 2, q = lane & 3;
    const int wm0 = w % CG_DW_M * (CG_TM / CG_DW_M), wn0 = w / CG_DW_M * (CG_TN / CG_DW_N);
#pragma unroll
    for (int kk = 0; kk < CG_TK; kk += GPU_DMMA_K) {
        TR ar[CG_MI][GPU_DMMA_AF], ai[CG_MI][GPU_DMMA_AF], nai[CG_MI][GPU_DMMA_AF];
        TR br[CG_NJ][GPU_DMMA_BF], bi[CG_NJ][GPU_DMMA_BF];
#pragma unroll
        for (int i = 0; i < CG_MI; i++)
#pragma unroll
            for (int r = 0; r < GPU_DMMA_AF; r++) {
                const int p = kk + dmma_a_k_(q, r);
                const int x = wm0 + i * GEMM_DMMA_M + dmma_a_row_(g, r);
                ar[i][r] = sl->are[p][x];
                ai[i][r] = cg_flip(sl->aim[p][x], sa);
                nai[i][r] = cg_flip(ai[i][r], CG_SIGN_BIT);
            }
#pragma unroll
        for (int j = 0; j < CG_NJ; j++)
#pragma unroll
            for (int r = 0; r < GPU_DMMA_BF; r++) {
                const int p = kk + dmma_b_k_(q, r), y = wn0 + j * 8 + g;
                br[j][r] = sl->bre[p][y];
                bi[j][r] = cg_flip(sl->bim[p][y], sb);
            }
        /* every block's first product, then its second, so that the two
         * mma on one accumulator block are issued apart */
        cg_dmma_pass(ar, br, ar, bi, re, im);
        cg_dmma_pass(nai, bi, ai, br, re, im);
    }
}

/* C := alpha * acc + beta * C on lane `lane`'s share of warp w's tile,
 * inside C only. */
GPU_INLINE void cg_dmma_store(const cg_job *J, int w, int lane, int64_t m0,
                              int64_t n0, const TR re[CG_RM][CG_RN],
                              const TR im[CG_RM][CG_RN])
{
    const int g = lane >> 2, q = lane & 3;
    const int64_t wm0 = m0 + w % CG_DW_M * (CG_TM / CG_DW_M);
    const int64_t wn0 = n0 + w / CG_DW_M * (CG_TN / CG_DW_N);
#pragma unroll
    for (int j = 0; j < CG_NJ; j++)
#pragma unroll
        for (int i = 0; i < CG_MI; i++)
#pragma unroll
            for (int r = 0; r < GPU_DMMA_CF; r++) {
                const int64_t row = wm0 + i * GEMM_DMMA_M + dmma_c_row_(g, r);
                const int64_t col = wn0 + j * 8 + dmma_c_col_(q, r);
                if (row < J->m && col < J->n)
                    cg_update_c(J, row, col, J->beta_re, J->beta_im,
                                CG_DMMA_ACC(re, i, j, r), CG_DMMA_ACC(im, i, j, r));
            }
}
