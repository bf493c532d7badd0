/* TRSM and TRMM on device data of level3_tmpl.c's precision, a part of it:
 * recursive halving down to ranges of TRI_SOLVE_ROWS rows, each solved in
 * one launch (TRSM), or to diagonal blocks of TRI_NB, each multiplied by in
 * team-shared memory (TRMM); between the halves a GEMM updates
 * one half of C with the other, finished (TRSM) or still unchanged (TRMM,
 * in place: the halves go in the order in which nothing is read after it
 * is overwritten). */

/* C := 0 (alpha == 0: A and C are not read). */
static void l3_zero(int dev, int64_t m, int64_t n, T *c, int64_t ldc)
{
    const int teams = ompwg_gpu_teams_for(ompwg_gpu_ceil_div(m * n, L3_NT));
#pragma omp target teams distribute parallel for collapse(2) device(dev) num_teams(teams) \
    thread_limit(L3_NT) is_device_ptr(c)
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < m; i++) c[i + j * ldc] = 0;
}

/* M(r0 + r, q0 + q) for r < rows, q < cols into the TRI_NB x TRI_NB block
 * ms; zero elsewhere and where M is not stored (its other triangle), its
 * diagonal as stored (1 where unit) or, for the diagonal block of a solve
 * (`solve`), as reciprocals (1 where unit, and past `rows`, so that the
 * padding solves to itself). Thread t of nt
 * takes elements t, t + nt, ..., TRI_LOADS of them loaded before any is
 * stored, so that their loads are in flight together; consecutive threads
 * read consecutive addresses of A. */
GPU_INLINE void tri_stage(const T *a, int64_t lda, bool lower, bool mt, bool unit, bool solve,
                          int r0, int rows, int q0, int cols, int t, int nt, T *ms)
{
    for (int e0 = 0; e0 < TRI_NB * TRI_NB; e0 += TRI_LOADS * nt) {
        T v[TRI_LOADS];
#pragma unroll
        for (int x = 0; x < TRI_LOADS; x++) {
            const int e = e0 + t + x * nt, i = e % TRI_NB, j = e / TRI_NB;
            const int r = mt ? j : i, q = mt ? i : j;
            const int gr = r0 + r, gq = q0 + q;
            v[x] = 0;
            if (e >= TRI_NB * TRI_NB) continue;
            if (r < rows && q < cols) {
                if (gr == gq) v[x] = unit ? (T)1 : solve ? (T)1 / a[gr + gr * lda] : a[gr + gr * lda];
                else if (lower ? gr > gq : gr < gq) v[x] = mt ? a[gq + gr * lda] : a[gr + gq * lda];
            } else if (solve && r == q) {
                v[x] = 1;
            }
        }
#pragma unroll
        for (int x = 0; x < TRI_LOADS; x++) {
            const int e = e0 + t + x * nt, i = e % TRI_NB, j = e / TRI_NB;
            if (e < TRI_NB * TRI_NB) ms[(mt ? j : i) * TRI_ROW + (mt ? i : j)] = v[x];
        }
    }
}

/* Vector x (TRI_VB apart in xs) := alpha M x for the nb x nb triangular M
 * staged in ms (rows of TRI_ROW, its other triangle unread), in place:
 * from the end whose new value needs no overwritten one. */
GPU_INLINE void tri_mul_vector(bool lower, int nb, const T *ms, T alpha, T *xs)
{
    for (int step = 0; step < nb; step++) {
        const int r = lower ? nb - 1 - step : step;
        const int q0 = lower ? 0 : r + 1, q1 = lower ? r : nb;
        const T *row = ms + r * TRI_ROW;
        T s = row[r] * xs[r * TRI_VB];
        for (int q = q0; q < q1; q++) s += row[q] * xs[q * TRI_VB];
        xs[r * TRI_VB] = alpha * s;
    }
}

/* For nvec vectors x_v (element r at c[r * rs + v * vs]): x_v := alpha M
 * x_v, with the nb x nb block M at a (leading dimension lda) taken as it
 * is stored (A's triangle `upper`) or transposed (mt), unit: ones on its
 * diagonal, which is not read. A team stages M and TRI_VB vectors at a
 * time in team-shared memory; a thread takes a vector. Any team and
 * thread count is correct. */
static void tri_mul_block(int dev, int nb, const T *a, int64_t lda, bool upper, bool mt,
                          bool unit, T alpha, T *c, int64_t rs, int64_t vs, int64_t nvec)
{
    const int64_t groups = ompwg_gpu_ceil_div(nvec, TRI_VB);
    const int teams = ompwg_gpu_teams_for(groups);
#pragma omp target teams device(dev) num_teams(teams) thread_limit(TRI_VB) is_device_ptr(a, c)
    {
        T ms[TRI_NB * TRI_ROW];
        T xs[TRI_NB * TRI_VB];
#pragma omp parallel firstprivate(nb, a, lda, upper, mt, unit, alpha, c, rs, vs, nvec, groups)
        {
            const int t = omp_get_thread_num(), nt = omp_get_num_threads();
            const int64_t team = omp_get_team_num(), nteam = omp_get_num_teams();
            /* M(r, q) is A(r, q), or A(q, r) when mt: lower when the
             * transpose flips the stored triangle */
            const bool lower = upper == mt;
            tri_stage(a, lda, lower, mt, unit, false, 0, nb, 0, nb, t, nt, ms);
            /* consecutive threads, consecutive addresses of C */
            const bool r_fast = rs == 1;
            for (int64_t g = team; g < groups; g += nteam) {
                const int64_t v0 = g * TRI_VB;
                const int nv = nvec - v0 < TRI_VB ? (int)(nvec - v0) : TRI_VB;
                for (int e = t; e < nb * nv; e += nt) {
                    const int r = r_fast ? e % nb : e / nv, v = r_fast ? e / nb : e % nv;
                    xs[r * TRI_VB + v] = c[r * rs + (v0 + v) * vs];
                }
                /* M and the vectors are staged */
#pragma omp barrier
                for (int v = t; v < nv; v += nt) tri_mul_vector(lower, nb, ms, alpha, xs + v);
#pragma omp barrier
                for (int e = t; e < nb * nv; e += nt) {
                    const int r = r_fast ? e % nb : e / nv, v = r_fast ? e / nb : e % nv;
                    c[r * rs + (v0 + v) * vs] = xs[r * TRI_VB + v];
                }
                /* the vectors are free for the next group */
#pragma omp barrier
            }
        }
    }
}

