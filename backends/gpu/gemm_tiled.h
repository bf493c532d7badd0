/* The tiled GEMM kernel on its two team tiles, part of the GEMM family's
 * unit gemm_tmpl.c (one precision per unit; included there only).
 *
 * The work-group picture: a team owns a tm x tn block of C. For each tk
 * slice of k its threads copy the slice of op(A) and of op(B) into
 * team-shared arrays (local memory), meet at a barrier, and each thread
 * multiplies the rows and columns it needs from there into an rm x rn
 * register tile. The staged tiles are double-buffered: while the threads
 * compute on one buffer, the next slice is loaded into registers and
 * written to the other, so one barrier per slice suffices.
 *
 * A thread's register tile is split in two halves along each dimension, one
 * in each half of the team tile: the threads of a warp then read adjacent
 * 16-byte pieces of a staged row, without bank conflicts.
 *
 * Every function below takes the team tile (gemm_tile) as its first
 * argument, always one of large_tile() and small_tile(): inlined,
 * the loops over it unroll as over literals and each tile gets its own
 * code. Arrays are sized for the larger tile (GEMM_RM_MAX, ...), of which
 * the smaller uses a part.
 *
 * Any team and thread count the runtime grants gives the right result: the
 * teams stride over the tiles, and a team of another size than the tile's
 * threads (host fallback) takes team_any, which shares the loaders, register
 * tiles and epilogue of the GPU path and differs only in who plays which. */

/* A team tile: tm x tn of C, stepping through k tk at a time, an rm x rn
 * register tile per thread; kk_unroll: how deep the k loop over a staged
 * slice is unrolled (0: fully); pad: elements after each staged row
 * (GEMM_PAD, or the tensor-core path's TC_PAD: tc_tile()). */
typedef struct gemm_tile {
    int tm, tn, tk, rm, rn, kk_unroll, pad;
} gemm_tile;

/* The two tiles, as values rather than static variables: a static
 * variable used in a target region reaches the region's outlined functions
 * as a pointer argument, and its fields would not be constants there. */
GPU_INLINE gemm_tile large_tile(void)
{
    return (gemm_tile){ LARGE_TM, LARGE_TN, LARGE_TK, LARGE_RM, LARGE_RN, LARGE_KK_UNROLL,
                        GEMM_PAD };
}

GPU_INLINE gemm_tile small_tile(void)
{
    return (gemm_tile){ SMALL_TM, SMALL_TN, SMALL_TK, SMALL_RM, SMALL_RN, SMALL_KK_UNROLL,
                        GEMM_PAD };
}

/* A tile as the tensor-core path stages it: rows padded by TC_PAD, which
 * makes the fragment reads of a warp fall in distinct banks. */
GPU_INLINE gemm_tile tc_tile(gemm_tile tile)
{
    tile.pad = TC_PAD;
    return tile;
}

/* A team tile's derived sizes: elements per row of a staged slice, threads
 * of a team (one per register tile), elements of the A and of the B slice
 * each thread stages. */
enum {
    LARGE_ROW_A = LARGE_TM + GEMM_PAD,
    LARGE_ROW_B = LARGE_TN + GEMM_PAD,
    LARGE_NT = (LARGE_TM / LARGE_RM) * (LARGE_TN / LARGE_RN),
    LARGE_LA = LARGE_TM * LARGE_TK / LARGE_NT,
    LARGE_LB = LARGE_TN * LARGE_TK / LARGE_NT,
    SMALL_ROW_A = SMALL_TM + GEMM_PAD,
    SMALL_ROW_B = SMALL_TN + GEMM_PAD,
    SMALL_NT = (SMALL_TM / SMALL_RM) * (SMALL_TN / SMALL_RN),
    SMALL_LA = SMALL_TM * SMALL_TK / SMALL_NT,
    SMALL_LB = SMALL_TN * SMALL_TK / SMALL_NT,
    /* rows of the tensor-core path's staged slices (tc_tile()) */
    LARGE_TC_ROW_A = LARGE_TM + TC_PAD,
    LARGE_TC_ROW_B = LARGE_TN + TC_PAD,
    SMALL_TC_ROW_A = SMALL_TM + TC_PAD,
    SMALL_TC_ROW_B = SMALL_TN + TC_PAD,
    /* elements of a staged slice of op(A) and op(B) on the tensor-core path */
    LARGE_TC_STAGE = LARGE_TK * (LARGE_TC_ROW_A + LARGE_TC_ROW_B),
    SMALL_TC_STAGE = SMALL_TK * (SMALL_TC_ROW_A + SMALL_TC_ROW_B),
    /* the sizes of a thread's arrays, for either tile */
    GEMM_RM_MAX = LARGE_RM,
    GEMM_RN_MAX = LARGE_RN,
    GEMM_L_MAX = LARGE_LA > LARGE_LB ? LARGE_LA : LARGE_LB,
};

