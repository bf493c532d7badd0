/* The tiled GEMM kernel on its two team tiles: the team steps, the loops
 * over a call's tiles and the kernels, a part of the GEMM family's unit
 * gemm_tmpl.c (included there only, after gemm_tile.inl and the
 * tensor-core paths: gemm_mma_warps.inl with gemm_dmma.inl or
 * gemm_tf32x3.inl). gemm_tile.inl describes the work-group picture. */

/* Thread t's step on the staged slices, on the tensor cores (tc) or by its
 * register tile (when it has one inside C). */
GPU_INLINE void team_mac(gemm_tile tile, bool tc, bool mine, int t, int ux, int uy,
                         const T *as, const T *bs, T acc[GEMM_RM_MAX][GEMM_RN_MAX])
{
#if GEMM_TENSOR_CORES && defined(OMPWG_PREC_D)
    if (tc) {
        dmma_mac(tile, t / 32, t % 32, as, bs, acc);
        return;
    }
#elif GEMM_TENSOR_CORES
    if (tc) {
        tf32x3_mac(tile, t / 32, t % 32, as, bs, acc);
        return;
    }
#else
    (void)tc;
    (void)t;
#endif
    if (mine) mac(tile, ux, uy, as, bs, acc);
}

/* Thread t's final write, likewise. */
GPU_INLINE void team_store_c(gemm_tile tile, bool tc, bool mine, int t, int ux, int uy,
                             int64_t m0, int64_t n0, const gemm_job *J,
                             T acc[GEMM_RM_MAX][GEMM_RN_MAX])
{
#if GEMM_TENSOR_CORES
    if (tc) {
        mma_store_c(tile, t / 32, t % 32, m0, n0, J->m, J->n, J->tri, J->alpha, J->beta, J->c,
                    J->ldc, acc);
        return;
    }
#else
    (void)tc;
    (void)t;
#endif
    if (mine)
        store_c(tile, ux, uy, m0, n0, J->m, J->n, J->tri, J->alpha, J->beta, J->c, J->ldc, acc);
}

/* Where loader s reads its share of every k slice of an operand whose
 * slices all lie inside it: its first element of slice 0, the distance
 * between its elements within a slice, and from one slice to the next. */
typedef struct gemm_stream {
    const T *p;
    int64_t step, slice;
} gemm_stream;

GPU_INLINE gemm_stream stream_of(gemm_tile tile, const T *x, int64_t sl, int64_t sk, gemm_slot s,
                                 int64_t l0)
{
    return (gemm_stream){ .p = x + (l0 + s.l) * sl + s.k * sk,
                          .step = s.dl * sl + s.dk * sk,
                          .slice = tile.tk * sk };
}

/* Slice kt of a stream into r[0..count). */
GPU_INLINE void stream_load(const gemm_stream *st, int64_t kt, int count, T *r)
{
    const T *p = st->p + kt * st->slice;
#pragma unroll
    for (int j = 0; j < count; j++) r[j] = p[j * st->step];
}

/* Thread t's loads of slice kt of op(A) and op(B) into ra and rb: through
 * the streams when `inner` (a constant at each call: the tile and all its
 * slices lie inside the operands, so the loop keeps three numbers per
 * operand live instead of the call's whole description), else with the
 * edge checks of load_share. */
GPU_INLINE void slice_loads(gemm_tile tile, bool inner, const gemm_job *J, const gemm_stream *sa,
                            const gemm_stream *sb, gemm_slot my_a, gemm_slot my_b, int64_t m0,
                            int64_t n0, bool a_in, bool b_in, int64_t kt, T *ra, T *rb)
{
    if (inner) {
        stream_load(sa, kt, tile_la(tile), ra);
        stream_load(sb, kt, tile_lb(tile), rb);
        return;
    }
    const int64_t k0 = kt * tile.tk;
    const bool k_in = k0 + tile.tk <= J->k;
    load_share(J->a, J->sla, J->ska, J->m, J->k, my_a, m0, k0, a_in && k_in, tile_la(tile), ra);
    load_share(J->b, J->slb, J->skb, J->n, J->k, my_b, n0, k0, b_in && k_in, tile_lb(tile), rb);
}

