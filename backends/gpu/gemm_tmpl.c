/* Tiled GEMM for one precision and one team tile, included by gemm.c once
 * per precision and tile size. The includer sets the tile (GEMM_TM x
 * GEMM_TN, GEMM_TK deep), the register tile (GEMM_RM x GEMM_RN) and the
 * other constants gemm.c describes, and GEMM_TAG, which GT(name) appends,
 * with the precision's letter, to every name defined here; the tile's
 * parameters are undefined at the end.
 *
 * The work-group picture: a team owns a TILE_M x TILE_N block of C. For each
 * TILE_K slice of k its threads copy the slice of op(A) and of op(B) into
 * team-shared arrays (local memory), meet at a barrier, and each thread
 * multiplies the rows and columns it needs from there into a GEMM_RM x
 * GEMM_RN register tile. The staged tiles are double-buffered: while the
 * threads compute on one buffer, the next slice is loaded into registers
 * and written to the other, so one barrier per slice suffices.
 *
 * A thread's register tile is split in two halves along each dimension, one
 * in each half of the team tile: the threads of a warp then read adjacent
 * 16-byte pieces of a staged row, without bank conflicts.
 *
 * Any team and thread count the runtime grants gives the right result: the
 * teams stride over the tiles, and a team of another size than GEMM_NT
 * (host fallback) takes team_any_, which shares the loaders, register tiles
 * and epilogue of the GPU path and differs only in who plays which. */
#include "prec.h"

#define GT(name) GT_(name, GEMM_TAG)
#define GT_(name, tag) GT__(name, tag)
#define GT__(name, tag) TN(name, tag)

#define TM GEMM_TM
#define TNN GEMM_TN
#define TK GEMM_TK
/* elements per row of a staged slice */
#define ROW_A (TM + GEMM_PAD)
#define ROW_B (TNN + GEMM_PAD)
/* threads of a team: one per register tile */
#define GEMM_NT ((TM / GEMM_RM) * (TNN / GEMM_RN))
/* elements of the A and of the B slice each thread stages */
#define GEMM_LA (TM * TK / GEMM_NT)
#define GEMM_LB (TNN * TK / GEMM_NT)

_Static_assert(TM % GEMM_RM == 0 && TNN % GEMM_RN == 0,
               "register tiles must divide the team tile");
_Static_assert(GEMM_RM % 2 == 0 && GEMM_RN % 2 == 0, "register tiles come in two halves");
_Static_assert(GEMM_NT % TM == 0 && GEMM_NT % TNN == 0 && GEMM_NT % TK == 0,
               "the staging map needs whole rows of threads");
_Static_assert(GEMM_LA * GEMM_NT == TM * TK && GEMM_LB * GEMM_NT == TNN * TK,
               "the threads must stage the slices evenly");

/* Loader v's share of a slice that is long_len along m or n: element j is
 * (l + j * dl, k + j * dk). When long_fast, consecutive loaders walk the
 * long dimension (the operand is contiguous along it), else along k; either
 * way a warp reads consecutive addresses. */
GPU_INLINE gemm_slot GT(slot_of_)(bool long_fast, int long_len, int v)
{
    gemm_slot s;
    if (long_fast) {
        s.l = v % long_len;
        s.k = v / long_len;
        s.dl = 0;
        s.dk = GEMM_NT / long_len;
    } else {
        s.l = v / TK;
        s.k = v % TK;
        s.dl = GEMM_NT / TK;
        s.dk = 0;
    }
    return s;
}

/* Register tile u's place (ux, uy) in the team tile: the tiles run along
 * m. (An 8 x 4 block of tiles per warp, one shared memory wavefront per
 * staged read, measured no faster: bench/NOTES.md.) */
GPU_INLINE void GT(place_)(int u, int *ux, int *uy)
{
    *ux = u % (TM / GEMM_RM);
    *uy = u / (TM / GEMM_RM);
}

/* Whether register tile u of a team tile has an element inside C, of which
 * mr rows and nr columns lie in the team tile (> 0). The lowest row of tile
 * (ux, uy) is ux * GEMM_RM / 2 (its first half), its lowest column
 * uy * GEMM_RN / 2. */
