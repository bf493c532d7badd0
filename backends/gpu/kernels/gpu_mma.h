/* The tensor cores' matrix multiply-accumulate, mma.sync on one warp, in
 * FP64 for the kernel families that use it (gemm_tmpl.c, cgemm_tmpl.c) and
 * in TF32 for the float GEMM's 3xTF32 path (below). Device
 * pass only (inline PTX), where the build's architectures all have it:
 * m16n8k8 from sm_90, m8n8k4 from sm_80 (GEMM_DMMA_M, the shape's M, is 16
 * or 8).
 *
 * A block is GEMM_DMMA_M x 8 of C and GPU_DMMA_K deep. Lane l = 4 g + q of
 * the warp holds, for r counting from 0 (PTX ISA, mma .f64 fragments):
 *   A: (g + 8 (r mod M/8), q + 4 floor(r / (M/8))), GPU_DMMA_AF of them;
 *   B: (q + 4 r, g), GPU_DMMA_BF of them;
 *   C: (g + 8 floor(r / 2), 2 q + r mod 2), GPU_DMMA_CF of them.
 * The dmma_*_ functions below give these places; gemm_dmma.inl's dmma_mac
 * reads the same layout. */
#ifndef OMPWG_GPU_MMA_H
#define OMPWG_GPU_MMA_H

#include "../gpu.h"
#include "ompwg_config.h"

#if defined(__NVPTX__) && OMPWG_GPU_FP64_MMA
#define GEMM_DMMA_M OMPWG_GPU_FP64_MMA
#define GPU_DMMA_K (GEMM_DMMA_M / 2)
#define GPU_DMMA_AF (GEMM_DMMA_M / 8 * GPU_DMMA_K / 4)
#define GPU_DMMA_BF (GPU_DMMA_K / 4)
#define GPU_DMMA_CF (GEMM_DMMA_M / 4)

/* c += a b on one block; each array is this lane's fragment. */
GPU_INLINE void dmma_(const double *a, const double *b, double *c)
{
#if GEMM_DMMA_M == 16
    __asm__("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, "
            "{%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
            : "+d"(c[0]), "+d"(c[1]), "+d"(c[2]), "+d"(c[3])
            : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(b[0]), "d"(b[1]));
#else
    __asm__("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};"
            : "+d"(c[0]), "+d"(c[1])
            : "d"(a[0]), "d"(b[0]));
#endif
}

/* Element r of lane (g, q)'s A fragment: its row in the block and its k. */
GPU_INLINE int dmma_a_row_(int g, int r)
{
    return g + 8 * (r % (GEMM_DMMA_M / 8));
}

GPU_INLINE int dmma_a_k_(int q, int r)
{
    return q + 4 * (r / (GEMM_DMMA_M / 8));
}

/* Element r of lane (g, q)'s B fragment: its k (its column is g). */
GPU_INLINE int dmma_b_k_(int q, int r)
{
    return q + 4 * r;
}

/* Element r of lane (g, q)'s C fragment: its row and column in the block. */
GPU_INLINE int dmma_c_row_(int g, int r)
{
    return g + 8 * (r / 2);
}

GPU_INLINE int dmma_c_col_(int q, int r)
{
    return 2 * q + r % 2;
}

/* The TF32 tensor cores, for the float GEMM's 3xTF32 path: mma.sync
 * m16n8k8 .tf32 with FP32 accumulators, which every architecture from sm_80
 * has (so wherever OMPWG_GPU_FP64_MMA is nonzero, m8n8k4 builds included).
 * A block is 16 x 8 of C and 8 deep; its fragments (PTX ISA, "Matrix
 * Fragments for mma.m16n8k8", .tf32 A and B, .f32 C) hold the same places
 * as the m16n8k8 .f64 ones above, each A and B element one .b32 register:
 *   A: (g + 8 (r mod 2), q + 4 floor(r / 2)), r < 4;
 *   B: (q + 4 r, g), r < 2;
 *   C: (g + 8 floor(r / 2), 2 q + r mod 2), r < 4.
 * (CUTLASS's SM80_16x8x8_F32TF32TF32F32_TN gives the same layouts.) */
#define GPU_TF32_MMA 1

/* c += a b on one block of TF32 operands (the low 13 bits of each .b32
 * are ignored by the tensor cores; tf32_split_ leaves them zero). */
GPU_INLINE void tf32_mma_(const unsigned *a, const unsigned *b, float *c)
{
    __asm__("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, "
            "{%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
            : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
            : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

/* x as a TF32 high part and a TF32 low part, each rounded to nearest with
 * ties away from zero (cvt.rna): hi = tf32(x), lo = tf32(x - hi), where
 * x - hi is exact in float; |x - hi - lo| <= 2^-22 |x| (x normal). Inf and
 * NaN have no low part: Inf - Inf would turn a product that is Inf into a
 * NaN. A finite x that rounds past the largest TF32 value is truncated
 * instead, so that no Inf appears where there was none. */
GPU_INLINE void tf32_split_(float x, unsigned *hi, unsigned *lo)
{
    union {
        unsigned u;
        float f;
    } h, in = { .f = x };
    __asm__("cvt.rna.tf32.f32 %0, %1;" : "=r"(h.u) : "f"(x));
    if (__builtin_isinf(h.f) && !__builtin_isinf(x)) h.u = in.u & 0xffffe000u;
    const float rest = __builtin_isfinite(x) ? x - h.f : 0.0f;
    __asm__("cvt.rna.tf32.f32 %0, %1;" : "=r"(*lo) : "f"(rest));
    *hi = h.u;
}
#endif

#endif
