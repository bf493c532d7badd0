/* The GEMM call on device data for one precision, included by gemm.c after
 * both kernels: quick cases and the variant (OMPWG_GPU_GEMM). */
#include "prec.h"

/* C := beta * C: the whole call when alpha == 0 or k == 0 (A and B unread). */
static void TN(gemm_scale_, )(int dev, int64_t m, int64_t n, T beta, T *c, int64_t ldc)
{
    int teams = ompwg_gpu_teams_for(ompwg_gpu_ceil_div(m * n, SCALE_NT));
#pragma omp target teams distribute parallel for collapse(2) device(dev) num_teams(teams) \
    thread_limit(SCALE_NT) is_device_ptr(c)
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < m; i++) {
            T *p = c + i + j * ldc;
            *p = beta == 0 ? (T)0 : beta * *p;
        }
}

/* Whether the tiled kernel takes the small team tile (OMPWG_GPU_GEMM_TILE):
 * by default when the large tiles of C would be fewer than the
 * multiprocessors, so that more of them work. */
static bool TN(small_tiles_, )(int64_t m, int64_t n)
{
    switch (ompwg_gpu_pick(OMPWG_GPU_KERNEL_GEMM_TILE)) {
    case OMPWG_GPU_GEMM_TILE_LARGE: return false;
    case OMPWG_GPU_GEMM_TILE_SMALL: return true;
    }
    const int64_t large_tiles = ompwg_gpu_ceil_div(m, OMPWG_GPU_TILE_M) *
                                ompwg_gpu_ceil_div(n, OMPWG_GPU_TILE_N);
    return large_tiles < ompwg_gpu_sm_count();
}

/* The call on data that is on the device already. */
static void TN(gemm_resident_, )(int dev, const ompwg_gemm_shape *s, T alpha, const T *a,
                                 const T *b, T beta, T *c)
{
    if (alpha == 0 || s->k == 0) {
        if (beta != 1) TN(gemm_scale_, )(dev, s->m, s->n, beta, c, s->ldc);
        return;
    }
    if (ompwg_gpu_pick(OMPWG_GPU_KERNEL_GEMM) == OMPWG_GPU_GEMM_SUBGROUP) {
        TN(gemm_subgroup_, )(dev, s->transa, s->transb, s->m, s->n, s->k, alpha, a, s->lda, b,
                             s->ldb, beta, c, s->ldc);
        return;
    }
    /* the FP64 tensor cores where this precision and the build have them */
    const bool tc = GEMM_TC_HOST && ompwg_gpu_pick(OMPWG_GPU_KERNEL_DGEMM) == OMPWG_GPU_DGEMM_TENSOR;
    if (TN(small_tiles_, )(s->m, s->n))
        TN(gemm_tiled_, _small)(dev, tc, s->transa, s->transb, s->m, s->n, s->k, alpha, a, s->lda,
                                b, s->ldb, beta, c, s->ldc);
    else
        TN(gemm_tiled_, _large)(dev, tc, s->transa, s->transb, s->m, s->n, s->k, alpha, a, s->lda,
                                b, s->ldb, beta, c, s->ldc);
}

/* The same for the other kernel families of the backend (level3.c), whose
 * blocked algorithms spend most of their flops in GEMM updates on device
 * data. */
void TN(ompwg_gpu_, gemm_resident)(int dev, const ompwg_gemm_shape *s, T alpha, const T *a,
                                   const T *b, T beta, T *c)
{
    TN(gemm_resident_, )(dev, s, alpha, a, b, beta, c);
}