/* One team tile at (m0, n0) by a team of the tile's threads: the loads of
 * the next slice are in flight while the thread computes on the current
 * one. as and bs are two buffers of a slice each, one after the other.
 * `inner` as for slice_loads. */
GPU_INLINE void tile_full(gemm_tile tile, bool inner, const gemm_job *J, T *as, T *bs, int t,
                          bool tc, int64_t m0, int64_t n0)
{
    const int row_a = tile_row_a(tile), row_b = tile_row_b(tile);
    const int la = tile_la(tile), lb = tile_lb(tile);
    const int slice_a = tile.tk * row_a, slice_b = tile.tk * row_b;
    const gemm_slot my_a = slot_of(tile, J->a_long_fast, tile.tm, t);
    const gemm_slot my_b = slot_of(tile, J->b_long_fast, tile.tn, t);
    int ux, uy;
    place(tile, t, &ux, &uy);
    /* a warp's mma needs all its lanes: on the tensor cores every thread
     * computes (outside C on zeros) */
    const bool mine = tc || touches_c(tile, t, J->m - m0, J->n - n0);
    const bool a_in = m0 + tile.tm <= J->m, b_in = n0 + tile.tn <= J->n;
    const gemm_stream sa = stream_of(tile, J->a, J->sla, J->ska, my_a, m0);
    const gemm_stream sb = stream_of(tile, J->b, J->slb, J->skb, my_b, n0);
    const int64_t nk = J->nk;
    T ra[GEMM_L_MAX], rb[GEMM_L_MAX];
    T acc[GEMM_RM_MAX][GEMM_RN_MAX];
#pragma unroll
    for (int i = 0; i < tile.rm; i++)
#pragma unroll
        for (int j = 0; j < tile.rn; j++) acc[i][j] = 0;
    slice_loads(tile, inner, J, &sa, &sb, my_a, my_b, m0, n0, a_in, b_in, 0, ra, rb);
    stage(as, row_a, my_a, la, ra);
    stage(bs, row_b, my_b, lb, rb);
#pragma omp barrier
    for (int64_t kt = 0; kt < nk; kt++) {
        const int cur = (int)(kt & 1), nxt = cur ^ 1;
        const bool more = kt + 1 < nk;
        if (more)
            slice_loads(tile, inner, J, &sa, &sb, my_a, my_b, m0, n0, a_in, b_in, kt + 1, ra, rb);
        /* buffer offsets in 64 bits: in 32 bits ptxas allocates the large
         * float tile's registers differently */
        team_mac(tile, tc, mine, t, ux, uy, as + (int64_t)cur * slice_a,
                 bs + (int64_t)cur * slice_b, acc);
        if (more) {
            stage(as + (int64_t)nxt * slice_a, row_a, my_a, la, ra);
            stage(bs + (int64_t)nxt * slice_b, row_b, my_b, lb, rb);
        }
        /* the next slice is staged, and nobody reads this one any more */
#pragma omp barrier
    }
    team_store_c(tile, tc, mine, t, ux, uy, m0, n0, J, acc);
}

#if GEMM_ASYNC
/* Loader s's share of slice kt of an operand whose slices all lie inside it
 * (its stream), copied into the staged slice at shared address `slice`,
 * rows of `row` elements, without passing through registers. */
GPU_INLINE void async_share(const gemm_stream *st, gemm_slot s, int64_t kt, int count,
                            unsigned slice, int row)
{
    const T *p = st->p + kt * st->slice;
#pragma unroll
    for (int j = 0; j < count; j++)
        gpu_async_copy(slice + (unsigned)(((s.k + j * s.dk) * row + s.l + j * s.dl) *
                                          (int)sizeof(T)),
                       p + j * st->step, sizeof(T), true);
}

