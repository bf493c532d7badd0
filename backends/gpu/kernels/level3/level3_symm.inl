/* SYMM on device data of level3_tmpl.c's precision, a part of it: A's
 * stored triangle is mirrored into a whole ka x ka matrix in a device
 * temporary, and the GEMM kernel multiplies with it. The mirror costs ka^2
 * element moves beside the 2 ka^2 n flops (ka = m on the left, n on the
 * right), and the GEMM kernel's tiles and tensor-core path come with it
 * unchanged. */

/* full (ka x ka, leading dimension ka) := the symmetric matrix whose
 * `upper` (or lower) triangle a holds. */
static void symm_mirror(int dev, int64_t ka, bool upper, const T *a, int64_t lda, T *full)
{
    const int teams = ompwg_gpu_teams_for(ompwg_gpu_ceil_div(ka * ka, L3_NT));
#pragma omp target teams distribute parallel for collapse(2) device(dev) num_teams(teams) \
    thread_limit(L3_NT) is_device_ptr(a, full)
    for (int64_t j = 0; j < ka; j++)
        for (int64_t i = 0; i < ka; i++) {
            const bool stored = upper ? i <= j : i >= j;
            full[i + j * ka] = stored ? a[i + j * lda] : a[j + i * lda];
        }
}

/* OMPWG_OK or OMPWG_ERR_DEVICE_NOMEM (no room for the mirror). */
static int symm_resident(int dev, const ompwg_level3_shape *s, T alpha, const T *a,
                         const T *b, T beta, T *c)
{
    ompwg_gemm_shape g = { .m = s->m, .n = s->n, .ldc = s->ldc, .device_ptrs = true };
    if (alpha == 0) {
        /* C := beta C, A and B unread */
        g.k = 0;
        g.lda = g.ldb = 1;
        GEMM_RESIDENT(dev, &g, alpha, a, b, beta, c);
        return OMPWG_OK;
    }
    const int64_t ka = s->left ? s->m : s->n;
    void *buf = NULL;
    const int st = l3_alloc(dev, ka * ka, sizeof(T), &buf);
    if (st != OMPWG_OK) return st;
    T *full = buf;
    symm_mirror(dev, ka, s->upper, a, s->lda, full);
    g.k = ka;
    if (s->left) {
        g.lda = ka;
        g.ldb = s->ldb;
        GEMM_RESIDENT(dev, &g, alpha, full, b, beta, c);
    } else {
        g.lda = s->ldb;
        g.ldb = ka;
        GEMM_RESIDENT(dev, &g, alpha, b, full, beta, c);
    }
    ompwg_gpu_free(dev, buf);
    return OMPWG_OK;
}
