/* SYRK and SYR2K on device data for one precision, included by level3.c:
 * one team per SY_T x SY_T tile of C that touches the stored triangle
 * (tiles wholly in the other triangle are never launched), a tile on the
 * diagonal writing only the triangle's elements. */
#include "prec.h"

/* Tile number -> (tile row, tile column) in the triangle: tiles
 * (i, j), j <= i, numbered row by row; the upper triangle takes the
 * transpose. */
GPU_INLINE void TN(tri_tile_, )(int64_t tile, bool upper, int64_t *ti, int64_t *tj)
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
GPU_INLINE void TN(sy_stage_, )(const T *x, int64_t si, int64_t sl, int64_t n, int64_t kdim,
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
 * lower triangle of the n x n C, X and Y n x kdim (element (i, l) at
 * x[i * xs.i + l * xs.l], y[i * ys.i + l * ys.l]); SYRK passes X as Y. kdim == 0 reads neither; beta == 0 never reads C.
 * Threads beyond a tile's SY_NT elements groups (host fallback: fewer
 * threads than groups) take the groups in turns, each turn over every k
 * slice. */
static void TN(syrk_tiles_, )(int dev, bool upper, bool two, int64_t n, int64_t kdim, T alpha,
                              const T *x, sy_strides xs, const T *y, sy_strides ys, T beta, T *c,
                              int64_t ldc)
{
    const int64_t tn = ompwg_gpu_ceil_div(n, SY_T), ntiles = tn * (tn + 1) / 2;
    const int teams = ompwg_gpu_teams_for(ntiles);
    const int64_t xsi = xs.i, xsl = xs.l, ysi = ys.i, ysl = ys.l;
#pragma omp target teams device(dev) num_teams(teams) thread_limit(SY_NT) is_device_ptr(x, y, c)
    {
        /* local memory: slices of X and Y along the tile's rows (r) and
         * columns (c) */
        T xr[SY_K * SY_ROW], xc[SY_K * SY_ROW], yr[SY_K * SY_ROW], yc[SY_K * SY_ROW];
#pragma omp parallel firstprivate(upper, two, n, kdim, alpha, x, y, xsi, xsl, ysi, ysl, beta, c, \
                                      ldc, ntiles)
        {
            const int t = omp_get_thread_num(), nt = omp_get_num_threads();
            const int64_t team = omp_get_team_num(), nteam = omp_get_num_teams();
            for (int64_t tile = team; tile < ntiles; tile += nteam) {
                int64_t ti, tj;
                TN(tri_tile_, )(tile, upper, &ti, &tj);
                const int64_t r0 = ti * SY_T, c0 = tj * SY_T;
                for (int u0 = 0; u0 < SY_NT; u0 += nt) {
                    const int u = u0 + t;
                    const bool mine = u < SY_NT;
                    const int row = u % SY_T, col = u / SY_T;
                    T acc[SY_Q];
                    for (int q = 0; q < SY_Q; q++) acc[q] = 0;
                    for (int64_t k0 = 0; k0 < kdim; k0 += SY_K) {
                        TN(sy_stage_, )(x, xsi, xsl, n, kdim, r0, k0, t, nt, xr);
                        TN(sy_stage_, )(x, xsi, xsl, n, kdim, c0, k0, t, nt, xc);
                        if (two) {
                            TN(sy_stage_, )(y, ysi, ysl, n, kdim, r0, k0, t, nt, yr);
                            TN(sy_stage_, )(y, ysi, ysl, n, kdim, c0, k0, t, nt, yc);
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

/* SYRK (b unused) or SYR2K on device data. The operands are n x k (trans
 * false) or k x n: their rows along C are then strided by the leading
 * dimension. alpha == 0 reads neither. */
static void TN(syrk_resident_, )(int dev, const ompwg_level3_shape *s, bool two, T alpha,
                                 const T *a, const T *b, T beta, T *c)
{
    const int64_t kdim = alpha == 0 ? 0 : s->k;
    const sy_strides as = { .i = s->trans ? s->lda : 1, .l = s->trans ? 1 : s->lda };
    const sy_strides bs = { .i = s->trans ? s->ldb : 1, .l = s->trans ? 1 : s->ldb };
    if (two)
        TN(syrk_tiles_, )(dev, s->upper, true, s->n, kdim, alpha, a, as, b, bs, beta, c, s->ldc);
    else
        TN(syrk_tiles_, )(dev, s->upper, false, s->n, kdim, alpha, a, as, a, as, beta, c, s->ldc);
}