/* Thread t's copies of slice kt of op(A) and op(B) into buffer kt mod
 * ASYNC_STAGES of as0 and bs0 (shared addresses). */
GPU_INLINE void async_slice(gemm_tile tile, const gemm_stream *sa, const gemm_stream *sb,
                            gemm_slot my_a, gemm_slot my_b, int64_t kt, unsigned as0,
                            unsigned bs0)
{
    const int buf = (int)(kt % ASYNC_STAGES);
    const int bytes_a = tile.tk * tile_row_a(tile) * (int)sizeof(T);
    const int bytes_b = tile.tk * tile_row_b(tile) * (int)sizeof(T);
    async_share(sa, my_a, kt, tile_la(tile), as0 + (unsigned)(buf * bytes_a), tile_row_a(tile));
    async_share(sb, my_b, kt, tile_lb(tile), bs0 + (unsigned)(buf * bytes_b), tile_row_b(tile));
}

/* One inner team tile at (m0, n0) (the tile and all its slices inside the
 * operands) on the tensor cores, its k slices staged in ASYNC_STAGES
 * buffers (as and bs: that many slices of op(A) and of op(B), one after
 * the other, in the team's dynamic local memory): the copies of the next
 * ASYNC_STAGES - 1 slices are in flight while the warps compute on the
 * current one, where the register-staged tile_full has one slice in flight
 * and holds it in registers. One barrier per slice: after it every
 * thread's copies of slice kt have landed, and every warp is done with
 * slice kt - 1, whose buffer then takes slice kt + ASYNC_STAGES - 1. */
GPU_INLINE void tile_async(gemm_tile tile, const gemm_job *J, T *as, T *bs, int t, int64_t m0,
                           int64_t n0)
{
    const int slice_a = tile.tk * tile_row_a(tile), slice_b = tile.tk * tile_row_b(tile);
    const gemm_slot my_a = slot_of(tile, J->a_long_fast, tile.tm, t);
    const gemm_slot my_b = slot_of(tile, J->b_long_fast, tile.tn, t);
    const gemm_stream sa = stream_of(tile, J->a, J->sla, J->ska, my_a, m0);
    const gemm_stream sb = stream_of(tile, J->b, J->slb, J->skb, my_b, n0);
    const unsigned as0 = gpu_shared_address(as), bs0 = gpu_shared_address(bs);
    const int64_t nk = J->nk;
#pragma unroll
    for (int s = 0; s < ASYNC_STAGES - 1; s++) {
        if (s < nk) async_slice(tile, &sa, &sb, my_a, my_b, s, as0, bs0);
        gpu_async_commit();
    }
    T acc[GEMM_RM_MAX][GEMM_RN_MAX];
#pragma unroll
    for (int i = 0; i < tile.rm; i++)
#pragma unroll
        for (int j = 0; j < tile.rn; j++) acc[i][j] = 0;
    for (int64_t kt = 0; kt < nk; kt++) {
        GPU_ASYNC_WAIT(ASYNC_STAGES - 2);
        GPU_TEAM_SYNC(tile_threads(tile));
        const int64_t ahead = kt + ASYNC_STAGES - 1;
        if (ahead < nk) async_slice(tile, &sa, &sb, my_a, my_b, ahead, as0, bs0);
        gpu_async_commit();
        const int cur = (int)(kt % ASYNC_STAGES);
        team_mac(tile, true, true, t, 0, 0, as + (int64_t)cur * slice_a,
                 bs + (int64_t)cur * slice_b, acc);
    }
    /* every warp is done with the buffers before the next tile's copies */
    GPU_TEAM_SYNC(tile_threads(tile));
    team_store_c(tile, true, true, t, 0, 0, m0, n0, J, acc);
}
#endif

/* Tile number t_id of a call -> its coordinates (ti, tj). */
GPU_INLINE void job_tile(const gemm_job *J, int64_t t_id, int64_t *ti, int64_t *tj)
{
    if (J->tri == GEMM_WHOLE)
        ompwg_gpu_tile_coords(t_id, J->tiles_m, J->tiles_n, ti, tj);
    else
        ompwg_gpu_tri_tile_coords(t_id, J->tri == GEMM_UPPER, ti, tj);
}