/* Vector x (TRI_XROW apart in xs) := M^-1 x for a TRI_NB x TRI_NB diagonal
 * block with reciprocals on its diagonal, M(i, j) at m[i * si + j * sj]
 * (negated off the diagonal when `negated`), the vector in registers:
 * each solved element is taken out of the rest at once, so that only one
 * multiply-add per element lies between two solved ones. The elements
 * still subtract their terms in the order of row substitution. The
 * staged block of tri_stage (rows of TRI_ROW) and the transposed, negated
 * one of tri_stage_panel both come here, the layout constants at each
 * call. */
GPU_INLINE void tri_solve_vector(bool lower, const T *m, int si, int sj, bool negated, T *xs)
{
    T x[TRI_NB];
#pragma unroll
    for (int i = 0; i < TRI_NB; i++) x[i] = xs[i * TRI_XROW];
#pragma unroll
    for (int step = 0; step < TRI_NB; step++) {
        const int j = lower ? step : TRI_NB - 1 - step;
        x[j] *= m[j * si + j * sj];
#pragma unroll
        for (int i = lower ? j + 1 : 0; i < (lower ? TRI_NB : j); i++) {
            const T f = m[i * si + j * sj];
            x[i] = negated ? x[i] + f * x[j] : x[i] - f * x[j];
        }
    }
#pragma unroll
    for (int i = 0; i < TRI_NB; i++) xs[i * TRI_XROW] = x[i];
}

/* A group's vectors (v0 the first, nv of them) times alpha into xs, by
 * thread t of nt, each with `batch` (at most TRI_GROUP_LOADS) loads in
 * flight; rows past nb and vectors past nv are zeros, so that the updates
 * and solves take whole blocks. */
GPU_INLINE void tri_group_load(int nb, T alpha, const T *c, int64_t rs, int64_t vs, int64_t v0,
                               int nv, int t, int nt, int batch, T *xs)
{
    const bool r_fast = rs == 1;
    for (int e0 = 0; e0 < TRI_PANEL * TRI_PV; e0 += batch * nt) {
        T v[TRI_GROUP_LOADS];
#pragma unroll
        for (int x = 0; x < batch; x++) {
            const int e = e0 + t + x * nt;
            const int r = r_fast ? e % TRI_PANEL : e / TRI_PV;
            const int u = r_fast ? e / TRI_PANEL : e % TRI_PV;
            v[x] = 0;
            if (e < TRI_PANEL * TRI_PV && r < nb && u < nv) v[x] = c[r * rs + (v0 + u) * vs];
        }
#pragma unroll
        for (int x = 0; x < batch; x++) {
            const int e = e0 + t + x * nt;
            const int r = r_fast ? e % TRI_PANEL : e / TRI_PV;
            const int u = r_fast ? e / TRI_PANEL : e % TRI_PV;
            if (e < TRI_PANEL * TRI_PV) xs[r * TRI_XROW + u] = alpha * v[x];
        }
    }
}

/* The group's solved vectors from xs back to C, element e of thread t's
 * walk where tri_group_load took it (no division by nb or nv). */
GPU_INLINE void tri_group_store(int nb, T *c, int64_t rs, int64_t vs, int64_t v0, int nv, int t,
                                int nt, const T *xs)
{
    const bool r_fast = rs == 1;
    for (int e = t; e < TRI_PANEL * TRI_PV; e += nt) {
        const int r = r_fast ? e % TRI_PANEL : e / TRI_PV;
        const int u = r_fast ? e / TRI_PANEL : e % TRI_PV;
        if (r < nb && u < nv) c[r * rs + (v0 + u) * vs] = xs[r * TRI_XROW + u];
    }
}

/* The first row of the diagonal block of step `step` of a panel of nblk
 * blocks (the order of the solve). */
GPU_INLINE int tri_step_row(bool lower, int nblk, int step)
{
    return (lower ? step : nblk - 1 - step) * TRI_NB;
}

/* The rows solved before diagonal block `step` of a panel of nb rows (in
 * the order of the solve): [*s0, *s1); the block's first row *r0 and its
 * rows *rows. */
GPU_INLINE void tri_step_rows(bool lower, int nb, int step, int *r0, int *rows, int *s0, int *s1)
{
    *r0 = tri_step_row(lower, (nb + TRI_NB - 1) / TRI_NB, step);
    *rows = nb - *r0 < TRI_NB ? nb - *r0 : TRI_NB;
    *s0 = lower ? 0 : *r0 + *rows;
    *s1 = lower ? *r0 : nb;
}

