/* TRSM and TRMM on device data of level3_tmpl.c's precision, a part of it:
 * recursive halving down to panels of TRI_PANEL rows, each solved in one
 * launch (TRSM), or to diagonal blocks of TRI_NB, each multiplied by in
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

/* Vector x (TRI_PV apart in xs) := M^-1 x for the TRI_NB x TRI_NB diagonal
 * block staged by tri_stage (reciprocal diagonal), the vector in
 * registers: each solved element is taken out of the rest at once, so
 * that only one multiply-add per element lies between two solved ones.
 * The elements still subtract their terms in the order of row
 * substitution. */
GPU_INLINE void tri_solve_vector(bool lower, const T *ms, T *xs)
{
    T x[TRI_NB];
#pragma unroll
    for (int i = 0; i < TRI_NB; i++) x[i] = xs[i * TRI_PV];
    if (lower) {
#pragma unroll
        for (int j = 0; j < TRI_NB; j++) {
            x[j] *= ms[j * TRI_ROW + j];
#pragma unroll
            for (int i = j + 1; i < TRI_NB; i++) x[i] -= ms[i * TRI_ROW + j] * x[j];
        }
    } else {
#pragma unroll
        for (int j = TRI_NB - 1; j >= 0; j--) {
            x[j] *= ms[j * TRI_ROW + j];
#pragma unroll
            for (int i = 0; i < j; i++) x[i] -= ms[i * TRI_ROW + j] * x[j];
        }
    }
#pragma unroll
    for (int i = 0; i < TRI_NB; i++) xs[i * TRI_PV] = x[i];
}

/* One group of TRI_PV vectors of tri_panel's panel (v0 the first, nv of
 * them), by thread t of nt: see there. */
GPU_INLINE void tri_panel_group(int nb, const T *a, int64_t lda, bool lower, bool mt,
                                bool unit, T alpha, T *c, int64_t rs, int64_t vs,
                                int64_t v0, int nv, int t, int nt, T *ms, T *xs)
{
    const bool r_fast = rs == 1;
    const int nblk = (nb + TRI_NB - 1) / TRI_NB;
    /* rows past nb and vectors past nv are zeros: the updates and solves
     * take whole blocks */
    for (int e0 = 0; e0 < TRI_PANEL * TRI_PV; e0 += TRI_LOADS * nt) {
        T v[TRI_LOADS];
#pragma unroll
        for (int x = 0; x < TRI_LOADS; x++) {
            const int e = e0 + t + x * nt;
            const int r = r_fast ? e % TRI_PANEL : e / TRI_PV;
            const int u = r_fast ? e / TRI_PANEL : e % TRI_PV;
            v[x] = e < TRI_PANEL * TRI_PV && r < nb && u < nv ? alpha * c[r * rs + (v0 + u) * vs]
                                                               : 0;
        }
#pragma unroll
        for (int x = 0; x < TRI_LOADS; x++) {
            const int e = e0 + t + x * nt;
            const int r = r_fast ? e % TRI_PANEL : e / TRI_PV;
            const int u = r_fast ? e / TRI_PANEL : e % TRI_PV;
            if (e < TRI_PANEL * TRI_PV) xs[r * TRI_PV + u] = v[x];
        }
    }
    for (int step = 0; step < nblk; step++) {
        const int r0 = (lower ? step : nblk - 1 - step) * TRI_NB;
        const int rows = nb - r0 < TRI_NB ? nb - r0 : TRI_NB;
        /* the rows solved so far */
        const int s0 = lower ? 0 : r0 + rows, s1 = lower ? r0 : nb;
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
                            sum[x] += ms[e / TRI_PV * TRI_ROW + q] * xs[(q0 + q) * TRI_PV + e % TRI_PV];
                    }
#pragma unroll
                for (int x = 0; x < TRI_LOADS; x++) {
                    const int e = e0 + t + x * nt;
                    if (e < TRI_NB * TRI_PV) xs[(r0 + e / TRI_PV) * TRI_PV + e % TRI_PV] -= sum[x];
                }
            }
        }
#pragma omp barrier
        tri_stage(a, lda, lower, mt, unit, true, r0, rows, r0, rows, t, nt, ms);
#pragma omp barrier
        for (int v = t; v < TRI_PV; v += nt) tri_solve_vector(lower, ms, xs + r0 * TRI_PV + v);
