/* Part of factor_tmpl.c: the Cholesky factor of a diagonal block of order
 * n <= CH_B in one team, the block in team-shared memory (local memory):
 * per column the diagonal's square root, the column scaled below it, the
 * trailing triangle updated, a barrier between steps. The upper case works
 * on the transpose (A = U^T U is L L^T with L = U^T). */

/* Factorises the block at a (leading dimension lda) whose first column is
 * column `col` of the matrix. *info gets col + j + 1 for the first column j
 * whose diagonal is not positive (or is a NaN), as DPOTRF2 stops there; the
 * columns before it are factorised and written back.
 *
 * The team's threads are CH_G groups over the block's rows: thread (i, g)
 * updates row i's columns g, g + CH_G, ... of the trailing triangle. Step j
 * reads column j as the step before left it and writes only the columns
 * right of it, so one barrier a column suffices; the scaled column j goes
 * straight to memory, where nothing reads it again. */
static void TN(potrf_block_, )(int dev, int64_t n, T *a, int64_t lda, bool upper, int64_t col,
                               int64_t *info)
{
    const int nb = (int)n;
#pragma omp target teams device(dev) num_teams(1) thread_limit(CH_NT) is_device_ptr(a, info)
    {
        T blk[CH_B * CH_LD];
#pragma omp parallel firstprivate(nb, lda, upper, col)
        {
            const int t = omp_get_thread_num(), nt = omp_get_num_threads();
            /* element (i, k) of L: a[i * ri + k * rk] */
            const int64_t ri = upper ? lda : 1, rk = upper ? 1 : lda;
            /* an earlier block that was not positive definite stops the rest */
            const bool stopped = *info != 0;
            for (int e = t; e < nb * nb && !stopped; e += nt) {
                const int i = e % nb, k = e / nb;
                if (i >= k) blk[i + k * CH_LD] = a[i * ri + k * rk];
            }
#pragma omp barrier
            for (int j = 0; j < nb && !stopped; j++) {
                const T d = blk[j + j * CH_LD];
                if (!(d > 0)) {
                    if (t == 0) *info = col + j + 1;
                    break;
                }
                const T sq = T_SQRT(d), r = (T)1 / sq;
                for (int x = t; x < CH_B * CH_G; x += nt) {
                    const int i = x % CH_B, g = x / CH_B;
                    if (i == j && g == 0) a[i * ri + j * rk] = sq;
                    if (i <= j || i >= nb) continue;
                    const T li = blk[i + j * CH_LD] * r;
                    if (g == 0) a[i * ri + j * rk] = li;
                    const T lr = li * r;
                    for (int k = j + 1 + g; k <= i; k += CH_G)
                        blk[i + k * CH_LD] -= lr * blk[k + j * CH_LD];
                }
#pragma omp barrier
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