/* The steps of tri_solve_panels' panel of nb rows on one group of TRI_PV
 * vectors staged in xs, by thread t of nt: see there. */
GPU_INLINE void tri_panel_steps(int nb, const T *a, int64_t lda, bool lower, bool mt, bool unit,
                                int t, int nt, T *ms, T *xs)
{
    const int nblk = (nb + TRI_NB - 1) / TRI_NB;
    for (int step = 0; step < nblk; step++) {
        int r0, rows, s0, s1;
        tri_step_rows(lower, nb, step, &r0, &rows, &s0, &s1);
        for (int q0 = s0; q0 < s1; q0 += TRI_NB) {
            const int cols = s1 - q0 < TRI_NB ? s1 - q0 : TRI_NB;
            /* (the previous block's readers are done with ms) */
#pragma omp barrier
            tri_stage(a, lda, lower, mt, unit, false, r0, rows, q0, cols, t, nt, ms);
#pragma omp barrier
            for (int e0 = 0; e0 < TRI_NB * TRI_PV; e0 += TRI_LOADS * nt) {
                T sum[TRI_LOADS];
#pragma unroll
                for (int x = 0; x < TRI_LOADS; x++) sum[x] = 0;
#pragma unroll 4
                for (int q = 0; q < TRI_NB; q++)
#pragma unroll
                    for (int x = 0; x < TRI_LOADS; x++) {
                        const int e = e0 + t + x * nt;
                        if (e < TRI_NB * TRI_PV)
                            sum[x] += ms[e / TRI_PV * TRI_ROW + q] *
                                      xs[(q0 + q) * TRI_XROW + e % TRI_PV];
                    }
#pragma unroll
                for (int x = 0; x < TRI_LOADS; x++) {
                    const int e = e0 + t + x * nt;
                    if (e < TRI_NB * TRI_PV)
                        xs[(r0 + e / TRI_PV) * TRI_XROW + e % TRI_PV] -= sum[x];
                }
            }
        }
#pragma omp barrier
        tri_stage(a, lda, lower, mt, unit, true, r0, rows, r0, rows, t, nt, ms);
#pragma omp barrier
        /* (lower a constant in each call, as in tri_panel_group_mma) */
        for (int v = t; v < TRI_PV; v += nt) {
            if (lower) tri_solve_vector(true, ms, TRI_ROW, 1, false, xs + r0 * TRI_XROW + v);
            else tri_solve_vector(false, ms, TRI_ROW, 1, false, xs + r0 * TRI_XROW + v);
        }
#pragma omp barrier
    }
}

#if TRI_WARPS

/* The panel's triangle of M into ab (team memory), by thread t of
 * TRI_PNT, as tri_panel_group_mma reads it: block (s, p), p <= s, holds
 * M(rows of step s, rows of step p) at ab + (s (s + 1) / 2 + p) TRI_ABLK,
 * rows of TRI_AROW (the diagonal block, p = s, transposed: columns of
 * TRI_AROW, for tri_solve_vector). Off the diagonal each element is negated (exact), so
 * that the updates and the solve add its products; the diagonal holds
 * reciprocals (1 where unit, and past nb, so that the padding solves to
 * itself); zero past nb and in the triangle A does not store. One block
 * row at a time, all of its loads in flight together, and nothing computed
 * on a loaded value before the last load: thread t takes elements
 * (t mod 32, t / 32 + 8 x), x < TRI_LOADS, of each block as A holds it
 * (consecutive threads, consecutive addresses). */
GPU_INLINE void tri_stage_panel(const T *a, int64_t lda, bool lower, bool mt, bool unit, int nb,
                                int t, T *ab)
{
    enum { PB = TRI_PANEL / TRI_NB, JX = TRI_PNT / TRI_NB };
    _Static_assert(TRI_NB * TRI_NB == TRI_LOADS * TRI_PNT && TRI_PNT % TRI_NB == 0,
                   "TRI_LOADS elements of a block a thread");
    _Static_assert(PB * TRI_LOADS <= 32, "a bit a loaded element");
    const int nblk = (nb + TRI_NB - 1) / TRI_NB;
    const int i = t % TRI_NB, j0 = t / TRI_NB;
    /* A's stored triangle: upper when op(A) = M is lower and transposed,
     * or upper and not */
    const bool a_upper = lower == mt;
    const T *at = a + i + j0 * lda;
    for (int s = 0; s < nblk; s++) {
        const int r0 = tri_step_row(lower, nblk, s);
        T v[PB][TRI_LOADS];
        unsigned in = 0;
#pragma unroll
        for (int p = 0; p < PB; p++) {
            /* the block's origin in A */
            const int q0 = tri_step_row(lower, nblk, p);
            const int ra = mt ? q0 : r0, ca = mt ? r0 : q0;
            const T *pb = at + ra + ca * lda;
#pragma unroll
            for (int x = 0; x < TRI_LOADS; x++) {
                const int j = j0 + x * JX;
                const bool diag = p == s && i == j;
                v[p][x] = 0;
                if (p <= s && ra + i < nb && ca + j < nb &&
                    (p < s || (diag ? !unit : a_upper ? i < j : i > j))) {
                    v[p][x] = pb[x * JX * lda];
                    in |= 1u << (p * TRI_LOADS + x);
                }
            }
        }
#pragma unroll
        for (int p = 0; p < PB; p++) {
            if (p > s) break;
            T *blk = ab + (s * (s + 1) / 2 + p) * TRI_ABLK;
#pragma unroll
            for (int x = 0; x < TRI_LOADS; x++) {
                const int j = j0 + x * JX;
                const bool loaded = in >> (p * TRI_LOADS + x) & 1u;
                T m = loaded ? -v[p][x] : (T)0;
                if (p == s && i == j) m = loaded ? (T)1 / v[p][x] : (T)1;
                /* M's row and column; the diagonal block transposed */
                const int mr = mt ? j : i, mc = mt ? i : j;
                blk[p == s ? mc * TRI_AROW + mr : mr * TRI_AROW + mc] = m;
            }
        }
    }
}

