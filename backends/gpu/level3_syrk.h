/* SYRK and SYR2K on device data of level3_tmpl.c's precision, a part of it.
 * C's triangle is cut recursively in halves of whole SY_BLOCK blocks: the
 * rectangle between two halves is a GEMM (one, two for SYR2K), and what
 * is left, the diagonal blocks, takes one launch of a tiled kernel: a team
 * per SY_T x SY_T tile that touches the triangle (tiles wholly in the other
 * triangle are never launched), a tile on the diagonal writing only the
 * triangle's elements. */

/* Tile number -> (tile row, tile column) in the triangle: tiles
 * (i, j), j <= i, numbered row by row; the upper triangle takes the
 * transpose. */
GPU_INLINE void tri_tile(int64_t tile, bool upper, int64_t *ti, int64_t *tj)
{
    int64_t i = 0, rest = tile;
    while (rest > i) {
        rest -= i + 1;
        i++;
    }
    *ti = upper ? rest : i;
    *tj = upper ? i : rest;
}

/* A slice of an n x kdim operand (element (i, l) at x[i * si + l * sl]):
 * rows [i0, i0 + SY_T) x [k0, k0 + SY_K) into xs (SY_K rows of SY_ROW),
 * zeros outside. */
GPU_INLINE void sy_stage(const T *x, int64_t si, int64_t sl, int64_t n, int64_t kdim,
                         int64_t i0, int64_t k0, int t, int nt, T *xs)
{
    const bool i_fast = si == 1;
    for (int e = t; e < SY_T * SY_K; e += nt) {
        const int i = i_fast ? e % SY_T : e / SY_K, l = i_fast ? e / SY_T : e % SY_K;
        const bool in = i0 + i < n && k0 + l < kdim;
        xs[l * SY_ROW + i] = in ? x[(i0 + i) * si + (k0 + l) * sl] : (T)0;
    }
}

/* C := alpha X Y^T (+ alpha Y X^T when two) + beta C on the `upper` or
 * lower triangle of the diagonal blocks of order bs (a multiple of SY_T)
 * of the n x n C, X and Y n x kdim (element (i, l) at x[i * xs.i + l *
 * xs.l], y[i * ys.i + l * ys.l]); SYRK passes X as Y. kdim == 0 reads
 * neither; beta == 0 never reads C. A thread computes SY_Q elements of a
 * tile; a team of fewer than SY_NT threads (host fallback) goes over the
 * tile's SY_NT groups of elements in turns, each turn over every k
 * slice. */
static void syrk_tiles(int dev, bool upper, bool two, int64_t n, int64_t bs, int64_t kdim,
                       T alpha, const T *x, sy_strides xs, const T *y, sy_strides ys,
                       T beta, T *c, int64_t ldc)
{
    /* tiles per block side and per block; the last block may have fewer */
    const int64_t tb = bs / SY_T, per_block = tb * (tb + 1) / 2;
    const int64_t ntiles = ompwg_gpu_ceil_div(n, bs) * per_block;
    const int teams = ompwg_gpu_teams_for(ntiles);
    const int64_t xsi = xs.i, xsl = xs.l, ysi = ys.i, ysl = ys.l;
#pragma omp target teams device(dev) num_teams(teams) thread_limit(SY_NT) is_device_ptr(x, y, c)
    {
        /* local memory: slices of X and Y along the tile's rows (r) and
         * columns (c) */
        T xr[SY_K * SY_ROW], xc[SY_K * SY_ROW], yr[SY_K * SY_ROW], yc[SY_K * SY_ROW];
#pragma omp parallel firstprivate(upper, two, n, kdim, alpha, x, y, xsi, xsl, ysi, ysl, beta, c, \
                                      ldc, ntiles, tb, per_block)
        {
            const int t = omp_get_thread_num(), nt = omp_get_num_threads();
            const int64_t team = omp_get_team_num(), nteam = omp_get_num_teams();
            for (int64_t tile = team; tile < ntiles; tile += nteam) {
                int64_t ti, tj;
                tri_tile(tile % per_block, upper, &ti, &tj);
                const int64_t b0 = tile / per_block * bs, r0 = b0 + ti * SY_T, c0 = b0 + tj * SY_T;
                /* past the end of the last block: the whole team skips it */
                if (r0 >= n || c0 >= n) continue;
                for (int u0 = 0; u0 < SY_NT; u0 += nt) {
                    const int u = u0 + t;
                    const bool mine = u < SY_NT;
                    const int row = u % SY_T, col = u / SY_T;
                    T acc[SY_Q];
                    for (int q = 0; q < SY_Q; q++) acc[q] = 0;
                    for (int64_t k0 = 0; k0 < kdim; k0 += SY_K) {
                        sy_stage(x, xsi, xsl, n, kdim, r0, k0, t, nt, xr);
                        sy_stage(x, xsi, xsl, n, kdim, c0, k0, t, nt, xc);
                        if (two) {
                            sy_stage(y, ysi, ysl, n, kdim, r0, k0, t, nt, yr);
                            sy_stage(y, ysi, ysl, n, kdim, c0, k0, t, nt, yc);
                        }
#pragma omp barrier
                        if (mine) {
                            for (int l = 0; l < SY_K; l++) {
                                const T a = xr[l * SY_ROW + row];
                                const T b = two ? yr[l * SY_ROW + row] : (T)0;
                                for (int q = 0; q < SY_Q; q++) {
                                    const int cq = col + q * (SY_NT / SY_T);
                                    acc[q] += two ? a * yc[l * SY_ROW + cq] + b * xc[l * SY_ROW + cq]
                                                  : a * xc[l * SY_ROW + cq];
                                }
                            }
                        }
                        /* the slices are free for the next one */
#pragma omp barrier
                    }
                    if (!mine) continue;
                    const int64_t i = r0 + row;
                    for (int q = 0; q < SY_Q; q++) {
                        const int64_t j = c0 + col + q * (SY_NT / SY_T);
                        if (i >= n || j >= n || (upper ? i > j : i < j)) continue;
                        T *p = c + i + j * ldc;
                        *p = beta == 0 ? alpha * acc[q] : alpha * acc[q] + beta * *p;
                    }
                }
            }
        }
    }
}

