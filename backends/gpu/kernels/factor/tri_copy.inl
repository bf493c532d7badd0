/* Part of factor_tmpl.c: a Cholesky's host matrix crosses the link as its
 * stored triangle only, about half the bytes of the whole matrix.
 *
 * The triangle goes as trapezoids of TRI_CB columns or more: for the lower
 * triangle, columns [j0, j1) from row j0 down; for the upper, rows 0 ..
 * j1 - 1. Each is a rectangular block of the host matrix; they cross
 * through the staging buffers as one run (packed one after another into
 * device scratch), and a kernel puts each in place in the n x n device
 * copy.
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

/* The trapezoids of the `upper` or lower triangle of an n x n host matrix
 * h (leading dimension ldh) into b[] (at most TRI_MAXQ), their packed
 * copies one after another from dev; *at[q] where trapezoid q starts in the
 * n x n device copy d. Returns their count; *elems their elements. */
#define TRI_MAXQ 32 /* above the count: at most 17 of n / 16 columns or more */
static int tri_blocks(bool upper, int64_t n, T *h, int64_t ldh, T *d, T *dev, ompwg_gpu_block *b,
                      T **at, size_t *elems)
{
    const int64_t cb = tri_width(n);
    int q = 0;
    *elems = 0;
    for (int64_t j0 = 0; j0 < n; j0 += cb, q++) {
        const int64_t cols = n - j0 < cb ? n - j0 : cb;
        const int64_t r0 = upper ? 0 : j0, rows = upper ? j0 + cols : n - j0;
        b[q] = (ompwg_gpu_block){ .host = h + r0 + j0 * ldh, .ld = ldh, .rows = rows,
                                  .cols = cols, .elem = sizeof(T) };
        if (dev) b[q].dev = dev + *elems;
        at[q] = d + r0 + j0 * n;
        *elems += (size_t)rows * (size_t)cols;
    }
    return q;
}

/* tri_blocks with device scratch of their own for the packed copies
 * (*scratch, which the caller frees; NULL on failure): *count blocks, and
 * the allocation's status. */
static int tri_blocks_packed(int dev, bool upper, int64_t n, T *h, int64_t ldh, T *d,
                             ompwg_gpu_block *b, T **at, void **scratch, int *count)
{
    size_t elems = 0;
    tri_blocks(upper, n, h, ldh, d, NULL, b, at, &elems);
    *scratch = NULL;
    *count = 0;
    const int st = ompwg_gpu_alloc(dev, elems * sizeof(T), scratch);
    if (st == OMPWG_OK) *count = tri_blocks(upper, n, h, ldh, d, *scratch, b, at, &elems);
    return st;
}

/* Moves the `upper` or lower triangle of the n x n host matrix h (leading
 * dimension ldh) to the device copy d (leading dimension n), or back. */
static int tri_move(int dev, bool upper, int64_t n, T *h, int64_t ldh, T *d, bool to_device)
{
    ompwg_gpu_block b[TRI_MAXQ];
    T *at[TRI_MAXQ];
    void *scratch = NULL;
    int count = 0;
    int st = tri_blocks_packed(dev, upper, n, h, ldh, d, b, at, &scratch, &count);
    if (st != OMPWG_OK) return st;
    if (to_device) {
        TN(qr_scale_, )(dev, n, n, 0, d, n);
        st = ompwg_gpu_blocks_in(dev, b, count);
        for (int q = 0; q < count && st == OMPWG_OK; q++)
            TN(tri_place_, )(dev, b[q].rows, b[q].cols, b[q].dev, b[q].rows, at[q], n);
    } else {
        for (int q = 0; q < count; q++)
            TN(tri_place_, )(dev, b[q].rows, b[q].cols, at[q], n, b[q].dev, b[q].rows);
        st = ompwg_gpu_blocks_out(dev, b, count);
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

/* A Cholesky's triangle arriving while the factorisation runs: a host
 * thread of its own (mover.h) moves the trapezoids one at a time into
 * device scratch, and tri_absorb puts in place those that have arrived
 * when a step needs their columns (the first steps need only the first
 * columns: the rest of the copy hides behind them). */
typedef struct tri_stream {
    int dev;
    int64_t n, cb;
    int count, placed;
    T *d;
    void *scratch;
    ompwg_gpu_block b[TRI_MAXQ];
    T *at[TRI_MAXQ];
    ompwg_gpu_mover mover;
} tri_stream;

/* Starts moving the `upper` or lower triangle of the n x n host matrix h
 * to the device copy d (leading dimension n); whatever it returns,
 * tri_stream_end ends it. */
static int tri_stream_start(tri_stream *t, int dev, bool upper, int64_t n, T *h, int64_t ldh,
                            T *d)
{
    *t = (tri_stream){ .dev = dev, .n = n, .cb = tri_width(n), .d = d };
    const int st = tri_blocks_packed(dev, upper, n, h, ldh, d, t->b, t->at, &t->scratch,
                                     &t->count);
    if (st != OMPWG_OK) return st;
    TN(qr_scale_, )(dev, n, n, 0, d, n);
    ompwg_gpu_mover_start_list(&t->mover, dev, t->b, t->count);
    return OMPWG_OK;
}

/* Makes the first `cols` columns of the triangle present in the device
 * copy (t NULL: all are). */
static int tri_absorb(tri_stream *t, int64_t cols)
{
    if (!t) return OMPWG_OK;
    const int need = (int)ompwg_gpu_ceil_div(cols < t->n ? cols : t->n, t->cb);
    if (need <= t->placed) return OMPWG_OK;
    const int64_t have = ompwg_gpu_mover_wait(&t->mover, need);
    if (have < 0) return atomic_load(&t->mover.status);
    for (int q = t->placed; q < (int)have; q++)
        TN(tri_place_, )(t->dev, t->b[q].rows, t->b[q].cols, t->b[q].dev, t->b[q].rows, t->at[q],
                         t->n);
    t->placed = (int)have;
    return OMPWG_OK;
}

/* Ends the moves: OMPWG_OK, or the first failure. */
static int tri_stream_end(tri_stream *t)
{
    int st = t->scratch ? ompwg_gpu_mover_finish(&t->mover) : OMPWG_OK;
    ompwg_gpu_free(t->dev, t->scratch);
    return st;
}