/* The rows of step s in xs lose what the rows of the steps before it
 * contribute (their blocks of ab, negated, times those rows), on the
 * tensor cores: the TRI_NB x TRI_PV block of xs is cut in GEMM_DMMA_M x 8
 * blocks of mma.sync (gpu_mma.h), warp w of TRI_WARPS taking every
 * TRI_WARPS-th one. Rows past nb are zeros in ab and in xs. */
GPU_INLINE void tri_update_mma(bool lower, int nblk, int s, const T *ab, int w, int lane, T *xs)
{
    enum { BI = TRI_NB / GEMM_DMMA_M, BLOCKS = BI * (TRI_PV / 8) };
    _Static_assert(BLOCKS % TRI_WARPS == 0, "every warp the same number of blocks");
    const int g = lane >> 2, q = lane & 3;
    const int r0 = tri_step_row(lower, nblk, s);
#pragma unroll
    for (int b = w; b < BLOCKS; b += TRI_WARPS) {
        const int i0 = b % BI * GEMM_DMMA_M, u0 = b / BI * 8;
        T acc[GPU_DMMA_CF];
#pragma unroll
        for (int r = 0; r < GPU_DMMA_CF; r++)
            acc[r] = xs[(r0 + i0 + dmma_c_row_(g, r)) * TRI_XROW + u0 + dmma_c_col_(q, r)];
        for (int p = 0; p < s; p++) {
            const T *blk = ab + (s * (s + 1) / 2 + p) * TRI_ABLK;
            const T *xp = xs + tri_step_row(lower, nblk, p) * TRI_XROW;
#pragma unroll
            for (int k0 = 0; k0 < TRI_NB; k0 += GPU_DMMA_K) {
                T fa[GPU_DMMA_AF], fb[GPU_DMMA_BF];
#pragma unroll
                for (int r = 0; r < GPU_DMMA_AF; r++)
                    fa[r] = blk[(i0 + dmma_a_row_(g, r)) * TRI_AROW + k0 + dmma_a_k_(q, r)];
#pragma unroll
                for (int r = 0; r < GPU_DMMA_BF; r++)
                    fb[r] = xp[(k0 + dmma_b_k_(q, r)) * TRI_XROW + u0 + g];
                dmma_(fa, fb, acc);
            }
        }
#pragma unroll
        for (int r = 0; r < GPU_DMMA_CF; r++)
            xs[(r0 + i0 + dmma_c_row_(g, r)) * TRI_XROW + u0 + dmma_c_col_(q, r)] = acc[r];
    }
}

/* tri_panel_steps for a team of TRI_PNT threads on the tensor cores, with
 * the panel's triangle of A staged in ab (tri_stage_panel): per diagonal
 * block, the update of its rows by all solved rows (every warp), then its
 * solve (a thread a vector), each from team memory, with a barrier before
 * each. */
GPU_INLINE void tri_panel_steps_mma(int nb, bool lower, int t, const T *ab, T *xs)
{
    const int nblk = (nb + TRI_NB - 1) / TRI_NB;
    const int w = t / 32, lane = t % 32;
    for (int s = 0; s < nblk; s++) {
        if (s > 0) tri_update_mma(lower, nblk, s, ab, w, lane, xs);
        /* the block's rows are updated */
#pragma omp barrier
        /* the diagonal block, a thread a vector, from its transposed copy
         * (a step's factors together); lower a constant in each call, so
         * that the loops' bounds fold. A lane per row with shuffles between
         * the steps measured three times slower: its chain of dependent
         * steps crosses lanes, this one stays in a thread. */
        if (t < TRI_PV) {
            const T *blk = ab + (s * (s + 1) / 2 + s) * TRI_ABLK;
            T *xv = xs + tri_step_row(lower, nblk, s) * TRI_XROW + t;
            if (lower) tri_solve_vector(true, blk, 1, TRI_AROW, true, xv);
            else tri_solve_vector(false, blk, 1, TRI_AROW, true, xv);
        }
        /* and solved */
#pragma omp barrier
    }
}

/* Global memory as such, so that loads of it are ld.global (a pointer
 * that reaches a function not inlined is a generic one). */
typedef const T __attribute__((address_space(1))) tri_global_t;

/* acc += op(A)(rows, k) X(k, vectors) over k in [k0, k1), a whole number
 * of TRI_OFF_SLICES slices, for tri_offpanel_mma's blocks of warp w:
 * op(A)'s element (i, k) at a[i + k lda] (or, mt, a[k + i lda]), X's (k, u)
 * at c[k + u ldc] (or, !x_cols, c[k ldc + u]). With mt and x_cols constant
 * in each call, each of a lane's loads is a pointer that moves once a pass
 * plus a constant: op(A)'s fragments take a pointer a row (mt) or one a
 * column of k, X's one a vector (x_cols) or one a k. `part`: a part panel
 * or group, whose rows past nb and vectors past nv load nothing (zeros),
 * a predicate a lane set once. */
