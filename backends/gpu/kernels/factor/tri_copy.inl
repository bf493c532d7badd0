/* Part of factor_tmpl.c: a Cholesky's host matrix crosses the link as its
 * stored triangle only, about half the bytes of the whole matrix.
 *
 * The triangle goes as trapezoids of TRI_CB columns or more: for the lower
 * triangle, columns [j0, j1) from row j0 down; for the upper, rows 0 ..
 * j1 - 1. Each is a rectangular block of the host matrix, so it crosses
 * through the staging buffers like any other (packed on the device into a
 * scratch block), and a kernel puts it in place in the n x n device copy.
 * What no trapezoid covers (the other triangle but for the elements beside
 * the diagonal) is zero on the device; the kernels never read it. Back to
 * the host goes the same trapezoids, which hold the factor and, beside the
 * diagonal, the other triangle's elements as they came. */

/* Columns of a trapezoid at least; larger matrices take n / 16, so that
 * the link carries at most a thirty-second more than the triangle. */
#define TRI_CB 256

/* Orders at which the triangle alone crosses (smaller ones are cheap to
 * copy whole in one block). */
#define TRI_MIN (4 * TRI_CB)

/* dst := src for rows x cols blocks on the device (leading dimensions
 * ldd, lds). */
static void TN(tri_place_, )(int dev, int64_t rows, int64_t cols, const T *src, int64_t lds,
                             T *dst, int64_t ldd)
{
    const int teams = ompwg_gpu_teams_for(ompwg_gpu_ceil_div(rows * cols, QR_NT));
#pragma omp target teams distribute parallel for collapse(2) device(dev) num_teams(teams) \
    thread_limit(QR_NT) is_device_ptr(src, dst)
    for (int64_t c = 0; c < cols; c++)
        for (int64_t i = 0; i < rows; i++) dst[i + c * ldd] = src[i + c * lds];
}

static int64_t tri_width(int64_t n)
{
    const int64_t w = n / 16;
    return w > TRI_CB ? w : TRI_CB;
}

/* Moves the `upper` or lower triangle of the n x n host matrix h (leading
 * dimension ldh) to the device copy d (leading dimension n), or back. */
static int tri_move(int dev, bool upper, int64_t n, T *h, int64_t ldh, T *d, bool to_device)
{
    const int64_t cb = tri_width(n);
    void *scratch = NULL;
    int st = ompwg_gpu_alloc(dev, (size_t)n * (size_t)cb * sizeof(T), &scratch);
    if (st != OMPWG_OK) return st;
    if (to_device) TN(qr_scale_, )(dev, n, n, 0, d, n);
    for (int64_t j0 = 0; j0 < n && st == OMPWG_OK; j0 += cb) {
        const int64_t cols = n - j0 < cb ? n - j0 : cb;
        const int64_t r0 = upper ? 0 : j0, rows = upper ? j0 + cols : n - j0;
        ompwg_gpu_block blk = { .host = h + r0 + j0 * ldh, .ld = ldh, .dev = scratch,
                                .rows = rows, .cols = cols, .elem = sizeof(T) };
        T *at = d + r0 + j0 * n;
        if (to_device) {
            st = ompwg_gpu_block_in(dev, &blk);
            if (st == OMPWG_OK) TN(tri_place_, )(dev, rows, cols, scratch, rows, at, n);
        } else {
            TN(tri_place_, )(dev, rows, cols, at, n, scratch, rows);
            st = ompwg_gpu_block_out(dev, &blk);
        }
    }
    ompwg_gpu_free(dev, scratch);
    return st;
}

/* Whether call s moves A as its triangle. */
static bool tri_moves(const ompwg_factor_shape *s)
{
    const bool chol = s->op == OMPWG_LA_POTRF || s->op == OMPWG_LA_POTRS ||
                      s->op == OMPWG_LA_POSV;
    return chol && s->n >= TRI_MIN;
}