/* Rows [r0, ...) of an n x k operand (stored k x n when trans) as GEMM
 * operand: its address; the GEMM transposes it on the left when trans, on
 * the right (where the product takes its transpose) when not. */
static const T *sy_rows(const T *x, int64_t ld, bool trans, int64_t r0)
{
    /* SYRK has no second operand */
    if (!x) return NULL;
    return trans ? x + r0 * ld : x + r0;
}

/* The rectangles of C's triangle on [lo, hi) outside its diagonal blocks
 * of order bs, by halves: C(R, K) := alpha X_R Y_K^T (+ alpha Y_R X_K^T) +
 * beta C(R, K) for the rows R and columns K of the rectangle between
 * them. */
static void syrk_rects(int dev, const ompwg_level3_shape *s, bool two, int64_t bs,
                       int64_t kdim, int64_t lo, int64_t hi, T alpha, const T *a,
                       const T *b, T beta, T *c)
{
    if (hi - lo <= bs) return;
    const int64_t mid = lo + ompwg_gpu_ceil_div(ompwg_gpu_ceil_div(hi - lo, 2), bs) * bs;
    const int64_t r0 = s->upper ? lo : mid, r1 = s->upper ? mid : hi;
    const int64_t k0 = s->upper ? mid : lo, k1 = s->upper ? hi : mid;
    ompwg_gemm_shape g = { .transa = s->trans, .transb = !s->trans, .m = r1 - r0, .n = k1 - k0,
                           .k = kdim, .lda = s->lda, .ldb = s->lda, .ldc = s->ldc,
                           .device_ptrs = true };
    T *cr = c + r0 + k0 * s->ldc;
    if (!two) {
        GEMM_RESIDENT(dev, &g, alpha, sy_rows(a, s->lda, s->trans, r0),
                      sy_rows(a, s->lda, s->trans, k0), beta, cr);
    } else {
        g.ldb = s->ldb;
        GEMM_RESIDENT(dev, &g, alpha, sy_rows(a, s->lda, s->trans, r0),
                      sy_rows(b, s->ldb, s->trans, k0), beta, cr);
        g.lda = s->ldb;
        g.ldb = s->lda;
        GEMM_RESIDENT(dev, &g, alpha, sy_rows(b, s->ldb, s->trans, r0),
                      sy_rows(a, s->lda, s->trans, k0), (T)1, cr);
    }
    syrk_rects(dev, s, two, bs, kdim, lo, mid, alpha, a, b, beta, c);
    syrk_rects(dev, s, two, bs, kdim, mid, hi, alpha, a, b, beta, c);
}

/* SYRK (b unused) or SYR2K on device data. The operands are n x k (trans
 * false) or k x n: their rows along C are then strided by the leading
 * dimension. alpha == 0 reads neither. Orders up to SY_BLOCK are one
 * launch of the tiled kernel. */
static void syrk_resident(int dev, const ompwg_level3_shape *s, bool two, T alpha,
                          const T *a, const T *b, T beta, T *c)
{
    const int64_t kdim = alpha == 0 ? 0 : s->k;
    const int64_t bs = s->n <= SY_BLOCK ? ompwg_gpu_ceil_div(s->n, SY_T) * SY_T : SY_BLOCK;
    const sy_strides as = { .i = s->trans ? s->lda : 1, .l = s->trans ? 1 : s->lda };
    const sy_strides bs_ = { .i = s->trans ? s->ldb : 1, .l = s->trans ? 1 : s->ldb };
    syrk_rects(dev, s, two, bs, kdim, 0, s->n, alpha, a, two ? b : a, beta, c);
    if (two)
        syrk_tiles(dev, s->upper, true, s->n, bs, kdim, alpha, a, as, b, bs_, beta, c,
                   s->ldc);
    else
        syrk_tiles(dev, s->upper, false, s->n, bs, kdim, alpha, a, as, a, as, beta, c,
                   s->ldc);
}