GPU_INLINE bool GT(touches_c_)(int u, int64_t mr, int64_t nr)
{
    int ux, uy;
    GT(place_)(u, &ux, &uy);
    return (int64_t)ux * (GEMM_RM / 2) < mr && (int64_t)uy * (GEMM_RN / 2) < nr;
}

/* Reads loader s's share of an operand's slice into r[0..count): the
 * elements (l0 + s.l + j*s.dl, k0 + s.k + j*s.dk) of an operand that is
 * len long and kdim deep, with strides sl and sk. `inside` says that the
 * whole slice (tile_len x TK at (l0, k0)) lies in the operand, as for all
 * but the edge tiles: then these are plain strided loads. At the edges a
 * load outside reads a clamped element (a valid address, so no branch) and
 * keeps 0. */
GPU_INLINE void GT(load_)(const T *x, int64_t sl, int64_t sk, int64_t len, int64_t kdim,
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

/* Writes what load_ read into a staged slice with rows of `row` elements. */
GPU_INLINE void GT(stage_)(T *tile, int row, gemm_slot s, int count, const T *r)
{
#pragma unroll
    for (int j = 0; j < count; j++) tile[(s.k + j * s.dk) * row + s.l + j * s.dl] = r[j];
}

/* The alignment of a half register tile of `half` elements in a staged
 * slice (rows are whole multiples of 16 bytes). */
#define GT_HALF_ALIGN(half) ((half) * sizeof(T) < 16 ? (half) * sizeof(T) : 16)
_Static_assert(ROW_A * sizeof(T) % 16 == 0 && ROW_B * sizeof(T) % 16 == 0 &&
                   TM / 2 * sizeof(T) % 16 == 0 && TNN / 2 * sizeof(T) % 16 == 0,
               "staged rows and the second halves start on 16 bytes");

/* acc += the staged slices for register tile (ux, uy). */
GPU_INLINE void GT(mac_)(int ux, int uy, const T *as, const T *bs, T acc[GEMM_RM][GEMM_RN])
{
    enum { HM = GEMM_RM / 2, HN = GEMM_RN / 2 };
    /* a pragma's argument is not macro-expanded when the source is
     * preprocessed on its own (ccache, -save-temps): spelled out */
#if GEMM_KK_UNROLL == 4
#pragma unroll 4
#else
#pragma unroll
#endif
    for (int kk = 0; kk < TK; kk++) {
        T fa[GEMM_RM], fb[GEMM_RN];
        /* each half is one vector load from local memory: aligned to its
         * own size, up to 16 bytes */
        const T *a0 = __builtin_assume_aligned(as + kk * ROW_A + ux * HM, GT_HALF_ALIGN(HM));
        const T *a1 =
            __builtin_assume_aligned(as + kk * ROW_A + TM / 2 + ux * HM, GT_HALF_ALIGN(HM));
        const T *b0 = __builtin_assume_aligned(bs + kk * ROW_B + uy * HN, GT_HALF_ALIGN(HN));
        const T *b1 =
            __builtin_assume_aligned(bs + kk * ROW_B + TNN / 2 + uy * HN, GT_HALF_ALIGN(HN));
#pragma unroll
        for (int i = 0; i < HM; i++) {
            fa[i] = a0[i];
            fa[HM + i] = a1[i];
        }
#pragma unroll
        for (int j = 0; j < HN; j++) {
            fb[j] = b0[j];
            fb[HN + j] = b1[j];
        }
#pragma unroll
        for (int i = 0; i < GEMM_RM; i++)
#pragma unroll
            for (int j = 0; j < GEMM_RN; j++) acc[i][j] += fa[i] * fb[j];
    }
}

/* C := alpha * acc + beta * C for register tile (ux, uy) of the block at
 * (m0, n0), inside C only; beta == 0 never reads C. */
GPU_INLINE void GT(store_c_)(int ux, int uy, int64_t m0, int64_t n0, int64_t m, int64_t n,
                               T alpha, T beta, T *c, int64_t ldc,
                               T acc[GEMM_RM][GEMM_RN])
{
    enum { HM = GEMM_RM / 2, HN = GEMM_RN / 2 };
#pragma unroll
    for (int j = 0; j < GEMM_RN; j++) {
        int64_t col = n0 + (j < HN ? uy * HN + j : TNN / 2 + uy * HN + j - HN);
        if (col >= n) continue;
        T *cc = c + col * ldc;
#pragma unroll
        for (int i = 0; i < GEMM_RM; i++) {
            int64_t row = m0 + (i < HM ? ux * HM + i : TM / 2 + ux * HM + i - HM);
            if (row >= m) continue;
            cc[row] = beta == 0 ? alpha * acc[i][j] : alpha * acc[i][j] + beta * cc[row];
        }
    }
}

#if GEMM_TC
/* The FP64 tensor-core path (sm_80 and later; GEMM_TC is set for double
 * only, and only in the device pass). The team's warps split the team tile
 * into DW_M x DW_N warp tiles; a warp computes its tile as DMMA_M x 8
 * blocks, each a chain of mma.sync over k, DMMA_K at a time, reading its
 * fragments from the same staged slices as the FMA path: m8n8k4 (sm_80) or
 * m16n8k8 (sm_90, GEMM_DMMA_M 16). Fragment layouts (PTX ISA, mma .f64):
 * lane l = 4 g + q holds, for r counting from 0,
 *   A: (g + 8 (r mod M/8), q + 4 floor(r / (M/8))), (M/8)(K/4) of them;
 *   B: (q + 4 r, g), K/4 of them;
 *   C: (g + 8 floor(r / 2), 2 q + r mod 2), M/4 of them.
 * With rows of ROW_A = ROW_B = 4 (mod 16) doubles, the four k rows a
 * half-warp reads fall in distinct banks. */
#define DMMA_K (GEMM_DMMA_M / 2)
#define DMMA_AF (GEMM_DMMA_M / 8 * DMMA_K / 4)
#define DMMA_BF (DMMA_K / 4)
#define DMMA_CF (GEMM_DMMA_M / 4)
#define DW_M 4
#define DW_N (GEMM_NT / 32 / DW_M)
#define DMMA_MI (TM / DW_M / GEMM_DMMA_M)
#define DMMA_NJ (TNN / DW_N / 8)
_Static_assert(GEMM_NT % (32 * DW_M) == 0 && TM % (GEMM_DMMA_M * DW_M) == 0 &&
                   TNN % (8 * DW_N) == 0,
               "warp tiles of whole mma blocks");
_Static_assert(DMMA_MI * DMMA_NJ * DMMA_CF == GEMM_RM * GEMM_RN,
               "a lane's accumulators take the place of its register tile");
_Static_assert(TK % DMMA_K == 0 && ROW_A % 16 == 4 && ROW_B % 16 == 4,
               "whole k steps; conflict-free fragment rows");

/* Accumulator r of block (i, j) of a lane, kept in the register tile's
 * storage. */
#define DMMA_ACC(acc, i, j, r) \
    (acc)[(((i) * DMMA_NJ + (j)) * DMMA_CF + (r)) / GEMM_RN] \
         [(((i) * DMMA_NJ + (j)) * DMMA_CF + (r)) % GEMM_RN]

GPU_INLINE void GT(dmma_mac_)(int w, int lane, const T *as, const T *bs,
                                T acc[GEMM_RM][GEMM_RN])
{
    const int g = lane >> 2, q = lane & 3;
    const int wm0 = w % DW_M * (TM / DW_M), wn0 = w / DW_M * (TNN / DW_N);
#pragma unroll
    for (int kk = 0; kk < TK; kk += DMMA_K) {
        T fa[DMMA_MI][DMMA_AF], fb[DMMA_NJ][DMMA_BF];
#pragma unroll
        for (int i = 0; i < DMMA_MI; i++)
#pragma unroll
            for (int r = 0; r < DMMA_AF; r++)
                fa[i][r] = as[(kk + q + 4 * (r / (GEMM_DMMA_M / 8))) * ROW_A + wm0 +
                              i * GEMM_DMMA_M + g + 8 * (r % (GEMM_DMMA_M / 8))];
#pragma unroll
        for (int j = 0; j < DMMA_NJ; j++)
#pragma unroll
            for (int r = 0; r < DMMA_BF; r++)
                fb[j][r] = bs[(kk + q + 4 * r) * ROW_B + wn0 + j * 8 + g];
#pragma unroll
        for (int i = 0; i < DMMA_MI; i++)
#pragma unroll
            for (int j = 0; j < DMMA_NJ; j++) {
                T c[DMMA_CF];
#pragma unroll
                for (int r = 0; r < DMMA_CF; r++) c[r] = DMMA_ACC(acc, i, j, r);
                dmma_(fa[i], fb[j], c);
#pragma unroll
                for (int r = 0; r < DMMA_CF; r++) DMMA_ACC(acc, i, j, r) = c[r];
            }
    }
}

/* C := alpha * acc + beta * C for a lane's share of its warp tile, inside C
 * only; beta == 0 never reads C. */
GPU_INLINE void GT(dmma_store_c_)(int w, int lane, int64_t m0, int64_t n0, int64_t m, int64_t n,
                                    T alpha, T beta, T *c, int64_t ldc,
                                    T acc[GEMM_RM][GEMM_RN])
{
    const int g = lane >> 2, q = lane & 3;
    const int64_t r0 = m0 + w % DW_M * (TM / DW_M) + g, c0 = n0 + w / DW_M * (TNN / DW_N) + 2 * q;
#pragma unroll
    for (int j = 0; j < DMMA_NJ; j++)
#pragma unroll
        for (int e = 0; e < 2; e++) {
            const int64_t col = c0 + j * 8 + e;
            if (col >= n) continue;
            T *cc = c + col * ldc;
#pragma unroll
            for (int i = 0; i < DMMA_MI; i++)
#pragma unroll
                for (int h = 0; h < DMMA_CF / 2; h++) {
                    const int64_t row = r0 + i * GEMM_DMMA_M + 8 * h;
                    if (row >= m) continue;
                    const T v = DMMA_ACC(acc, i, j, 2 * h + e);
                    cc[row] = beta == 0 ? alpha * v : alpha * v + beta * cc[row];
                }
        }
}
#endif

/* Thread t's step on the staged slices and its final write, on the tensor
 * cores (tc) or by its register tile (when it has one inside C). */
GPU_INLINE void GT(team_mac_)(bool tc, bool mine, int t, int ux, int uy, const T *as,
                                const T *bs, T acc[GEMM_RM][GEMM_RN])
{
#if GEMM_TC
    if (tc) {
        GT(dmma_mac_)(t / 32, t % 32, as, bs, acc);
        return;
    }
#else
    (void)tc;
    (void)t;
#endif
    if (mine) GT(mac_)(ux, uy, as, bs, acc);
}

GPU_INLINE void GT(team_store_c_)(bool tc, bool mine, int t, int ux, int uy, int64_t m0,
                                    int64_t n0, const TN(gemm_job_, ) *J,
                                    T acc[GEMM_RM][GEMM_RN])
{
#if GEMM_TC
    if (tc) {
        GT(dmma_store_c_)(t / 32, t % 32, m0, n0, J->m, J->n, J->alpha, J->beta, J->c, J->ldc,
                            acc);
        return;
    }
#else
    (void)tc;
    (void)t;
#endif
    if (mine) GT(store_c_)(ux, uy, m0, n0, J->m, J->n, J->alpha, J->beta, J->c, J->ldc, acc);
}

typedef T GT(slice_a_)[TK * ROW_A];
typedef T GT(slice_b_)[TK * ROW_B];

/* Where loader s reads its share of every k slice of an operand whose
 * slices all lie inside it: its first element of slice 0, the distance
 * between its elements within a slice, and from one slice to the next. */
typedef struct GT(stream_) {
    const T *p;
    int64_t step, slice;
} GT(stream_);

GPU_INLINE GT(stream_) GT(stream_of_)(const T *x, int64_t sl, int64_t sk, gemm_slot s, int64_t l0)
{
    return (GT(stream_)){ .p = x + (l0 + s.l) * sl + s.k * sk,
                          .step = s.dl * sl + s.dk * sk,
                          .slice = TK * sk };
}

/* Slice kt of a stream into r[0..count). */
GPU_INLINE void GT(stream_load_)(const GT(stream_) *st, int64_t kt, int count, T *r)
{
    const T *p = st->p + kt * st->slice;
#pragma unroll
    for (int j = 0; j < count; j++) r[j] = p[j * st->step];
}

/* Thread t's loads of slice kt of op(A) and op(B) into ra and rb: through
 * the streams when `inner` (a constant at each call: the tile and all its
 * slices lie inside the operands, so the loop keeps three numbers per
 * operand live instead of the call's whole description), else with the
 * edge checks of load_. */
GPU_INLINE void GT(slice_loads_)(bool inner, const TN(gemm_job_, ) *J, const GT(stream_) *sa,
                                 const GT(stream_) *sb, gemm_slot my_a, gemm_slot my_b,
                                 int64_t m0, int64_t n0, bool a_in, bool b_in, int64_t kt, T *ra,
                                 T *rb)
{
    if (inner) {
        GT(stream_load_)(sa, kt, GEMM_LA, ra);
        GT(stream_load_)(sb, kt, GEMM_LB, rb);
        return;
    }
    const int64_t k0 = kt * TK;
    const bool k_in = k0 + TK <= J->k;
    GT(load_)(J->a, J->sla, J->ska, J->m, J->k, my_a, m0, k0, a_in && k_in, GEMM_LA, ra);
    GT(load_)(J->b, J->slb, J->skb, J->n, J->k, my_b, n0, k0, b_in && k_in, GEMM_LB, rb);
}

/* One team tile at (m0, n0) by a team of GEMM_NT threads: the loads of the
 * next slice are in flight while the thread computes on the current one.
 * `inner` as for slice_loads_. */
GPU_INLINE void GT(tile_full_)(bool inner, const TN(gemm_job_, ) *J, GT(slice_a_) *as,
                               GT(slice_b_) *bs, int t, bool tc, int64_t m0, int64_t n0)
{
    const gemm_slot my_a = GT(slot_of_)(J->a_long_fast, TM, t);
    const gemm_slot my_b = GT(slot_of_)(J->b_long_fast, TNN, t);
    int ux, uy;
    GT(place_)(t, &ux, &uy);
    /* a warp's mma needs all its lanes: on the tensor cores every thread
     * computes (outside C on zeros) */
    const bool mine = tc || GT(touches_c_)(t, J->m - m0, J->n - n0);
    const bool a_in = m0 + TM <= J->m, b_in = n0 + TNN <= J->n;
    const GT(stream_) sa = GT(stream_of_)(J->a, J->sla, J->ska, my_a, m0);
    const GT(stream_) sb = GT(stream_of_)(J->b, J->slb, J->skb, my_b, n0);
    const int64_t nk = J->nk;
    T ra[GEMM_LA], rb[GEMM_LB];
    T acc[GEMM_RM][GEMM_RN];
#pragma unroll
    for (int i = 0; i < GEMM_RM; i++)
#pragma unroll
        for (int j = 0; j < GEMM_RN; j++) acc[i][j] = 0;
    GT(slice_loads_)(inner, J, &sa, &sb, my_a, my_b, m0, n0, a_in, b_in, 0, ra, rb);
    GT(stage_)(as[0], ROW_A, my_a, GEMM_LA, ra);
    GT(stage_)(bs[0], ROW_B, my_b, GEMM_LB, rb);
#pragma omp barrier
    for (int64_t kt = 0; kt < nk; kt++) {
        const int cur = (int)(kt & 1), nxt = cur ^ 1;
        const bool more = kt + 1 < nk;
        if (more)
            GT(slice_loads_)(inner, J, &sa, &sb, my_a, my_b, m0, n0, a_in, b_in, kt + 1, ra, rb);
        GT(team_mac_)(tc, mine, t, ux, uy, as[cur], bs[cur], acc);
        if (more) {
            GT(stage_)(as[nxt], ROW_A, my_a, GEMM_LA, ra);
            GT(stage_)(bs[nxt], ROW_B, my_b, GEMM_LB, rb);
        }
        /* the next slice is staged, and nobody reads this one any more */
#pragma omp barrier
    }
    GT(team_store_c_)(tc, mine, t, ux, uy, m0, n0, J, acc);
}

/* A team of exactly GEMM_NT threads (a GPU): thread t stages its share of
 * each slice through registers, owns register tile t of every team tile
 * (or, with tc, its lane's share of its warp's tile on the tensor cores)
 * and writes it once at the end. tc is a constant at each call. */
GPU_INLINE void GT(team_full_)(const TN(gemm_job_, ) *J, GT(slice_a_) *as,
                                 GT(slice_b_) *bs, int t, int64_t team, int64_t nteam, bool tc)
{
    const bool k_whole = J->k % TK == 0;
    for (int64_t tile = team; tile < J->ntiles; tile += nteam) {
        int64_t m0, n0;
        tile_origin(tile, J->tiles_m, J->tiles_n, TM, TNN, &m0, &n0);
        if (k_whole && m0 + TM <= J->m && n0 + TNN <= J->n)
            GT(tile_full_)(true, J, as, bs, t, tc, m0, n0);
        else
            GT(tile_full_)(false, J, as, bs, t, tc, m0, n0);
    }
}

/* A team of any other size (host fallback: one or two threads): each
 * thread stages a contiguous share of each slice's loaders, and after the
 * barrier computes a contiguous share of the register tiles from the staged
 * slice, adding each into C at once (alpha * acc + beta * C for the first
 * slice, + C after). Each slice is staged once however few the threads, and
 * every thread reaches every barrier, with or without register tiles.
 * Kept out of line: a GPU never takes this path, and inlined, its register
 * needs would weigh on the allocation of team_full_. */
static __attribute__((noinline)) void GT(team_any_)(const TN(gemm_job_, ) *J,
                                                      GT(slice_a_) *as, GT(slice_b_) *bs,
                                                      int t, int nt, int64_t team, int64_t nteam)
{
    const int share = (GEMM_NT + nt - 1) / nt;
    const int v_begin = t * share < GEMM_NT ? t * share : GEMM_NT;
    const int v_end = v_begin + share < GEMM_NT ? v_begin + share : GEMM_NT;
    T ra[GEMM_LA], rb[GEMM_LB];
    T acc[GEMM_RM][GEMM_RN];
    for (int64_t tile = team; tile < J->ntiles; tile += nteam) {
        int64_t m0, n0;
        tile_origin(tile, J->tiles_m, J->tiles_n, TM, TNN, &m0, &n0);
        const bool a_in = m0 + TM <= J->m, b_in = n0 + TNN <= J->n;
        for (int64_t kt = 0; kt < J->nk; kt++) {
            const int64_t k0 = kt * TK;
            const bool k_in = k0 + TK <= J->k;
            for (int v = v_begin; v < v_end; v++) {
                const gemm_slot sa = GT(slot_of_)(J->a_long_fast, TM, v);
                const gemm_slot sb = GT(slot_of_)(J->b_long_fast, TNN, v);
                GT(load_)(J->a, J->sla, J->ska, J->m, J->k, sa, m0, k0, a_in && k_in, GEMM_LA,
                            ra);
                GT(load_)(J->b, J->slb, J->skb, J->n, J->k, sb, n0, k0, b_in && k_in, GEMM_LB,
                            rb);
                GT(stage_)(as[0], ROW_A, sa, GEMM_LA, ra);
                GT(stage_)(bs[0], ROW_B, sb, GEMM_LB, rb);
            }
#pragma omp barrier
            const T beta_k = kt == 0 ? J->beta : (T)1;
            for (int u = v_begin; u < v_end; u++) {
                if (!GT(touches_c_)(u, J->m - m0, J->n - n0)) continue;
                int ux, uy;
                GT(place_)(u, &ux, &uy);
#pragma unroll
                for (int i = 0; i < GEMM_RM; i++)
#pragma unroll
                    for (int j = 0; j < GEMM_RN; j++) acc[i][j] = 0;
                GT(mac_)(ux, uy, as[0], bs[0], acc);
                GT(store_c_)(ux, uy, m0, n0, J->m, J->n, J->alpha, beta_k, J->c, J->ldc, acc);
            }
            /* the slice is free for the next one */
#pragma omp barrier
        }
    }
}

/* One call's job, built by every thread from the kernel's scalar
 * arguments (kernel parameters are cheap to read again, where a struct
 * passed in would live in local memory). */
GPU_INLINE TN(gemm_job_, ) GT(job_of_)(bool ta, bool tb, int64_t m, int64_t n, int64_t k,
                                         T alpha, const T *a, int64_t lda, const T *b, int64_t ldb,
                                         T beta, T *c, int64_t ldc)
{
    const int64_t tiles_m = ompwg_gpu_ceil_div(m, TM), tiles_n = ompwg_gpu_ceil_div(n, TNN);
    return (TN(gemm_job_, )){
        .m = m, .n = n, .k = k,
        .sla = ta ? lda : 1, .ska = ta ? 1 : lda,
        .slb = tb ? 1 : ldb, .skb = tb ? ldb : 1,
        .ldc = ldc, .a = a, .b = b, .c = c, .alpha = alpha, .beta = beta,
        .a_long_fast = !ta, .b_long_fast = tb,
        .tiles_m = tiles_m, .tiles_n = tiles_n, .ntiles = tiles_m * tiles_n,
        .nk = ompwg_gpu_ceil_div(k, TK),
    };
}

/* A team's share of a call: the GPU path for a team of GEMM_NT threads (on
 * the tensor cores when tc, a constant at each call), the any-size path
 * otherwise; nt is the same for every thread of the team, so all take the
 * same one. */
GPU_INLINE void GT(team_gemm_)(bool tc, const TN(gemm_job_, ) *J, GT(slice_a_) *as,
                                 GT(slice_b_) *bs)
{
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    const int64_t team = omp_get_team_num(), nteam = omp_get_num_teams();
    if (nt == GEMM_NT)
        GT(team_full_)(J, as, bs, t, team, nteam, tc);
    else
        GT(team_any_)(J, as, bs, t, nt, team, nteam);
}

/* The tiled kernels, the tensor-core one apart so that neither one's
 * registers weigh on the other's allocation. In each, the local memory (two
 * buffers of a k slice of op(A) and of op(B)) is declared in the teams
 * region and shared by its threads, and the arguments are firstprivate so
 * that no thread reads team memory for them after a barrier. */
static void GT(gemm_tiled_)(int dev, bool tc, bool ta, bool tb, int64_t m, int64_t n,
                              int64_t k, T alpha, const T *a, int64_t lda, const T *b, int64_t ldb,
                              T beta, T *c, int64_t ldc)
{
    const int teams = ompwg_gpu_teams_for(ompwg_gpu_ceil_div(m, TM) * ompwg_gpu_ceil_div(n, TNN));
    if (GEMM_TC_HOST && tc) {
#pragma omp target teams device(dev) num_teams(teams) thread_limit(GEMM_NT) is_device_ptr(a, b, c)
        {
            _Alignas(16) GT(slice_a_) as[2];
            _Alignas(16) GT(slice_b_) bs[2];
#pragma omp parallel firstprivate(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
            {
                const TN(gemm_job_, ) J =
                    GT(job_of_)(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
                GT(team_gemm_)(GEMM_TC, &J, as, bs);
            }
        }
        return;
    }
#pragma omp target teams device(dev) num_teams(teams) thread_limit(GEMM_NT) is_device_ptr(a, b, c)
    {
        _Alignas(16) GT(slice_a_) as[2];
        _Alignas(16) GT(slice_b_) bs[2];
#pragma omp parallel firstprivate(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
        {
            const TN(gemm_job_, ) J =
                GT(job_of_)(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
            GT(team_gemm_)(false, &J, as, bs);
        }
    }
}

#if GEMM_TC
#undef DMMA_K
#undef DMMA_AF
#undef DMMA_BF
#undef DMMA_CF
#undef DW_M
#undef DW_N
#undef DMMA_MI
#undef DMMA_NJ
#undef DMMA_ACC
#endif
#undef TM
#undef TNN
#undef TK
#undef ROW_A
#undef ROW_B
#undef GEMM_NT
#undef GEMM_LA
#undef GEMM_LB
#undef GT
#undef GT_
#undef GT__
#undef GT_HALF_ALIGN
#undef GEMM_TAG
#undef GEMM_TM
#undef GEMM_TN
#undef GEMM_TK
#undef GEMM_RM
#undef GEMM_RN
#undef GEMM_KK_UNROLL
