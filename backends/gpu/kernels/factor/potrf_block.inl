/* Part of factor_tmpl.c: the Cholesky factor of a diagonal block of order
 * n <= CH_B in one team, and the row permutation of the solves. The upper
 * case works on the transpose (A = U^T U is L L^T with L = U^T).
 *
 * On the GPU the block lives in the team's registers: thread (tr, tc) of a
 * CH_TG x CH_TG grid holds the elements (tr + CH_TG x, tc + CH_TG y) of the
 * lower triangle, x, y < CH_R. Per column j: the diagonal's owner takes
 * its square root and reciprocal, the owners of column j scale it into
 * team-shared memory (and to the matrix), every thread takes l_i l_k off
 * its elements right of j, two barriers in all. The scaled column is the
 * only thing threads exchange, so the trailing triangle never travels
 * through shared memory. Any other team size (host fallback) works on the
 * matrix in place, column by column. */

/* Rows and columns of threads over a block, and a thread's rows (and
 * columns) of it. */
#define CH_TG 16
#define CH_R (CH_B / CH_TG)
#define CH_NT (CH_TG * CH_TG)
_Static_assert(CH_B % CH_TG == 0, "whole rows of threads");

/* The column-by-column factorisation of potrf_block_ by thread t of nt,
 * on the matrix in place (element (i, k) of L at a[i * ri + k * rk]).
 * Returns the 0-based column whose diagonal is not positive, or nb. */
static __attribute__((noinline)) int TN(potrf_block_any_, )(int nb, T *a, int64_t ri, int64_t rk,
                                                            int t, int nt, T *col)
{
    int bad = nb;
    for (int j = 0; j < nb; j++) {
        const T d = a[j * ri + j * rk];
        if (!(d > 0)) {
            bad = j;
            break;
        }
        const T sq = T_SQRT(d), r = (T)1 / sq;
        for (int i = j + 1 + t; i < nb; i += nt) col[i] = a[i * ri + j * rk] * r;
#pragma omp barrier
        if (t == 0) a[j * ri + j * rk] = sq;
        for (int i = j + 1 + t; i < nb; i += nt) {
            a[i * ri + j * rk] = col[i];
            for (int k = j + 1; k <= i; k++) a[i * ri + k * rk] -= col[i] * col[k];
        }
#pragma omp barrier
    }
    return bad;
}

/* Factorises the block at a (leading dimension lda) whose first column is
 * column `col` of the matrix. *info gets col + j + 1 for the first column j
 * whose diagonal is not positive (or is a NaN), as DPOTRF2 stops there; the
 * columns before it are factorised and written back, the rest is left as
 * it was. */
static void TN(potrf_block_, )(int dev, int64_t n, T *a, int64_t lda, bool upper, int64_t col,
                               int64_t *info)
{
    const int nb = (int)n;
#pragma omp target teams device(dev) num_teams(1) thread_limit(CH_NT) is_device_ptr(a, info)
    {
        T colj[2 * CH_B];
        int bad[1], stop[1];
#pragma omp parallel firstprivate(nb, lda, upper, col)
        {
            const int t = omp_get_thread_num(), nt = omp_get_num_threads();
            /* element (i, k) of L: a[i * ri + k * rk] */
            const int64_t ri = upper ? lda : 1, rk = upper ? 1 : lda;
            /* an earlier block that was not positive definite stops the
             * rest: read once, before this block may set *info */
            if (t == 0) {
                stop[0] = *info != 0;
                bad[0] = 0;
            }
#pragma omp barrier
            if (stop[0]) {
                /* nothing */
            } else if (nt != CH_NT) {
                const int j = TN(potrf_block_any_, )(nb, a, ri, rk, t, nt, colj);
                if (j < nb && t == 0) *info = col + j + 1;
            } else {
                const int tr = t % CH_TG, tc = t / CH_TG;
                T reg[CH_R][CH_R], dg[CH_R];
#pragma unroll
                for (int x = 0; x < CH_R; x++)
#pragma unroll
                    for (int y = 0; y < CH_R; y++) {
                        const int i = tr + CH_TG * x, k = tc + CH_TG * y;
                        reg[x][y] = i < nb && k <= i ? a[i * ri + k * rk] : (T)0;
                    }
#pragma unroll
                for (int y = 0; y < CH_R; y++) {
                    const int k = tc + CH_TG * y;
                    dg[y] = k < nb ? a[k * ri + k * rk] : (T)1;
                }
                for (int j = 0; j < nb; j++) {
                    const int jr = j % CH_TG, jq = j / CH_TG;
                    T *const cj = colj + (j & 1) * CH_B;
                    /* column j: its owners scale it, each from its own copy
                     * of the diagonal */
                    if (tc == jr) {
                        T d = 0;
#pragma unroll
                        for (int y = 0; y < CH_R; y++)
                            if (y == jq) d = dg[y];
                        if (!(d > 0)) {
                            if (tr == 0) {
                                *info = col + j + 1;
                                bad[0] = 1;
                            }
                        } else {
                            const T sq = T_SQRT(d), r = (T)1 / sq;
                            if (tr == jr) a[j * ri + j * rk] = sq;
#pragma unroll
                            for (int y = 0; y < CH_R; y++)
                                if (y == jq)
#pragma unroll
                                    for (int x = 0; x < CH_R; x++) {
                                        const int i = tr + CH_TG * x;
                                        if (i > j && i < nb) {
                                            const T l = reg[x][y] * r;
                                            cj[i] = l;
                                            a[i * ri + j * rk] = l;
                                        }
                                    }
                        }
                    }
#pragma omp barrier
                    if (bad[0]) break;
                    /* the trailing triangle, and the copies of its diagonal */
                    T li[CH_R], lk[CH_R];
#pragma unroll
                    for (int x = 0; x < CH_R; x++) {
                        const int i = tr + CH_TG * x, k = tc + CH_TG * x;
                        li[x] = i > j && i < nb ? cj[i] : (T)0;
                        lk[x] = k > j && k < nb ? cj[k] : (T)0;
                    }
#pragma unroll
                    for (int x = 0; x < CH_R; x++) {
                        dg[x] -= lk[x] * lk[x];
#pragma unroll
                        for (int y = 0; y < CH_R; y++) reg[x][y] -= li[x] * lk[y];
                    }
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
