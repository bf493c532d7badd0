/* Part of factor_tmpl.c: the LU panel, w <= LU_W columns of an m-row block
 * factorised in one launch by many teams (the work-group patterns: the
 * pivot search a team reduction and then a reduction across teams, the
 * pivot row broadcast through global memory, barriers between steps).
 *
 * Each team owns a contiguous range of the panel's rows and keeps them in
 * its local memory (team-shared) when they fit in LU_SH elements, else in
 * global memory; the panel's steps read and write them alike through one
 * base and leading dimension. A column costs
 * one barrier across the grid: before it, each team publishes its best
 * candidate (value, row and the row's w entries) and the owner of row j
 * publishes row j; after it, every team picks the same pivot from the
 * candidates, the two owners swap their rows, and each team scales and
 * updates its own rows. The update looks one column ahead: a team updates
 * column j + 1 first, publishes its candidate for it (the row's entries as
 * the whole update will leave them) and counts itself in at the barrier,
 * then updates the rest while the other teams arrive. The published
 * entries are double-buffered by the column's parity: a team can write
 * column j + 2's only after every team has passed column j + 1's barrier,
 * which each reaches only after reading column j's.
 *
 * The interchanges of the columns outside the panel happen here too, each
 * column always by the same team, in the order of the pivots: the result is
 * dgetrf2's, whose row interchanges on the left and right blocks commute
 * with the triangular solves and updates they precede or follow, and no
 * separate interchange kernel runs.
 *
 * A barrier across the grid is safe only with every team of the grid
 * running at once: LU_TEAMS stays below the device's multiprocessors, one
 * team each, and the launch before has finished (target regions here are
 * synchronous). In host fallback the grid is one team. */

/* The larger of two pivot candidates: the larger magnitude, on a tie the
 * smaller row (IDAMAX's first largest). */
GPU_INLINE bool lu_better(T v, int64_t i, T bv, int64_t bi)
{
    return v > bv || (v == bv && i < bi);
}

/* The sub-group's best candidate into (*v, *i) of each of its threads: a
 * butterfly of shuffles. */
GPU_INLINE void lu_subgroup_best(ompwg_subgroup sg, T *v, int64_t *i)
{
    for (int off = 1; off < OMPWG_SG_MAX_SIZE; off <<= 1) {
        const T ov = TEAM_T(ompwg_sg_shuffle_xor)(sg, *v, (unsigned)off);
        const int64_t oi = ompwg_sg_shuffle_xor_l(sg, *i, (unsigned)off);
        if (lu_better(ov, oi, *v, *i)) {
            *v = ov;
            *i = oi;
        }
    }
}

/* The team's best candidate into (*v, *i) of every thread: the
 * sub-groups' bests through sv and si (team-shared, one entry a
 * sub-group), two barriers in all. */
GPU_INLINE void lu_team_best(ompwg_subgroup sg, T *v, int64_t *i, T *sv, int64_t *si)
{
    lu_subgroup_best(sg, v, i);
    if (sg.lane == 0) {
        sv[sg.id] = *v;
        si[sg.id] = *i;
    }
#pragma omp barrier
    T bv = sv[0];
    int64_t bi = si[0];
    for (int g = 1; g < sg.count; g++)
        if (lu_better(sv[g], si[g], bv, bi)) {
            bv = sv[g];
            bi = si[g];
        }
    *v = bv;
    *i = bi;
#pragma omp barrier
}

/* A fence over the device's memory, which only the grid's own threads
 * read and write during the launch: on the GPU membar.gl, cheaper than the
 * system-wide fence of OpenMP's flush. */
GPU_INLINE void lu_fence(void)
{
#if defined(__NVPTX__)
    __nvvm_membar_gl();
#else
#pragma omp flush
#endif
}

/* The barrier across the grid in two halves, so that a team works between
 * them: lu_grid_arrive counts the team in (its thread 0, after the team's
 * barrier and a fence that publishes the team's writes), lu_grid_wait
 * waits for the count to reach `target` (a fence orders the team's later
 * reads after the other teams' counts) and then the team's barrier. */