/* A team of exactly the tile's threads (a GPU): thread t stages its share
 * of each slice through registers, owns register tile t of every team tile
 * (or, with tc, its lane's share of its warp's tile on the tensor cores)
 * and writes it once at the end. tc is a constant at each call. */
GPU_INLINE void team_full(gemm_tile tile, const gemm_job *J, T *as, T *bs, int t, int64_t team,
                          int64_t nteam, bool tc)
{
    const bool k_whole = J->k % tile.tk == 0;
    for (int64_t t_id = team; t_id < J->ntiles; t_id += nteam) {
        int64_t ti, tj;
        job_tile(J, t_id, &ti, &tj);
        const int64_t m0 = ti * tile.tm, n0 = tj * tile.tn;
        const bool inner = k_whole && m0 + tile.tm <= J->m && n0 + tile.tn <= J->n;
#if GEMM_ASYNC
        /* the edge tiles stay on the register-staged path: the copies'
         * edge checks cost the inner tiles' kernel registers */
        if (tc && inner) {
            tile_async(tile, J, as, bs, t, m0, n0);
            continue;
        }
#endif
        if (inner)
            tile_full(tile, true, J, as, bs, t, tc, m0, n0);
        else
            tile_full(tile, false, J, as, bs, t, tc, m0, n0);
    }
}

/* A team of any other size (host fallback: one or two threads): each
 * thread stages a contiguous share of each slice's loaders, and after the
 * barrier computes a contiguous share of the register tiles from the staged
 * slice, adding each into C at once (alpha * acc + beta * C for the first
 * slice, + C after). Each slice is staged once however few the threads, and
 * every thread reaches every barrier, with or without register tiles.
 * Called through team_any_large and team_any_small, kept out of line: a GPU
 * never takes this path, and inlined, its register needs would weigh on the
 * allocation of team_full. */
GPU_INLINE void team_any(gemm_tile tile, const gemm_job *J, T *as, T *bs, int t, int nt,
                         int64_t team, int64_t nteam)
{
    const int threads = tile_threads(tile);
    const int share = (threads + nt - 1) / nt;
    const int v_begin = t * share < threads ? t * share : threads;
    const int v_end = v_begin + share < threads ? v_begin + share : threads;
    T ra[GEMM_L_MAX], rb[GEMM_L_MAX];
    T acc[GEMM_RM_MAX][GEMM_RN_MAX];
    for (int64_t t_id = team; t_id < J->ntiles; t_id += nteam) {
        int64_t ti, tj;
        job_tile(J, t_id, &ti, &tj);
        const int64_t m0 = ti * tile.tm, n0 = tj * tile.tn;
        const bool a_in = m0 + tile.tm <= J->m, b_in = n0 + tile.tn <= J->n;
        for (int64_t kt = 0; kt < J->nk; kt++) {
            const int64_t k0 = kt * tile.tk;
            const bool k_in = k0 + tile.tk <= J->k;
            for (int v = v_begin; v < v_end; v++) {
                const gemm_slot sa = slot_of(tile, J->a_long_fast, tile.tm, v);
                const gemm_slot sb = slot_of(tile, J->b_long_fast, tile.tn, v);
                load_share(J->a, J->sla, J->ska, J->m, J->k, sa, m0, k0, a_in && k_in,
                           tile_la(tile), ra);
                load_share(J->b, J->slb, J->skb, J->n, J->k, sb, n0, k0, b_in && k_in,
                           tile_lb(tile), rb);
                stage(as, tile_row_a(tile), sa, tile_la(tile), ra);
                stage(bs, tile_row_b(tile), sb, tile_lb(tile), rb);
            }
#pragma omp barrier
            const T beta_k = kt == 0 ? J->beta : (T)1;
            for (int u = v_begin; u < v_end; u++) {
                if (!touches_c(tile, u, J->m - m0, J->n - n0)) continue;
                int ux, uy;
                place(tile, u, &ux, &uy);
#pragma unroll
                for (int i = 0; i < tile.rm; i++)
#pragma unroll
                    for (int j = 0; j < tile.rn; j++) acc[i][j] = 0;
                mac(tile, ux, uy, as, bs, acc);
                store_c(tile, ux, uy, m0, n0, J->m, J->n, J->tri, J->alpha, beta_k, J->c, J->ldc,
                        acc);
            }
            /* the slice is free for the next one */
#pragma omp barrier
        }
    }
}

