/* The FP64 tensor cores' mma.sync, for the kernels that use them (device
 * pass only: inline PTX). GEMM_DMMA_M is the mma shape's M: 16 (m16n8k8,
 * sm_90) or 8 (m8n8k4, sm_80). */
#ifndef OMPWG_GPU_MMA_H
#define OMPWG_GPU_MMA_H

#include "gpu.h"
#include "ompwg_config.h"

#if defined(__NVPTX__) && OMPWG_GPU_FP64_MMA
#define GEMM_DMMA_M OMPWG_GPU_FP64_MMA
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
#endif

#endif