GPU_INLINE void lu_grid_arrive(uint64_t *count, int t, int64_t nteam)
{
#pragma omp barrier
    if (t == 0 && nteam > 1) {
        lu_fence();
#pragma omp atomic update
        *count += 1;
    }
}

GPU_INLINE void lu_grid_wait(uint64_t *count, uint64_t target, int t, int64_t nteam)
{
    if (t == 0 && nteam > 1) {
        uint64_t seen = 0;
        do {
#pragma omp atomic read
            seen = *count;
        } while (seen < target);
        lu_fence();
    }
#pragma omp barrier
}

/* The whole barrier across the grid. */
GPU_INLINE void lu_grid_sync(uint64_t *count, uint64_t target, int t, int64_t nteam)
{
    lu_grid_arrive(count, t, nteam);
    lu_grid_wait(count, target, t, nteam);
}

/* The pivot candidate of element x in row i when looking below row j: its
 * magnitude, -1 for a NaN, except that a NaN in row j itself is taken at
 * once (IDAMAX starts from the first element and nothing compares larger
 * than a NaN). */
GPU_INLINE T lu_weight(T x, int64_t i, int64_t j)
{
    if (x != x) return i == j ? (T)INFINITY : (T)-1;
    return x < 0 ? -x : x;
}

/* An element of the rank-1 update, x - l p: one expression wherever it is
 * made, so that the entries a team publishes ahead of its update are the
 * ones the update leaves. */
GPU_INLINE T lu_update(T x, T l, T p)
{
    return x - l * p;
}

/* Factorises the panel of w columns starting at column `col` of the matrix
 * at `a` (m_all rows from row 0 of the matrix, n_all columns, leading
 * dimension lda), rows col..m_all - 1. piv[col + j] gets the 0-based row of
 * the matrix that row col + j was interchanged with; *info the 1-based
 * column of the first zero pivot, unless it holds one already. `count`
 * and `base`: the grid barrier's counter and its value at this launch.
 * xv, xi: the exchange buffers (lu_exchange_elems / lu_exchange_ints). */