static __attribute__((noinline)) void team_any_large(const gemm_job *J, T *as, T *bs, int t,
                                                     int nt, int64_t team, int64_t nteam)
{
    team_any(large_tile(), J, as, bs, t, nt, team, nteam);
}

static __attribute__((noinline)) void team_any_small(const gemm_job *J, T *as, T *bs, int t,
                                                     int nt, int64_t team, int64_t nteam)
{
    team_any(small_tile(), J, as, bs, t, nt, team, nteam);
}

/* Team tiles of a call that writes C's triangle `tri` (gemm_job) of an
 * m x n C (square unless GEMM_WHOLE) in tiles of `tile`. */
GPU_INLINE int64_t gemm_tile_count(int tri, int64_t m, int64_t n, gemm_tile tile)
{
    const int64_t tiles_m = ompwg_gpu_ceil_div(m, tile.tm), tiles_n = ompwg_gpu_ceil_div(n, tile.tn);
    return tri == GEMM_WHOLE ? tiles_m * tiles_n : tiles_m * (tiles_m + 1) / 2;
}

/* One call's job, built by every thread from the kernel's scalar
 * arguments (kernel parameters are cheap to read again, where a struct
 * passed in would live in local memory). */
GPU_INLINE gemm_job job_of(gemm_tile tile, int tri, bool ta, bool tb, int64_t m, int64_t n,
                           int64_t k, T alpha, const T *a, int64_t lda, const T *b, int64_t ldb,
                           T beta, T *c, int64_t ldc)
{
    const int64_t tiles_m = ompwg_gpu_ceil_div(m, tile.tm),
                  tiles_n = ompwg_gpu_ceil_div(n, tile.tn);
    return (gemm_job){
        .m = m, .n = n, .k = k,
        .sla = ta ? lda : 1, .ska = ta ? 1 : lda,
        .slb = tb ? 1 : ldb, .skb = tb ? ldb : 1,
        .ldc = ldc, .a = a, .b = b, .c = c, .alpha = alpha, .beta = beta,
        .a_long_fast = !ta, .b_long_fast = tb, .tri = tri,
        .tiles_m = tiles_m, .tiles_n = tiles_n, .ntiles = gemm_tile_count(tri, m, n, tile),
        .nk = ompwg_gpu_ceil_div(k, tile.tk),
    };
}

/* A team's share of a call: the GPU path for a team of the tile's threads
 * (on the tensor cores when tc, a constant at each call), the any-size path
 * otherwise; nt is the same for every thread of the team, so all take the
 * same one. */
GPU_INLINE void team_gemm(gemm_tile tile, bool tc, const gemm_job *J, T *as, T *bs)
{
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    const int64_t team = omp_get_team_num(), nteam = omp_get_num_teams();
    if (nt == tile_threads(tile))
        team_full(tile, J, as, bs, t, team, nteam, tc);
    else if (tile.tm == LARGE_TM)
        team_any_large(J, as, bs, t, nt, team, nteam);
    else
        team_any_small(J, as, bs, t, nt, team, nteam);
}

