/* The level-3 entry points of level3_tmpl.c's precision and their paths
 * for host data, a part of it after the kernels on device data. Host data
 * goes to device buffers packed (leading dimension = rows), the call runs
 * there as on device data, and only what it writes comes back. */

/* The square (ka x ka, leading dimension ka) := the packed triangle t,
 * unpack; or the packed triangle := the square's (unpack false). The
 * square's other elements are written as zeros, with ones on the
 * diagonal when t leaves it out (a unit triangle). */
static void tri_pack_dev(int dev, l3_tri t, T *square, T *packed, bool unpack)
{
    const int64_t ka = t.ka;
    const int teams = ompwg_gpu_teams_for(ompwg_gpu_ceil_div(ka * ka, L3_NT));
#pragma omp target teams distribute parallel for collapse(2) device(dev) num_teams(teams) \
    thread_limit(L3_NT) is_device_ptr(square, packed)
    for (int64_t j = 0; j < ka; j++)
        for (int64_t i = 0; i < ka; i++) {
            T *sq = square + i + j * ka;
            if (tri_holds(t, i, j)) {
                T *p = packed + tri_offset(t, j) + i - tri_first(t, j);
                if (unpack) *sq = *p;
                else *p = *sq;
            } else if (unpack) {
                *sq = i == j ? (T)1 : (T)0;
            }
        }
}

/* The host triangle t of a (leading dimension lda) into, or out of
 * (to_device false), the device square dsq. */
static int tri_move(int dev, l3_tri t, T *a, int64_t lda, T *dsq, bool to_device)
{
    const size_t bytes = (size_t)tri_offset(t, t.ka) * sizeof(T);
    if (bytes == 0) {
        if (to_device) tri_pack_dev(dev, t, dsq, NULL, true);
        return OMPWG_OK;
    }
    void *dp = NULL, *hp = NULL;
    int st = l3_alloc(dev, tri_offset(t, t.ka), sizeof(T), &dp);
    if (st == OMPWG_OK) {
        hp = malloc(bytes);
        if (!hp) st = OMPWG_ERR_NOMEM;
    }
    if (st == OMPWG_OK) {
        if (to_device) {
            tri_pack_host(t, a, lda, sizeof(T), hp, true);
            st = packed_move(dev, hp, dp, bytes, true);
            if (st == OMPWG_OK) tri_pack_dev(dev, t, dsq, dp, true);
        } else {
            tri_pack_dev(dev, t, dsq, dp, false);
            st = packed_move(dev, hp, dp, bytes, false);
            if (st == OMPWG_OK) tri_pack_host(t, a, lda, sizeof(T), hp, false);
        }
    }
    free(hp);
    ompwg_gpu_free(dev, dp);
    return st;
}

/* A rows x cols host block and its packed device copy. */
static ompwg_gpu_block l3_block(const T *host, int64_t ld, T *d, int64_t rows,
                                int64_t cols)
{
    return (ompwg_gpu_block){ .host = (void *)host, .ld = ld, .dev = d, .rows = rows,
                              .cols = cols, .elem = sizeof(T) };
}

/* Device buffers of a host-data call, given back at the end. */
typedef struct l3_buffers {
    void *a, *b, *c;
} l3_buffers;

static void l3_release(int dev, l3_buffers *d)
{
    ompwg_gpu_free(dev, d->c);
    ompwg_gpu_free(dev, d->b);
    ompwg_gpu_free(dev, d->a);
}

/* TRSM (solve) or TRMM on host data: A's triangle in (unless alpha == 0,
 * which reads neither A nor C), C in and out. */
static int tri_host(int dev, const ompwg_level3_shape *s, bool solve, T alpha, const T *a,
                    T *c)
{
    const int64_t ka = s->left ? s->m : s->n;
    const bool reads = alpha != 0;
    ompwg_level3_shape d = *s;
    d.device_ptrs = true;
    d.lda = ka;
    d.ldc = s->m;
    l3_buffers buf = { 0 };
    int st = l3_alloc(dev, s->m * s->n, sizeof(T), &buf.c);
    if (st == OMPWG_OK && reads) st = l3_alloc(dev, ka * ka, sizeof(T), &buf.a);
    const ompwg_gpu_block cb = l3_block(c, s->ldc, buf.c, s->m, s->n);
    if (st == OMPWG_OK && reads) {
        const l3_tri t = { .ka = ka, .upper = s->upper, .diag = !s->unit };
        st = tri_move(dev, t, (T *)a, s->lda, buf.a, true);
        if (st == OMPWG_OK) st = ompwg_gpu_block_in(dev, &cb);
    }
    if (st == OMPWG_OK) {
        tri_resident(dev, &d, solve, alpha, buf.a, buf.c);
        st = ompwg_gpu_block_out(dev, &cb);
    }
    l3_release(dev, &buf);
    return st;
}

/* SYMM on host data: A's triangle and B in (unless alpha == 0), C in when
 * beta != 0, C out. */