GPU_INLINE void tri_offpanel_whole(bool mt, bool x_cols, bool part, const T *a, int64_t lda,
                                   int64_t r0, int nb, int64_t k0, int64_t k1, const T *c,
                                   int64_t ldc, int64_t v0, int nv, int w, int lane,
                                   T acc[TRI_OFF_RB][TRI_PV / 8][GPU_DMMA_CF])
{
    enum { RB = TRI_OFF_RB, CB = TRI_PV / 8, KS = GPU_DMMA_K, U = TRI_OFF_SLICES };
    const int g = lane >> 2, q = lane & 3;
    const int64_t ar = mt ? lda : 1, ak = mt ? 1 : lda;
    const int64_t xk = x_cols ? 1 : ldc, xu = x_cols ? ldc : 1;
    bool row_in[RB][GPU_DMMA_AF], vec_in[CB];
#pragma unroll
    for (int j = 0; j < RB; j++)
#pragma unroll
        for (int r = 0; r < GPU_DMMA_AF; r++)
            row_in[j][r] = !part || (w + j * TRI_WARPS) * GEMM_DMMA_M + dmma_a_row_(g, r) < nb;
#pragma unroll
    for (int b = 0; b < CB; b++) vec_in[b] = !part || b * 8 + g < nv;
    /* the lane's first element of each: row g of warp w's first block, k
     * q; k q, vector g */
    tri_global_t *pa = (tri_global_t *)a + (r0 + w * GEMM_DMMA_M + g) * ar + (k0 + q) * ak;
    tri_global_t *pb = (tri_global_t *)c + (k0 + q) * xk + (v0 + g) * xu;
    for (int64_t k = k0; k < k1; k += U * KS) {
        T fa[U][RB][GPU_DMMA_AF], fb[U][CB][GPU_DMMA_BF];
#pragma unroll
        for (int x = 0; x < U; x++) {
#pragma unroll
            for (int j = 0; j < RB; j++)
#pragma unroll
                for (int r = 0; r < GPU_DMMA_AF; r++)
                    fa[x][j][r] =
                        row_in[j][r]
                            ? pa[(j * TRI_WARPS * GEMM_DMMA_M + dmma_a_row_(g, r) - g) * ar +
                                 (x * KS + dmma_a_k_(q, r) - q) * ak]
                            : (T)0;
#pragma unroll
            for (int b = 0; b < CB; b++)
#pragma unroll
                for (int r = 0; r < GPU_DMMA_BF; r++)
                    fb[x][b][r] =
                        vec_in[b] ? pb[(x * KS + dmma_b_k_(q, r) - q) * xk + b * 8 * xu] : (T)0;
        }
        pa += U * KS * ak;
        pb += U * KS * xk;
#pragma unroll
        for (int x = 0; x < U; x++)
#pragma unroll
            for (int j = 0; j < RB; j++)
#pragma unroll
                for (int b = 0; b < CB; b++) dmma_(fa[x][j], fb[x][b], acc[j][b]);
    }
}

/* tri_offpanel_whole with mt and x_cols as constants (and part, a
 * constant in each call of this). */
GPU_INLINE void tri_offpanel_pick(bool part, bool mt, bool x_cols, const T *a, int64_t lda,
                                  int64_t r0, int nb, int64_t k0, int64_t k1, const T *c,
                                  int64_t ldc, int64_t v0, int nv, int w, int lane,
                                  T acc[TRI_OFF_RB][TRI_PV / 8][GPU_DMMA_CF])
{
    if (mt && x_cols)
        tri_offpanel_whole(true, true, part, a, lda, r0, nb, k0, k1, c, ldc, v0, nv, w, lane, acc);
    else if (mt)
        tri_offpanel_whole(true, false, part, a, lda, r0, nb, k0, k1, c, ldc, v0, nv, w, lane, acc);
    else if (x_cols)
        tri_offpanel_whole(false, true, part, a, lda, r0, nb, k0, k1, c, ldc, v0, nv, w, lane, acc);
    else
        tri_offpanel_whole(false, false, part, a, lda, r0, nb, k0, k1, c, ldc, v0, nv, w, lane,
                           acc);
}

/* The panel rows [r0, r0 + nb) of a group's vectors in xs lose what the
 * solved rows [k0, k1) contribute: xs -= op(A)(panel rows, k) X(k, v), op(A)'s
 * elements read from A (strides ar a row, ak a column), X from C, on the
 * tensor cores. Warp w takes GEMM_DMMA_M-row blocks w, w + TRI_WARPS, ...
 * of the panel, each across the group's TRI_PV vectors, and has the loads
 * of TRI_OFF_SLICES slices in flight at once, as far as whole passes of
 * slices reach (tri_offpanel_whole); the rest slice by slice, checking k,
 * rows past nb and vectors past nv reading row nb - 1 and vector nv - 1 (a
 * block's product row and column depend on its own row of A and column of
 * X alone). Rows past nb and vectors past nv are not written back, so that
 * they stay zero. Out of line:
 * inlined, its loads in flight and the steps' live values took the kernel
 * past 255 registers (1.4 KiB of spills, ptxas -v). */
