/* The GEMM of host fallback on thin shapes, a part of the GEMM family's
 * unit gemm_tmpl.c (included there only, after gemm_tile.inl, whose
 * off_triangle it uses). On the host a team tile costs its whole area and
 * a team barrier per k slice whatever part of it lies inside C: for m x n
 * much smaller than a tile (1 x 1 x k, m x 1 x k) the tiled kernel's cost
 * grows with the tiles' area times k, not with the call's flops. Such
 * calls take plain loops over C's elements here, on host threads, when the
 * target regions run on the host (ompwg_gpu_on_host): a cost proportional
 * to m * n * k. Small calls keep the kernels, so that host fallback still
 * runs the kernels' edge cases. */

/* Rows of C a host thread takes at a time when op(A) is A: their sums
 * are kept in an array while the loop walks A's columns in order. */
enum { HOST_ROWS = 256 };

/* Work (multiply-adds of the padded tiles) under which a call keeps the
 * kernels in host fallback whatever its shape, and the padding past which
 * a call is thin: its small tiles' area over C's. */
static const int64_t HOST_THIN_WORK = (int64_t)1 << 24;
enum { HOST_THIN_PADDING = 4 };

/* Whether the call on C's triangle `tri` or all of C, m x n x k, takes
 * the loops (the target regions run on the host, and the tiles would be
 * mostly padding on a call of some size). */
static bool host_thin(int64_t m, int64_t n, int64_t k)
{
    if (!ompwg_gpu_on_host()) return false;
    const int64_t pm = ompwg_gpu_ceil_div(m, SMALL_TM) * SMALL_TM,
                  pn = ompwg_gpu_ceil_div(n, SMALL_TN) * SMALL_TN;
    /* m * n <= pm * pn, and pm * pn * k in double: sizes past 2^31 each */
    if ((double)pm * (double)pn <= (double)HOST_THIN_PADDING * (double)m * (double)n) return false;
    return (double)pm * (double)pn * (double)k >= (double)HOST_THIN_WORK;
}

/* C := alpha * op(A) op(B) + beta * C on C's triangle `tri` or all of it,
 * k > 0 and alpha != 0, with store_c's rule: beta == 0 never reads C.
 * a, b and c are host memory (host fallback's device memory). */
static void gemm_host_loops(int tri, const ompwg_gemm_shape *s, T alpha, const T *a,
                            const T *b, T beta, T *c)
{
    const int64_t m = s->m, n = s->n, k = s->k, lda = s->lda, ldb = s->ldb, ldc = s->ldc;
    /* op(B)(p, j) = b[p * skb + j * slb] */
    const int64_t slb = s->transb ? 1 : ldb, skb = s->transb ? ldb : 1;
    const int64_t chunks = s->transa ? m : ompwg_gpu_ceil_div(m, HOST_ROWS);
    /* threads where each has a share of some size */
    const bool many = (double)m * (double)n * (double)k >= (double)HOST_THIN_WORK / 4;
#pragma omp parallel for collapse(2) schedule(static) if (many)
    for (int64_t j = 0; j < n; j++)
        for (int64_t q = 0; q < chunks; q++) {
            const T *bj = b + j * slb;
            T *cj = c + j * ldc;
            if (s->transa) {
                /* op(A)(q, p) = a[q * lda + p]: a dot product along A's column q */
                if (off_triangle(tri, q, j)) continue;
                const T *aq = a + q * lda;
                T sum = 0;
                for (int64_t p = 0; p < k; p++) sum += aq[p] * bj[p * skb];
                cj[q] = beta == 0 ? alpha * sum : alpha * sum + beta * cj[q];
                continue;
            }
            /* op(A) = A: rows [i0, i0 + rows) along A's columns */
            const int64_t i0 = q * HOST_ROWS;
            const int rows = (int)(m - i0 < HOST_ROWS ? m - i0 : HOST_ROWS);
            T sum[HOST_ROWS];
            for (int i = 0; i < rows; i++) sum[i] = 0;
            for (int64_t p = 0; p < k; p++) {
                const T *ap = a + i0 + p * lda;
                const T bp = bj[p * skb];
                for (int i = 0; i < rows; i++) sum[i] += ap[i] * bp;
            }
            for (int i = 0; i < rows; i++) {
                if (off_triangle(tri, i0 + i, j)) continue;
                T *p = cj + i0 + i;
                *p = beta == 0 ? alpha * sum[i] : alpha * sum[i] + beta * *p;
            }
        }
}
