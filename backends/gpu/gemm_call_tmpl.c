/* The GEMM entry point for one precision, included by gemm.c after both
 * kernels: quick cases, the variant (OMPWG_GPU_GEMM), and the copies of
 * host data. */
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

int TN(ompwg_gpu_, gemm)(const ompwg_gemm_shape *s, T alpha, const T *a, const T *b, T beta,
                         T *c)
{
    if (!ompwg_gpu_ready()) return OMPWG_ERR_UNAVAILABLE;
    const int dev = ompwg_gpu_device();
    if (s->device_ptrs) {
        TN(gemm_resident_, )(dev, s, alpha, a, b, beta, c);
        return OMPWG_OK;
    }
    const bool reads_ab = alpha != 0 && s->k > 0;
    if (!reads_ab && beta == 1) return OMPWG_OK;

    /* Host data: copy the spans the leading dimensions cover, compute, and
     * copy back the m x n block of C only. */
    void *da = NULL, *db = NULL, *dc = NULL;
    int st = OMPWG_OK;
    if (reads_ab) {
        size_t span_a = s->transa ? ompwg_gpu_span(s->k, s->m, s->lda)
                                  : ompwg_gpu_span(s->m, s->k, s->lda);
        size_t span_b = s->transb ? ompwg_gpu_span(s->n, s->k, s->ldb)
                                  : ompwg_gpu_span(s->k, s->n, s->ldb);
        st = ompwg_gpu_alloc_copy(dev, a, span_a * sizeof(T), &da);
        if (st == OMPWG_OK) st = ompwg_gpu_alloc_copy(dev, b, span_b * sizeof(T), &db);
    }
    size_t span_c = ompwg_gpu_span(s->m, s->n, s->ldc) * sizeof(T);
    if (st == OMPWG_OK)
        st = beta != 0 ? ompwg_gpu_alloc_copy(dev, c, span_c, &dc)
                       : ompwg_gpu_alloc_block(dev, c, s->m, s->n, s->ldc, sizeof(T), &dc);
    if (st == OMPWG_OK) {
        TN(gemm_resident_, )(dev, s, alpha, da, db, beta, dc);
        st = ompwg_gpu_block_to_host(dev, c, dc, s->m, s->n, s->ldc, sizeof(T));
    }
    ompwg_gpu_free(dev, dc);
    ompwg_gpu_free(dev, db);
    ompwg_gpu_free(dev, da);
    return st;
}