/* What the code below assumes of a tile. */
#define GEMM_TILE_ASSERTS(TM, TN, TK, RM, RN, NT, LA, LB)                                      \
    _Static_assert((TM) % (RM) == 0 && (TN) % (RN) == 0,                                     \
                   "register tiles must divide the team tile");                              \
    _Static_assert((RM) % 2 == 0 && (RN) % 2 == 0, "register tiles come in two halves");      \
    _Static_assert((NT) % (TM) == 0 && (NT) % (TN) == 0 && (NT) % (TK) == 0,                  \
                   "the staging map needs whole rows of threads");                           \
    _Static_assert((LA) * (NT) == (TM) * (TK) && (LB) * (NT) == (TN) * (TK),                  \
                   "the threads must stage the slices evenly");                              \
    _Static_assert(((TM) + GEMM_PAD) * sizeof(T) % 16 == 0 &&                                 \
                       ((TN) + GEMM_PAD) * sizeof(T) % 16 == 0 &&                            \
                       (TM) / 2 * sizeof(T) % 16 == 0 && (TN) / 2 * sizeof(T) % 16 == 0,     \
                   "staged rows and the second halves start on 16 bytes");                   \
    _Static_assert((RM) <= GEMM_RM_MAX && (RN) <= GEMM_RN_MAX && (LA) <= GEMM_L_MAX &&        \
                       (LB) <= GEMM_L_MAX,                                                   \
                   "a thread's arrays hold the tile's")
GEMM_TILE_ASSERTS(LARGE_TM, LARGE_TN, LARGE_TK, LARGE_RM, LARGE_RN, LARGE_NT, LARGE_LA,
                  LARGE_LB);
GEMM_TILE_ASSERTS(SMALL_TM, SMALL_TN, SMALL_TK, SMALL_RM, SMALL_RN, SMALL_NT, SMALL_LA,
                  SMALL_LB);
_Static_assert(TC_PAD >= GEMM_PAD && TC_PAD * sizeof(T) % 16 == 0,
               "the tensor-core path's slices hold the FMA path's (team_any), aligned alike");

GPU_INLINE int tile_threads(gemm_tile tile)
{
    return (tile.tm / tile.rm) * (tile.tn / tile.rn);
}

GPU_INLINE int tile_row_a(gemm_tile tile)
{
    return tile.tm + tile.pad;
}

GPU_INLINE int tile_row_b(gemm_tile tile)
{
    return tile.tn + tile.pad;
}

/* Elements of the A and of the B slice each thread stages. */
GPU_INLINE int tile_la(gemm_tile tile)
{
    return tile.tm * tile.tk / tile_threads(tile);
}

GPU_INLINE int tile_lb(gemm_tile tile)
{
    return tile.tn * tile.tk / tile_threads(tile);
}

/* Which elements of a k slice (long x the tile's k, long being the
 * tile's extent along m or n) a loader stages: element j of its share is
 * (l + j * dl, k + j * dk). */
typedef struct gemm_slot {
    int l, k, dl, dk;
} gemm_slot;

