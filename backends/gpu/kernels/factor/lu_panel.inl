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
 * updates its own rows. The published entries are double-buffered by the
 * column's parity: a team can write column j + 2's only after every team
 * has passed column j + 1's barrier, which each reaches only after reading
 * column j's.
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

/* The team's best candidate into (*v, *i) of every thread: a butterfly of
 * shuffles in each sub-group, then the sub-groups' bests through sv and si
 * (team-shared, one entry a sub-group), two barriers in all. */
GPU_INLINE void lu_team_best(ompwg_subgroup sg, T *v, int64_t *i, T *sv, int64_t *si)
{
    for (int off = 1; off < OMPWG_SG_MAX_SIZE; off <<= 1) {
        const T ov = TEAM_T(ompwg_sg_shuffle_xor)(sg, *v, (unsigned)off);
        const int64_t oi = ompwg_sg_shuffle_xor_l(sg, *i, (unsigned)off);
        if (lu_better(ov, oi, *v, *i)) {
            *v = ov;
            *i = oi;
        }
    }
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

/* Every team's thread 0 counts its team in and waits for the count to
 * reach `target`; the fences publish the team's writes before the count
 * and order its later reads after the other teams' counts. */
GPU_INLINE void lu_grid_sync(uint64_t *count, uint64_t target, int t, int64_t nteam)
{
#pragma omp barrier
    if (t == 0 && nteam > 1) {
        lu_fence();
#pragma omp atomic update
        *count += 1;
        uint64_t seen = 0;
        do {
#pragma omp atomic read
            seen = *count;
        } while (seen < target);
        lu_fence();
    }
#pragma omp barrier
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
            for (int64_t j = 0; j < w; j++) {
                T *cand_v = xv + (j & 1) * xstride;
                T *cand_row = cand_v + nteam;
                T *row_j = cand_row + nteam * LU_W;
                int64_t *cand_i = xi + (j & 1) * nteam;
                /* this team's candidate among its rows at or below j */
                T bv = -1;
                int64_t bi = INT64_MAX;
                for (int64_t i = (lo > j ? lo : j) + t; i < hi; i += nt) {
                    const T v = lu_weight(rw[i - off + j * ld], i, j);
                    if (v > bv) {
                        bv = v;
                        bi = i;
                    }
                }
                lu_team_best(sg, &bv, &bi, sv, si);
                if (t == 0) {
                    cand_v[team] = bv;
                    cand_i[team] = bi;
                }
                if (bi != INT64_MAX)
                    for (int64_t k = t; k < w; k += nt) cand_row[team * LU_W + k] = rw[bi - off + k * ld];
                if (j >= lo && j < hi)
                    for (int64_t k = t; k < w; k += nt) row_j[k] = rw[j - off + k * ld];
                lu_grid_sync(count, base + (uint64_t)(j + 1) * (uint64_t)nteam, t, nteam);

                /* the pivot: the best of the teams' candidates, the same in every
                 * team; row j's entries, whose place is known already, loaded
                 * beside them */
                const T rj = t < w ? ((volatile T *)row_j)[t] : (T)0;
                bv = -1;
                bi = INT64_MAX;
                for (int64_t u = t; u < nteam; u += nt) {
                    const T v = ((volatile T *)cand_v)[u];
                    const int64_t i = ((volatile int64_t *)cand_i)[u];
                    if (lu_better(v, i, bv, bi)) {
                        bv = v;
                        bi = i;
                    }
                }
                lu_team_best(sg, &bv, &bi, sv, si);
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
                /* scale this team's rows below j, then the rank-1 update of
                 * the panel's columns right of j */
                const bool recip = d != 0 && (d < 0 ? -d : d) >= T_SFMIN;
                const T r = recip ? (T)1 / d : (T)0;
                for (int64_t i = (lo > j + 1 ? lo : j + 1) + t; i < hi; i += nt) {
                    T l = rw[i - off + j * ld];
                    if (d != 0) {
                        l = recip ? l * r : l / d;
                        rw[i - off + j * ld] = l;
                    }
                    for (int64_t k = j + 1; k < w; k++) rw[i - off + k * ld] -= l * prow[k];
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
#pragma omp barrier
            }
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
