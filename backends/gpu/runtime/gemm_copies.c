/* The packed copies of a GEMM on host data (gemm_copies.h). */
#include "gemm_copies.h"

#include "buffers.h"

int ompwg_gpu_gemm_copies_alloc(int dev, const ompwg_gemm_shape *s, size_t elem, bool reads_ab,
                                bool reads_c, ompwg_gpu_gemm_copies *d)
{
    *d = (ompwg_gpu_gemm_copies){ .shape = *s, .elem = elem, .reads_ab = reads_ab,
                                  .reads_c = reads_c };
    d->shape.device_ptrs = true;
    d->shape.lda = s->transa ? s->k : s->m;
    d->shape.ldb = s->transb ? s->n : s->k;
    d->shape.ldc = s->m;
    if (d->shape.lda < 1) d->shape.lda = 1;
    if (d->shape.ldb < 1) d->shape.ldb = 1;
    int st = OMPWG_OK;
    if (reads_ab) {
        st = ompwg_gpu_alloc(dev, (size_t)(s->m * s->k) * elem, &d->a);
        if (st == OMPWG_OK) st = ompwg_gpu_alloc(dev, (size_t)(s->k * s->n) * elem, &d->b);
    }
    if (st == OMPWG_OK) st = ompwg_gpu_alloc(dev, (size_t)(s->m * s->n) * elem, &d->c);
    return st;
}

void ompwg_gpu_gemm_copies_free(int dev, ompwg_gpu_gemm_copies *d)
{
    ompwg_gpu_free(dev, d->c);
    ompwg_gpu_free(dev, d->b);
    ompwg_gpu_free(dev, d->a);
    d->a = d->b = d->c = NULL;
}

ompwg_gpu_block ompwg_gpu_gemm_a_block(const ompwg_gpu_gemm_copies *d, const ompwg_gemm_shape *s,
                                       const void *a)
{
    return (ompwg_gpu_block){ .host = (void *)a, .ld = s->lda, .dev = d->a,
                              .rows = s->transa ? s->k : s->m, .cols = s->transa ? s->m : s->k,
                              .elem = d->elem };
}

ompwg_gpu_block ompwg_gpu_gemm_b_block(const ompwg_gpu_gemm_copies *d, const ompwg_gemm_shape *s,
                                       const void *b, int64_t j0, int64_t cols)
{
    if (s->transb)
        return (ompwg_gpu_block){ .host = (void *)b, .ld = s->ldb, .dev = d->b, .rows = s->n,
                                  .cols = s->k, .elem = d->elem };
    return (ompwg_gpu_block){ .host = (char *)b + (size_t)(j0 * s->ldb) * d->elem,
                              .ld = s->ldb, .dev = (char *)d->b + (size_t)(j0 * s->k) * d->elem,
                              .rows = s->k, .cols = cols, .elem = d->elem };
}

ompwg_gpu_block ompwg_gpu_gemm_c_block(const ompwg_gpu_gemm_copies *d, const ompwg_gemm_shape *s,
                                       void *c, int64_t j0, int64_t cols)
{
    return (ompwg_gpu_block){ .host = (char *)c + (size_t)(j0 * s->ldc) * d->elem, .ld = s->ldc,
                              .dev = (char *)d->c + (size_t)(j0 * s->m) * d->elem,
                              .rows = s->m, .cols = cols, .elem = d->elem };
}

int ompwg_gpu_gemm_copies_in(int dev, const ompwg_gpu_gemm_copies *d, const ompwg_gemm_shape *s,
                             const void *a, const void *b, void *c)
{
    int st = OMPWG_OK;
    if (d->reads_ab) {
        const ompwg_gpu_block ab = ompwg_gpu_gemm_a_block(d, s, a);
        const ompwg_gpu_block bb = ompwg_gpu_gemm_b_block(d, s, b, 0, s->n);
        st = ompwg_gpu_block_in(dev, &ab);
        if (st == OMPWG_OK) st = ompwg_gpu_block_in(dev, &bb);
    }
    const ompwg_gpu_block cb = ompwg_gpu_gemm_c_block(d, s, c, 0, s->n);
    if (st == OMPWG_OK && d->reads_c) st = ompwg_gpu_block_in(dev, &cb);
    return st;
}

int ompwg_gpu_gemm_copies_out(int dev, const ompwg_gpu_gemm_copies *d, const ompwg_gemm_shape *s,
                              void *c)
{
    const ompwg_gpu_block cb = ompwg_gpu_gemm_c_block(d, s, c, 0, s->n);
    return ompwg_gpu_block_out(dev, &cb);
}
