/* SYRK and SYR2K on device data of level3_tmpl.c's precision, a part of it:
 * the GEMM kernel on the tiles of C's triangle (gemm_tmpl.c's triangle
 * entry), one launch for SYRK, two for SYR2K. */

/* SYRK (b unused) or SYR2K on device data: C := alpha X Y^T (+ alpha Y X^T)
 * + beta C on C's triangle, X and Y the operands n x k (trans false) or
 * their transposes, stored k x n. alpha == 0 reads neither. */
static void syrk_resident(int dev, const ompwg_level3_shape *s, bool two, T alpha,
                          const T *a, const T *b, T beta, T *c)
{
    ompwg_gemm_shape g = { .transa = s->trans, .transb = !s->trans, .m = s->n, .n = s->n,
                           .k = s->k, .lda = s->lda, .ldb = s->lda, .ldc = s->ldc,
                           .device_ptrs = true };
    if (!two) {
        GEMM_TRIANGLE_RESIDENT(dev, &g, s->upper, alpha, a, a, beta, c);
        return;
    }
    g.ldb = s->ldb;
    GEMM_TRIANGLE_RESIDENT(dev, &g, s->upper, alpha, a, b, beta, c);
    g.lda = s->ldb;
    g.ldb = s->lda;
    GEMM_TRIANGLE_RESIDENT(dev, &g, s->upper, alpha, b, a, (T)1, c);
}
