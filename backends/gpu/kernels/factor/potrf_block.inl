/* Part of factor_tmpl.c: the Cholesky factor of a diagonal block of order
 * n <= CH_B in one team, the block in team-shared memory (local memory):
 * per column the diagonal's square root, the column scaled below it, the
 * trailing triangle updated, a barrier between steps. The upper case works
 * on the transpose (A = U^T U is L L^T with L = U^T). */

/* Factorises the block at a (leading dimension lda) whose first column is
 * column `col` of the matrix. *info gets col + j + 1 for the first column j
 * whose diagonal is not positive (or is a NaN), as DPOTRF2 stops there; the
 * columns before it are factorised and written back. */
static void TN(potrf_block_, )(int dev, int64_t n, T *a, int64_t lda, bool upper, int64_t col,
                               int64_t *info)
{
    const int nb = (int)n;
#pragma omp target teams device(dev) num_teams(1) thread_limit(CH_NT) is_device_ptr(a, info)
    {
        T blk[CH_B * CH_LD];
        T diag[CH_B];
#pragma omp parallel firstprivate(nb, lda, upper, col)
        {
            const int t = omp_get_thread_num(), nt = omp_get_num_threads();
            /* an earlier block that was not positive definite stops the rest */
            const bool stopped = *info != 0;
            for (int e = t; e < nb * nb && !stopped; e += nt) {
                const int i = e % nb, k = e / nb;
                if (i >= k) blk[i + k * CH_LD] = upper ? a[k + i * lda] : a[i + k * lda];
            }
#pragma omp barrier
            int done = stopped ? 0 : nb;
            for (int j = 0; j < done; j++) {
                /* the diagonal as the last step left it; its root goes to
                 * diag[], so that no thread writes what others still read */
                const T d = blk[j + j * CH_LD];
                if (!(d > 0)) {
                    if (t == 0) *info = col + j + 1;
                    done = j;
                    break;
                }
                const T s = T_SQRT(d), r = (T)1 / s;
                if (t == 0) diag[j] = s;
                for (int i = j + 1 + t; i < nb; i += nt) blk[i + j * CH_LD] *= r;
#pragma omp barrier
                /* the trailing triangle, a thread a (row, column) pair in
                 * turn: rows j+1.., columns j+1..row */
                const int rem = nb - j - 1;
                for (int e = t; e < rem * rem; e += nt) {
                    const int i = j + 1 + e % rem, k = j + 1 + e / rem;
                    if (k <= i) blk[i + k * CH_LD] -= blk[i + j * CH_LD] * blk[k + j * CH_LD];
                }
#pragma omp barrier
            }
            for (int j = t; j < done; j += nt) blk[j + j * CH_LD] = diag[j];
#pragma omp barrier
            for (int e = t; e < nb * nb && !stopped; e += nt) {
                const int i = e % nb, k = e / nb;
                if (i >= k) {
                    if (upper) a[k + i * lda] = blk[i + k * CH_LD];
                    else a[i + k * lda] = blk[i + k * CH_LD];
                }
            }
        }
    }
}

/* Rows of the n x nrhs block b (leading dimension ldb) permuted: row i
 * becomes the old row from[i]; tmp holds n * nrhs elements. */
static void TN(permute_rows_, )(int dev, int64_t n, int64_t nrhs, T *b, int64_t ldb,
                                const int64_t *from, T *tmp)
{
    const int teams = ompwg_gpu_teams_for(ompwg_gpu_ceil_div(n * nrhs, 256));
#pragma omp target teams distribute parallel for collapse(2) device(dev) num_teams(teams) \
    thread_limit(256) is_device_ptr(b, from, tmp)
    for (int64_t c = 0; c < nrhs; c++)
        for (int64_t i = 0; i < n; i++) tmp[i + c * n] = b[from[i] + c * ldb];
#pragma omp target teams distribute parallel for collapse(2) device(dev) num_teams(teams) \
    thread_limit(256) is_device_ptr(b, tmp)
    for (int64_t c = 0; c < nrhs; c++)
        for (int64_t i = 0; i < n; i++) b[i + c * ldb] = tmp[i + c * n];
}