static __attribute__((noinline)) void tri_offpanel_mma(const T *a, int64_t lda, bool mt,
                                                       int64_t r0, int nb, int64_t k0,
                                                       int64_t k1, const T *c, int64_t rs,
                                                       int64_t vs, int64_t v0, int nv, int w,
                                                       int lane, T *xs)
{
    enum {
        RB = TRI_OFF_RB,
        CB = TRI_PV / 8,
        KS = GPU_DMMA_K,
        U = TRI_OFF_SLICES,
    };
    _Static_assert(RB * GEMM_DMMA_M * TRI_WARPS == TRI_PANEL && CB * 8 == TRI_PV,
                   "the warps' blocks tile the panel's rows and the group's vectors");
    const int g = lane >> 2, q = lane & 3;
    T acc[RB][CB][GPU_DMMA_CF];
#pragma unroll
    for (int j = 0; j < RB; j++)
#pragma unroll
        for (int b = 0; b < CB; b++)
#pragma unroll
            for (int r = 0; r < GPU_DMMA_CF; r++) acc[j][b][r] = 0;
    /* whole passes, then the rest slice by slice */
    const int64_t k = k0 + (k1 - k0) / (U * KS) * (U * KS);
    const bool x_cols = rs == 1;
    const int64_t ldc = x_cols ? vs : rs;
    if (nb < TRI_PANEL || nv < TRI_PV)
        tri_offpanel_pick(true, mt, x_cols, a, lda, r0, nb, k0, k, c, ldc, v0, nv, w, lane, acc);
    else
        tri_offpanel_pick(false, mt, x_cols, a, lda, r0, nb, k0, k, c, ldc, v0, nv, w, lane, acc);
    if (k < k1) {
        int64_t kt = k;
        const int64_t ar = mt ? lda : 1, ak = mt ? 1 : lda;
        const T *pa[RB][GPU_DMMA_AF], *pb[CB][GPU_DMMA_BF];
#pragma unroll
        for (int j = 0; j < RB; j++)
#pragma unroll
            for (int r = 0; r < GPU_DMMA_AF; r++) {
                int i = (w + j * TRI_WARPS) * GEMM_DMMA_M + dmma_a_row_(g, r);
                if (i > nb - 1) i = nb - 1;
                pa[j][r] = a + (r0 + i) * ar + (kt + dmma_a_k_(q, r)) * ak;
            }
#pragma unroll
        for (int b = 0; b < CB; b++)
#pragma unroll
            for (int r = 0; r < GPU_DMMA_BF; r++) {
                int u = b * 8 + g;
                if (u > nv - 1) u = nv - 1;
                pb[b][r] = c + (kt + dmma_b_k_(q, r)) * rs + (v0 + u) * vs;
            }
        for (; kt < k1; kt += KS) {
            T fa[RB][GPU_DMMA_AF], fb[CB][GPU_DMMA_BF];
#pragma unroll
            for (int j = 0; j < RB; j++)
#pragma unroll
                for (int r = 0; r < GPU_DMMA_AF; r++) {
                    fa[j][r] = kt + dmma_a_k_(q, r) < k1 ? *pa[j][r] : (T)0;
                    pa[j][r] += KS * ak;
                }
#pragma unroll
            for (int b = 0; b < CB; b++)
#pragma unroll
                for (int r = 0; r < GPU_DMMA_BF; r++) {
                    fb[b][r] = kt + dmma_b_k_(q, r) < k1 ? *pb[b][r] : (T)0;
                    pb[b][r] += KS * rs;
                }
#pragma unroll
            for (int j = 0; j < RB; j++)
#pragma unroll
                for (int b = 0; b < CB; b++) dmma_(fa[j], fb[b], acc[j][b]);
        }
    }
#pragma unroll
    for (int j = 0; j < RB; j++)
#pragma unroll
        for (int b = 0; b < CB; b++)
#pragma unroll
            for (int r = 0; r < GPU_DMMA_CF; r++) {
                const int i = (w + j * TRI_WARPS) * GEMM_DMMA_M + dmma_c_row_(g, r);
                const int u = b * 8 + dmma_c_col_(q, r);
                if (i < nb && u < nv) xs[i * TRI_XROW + u] -= acc[j][b][r];
            }
}
#endif

/* tri_panel_steps for a team of another size (host fallback), kept out of
 * line: a GPU never takes it, and inlined, its register needs would weigh
 * on the allocation of the path it takes. */
static __attribute__((noinline)) void tri_panel_steps_any(int nb, const T *a, int64_t lda,
                                                          bool lower, bool mt, bool unit, int t,
                                                          int nt, T *ms, T *xs)
{
    tri_panel_steps(nb, a, lda, lower, mt, unit, t, nt, ms, xs);
}

/* tri_offpanel_mma's update one element at a time, by thread t of nt (host
 * fallback and teams of another size), out of line for the same reason. */
static __attribute__((noinline)) void tri_offpanel_any(const T *a, int64_t ar, int64_t ak,
                                                       int64_t r0, int nb, int64_t k0,
                                                       int64_t k1, const T *c, int64_t rs,
                                                       int64_t vs, int64_t v0, int nv, int t,
                                                       int nt, T *xs)
{
    for (int e = t; e < nb * TRI_PV; e += nt) {
        const int i = e / TRI_PV, u = e % TRI_PV;
        if (u >= nv) continue;
        T sum = 0;
        for (int64_t k = k0; k < k1; k++) sum += a[(r0 + i) * ar + k * ak] * c[k * rs + (v0 + u) * vs];
        xs[i * TRI_XROW + u] -= sum;
    }
}