static int symm_host(int dev, const ompwg_level3_shape *s, T alpha, const T *a,
                     const T *b, T beta, T *c)
{
    const int64_t ka = s->left ? s->m : s->n;
    const bool reads_ab = alpha != 0, reads_c = beta != 0;
    ompwg_level3_shape d = *s;
    d.device_ptrs = true;
    d.lda = ka;
    d.ldb = s->m;
    d.ldc = s->m;
    l3_buffers buf = { 0 };
    int st = l3_alloc(dev, s->m * s->n, sizeof(T), &buf.c);
    if (st == OMPWG_OK && reads_ab) st = l3_alloc(dev, ka * ka, sizeof(T), &buf.a);
    if (st == OMPWG_OK && reads_ab) st = l3_alloc(dev, s->m * s->n, sizeof(T), &buf.b);
    const ompwg_gpu_block cb = l3_block(c, s->ldc, buf.c, s->m, s->n);
    if (st == OMPWG_OK && reads_ab) {
        const l3_tri t = { .ka = ka, .upper = s->upper, .diag = true };
        const ompwg_gpu_block bb = l3_block(b, s->ldb, buf.b, s->m, s->n);
        st = tri_move(dev, t, (T *)a, s->lda, buf.a, true);
        if (st == OMPWG_OK) st = ompwg_gpu_block_in(dev, &bb);
    }
    if (st == OMPWG_OK && reads_c) st = ompwg_gpu_block_in(dev, &cb);
    if (st == OMPWG_OK) st = symm_resident(dev, &d, alpha, buf.a, buf.b, beta, buf.c);
    if (st == OMPWG_OK) st = ompwg_gpu_block_out(dev, &cb);
    l3_release(dev, &buf);
    return st;
}

/* SYRK or SYR2K (two) on host data: A (and B) in unless alpha == 0 or
 * k == 0, C's triangle in when beta != 0, C's triangle out. */
static int syrk_host(int dev, const ompwg_level3_shape *s, bool two, T alpha, const T *a,
                     const T *b, T beta, T *c)
{
    const bool reads_ab = alpha != 0 && s->k > 0, reads_c = beta != 0;
    const int64_t rows = s->trans ? s->k : s->n, cols = s->trans ? s->n : s->k;
    ompwg_level3_shape d = *s;
    d.device_ptrs = true;
    d.lda = d.ldb = rows > 0 ? rows : 1;
    d.ldc = s->n;
    if (!reads_ab) d.k = 0;
    l3_buffers buf = { 0 };
    int st = l3_alloc(dev, s->n * s->n, sizeof(T), &buf.c);
    if (st == OMPWG_OK && reads_ab) st = l3_alloc(dev, rows * cols, sizeof(T), &buf.a);
    if (st == OMPWG_OK && reads_ab && two) st = l3_alloc(dev, rows * cols, sizeof(T), &buf.b);
    if (st == OMPWG_OK && reads_ab) {
        const ompwg_gpu_block ab = l3_block(a, s->lda, buf.a, rows, cols);
        st = ompwg_gpu_block_in(dev, &ab);
        if (st == OMPWG_OK && two) {
            const ompwg_gpu_block bb = l3_block(b, s->ldb, buf.b, rows, cols);
            st = ompwg_gpu_block_in(dev, &bb);
        }
    }
    const l3_tri t = { .ka = s->n, .upper = s->upper, .diag = true };
    if (st == OMPWG_OK && reads_c) st = tri_move(dev, t, c, s->ldc, buf.c, true);
    if (st == OMPWG_OK) {
        syrk_resident(dev, &d, two, alpha, buf.a, buf.b, beta, buf.c);
        st = tri_move(dev, t, c, s->ldc, buf.c, false);
    }
    l3_release(dev, &buf);
    return st;
}

int TN(ompwg_gpu_, symm)(const ompwg_level3_shape *s, T alpha, const T *a, const T *b, T beta,
                         T *c)
{
    if (!ompwg_gpu_ready()) return OMPWG_ERR_UNAVAILABLE;
    const int dev = ompwg_gpu_device();
    if (s->device_ptrs) return symm_resident(dev, s, alpha, a, b, beta, c);
    if (alpha == 0 && beta == 1) return OMPWG_OK;
    return symm_host(dev, s, alpha, a, b, beta, c);
}

static int syrk_any(const ompwg_level3_shape *s, bool two, T alpha, const T *a,
                    const T *b, T beta, T *c)
{
    if (!ompwg_gpu_ready()) return OMPWG_ERR_UNAVAILABLE;
    const int dev = ompwg_gpu_device();
    if (s->device_ptrs) {
        syrk_resident(dev, s, two, alpha, a, b, beta, c);
        return OMPWG_OK;
    }
    if ((alpha == 0 || s->k == 0) && beta == 1) return OMPWG_OK;
    return syrk_host(dev, s, two, alpha, a, b, beta, c);
}

int TN(ompwg_gpu_, syrk)(const ompwg_level3_shape *s, T alpha, const T *a, const T *b, T beta,
                         T *c)
{
    (void)b;
    return syrk_any(s, false, alpha, a, NULL, beta, c);
}

int TN(ompwg_gpu_, syr2k)(const ompwg_level3_shape *s, T alpha, const T *a, const T *b, T beta,
                          T *c)
{
    return syrk_any(s, true, alpha, a, b, beta, c);
}

static int tri_any(const ompwg_level3_shape *s, bool solve, T alpha, const T *a, T *c)
{
    if (!ompwg_gpu_ready()) return OMPWG_ERR_UNAVAILABLE;
    const int dev = ompwg_gpu_device();
    if (!s->device_ptrs) return tri_host(dev, s, solve, alpha, a, c);
    tri_resident(dev, s, solve, alpha, a, c);
    return OMPWG_OK;
}

int TN(ompwg_gpu_, trmm)(const ompwg_level3_shape *s, T alpha, const T *a, const T *b, T beta,
                         T *c)
{
    (void)b;
    (void)beta;
    return tri_any(s, false, alpha, a, c);
}

int TN(ompwg_gpu_, trsm)(const ompwg_level3_shape *s, T alpha, const T *a, const T *b, T beta,
                         T *c)
{
    (void)b;
    (void)beta;
    return tri_any(s, true, alpha, a, c);
}
