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
    if (CG_TC_HOST && ompwg_gpu_pick(OMPWG_GPU_KERNEL_DGEMM) == OMPWG_GPU_DGEMM_TENSOR)
        cg_tiled_tc(dev, s, alpha, a, b, beta, c);
    else
        cg_tiled(dev, s, alpha, a, b, beta, c);
}

/* Host data: the call runs on packed copies of what it reads
 * (gemm_copies.h), and C's block comes back. */
static int cg_host(int dev, const ompwg_gemm_shape *s, T alpha, const T *a, const T *b,
                   T beta, T *c)
{
    ompwg_gpu_gemm_copies d;
    int st = ompwg_gpu_gemm_copies_alloc(dev, s, sizeof(T), !cplx_is_zero(alpha) && s->k > 0,
                                         !cplx_is_zero(beta), &d);
    if (st == OMPWG_OK) st = ompwg_gpu_gemm_copies_in(dev, &d, s, a, b, c);
    if (st == OMPWG_OK) {
        cg_resident(dev, &d.shape, alpha, d.a, d.b, beta, d.c);
        st = ompwg_gpu_gemm_copies_out(dev, &d, s, c);
    }
    ompwg_gpu_gemm_copies_free(dev, &d);
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
