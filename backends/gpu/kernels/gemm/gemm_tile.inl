/* The tiled GEMM kernel's team tiles, a part of the GEMM family's unit
 * gemm_tmpl.c (one precision per unit; included there only, before the
 * tensor-core paths and gemm_tiled.inl, which build on it).
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