#pragma omp barrier
    }
    for (int e = t; e < nb * nv; e += nt) {
        const int r = r_fast ? e % nb : e / nv, v = r_fast ? e / nb : e % nv;
        c[r * rs + (v0 + v) * vs] = xs[r * TRI_PV + v];
    }
    /* the vectors are free for the next group */
#pragma omp barrier
}

/* TRSM's base case: for nvec vectors x_v (element r at c[r * rs + v *
 * vs]), x_v := alpha M^-1 x_v with the nb x nb block M (nb <= TRI_PANEL)
 * as tri_mul_block takes it, in one launch. A team keeps TRI_PV vectors of
 * the whole panel in team-shared memory and goes down its diagonal blocks
 * of TRI_NB (left-looking): a block's rows first lose what the solved rows
 * contribute (M's blocks beside the diagonal staged one at a time, each
 * thread TRI_LOADS of the block's elements at once), then the diagonal
 * block is solved, a thread per vector. The recursion above it thus stops
 * at TRI_PANEL rows instead of TRI_NB: each of its levels is a launch of a
 * GEMM too short to fill the GPU. Any team and thread count is correct; a
 * team of TRI_PNT threads runs the group with that count known to the
 * compiler, which folds the index arithmetic of every loop. */
static void tri_panel(int dev, int nb, const T *a, int64_t lda, bool upper, bool mt,
                      bool unit, T alpha, T *c, int64_t rs, int64_t vs, int64_t nvec)
{
    const int64_t groups = ompwg_gpu_ceil_div(nvec, TRI_PV);
    const int teams = ompwg_gpu_teams_for(groups);
#pragma omp target teams device(dev) num_teams(teams) thread_limit(TRI_PNT) is_device_ptr(a, c)
    {
        T ms[TRI_NB * TRI_ROW];
        T xs[TRI_PANEL * TRI_PV];
#pragma omp parallel firstprivate(nb, a, lda, upper, mt, unit, alpha, c, rs, vs, nvec, groups)
        {
            const int t = omp_get_thread_num(), nt = omp_get_num_threads();
            const int64_t team = omp_get_team_num(), nteam = omp_get_num_teams();
            const bool lower = upper == mt;
            for (int64_t g = team; g < groups; g += nteam) {
                const int64_t v0 = g * TRI_PV;
                const int nv = nvec - v0 < TRI_PV ? (int)(nvec - v0) : TRI_PV;
                if (nt == TRI_PNT)
                    tri_panel_group(nb, a, lda, lower, mt, unit, alpha, c, rs, vs, v0, nv, t,
                                           TRI_PNT, ms, xs);
                else
                    tri_panel_group(nb, a, lda, lower, mt, unit, alpha, c, rs, vs, v0, nv, t,
                                           nt, ms, xs);
            }
        }
    }
}

/* Diagonal block [d0, d0 + nb) of op(A) applied to C's rows (left) or
 * columns (right) there. On the right, x op(A) for a row x is op(A)^T x^T:
 * the block transposed once more. */
static void tri_diag(int dev, bool solve, const ompwg_level3_shape *s, int64_t d0, int nb,
                     T alpha, const T *a, T *c)
{
    const T *ad = a + d0 + d0 * s->lda;
    const bool mt = s->left ? s->trans : !s->trans;
    T *cd = s->left ? c + d0 : c + d0 * s->ldc;
    const int64_t rs = s->left ? 1 : s->ldc, vs = s->left ? s->ldc : 1;
    const int64_t nvec = s->left ? s->n : s->m;
    if (solve)
        tri_panel(dev, nb, ad, s->lda, s->upper, mt, s->unit, alpha, cd, rs, vs, nvec);
    else
        tri_mul_block(dev, nb, ad, s->lda, s->upper, mt, s->unit, alpha, cd, rs, vs, nvec);
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
 * A panel of up to TRI_PANEL rows is solved in one launch (tri_panel), a
 * diagonal block of TRI_NB multiplied in team-shared memory. */
static void tri_range(int dev, const ompwg_level3_shape *s, bool solve, bool first_half,
                      int64_t lo, int64_t hi, T alpha, const T *a, T *c)
{
    if (hi - lo <= (solve ? TRI_PANEL : TRI_NB)) {
        tri_diag(dev, solve, s, lo, (int)(hi - lo), alpha, a, c);
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