/* The tiled kernels, one per tile, and in each the tensor-core one apart so
 * that neither one's registers weigh on the other's allocation. In each,
 * the local memory (two buffers of a k slice of op(A) and of op(B)) is
 * declared in the teams region and shared by its threads, and the arguments
 * are firstprivate so that no thread reads team memory for them after a
 * barrier.
 *
 * Both tiles' kernels are written once, in GEMM_TILED_KERNEL, and defined
 * per tile with its constants (P: LARGE or SMALL, whose P##_NT, P##_TK,
 * P##_ROW_A, ... the kernel takes; tile: large_tile or small_tile). A macro
 * rather than an inline function: a target region is outlined from the
 * function that holds it, so each tile needs a function of its own for its
 * own kernels, thread limits and local memory sizes. */
#define GEMM_PRAGMA(x) _Pragma(#x)

/* The tensor-core path's slices and its team's share of the call: with
 * GEMM_ASYNC, ASYNC_STAGES slices of each operand in the team's dynamic
 * local memory; else two buffers of each in static local memory. */
#if GEMM_ASYNC
#define GEMM_TC_SLICES(P)
#define GEMM_TC_TEAM(P, tile, J)                                                            \
    T *as = llvm_omp_target_dynamic_shared_alloc();                                         \
    team_gemm(tc_tile(tile()), true, &(J), as, as + ASYNC_STAGES * P##_TK * P##_TC_ROW_A)
#else
#define GEMM_TC_SLICES(P)                                                                   \
    _Alignas(16) T as[2][P##_TK * P##_TC_ROW_A];                                            \
    _Alignas(16) T bs[2][P##_TK * P##_TC_ROW_B];
#define GEMM_TC_TEAM(P, tile, J) team_gemm(tc_tile(tile()), GEMM_TENSOR_CORES, &(J), as[0], bs[0])
#endif

#define GEMM_TILED_KERNEL(name, P, tile)                                                    \
    static void name(int dev, bool tc, int tri, bool ta, bool tb, int64_t m, int64_t n,      \
                     int64_t k, T alpha, const T *a, int64_t lda, const T *b, int64_t ldb,   \
                     T beta, T *c, int64_t ldc)                                              \
    {                                                                                        \
        const int teams = ompwg_gpu_teams_for(gemm_tile_count(tri, m, n, tile()));          \
        if (TC_HOST && tc) {                                                                 \
            GEMM_PRAGMA(omp target teams device(dev) num_teams(teams) thread_limit(P##_NT)    \
                            is_device_ptr(a, b, c)                                           \
                                ompx_dyn_cgroup_mem(ASYNC_STAGES * P##_TC_STAGE * sizeof(T))) \
            {                                                                                \
                GEMM_TC_SLICES(P)                                                            \
                GEMM_PRAGMA(omp parallel firstprivate(tri, ta, tb, m, n, k, alpha, a, lda, b, \
                                                      ldb, beta, c, ldc))                    \
                {                                                                            \
                    const gemm_job J = job_of(tile(), tri, ta, tb, m, n, k, alpha, a, lda, b,  \
                                              ldb, beta, c, ldc);                            \
                    GEMM_TC_TEAM(P, tile, J);                                                \
                }                                                                            \
            }                                                                                \
            return;                                                                          \
        }                                                                                    \
        GEMM_PRAGMA(omp target teams device(dev) num_teams(teams) thread_limit(P##_NT)        \
                        is_device_ptr(a, b, c))                                              \
        {                                                                                    \
            _Alignas(16) T as[2][P##_TK * P##_ROW_A];                                        \
            _Alignas(16) T bs[2][P##_TK * P##_ROW_B];                                        \
            GEMM_PRAGMA(omp parallel firstprivate(tri, ta, tb, m, n, k, alpha, a, lda, b, ldb, \
                                                  beta, c, ldc))                             \
            {                                                                                \
                const gemm_job J = job_of(tile(), tri, ta, tb, m, n, k, alpha, a, lda, b, ldb, \
                                          beta, c, ldc);                                     \
                team_gemm(tile(), false, &J, as[0], bs[0]);                                  \
            }                                                                                \
        }                                                                                    \
    }

GEMM_TILED_KERNEL(gemm_tiled_large, LARGE, large_tile)
GEMM_TILED_KERNEL(gemm_tiled_small, SMALL, small_tile)