/* TRSM's base case: for nvec vectors x_v (element r at c[r * rs + v *
 * vs]), x_v := alpha M^-1 x_v with the ka x ka triangular M at a as
 * tri_mul_block takes it, in one launch: a team takes TRI_PV vectors at a
 * time through all of M, so that no launch waits on another. M is cut in
 * panels of TRI_PANEL rows, solved in the order of the substitution
 * (lower: from the top). For each panel the team stages its vectors of
 * the panel in team-shared memory (times alpha), takes out what the
 * solved rows contribute (tri_offpanel_mma: op(A) and the solved vectors
 * read from memory, the vectors where this team stored them), goes down
 * the panel's diagonal blocks of TRI_NB (left-looking: a block's rows
 * first lose what the panel's solved rows contribute, then the diagonal
 * block is solved) and stores the panel's vectors. On the tensor cores
 * (TRI_WARPS, double from sm_80) a team stages the panel's triangle of A
 * in its dynamic team memory (TRI_DYN_BYTES) once for all its groups; the
 * updates are mma.sync on it and the solve takes a thread a vector (one
 * warp); otherwise M's blocks beside the diagonal are staged
 * one at a time, each thread TRI_LOADS of the block's elements at once,
 * and the diagonal block is solved a thread per vector. Any team and
 * thread count is correct; a team of TRI_PNT threads runs the group with
 * that count known to the compiler, which folds the index arithmetic of
 * every loop. */
static void tri_solve_panels(int dev, int64_t ka, const T *a, int64_t lda, bool upper, bool mt,
                             bool unit, T alpha, T *c, int64_t rs, int64_t vs, int64_t nvec)
{
    const int64_t groups = ompwg_gpu_ceil_div(nvec, TRI_PV);
    const int64_t panels = ompwg_gpu_ceil_div(ka, TRI_PANEL);
    const int teams = ompwg_gpu_teams_for(groups);
#pragma omp target teams device(dev) num_teams(teams) thread_limit(TRI_PNT) is_device_ptr(a, c) \
    ompx_dyn_cgroup_mem(TRI_DYN_BYTES)
    {
        T ms[TRI_NB * TRI_ROW];
        T xs[TRI_PANEL * TRI_XROW];
#pragma omp parallel firstprivate(ka, a, lda, upper, mt, unit, alpha, c, rs, vs, nvec, groups, \
                                      panels)
        {
            const int t = omp_get_thread_num(), nt = omp_get_num_threads();
            const int64_t team = omp_get_team_num(), nteam = omp_get_num_teams();
            const bool lower = upper == mt;
            /* op(A)'s element (i, k) at a[i * ar + k * ak] */
            const int64_t ar = mt ? lda : 1, ak = mt ? 1 : lda;
#if TRI_WARPS
            T *ab = llvm_omp_target_dynamic_shared_alloc();
#endif
            for (int64_t step = 0; step < panels; step++) {
                const int64_t r0 = (lower ? step : panels - 1 - step) * TRI_PANEL;
                const int nb = ka - r0 < TRI_PANEL ? (int)(ka - r0) : TRI_PANEL;
                const T *ap = a + r0 + r0 * lda;
                T *cp = c + r0 * rs;
                /* the solved rows */
                const int64_t k0 = lower ? 0 : r0 + nb, k1 = lower ? r0 : ka;
#if TRI_WARPS
                /* once for all of the team's groups (the last group's
                 * barrier: the panel before is done with ab) */
                if (nt == TRI_PNT) tri_stage_panel(ap, lda, lower, mt, unit, nb, t, ab);
#endif
                for (int64_t g = team; g < groups; g += nteam) {
                    const int64_t v0 = g * TRI_PV;
                    const int nv = nvec - v0 < TRI_PV ? (int)(nvec - v0) : TRI_PV;
                    if (nt == TRI_PNT)
                        tri_group_load(nb, alpha, cp, rs, vs, v0, nv, t, TRI_PNT,
                                       TRI_GROUP_LOADS, xs);
                    else
                        tri_group_load(nb, alpha, cp, rs, vs, v0, nv, t, nt, TRI_LOADS, xs);
                    /* the vectors (and ab) are staged */
#pragma omp barrier
#if TRI_WARPS
                    if (nt == TRI_PNT) {
                        if (k1 > k0)
                            tri_offpanel_mma(a, lda, mt, r0, nb, k0, k1, c, rs, vs, v0, nv,
                                             t / 32, t % 32, xs);
                        tri_panel_steps_mma(nb, lower, t, ab, xs);
                    } else
#endif
                    {
                        if (k1 > k0)
                            tri_offpanel_any(a, ar, ak, r0, nb, k0, k1, c, rs, vs, v0, nv, t, nt,
                                             xs);
#if !TRI_WARPS
                        if (nt == TRI_PNT)
                            tri_panel_steps(nb, ap, lda, lower, mt, unit, t, TRI_PNT, ms, xs);
                        else
#endif
                            tri_panel_steps_any(nb, ap, lda, lower, mt, unit, t, nt, ms, xs);
                    }
                    tri_group_store(nb, cp, rs, vs, v0, nv, t, nt, xs);
                    /* the vectors are free for the next group; the
                     * panel's are stored for the next panel's updates */
#pragma omp barrier
                }
            }
        }
    }
}

/* Diagonal block [d0, d0 + nb) of op(A) applied to C's rows (left) or
 * columns (right) there. On the right, x op(A) for a row x is op(A)^T x^T:
 * the block transposed once more. */