static void TN(lu_panel_, )(int dev, int teams, int64_t m_all, int64_t n_all, int64_t col,
                            int64_t w, T *a, int64_t lda, int64_t *piv, int64_t *info,
                            uint64_t *count, uint64_t base, T *xv, int64_t *xi)
{
    const int64_t m = m_all - col;
    T *p0 = a + col + col * lda; /* the panel's first element */
#pragma omp target teams device(dev) num_teams(teams) thread_limit(LU_NT) \
    is_device_ptr(a, p0, piv, info, count, xv, xi)
    {
        T sv[LU_NT];
        int64_t si[LU_NT];
        T prow[LU_W];
        T own[LU_SH];
#pragma omp parallel firstprivate(m_all, n_all, col, w, lda, m, base)
        {
            const int t = omp_get_thread_num(), nt = omp_get_num_threads();
            const ompwg_subgroup sg = ompwg_sg_this();
            const int64_t team = omp_get_team_num(), nteam = omp_get_num_teams();
            const int64_t per = (m + nteam - 1) / nteam;
            const int64_t lo = team * per, hi = lo + per < m ? lo + per : m;
            /* the team's rows: element (i, k) of the panel at rw[i - off + k * ld] */
            const bool local = per * w <= LU_SH;
            T *const rw = local ? own : p0;
            const int64_t off = local ? lo : 0, ld = local ? per : lda;
            if (local)
                for (int64_t x = t; x < (hi - lo) * w; x += nt) {
                    const int64_t i = lo + x % (hi - lo), k = x / (hi - lo);
                    rw[i - off + k * ld] = p0[i + k * lda];
                }
            /* the columns outside the panel this team interchanges */
            const int64_t outside = n_all - w;
            const int64_t oper = (outside + nteam - 1) / nteam;
            const int64_t olo = team * oper, ohi = olo + oper < outside ? olo + oper : outside;
            const int64_t xstride = nteam * (LU_W + 1) + LU_W;
            /* the exchange buffers of column j: the teams' candidates' values
             * (cand_v), rows (cand_i) and entries (cand_row), and row j's
             * entries (row_j) */
#define LU_CAND_V(j) (xv + ((j) & 1) * xstride)
#define LU_CAND_ROW(j) (LU_CAND_V(j) + nteam)
#define LU_ROW_J(j) (LU_CAND_ROW(j) + nteam * LU_W)
#define LU_CAND_I(j) (xi + ((j) & 1) * nteam)
#pragma omp barrier
            /* column 0's candidate of this team, published */
            T bv = -1;
            int64_t bi = INT64_MAX;
            for (int64_t i = lo + t; i < hi; i += nt) {
                const T v = lu_weight(rw[i - off], i, 0);
                if (v > bv) {
                    bv = v;
                    bi = i;
                }
            }
            lu_team_best(sg, &bv, &bi, sv, si);
            if (t == 0) {
                LU_CAND_V(0)[team] = bv;
                LU_CAND_I(0)[team] = bi;
            }
            if (bi != INT64_MAX)
                for (int64_t k = t; k < w; k += nt)
                    LU_CAND_ROW(0)[team * LU_W + k] = rw[bi - off + k * ld];
            if (lo == 0 && hi > 0)
                for (int64_t k = t; k < w; k += nt) LU_ROW_J(0)[k] = rw[k * ld];
            lu_grid_arrive(count, t, nteam);
            for (int64_t j = 0; j < w; j++) {
                T *const cand_v = LU_CAND_V(j), *const cand_row = LU_CAND_ROW(j);
                T *const row_j = LU_ROW_J(j);
                int64_t *const cand_i = LU_CAND_I(j);
                lu_grid_wait(count, base + (uint64_t)(j + 1) * (uint64_t)nteam, t, nteam);

                /* the pivot: the best of the teams' candidates, which each
                 * sub-group finds on its own; row j's entries, whose place
                 * is known already, loaded beside them */
                const T rj = t < w ? ((volatile T *)row_j)[t] : (T)0;
                bv = -1;
                bi = INT64_MAX;
                for (int64_t u = sg.lane; u < nteam; u += sg.size) {
                    const T v = ((volatile T *)cand_v)[u];
                    const int64_t i = ((volatile int64_t *)cand_i)[u];
                    if (lu_better(v, i, bv, bi)) {
                        bv = v;
                        bi = i;
                    }
                }
                lu_subgroup_best(sg, &bv, &bi);
                const int64_t p = bi;
                const int64_t owner = p / per;
                for (int64_t k = t; k < w; k += nt)
                    prow[k] = ((volatile T *)cand_row)[owner * LU_W + k];
                /* the interchange in this thread's first column outside the
                 * panel: loaded now, stored after the update, so that its
                 * trip to memory overlaps the steps between (nothing in the
                 * panel reads those columns) */
                T *ocol = NULL;
                T oj = 0, op = 0;
                if (p != j && olo + t < ohi) {
                    const int64_t c = olo + t;
                    ocol = a + (c < col ? c : c + w) * lda;
                    oj = ocol[col + j];
                    op = ocol[col + p];
                }
#pragma omp barrier
                if (team == 0 && t == 0) piv[col + j] = col + p;
                if (p != j) {
                    if (j >= lo && j < hi)
                        for (int64_t k = t; k < w; k += nt) rw[j - off + k * ld] = prow[k];
                    if (p >= lo && p < hi)
                        for (int64_t k = t; k < w; k += nt)
                            rw[p - off + k * ld] = k == t ? rj : ((volatile T *)row_j)[k];
                }
                const T d = prow[j];
                if (d == 0 && team == 0 && t == 0 && *info == 0) *info = col + j + 1;
#pragma omp barrier
                /* this team's rows below j scaled, and column j + 1 updated
                 * first: its candidate is published and the team counted in
                 * at the grid's barrier before the rest of the rank-1 update,
                 * which then overlaps the other teams' arrival */
                const bool recip = d != 0 && (d < 0 ? -d : d) >= T_SFMIN;
                const T r = recip ? (T)1 / d : (T)0;
                const bool next = j + 1 < w;
                const int64_t i0 = lo > j + 1 ? lo : j + 1;
                bv = -1;
                bi = INT64_MAX;
                for (int64_t i = i0 + t; i < hi; i += nt) {
                    T l = rw[i - off + j * ld];
                    if (d != 0) {
                        l = recip ? l * r : l / d;
                        rw[i - off + j * ld] = l;
                    }
                    if (next) {
                        const T x = lu_update(rw[i - off + (j + 1) * ld], l, prow[j + 1]);
                        rw[i - off + (j + 1) * ld] = x;
                        const T v = lu_weight(x, i, j + 1);
                        if (v > bv) {
                            bv = v;
                            bi = i;
                        }
                    }
                }
                if (next) {
                    lu_team_best(sg, &bv, &bi, sv, si);
                    /* published as they will be after this step: the
                     * candidate row and row j + 1 updated here on the fly */
                    if (t == 0) {
                        LU_CAND_V(j + 1)[team] = bv;
                        LU_CAND_I(j + 1)[team] = bi;
                    }
                    if (bi != INT64_MAX)
                        for (int64_t k = t; k < w; k += nt) {
                            const T x = rw[bi - off + k * ld];
                            LU_CAND_ROW(j + 1)[team * LU_W + k] =
                                k <= j + 1 ? x : lu_update(x, rw[bi - off + j * ld], prow[k]);
                        }
                    if (j + 1 >= lo && j + 1 < hi)
                        for (int64_t k = t; k < w; k += nt) {
                            const T x = rw[j + 1 - off + k * ld];
                            LU_ROW_J(j + 1)[k] =
                                k <= j + 1 ? x : lu_update(x, rw[j + 1 - off + j * ld], prow[k]);
                        }
                    lu_grid_arrive(count, t, nteam);
                    /* columns j + 2.. of the rows below j: where the team has
                     * threads to spare, g threads a row, each every g-th
                     * column (one division a step, none an element) */
                    const int64_t nr = hi - i0;
                    const int span = nr > 0 && nr <= nt ? (int)nr : nt;
                    const int g = nt / span, q = t / span;
                    for (int64_t i = i0 + (t - q * span); q < g && i < hi; i += nt) {
                        const T l = rw[i - off + j * ld];
                        for (int64_t k = j + 2 + q; k < w; k += g)
                            rw[i - off + k * ld] = lu_update(rw[i - off + k * ld], l, prow[k]);
                    }
                }
                /* the outside interchange: the first column's stores, then any
                 * further columns of this thread's */
                if (ocol) {
                    ocol[col + j] = op;
                    ocol[col + p] = oj;
                }
                if (p != j)
                    for (int64_t c = olo + t + nt; c < ohi; c += nt) {
                        T *colp = a + (c < col ? c : c + w) * lda;
                        const T x = colp[col + j];
                        colp[col + j] = colp[col + p];
                        colp[col + p] = x;
                    }
            }
#undef LU_CAND_V
#undef LU_CAND_ROW
#undef LU_ROW_J
#undef LU_CAND_I
#pragma omp barrier
            if (local)
                for (int64_t x = t; x < (hi - lo) * w; x += nt) {
                    const int64_t i = lo + x % (hi - lo), k = x / (hi - lo);
                    p0[i + k * lda] = rw[i - off + k * ld];
                }
        }
    }
}

/* Elements and integers of the exchange buffers for `teams` teams. */
static size_t lu_exchange_elems(int teams)
{
    return 2 * ((size_t)teams * (LU_W + 1) + LU_W);
}

static size_t lu_exchange_ints(int teams)
{
    return 2 * (size_t)teams;
}