/* Loader v's share of a slice that is long_len along m or n. When
 * long_fast, consecutive loaders walk the long dimension (the operand is
 * contiguous along it), else along k; either way a warp reads consecutive
 * addresses. */
GPU_INLINE gemm_slot slot_of(gemm_tile tile, bool long_fast, int long_len, int v)
{
    const int nt = tile_threads(tile);
    gemm_slot s;
    if (long_fast) {
        s.l = v % long_len;
        s.k = v / long_len;
        s.dl = 0;
        s.dk = nt / long_len;
    } else {
        s.l = v / tile.tk;
        s.k = v % tile.tk;
        s.dl = nt / tile.tk;
        s.dk = 0;
    }
    return s;
}

/* Register tile u's place (ux, uy) in the team tile: the tiles run along
 * m. (An 8 x 4 block of tiles per warp, one shared memory wavefront per
 * staged read, measured no faster: bench/NOTES.md.) */
GPU_INLINE void place(gemm_tile tile, int u, int *ux, int *uy)
{
    *ux = u % (tile.tm / tile.rm);
    *uy = u / (tile.tm / tile.rm);
}

/* Whether register tile u of a team tile has an element inside C, of which
 * mr rows and nr columns lie in the team tile (> 0). The lowest row of tile
 * (ux, uy) is ux * rm / 2 (its first half), its lowest column uy * rn / 2. */
GPU_INLINE bool touches_c(gemm_tile tile, int u, int64_t mr, int64_t nr)
{
    int ux, uy;
    place(tile, u, &ux, &uy);
    return (int64_t)ux * (tile.rm / 2) < mr && (int64_t)uy * (tile.rn / 2) < nr;
}

/* Reads loader s's share of an operand's slice into r[0..count): the
 * elements (l0 + s.l + j*s.dl, k0 + s.k + j*s.dk) of an operand that is
 * len long and kdim deep, with strides sl and sk. `inside` says that the
 * whole slice (tile_len x tk at (l0, k0)) lies in the operand, as for all
 * but the edge tiles: then these are plain strided loads. At the edges a
 * load outside reads a clamped element (a valid address, so no branch) and
 * keeps 0. */
GPU_INLINE void load_share(const T *x, int64_t sl, int64_t sk, int64_t len, int64_t kdim,
                           gemm_slot s, int64_t l0, int64_t k0, bool inside, int count, T *r)
{
    if (inside) {
        const T *p = x + (l0 + s.l) * sl + (k0 + s.k) * sk;
        const int64_t step = s.dl * sl + s.dk * sk;
#pragma unroll
        for (int j = 0; j < count; j++) r[j] = p[j * step];
        return;
    }
#pragma unroll
    for (int j = 0; j < count; j++) {
        int64_t l = l0 + s.l + j * s.dl, kk = k0 + s.k + j * s.dk;
        bool in = l < len && kk < kdim;
        int64_t lc = l < len ? l : len - 1, kc = kk < kdim ? kk : kdim - 1;
        T v = x[lc * sl + kc * sk];
        r[j] = in ? v : (T)0;
    }
}

/* Writes what load_share read into a staged slice with rows of `row`
 * elements. */
GPU_INLINE void stage(T *slice, int row, gemm_slot s, int count, const T *r)
{
#pragma unroll
    for (int j = 0; j < count; j++) slice[(s.k + j * s.dk) * row + s.l + j * s.dl] = r[j];
}

/* p, the start of a half register tile of `half` elements in a staged
 * slice, is aligned to the half's size up to 16 bytes (rows and the second
 * halves start on 16 bytes: GEMM_TILE_ASSERTS), so that each half is one
 * vector load from local memory. */
GPU_INLINE const T *half_aligned(const T *p, int half)
{
    const size_t bytes = (size_t)half * sizeof(T);
    if (bytes >= 16) return __builtin_assume_aligned(p, 16);
    if (bytes >= 8) return __builtin_assume_aligned(p, 8);
    return __builtin_assume_aligned(p, 4);
}