static void tri_diag(int dev, bool solve, const ompwg_level3_shape *s, int64_t d0, int64_t nb,
                     T alpha, const T *a, T *c)
{
    const T *ad = a + d0 + d0 * s->lda;
    const bool mt = s->left ? s->trans : !s->trans;
    T *cd = s->left ? c + d0 : c + d0 * s->ldc;
    const int64_t rs = s->left ? 1 : s->ldc, vs = s->left ? s->ldc : 1;
    const int64_t nvec = s->left ? s->n : s->m;
    if (solve)
        tri_solve_panels(dev, nb, ad, s->lda, s->upper, mt, s->unit, alpha, cd, rs, vs, nvec);
    else
        tri_mul_block(dev, (int)nb, ad, s->lda, s->upper, mt, s->unit, alpha, cd, rs, vs, nvec);
}

/* op(A)'s block rows [r0, r0 + rows) x columns [c0, c0 + cols) as a GEMM
 * operand: its address in A and whether the GEMM transposes it. */
static const T *op_block(const ompwg_level3_shape *s, const T *a, int64_t r0, int64_t c0,
                         bool *trans)
{
    *trans = s->trans;
    return s->trans ? a + c0 + r0 * s->lda : a + r0 + c0 * s->lda;
}

/* C's rows (left) or columns (right) [o0, o0 + on) := alpha X + beta C
 * there, X being op(A)'s block (outputs x inputs) times C's rows or
 * columns [i0, i0 + in) (right: the other way round). */
static void tri_update(int dev, const ompwg_level3_shape *s, int64_t o0, int64_t on,
                       int64_t i0, int64_t in, T alpha, const T *a, T beta, T *c)
{
    ompwg_gemm_shape g = { .k = in, .ldc = s->ldc, .device_ptrs = true };
    bool ta;
    if (s->left) {
        const T *ab = op_block(s, a, o0, i0, &ta);
        g.transa = ta;
        g.m = on;
        g.n = s->n;
        g.lda = s->lda;
        g.ldb = s->ldc;
        GEMM_RESIDENT(dev, &g, alpha, ab, c + i0, beta, c + o0);
    } else {
        const T *ab = op_block(s, a, i0, o0, &ta);
        g.transb = ta;
        g.m = s->m;
        g.n = on;
        g.lda = s->ldc;
        g.ldb = s->lda;
        GEMM_RESIDENT(dev, &g, alpha, c + i0 * s->ldc, ab, beta, c + o0 * s->ldc);
    }
}

/* Whether op(A) is lower triangular. */
static bool op_lower(const ompwg_level3_shape *s)
{
    return s->upper == s->trans;
}

/* Where a range [lo, hi) of op(A)'s order splits in two: at a whole
 * number of diagonal blocks past the middle, so that the GEMM updates are
 * as large as they can be (rank (hi - lo) / 2 at the top). */
static int64_t tri_split(int64_t lo, int64_t hi)
{
    const int64_t half = ompwg_gpu_ceil_div(hi - lo, 2);
    return lo + ompwg_gpu_ceil_div(half, TRI_NB) * TRI_NB;
}

/* On op(A)'s rows and columns [lo, hi), recursively, with C's matching
 * rows (left) or columns (right):
 * - solve: op(A) X = alpha C (left) or X op(A) = alpha C (right), X over
 *   C. The half that needs nothing of the other is solved first (left
 *   with op(A) lower and right with op(A) upper: the first half), then
 *   taken out of the other half, which the same GEMM scales by alpha,
 *   then the other half is solved.
 * - else: C := alpha op(A) C (left) or alpha C op(A) (right), in place.
 *   The half of the result that needs the other half's old values is made
 *   first (left with op(A) upper and right with op(A) lower: the first
 *   half), from its own part and (one GEMM) the other half, still
 *   unchanged; then the other half.
 * A range of up to TRI_SOLVE_ROWS rows is solved in one launch
 * (tri_solve_panels), a diagonal block of TRI_NB multiplied in team-shared
 * memory. */
static void tri_range(int dev, const ompwg_level3_shape *s, bool solve, bool first_half,
                      int64_t lo, int64_t hi, T alpha, const T *a, T *c)
{
    if (hi - lo <= (solve ? TRI_SOLVE_ROWS : TRI_NB)) {
        tri_diag(dev, solve, s, lo, hi - lo, alpha, a, c);
        return;
    }
    const int64_t mid = tri_split(lo, hi);
    const int64_t f0 = first_half ? lo : mid, f1 = first_half ? mid : hi;
    const int64_t o0 = first_half ? mid : lo, o1 = first_half ? hi : mid;
    tri_range(dev, s, solve, first_half, f0, f1, alpha, a, c);
    if (solve) {
        tri_update(dev, s, o0, o1 - o0, f0, f1 - f0, (T)-1, a, alpha, c);
        tri_range(dev, s, solve, first_half, o0, o1, (T)1, a, c);
    } else {
        tri_update(dev, s, f0, f1 - f0, o0, o1 - o0, alpha, a, (T)1, c);
        tri_range(dev, s, solve, first_half, o0, o1, alpha, a, c);
    }
}

/* TRSM (solve) or TRMM on device data. */
static void tri_resident(int dev, const ompwg_level3_shape *s, bool solve, T alpha, const T *a,
                         T *c)
{
    if (alpha == 0) {
        l3_zero(dev, s->m, s->n, c, s->ldc);
        return;
    }
    const int64_t ka = s->left ? s->m : s->n;
    const bool first_half = (s->left == op_lower(s)) == solve;
    tri_range(dev, s, solve, first_half, 0, ka, alpha, a, c);
}
