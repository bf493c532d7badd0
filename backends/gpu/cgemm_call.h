/* The complex GEMM calls of cgemm_tmpl.c's precision, a part of it after
 * the tiled kernel: C := beta * C alone, the call on device data, the
 * host-data path and the entry point. */
/* C := beta * C (alpha == 0 or k == 0: A and B unread); beta == 0 writes
 * zeros without reading. */
static void cg_scale(int dev, int64_t m, int64_t n, T beta, T *c, int64_t ldc)
{
    const TR br = beta.re, bi = beta.im;
    const int teams = ompwg_gpu_teams_for(ompwg_gpu_ceil_div(m * n, CSCALE_NT));
#pragma omp target teams distribute parallel for collapse(2) device(dev) num_teams(teams) \
    thread_limit(CSCALE_NT) is_device_ptr(c)
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < m; i++) {
            T *p = c + i + j * ldc;
            if (br == 0 && bi == 0) {
                p->re = 0;
                p->im = 0;
            } else {
                const T old = *p;
                p->re = br * old.re - bi * old.im;
                p->im = br * old.im + bi * old.re;
            }
        }
}

/* The call on data that is on the device already. */
static void cg_resident(int dev, const ompwg_gemm_shape *s, T alpha, const T *a,
                        const T *b, T beta, T *c)
{
    if (cplx_is_zero(alpha) || s->k == 0) {
        if (!cplx_is_one(beta)) cg_scale(dev, s->m, s->n, beta, c, s->ldc);
        return;
    }
    /* the FP64 tensor cores where this precision and the build have them */
    const bool tc =
        CG_TC_HOST && ompwg_gpu_pick(OMPWG_GPU_KERNEL_DGEMM) == OMPWG_GPU_DGEMM_TENSOR;
    cg_tiled(dev, tc, s, alpha, a, b, beta, c);
}

/* Host data: op(A)'s and op(B)'s stored blocks and, when beta != 0, C's
 * m x n block go in packed (only the elements the call reads), the kernel
 * runs on the packed copies, C's block comes back. */
static int cg_host(int dev, const ompwg_gemm_shape *s, T alpha, const T *a, const T *b,
                   T beta, T *c)
{
    const bool reads_ab = !cplx_is_zero(alpha) && s->k > 0;
    const bool reads_c = !cplx_is_zero(beta);
    ompwg_gemm_shape d = *s;
    d.device_ptrs = true;
    d.lda = s->transa ? s->k : s->m;
    d.ldb = s->transb ? s->n : s->k;
    d.ldc = s->m;
    if (d.lda < 1) d.lda = 1;
    if (d.ldb < 1) d.ldb = 1;
    void *da = NULL, *db = NULL, *dc = NULL;
    int st = OMPWG_OK;
    if (reads_ab) {
        st = ompwg_gpu_alloc(dev, (size_t)(s->m * s->k) * sizeof(T), &da);
        if (st == OMPWG_OK) st = ompwg_gpu_alloc(dev, (size_t)(s->k * s->n) * sizeof(T), &db);
    }
    if (st == OMPWG_OK) st = ompwg_gpu_alloc(dev, (size_t)(s->m * s->n) * sizeof(T), &dc);
    const ompwg_gpu_block cblk = { .host = c, .ld = s->ldc, .dev = dc, .rows = s->m,
                                   .cols = s->n, .elem = sizeof(T) };
    if (st == OMPWG_OK && reads_ab) {
        const ompwg_gpu_block ablk = { .host = (void *)a, .ld = s->lda, .dev = da,
                                       .rows = s->transa ? s->k : s->m,
                                       .cols = s->transa ? s->m : s->k, .elem = sizeof(T) };
        const ompwg_gpu_block bblk = { .host = (void *)b, .ld = s->ldb, .dev = db,
                                       .rows = s->transb ? s->n : s->k,
                                       .cols = s->transb ? s->k : s->n, .elem = sizeof(T) };
        st = ompwg_gpu_block_in(dev, &ablk);
        if (st == OMPWG_OK) st = ompwg_gpu_block_in(dev, &bblk);
    }
    if (st == OMPWG_OK && reads_c) st = ompwg_gpu_block_in(dev, &cblk);
    if (st == OMPWG_OK) {
        cg_resident(dev, &d, alpha, da, db, beta, dc);
        st = ompwg_gpu_block_out(dev, &cblk);
    }
    ompwg_gpu_free(dev, dc);
    ompwg_gpu_free(dev, db);
    ompwg_gpu_free(dev, da);
    return st;
}

int TN(ompwg_gpu_, gemm)(const ompwg_gemm_shape *s, T alpha, const T *a, const T *b, T beta,
                         T *c)
{
    if (!ompwg_gpu_ready()) return OMPWG_ERR_UNAVAILABLE;
    const int dev = ompwg_gpu_device();
    if (s->device_ptrs) {
        cg_resident(dev, s, alpha, a, b, beta, c);
        return OMPWG_OK;
    }
    if ((cplx_is_zero(alpha) || s->k == 0) && cplx_is_one(beta)) return OMPWG_OK;
    return cg_host(dev, s, alpha, a, b, beta, c);
}