/* acc += row kk of the staged slices for register tile (ux, uy). */
GPU_INLINE void mac_step(gemm_tile tile, int kk, int ux, int uy, const T *as, const T *bs,
                         T acc[GEMM_RM_MAX][GEMM_RN_MAX])
{
    const int hm = tile.rm / 2, hn = tile.rn / 2;
    const int row_a = tile_row_a(tile), row_b = tile_row_b(tile);
    T fa[GEMM_RM_MAX], fb[GEMM_RN_MAX];
    const T *a0 = half_aligned(as + kk * row_a + ux * hm, hm);
    const T *a1 = half_aligned(as + kk * row_a + tile.tm / 2 + ux * hm, hm);
    const T *b0 = half_aligned(bs + kk * row_b + uy * hn, hn);
    const T *b1 = half_aligned(bs + kk * row_b + tile.tn / 2 + uy * hn, hn);
#pragma unroll
    for (int i = 0; i < hm; i++) {
        fa[i] = a0[i];
        fa[hm + i] = a1[i];
    }
#pragma unroll
    for (int j = 0; j < hn; j++) {
        fb[j] = b0[j];
        fb[hn + j] = b1[j];
    }
#pragma unroll
    for (int i = 0; i < tile.rm; i++)
#pragma unroll
        for (int j = 0; j < tile.rn; j++) acc[i][j] += fa[i] * fb[j];
}

/* acc += the staged slices for register tile (ux, uy). */
GPU_INLINE void mac(gemm_tile tile, int ux, int uy, const T *as, const T *bs,
                    T acc[GEMM_RM_MAX][GEMM_RN_MAX])
{
    if (tile.kk_unroll == 4) {
#pragma unroll 4
        for (int kk = 0; kk < tile.tk; kk++) mac_step(tile, kk, ux, uy, as, bs, acc);
    } else {
#pragma unroll
        for (int kk = 0; kk < tile.tk; kk++) mac_step(tile, kk, ux, uy, as, bs, acc);
    }
}

/* Whether element (row, col) of C lies outside the triangle `tri` (gemm_job)
 * that a call writes. */
GPU_INLINE bool off_triangle(int tri, int64_t row, int64_t col)
{
    return tri == GEMM_LOWER ? row < col : tri == GEMM_UPPER && row > col;
}

/* C := alpha * acc + beta * C for register tile (ux, uy) of the block at
 * (m0, n0), inside C and its triangle `tri` only; beta == 0 never reads C. */
GPU_INLINE void store_c(gemm_tile tile, int ux, int uy, int64_t m0, int64_t n0, int64_t m,
                        int64_t n, int tri, T alpha, T beta, T *c, int64_t ldc,
                        T acc[GEMM_RM_MAX][GEMM_RN_MAX])
{
    const int hm = tile.rm / 2, hn = tile.rn / 2;
#pragma unroll
    for (int j = 0; j < tile.rn; j++) {
        int64_t col = n0 + (j < hn ? uy * hn + j : tile.tn / 2 + uy * hn + j - hn);
        if (col >= n) continue;
        T *cc = c + col * ldc;
#pragma unroll
        for (int i = 0; i < tile.rm; i++) {
            int64_t row = m0 + (i < hm ? ux * hm + i : tile.tm / 2 + ux * hm + i - hm);
            if (row >= m || off_triangle(tri, row, col)) continue;
            cc[row] = beta == 0 ? alpha * acc[i][j] : alpha * acc[i][j] + beta * cc[row];
        }
    }
}

#if GEMM_TENSOR_CORES && defined(OMPWG_PREC_D)
#include "gemm_dmma.h"
#elif GEMM_TENSOR_CORES
#include "gemm_tf32x3.h"
#endif

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
 * barrier. */
static void gemm_tiled_large(int dev, bool tc, int tri, bool ta, bool tb, int64_t m, int64_t n,
                             int64_t k, T alpha, const T *a, int64_t lda, const T *b, int64_t ldb,
                             T beta, T *c, int64_t ldc)
{
    const int teams = ompwg_gpu_teams_for(gemm_tile_count(tri, m, n, large_tile()));
    if (TC_HOST && tc) {
#pragma omp target teams device(dev) num_teams(teams) thread_limit(LARGE_NT) is_device_ptr(a, b, c) \
    ompx_dyn_cgroup_mem(ASYNC_STAGES * LARGE_TC_STAGE * sizeof(T))
        {
#if !GEMM_ASYNC
            _Alignas(16) T as[2][LARGE_TK * LARGE_TC_ROW_A];
            _Alignas(16) T bs[2][LARGE_TK * LARGE_TC_ROW_B];
#endif
#pragma omp parallel firstprivate(tri, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
            {
                const gemm_job J =
                    job_of(large_tile(), tri, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c,
                           ldc);
#if GEMM_ASYNC
                T *as = llvm_omp_target_dynamic_shared_alloc();
                team_gemm(tc_tile(large_tile()), true, &J, as,
                          as + ASYNC_STAGES * LARGE_TK * LARGE_TC_ROW_A);
#else
                team_gemm(tc_tile(large_tile()), GEMM_TENSOR_CORES, &J, as[0], bs[0]);
#endif
            }
        }
        return;
    }
#pragma omp target teams device(dev) num_teams(teams) thread_limit(LARGE_NT) is_device_ptr(a, b, c)
    {
        _Alignas(16) T as[2][LARGE_TK * LARGE_ROW_A];
        _Alignas(16) T bs[2][LARGE_TK * LARGE_ROW_B];
#pragma omp parallel firstprivate(tri, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
        {
            const gemm_job J =
                job_of(large_tile(), tri, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c,
                           ldc);
            team_gemm(large_tile(), false, &J, as[0], bs[0]);
        }
    }
}

static void gemm_tiled_small(int dev, bool tc, int tri, bool ta, bool tb, int64_t m, int64_t n,
                             int64_t k, T alpha, const T *a, int64_t lda, const T *b, int64_t ldb,
                             T beta, T *c, int64_t ldc)
{
    const int teams = ompwg_gpu_teams_for(gemm_tile_count(tri, m, n, small_tile()));
    if (TC_HOST && tc) {
#pragma omp target teams device(dev) num_teams(teams) thread_limit(SMALL_NT) is_device_ptr(a, b, c) \
    ompx_dyn_cgroup_mem(ASYNC_STAGES * SMALL_TC_STAGE * sizeof(T))
        {
#if !GEMM_ASYNC
            _Alignas(16) T as[2][SMALL_TK * SMALL_TC_ROW_A];
            _Alignas(16) T bs[2][SMALL_TK * SMALL_TC_ROW_B];
#endif
#pragma omp parallel firstprivate(tri, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
            {
                const gemm_job J =
                    job_of(small_tile(), tri, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c,
                           ldc);
#if GEMM_ASYNC
                T *as = llvm_omp_target_dynamic_shared_alloc();
                team_gemm(tc_tile(small_tile()), true, &J, as,
                          as + ASYNC_STAGES * SMALL_TK * SMALL_TC_ROW_A);
#else
                team_gemm(tc_tile(small_tile()), GEMM_TENSOR_CORES, &J, as[0], bs[0]);
#endif
            }
        }
        return;
    }
#pragma omp target teams device(dev) num_teams(teams) thread_limit(SMALL_NT) is_device_ptr(a, b, c)
    {
        _Alignas(16) T as[2][SMALL_TK * SMALL_ROW_A];
        _Alignas(16) T bs[2][SMALL_TK * SMALL_ROW_B];
#pragma omp parallel firstprivate(tri, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
        {
            const gemm_job J =
                job_of(small_tile(), tri, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c,
                           ldc);
            team_gemm(small_tile(), false, &J, as[0], bs[0]);
        }
    }
}
