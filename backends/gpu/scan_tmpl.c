/* The GPU scan of one type (float, double, int64), built once per type by
 * Meson (prec.h).
 *
 * One pass over x, with decoupled look-back: the vector is cut into tiles of
 * SCAN_TILE elements, and teams take tiles in the order of a ticket (an
 * atomic fetch-and-add on a device counter, scan_state.h), so a team only
 * ever waits for tiles whose tickets were taken before its own, by teams
 * that are already running: no team waits for one that may not have
 * started, and teams that run one after another (host fallback) never wait.
 * Per tile a team loads its SCAN_U 16-byte pieces per thread (striped, so
 * each load of a warp is 512 contiguous bytes, and all of them in flight
 * at once), scans them (a sub-group scan per piece, the sub-groups' totals
 * through local memory), publishes the tile's aggregate, looks back for the
 * sum of the tiles before it, writes y from the registers, and takes its
 * next ticket. x is read once and y written once.
 *
 * The look-back stops at a fixed tile, not at the first prefix it finds: a
 * tile adds the aggregates of the tiles since the last checkpoint (every
 * SCAN_CHECKPOINT-th tile, which also publishes its inclusive prefix) to
 * that checkpoint's prefix. So every sum has a fixed order, and a run with
 * the same device gives the same bits (the promise of ompwg.h), where a
 * look-back that stops wherever it finds a prefix adds in an order that
 * depends on timing. The checkpoints' chain costs nothing while a link (a
 * checkpoint seeing the previous one's prefix and publishing its own, a few
 * trips to L2) is shorter than the time the device takes for
 * SCAN_CHECKPOINT tiles (about 5 us for 512 tiles of 16 KiB read and
 * written at 3 TB/s); a tile reads at most SCAN_CHECKPOINT - 1 aggregates,
 * 16 per lane of a warp, all in flight at once.
 *
 * The two-pass version before it (chunk totals, then every chunk scanned
 * from the totals before it: x read twice) measured on an H100 (bench_gpu,
 * 2^28 elements, one run): float 1347 GB/s read + written, double 1477,
 * int64 1495, 51-53 % of a device copy of as many bytes; 0.56-0.67x of
 * CUB's DeviceScan from 2^20 to 2^28 (bench/NOTES.md). */
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "devmem.h"
#include "gpu.h"
#include "grid.h"
#include "ompwg.h"
#include "ompwg/team.h"
#include "prec.h"
#include "scan_state.h"

/* Kernel parameters (each can be overridden with -D for experiments).
 * SCAN_NT threads a team; SCAN_U 16-byte pieces per thread and tile, all
 * loaded before the first is used; SCAN_TEAMS_PER_SM teams asked for per
 * SM, as many as are resident (the tickets make any number correct: teams
 * beyond those resident start as others finish, and find the tiles taken);
 * SCAN_CHECKPOINT tiles from one checkpoint to the next.
 *
 * Registers (ptxas, sm_90): uncapped, ptxas takes 167 for float and
 * double at SCAN_U = 4 (232 for float at 8): one team per SM; the unit is
 * built with a cap
 * of 128 (backends/gpu/meson.build), under which SCAN_U = 4 takes 128
 * (float, double) and 122 (int64) registers without spills, so two teams
 * of 256 threads are resident per SM, 32 KiB of loads in flight, and one
 * team's look-back leaves the other's loads running; SCAN_U = 8 spills 448
 * bytes under the cap.
 *
 * Fixed costs: one launch and its wait per call; the state needs no
 * clearing launch (scan_state.h) and taking a slot is a mutex. */
#ifndef SCAN_NT
#define SCAN_NT 256
#endif
#ifndef SCAN_U
#define SCAN_U 4
#endif
#ifndef SCAN_TEAMS_PER_SM
#define SCAN_TEAMS_PER_SM 2
#endif
#ifndef SCAN_CHECKPOINT
#define SCAN_CHECKPOINT 512
#endif
/* SC_V: elements of a 16-byte piece; SCAN_TILE: elements of a tile. */
enum { SC_V = 16 / (int)sizeof(T), SCAN_TILE = SCAN_NT * SCAN_U * SC_V };
/* local memory for the sub-groups' totals of a tile's SCAN_U sweeps (on a
 * GPU 8 warps a sweep, in host fallback up to SCAN_NT one-thread
 * sub-groups), and at least the SCAN_NT elements a team scan of
 * ompwg/team.h asks for */
enum {
    SCAN_SWEEP_TOTALS = SCAN_U * ((SCAN_NT + OMPWG_SG_MAX_SIZE - 1) / OMPWG_SG_MAX_SIZE),
    SCAN_SCRATCH = SCAN_SWEEP_TOTALS > SCAN_NT ? SCAN_SWEEP_TOTALS : SCAN_NT
};
_Static_assert(sizeof(ACC) == 8, "the state holds 8-byte aggregates");

/* The entry point, and the kernel's function: the offload entry of a
 * target region is named after its function, and the objects of this file
 * for every type go into one device image. */
#if defined(OMPWG_PREC_S)
#define SCAN_ENTRY ompwg_gpu_sscan
#define scan_tiles sscan_tiles
#elif defined(OMPWG_PREC_D)
#define SCAN_ENTRY ompwg_gpu_dscan
#define scan_tiles dscan_tiles
#else
#define SCAN_ENTRY ompwg_gpu_i64scan
#define scan_tiles i64scan_tiles
#endif

/* A 16-byte piece as one value, so that its load is one instruction (the
 * compiler splits element loads it merges with the strided path's). */
typedef T piece_t __attribute__((ext_vector_type(SC_V), aligned(16)));

/* The piece of SC_V elements at logical position `at` (elements at `end`
 * and beyond read as 0): one aligned vector load when `vec`. */
GPU_INLINE void load_piece(const T *x, int64_t incx, int64_t at, int64_t end, bool vec,
                           T v[SC_V])
{
    if (vec && at + SC_V <= end) {
        const piece_t p = *(const piece_t *)(x + at);
#pragma unroll
        for (int e = 0; e < SC_V; e++) v[e] = p[e];
        return;
    }
#pragma unroll
    for (int e = 0; e < SC_V; e++) v[e] = at + e < end ? x[(at + e) * incx] : (T)0;
}

/* What tile j has published for this call (0: nothing yet; a flag of an
 * earlier call has another epoch). */
GPU_INLINE uint32_t published(const uint32_t *flags, int64_t j, uint32_t epoch)
{
    uint32_t f;
#pragma omp atomic read
    f = flags[j];
    return (f >> OMPWG_GPU_SCAN_FLAG_BITS) == epoch ? f & ((1u << OMPWG_GPU_SCAN_FLAG_BITS) - 1u)
                                                 : 0u;
}

/* Tile j's value, then its flag: the release fence orders the value first
 * (a release fence and a relaxed store, as clang 19's NVPTX back end selects
 * no atomic store with an ordering). */
GPU_INLINE void publish(uint32_t *flags, ACC *values, int64_t j, ACC value, uint32_t epoch,
                        uint32_t what)
{
    values[j] = value;
    const uint32_t f = epoch << OMPWG_GPU_SCAN_FLAG_BITS | what;
#pragma omp flush release
#pragma omp atomic write
    flags[j] = f;
}

/* Logical position of the calling thread's piece k in a tile starting at
 * `tile_at`: sweep k of the team's SCAN_NT threads. */
GPU_INLINE int64_t piece_at(ompwg_team tm, int64_t tile_at, int k)
{
    return tile_at + ((int64_t)k * SCAN_NT + tm.thread) * SC_V;
}

/* Loads the calling thread's SCAN_U pieces of a tile, the tile's end and
 * beyond as zeros. */
GPU_INLINE void load_pieces(ompwg_team tm, const T *x, int64_t incx, int64_t tile_at,
                            int64_t tile_end, bool vec, T v[SCAN_U][SC_V])
{
#pragma unroll
    for (int k = 0; k < SCAN_U; k++) {
        const int64_t at = piece_at(tm, tile_at, k);
        if (at < tile_end) {
            load_piece(x, incx, at, tile_end, vec, v[k]);
        } else {
#pragma unroll
            for (int e = 0; e < SC_V; e++) v[k][e] = (T)0;
        }
    }
}

/* The scan of a tile's pieces: off[k] receives the sum of the tile's
 * pieces before the calling thread's piece k, the result the tile's total
 * (the same bits on every thread). Each piece's sum goes through a sub-group
 * scan, the sub-groups' totals through scratch, added in the order of the
 * pieces. Every thread calls it; it ends with a barrier. */
GPU_INLINE ACC scan_pieces(ompwg_team tm, ompwg_subgroup sg, T v[SCAN_U][SC_V], ACC off[SCAN_U],
                           ACC *scratch)
{
    ACC in_sg[SCAN_U];
#pragma unroll
    for (int k = 0; k < SCAN_U; k++) {
        ACC piece = 0;
#pragma unroll
        for (int e = 0; e < SC_V; e++) piece = ACC_ADD(piece, (ACC)v[k][e]);
        const ACC incl = TEAM_ACC(ompwg_sg_inclusive_scan)(sg, piece, OMPWG_GROUP_ADD);
        const ACC before = TEAM_ACC(ompwg_sg_shuffle_up)(sg, incl, 1);
        in_sg[k] = sg.lane > 0 ? before : (ACC)0;
        if (sg.lane == sg.size - 1) scratch[k * sg.count + sg.id] = incl;
    }
    ompwg_team_barrier(tm);
    ACC run = 0;
#pragma unroll
    for (int k = 0; k < SCAN_U; k++) {
        ACC mine = 0;
        for (int w = 0; w < sg.count; w++) {
            if (w == sg.id) mine = run;
            run = ACC_ADD(run, scratch[k * sg.count + w]);
        }
        off[k] = ACC_ADD(mine, in_sg[k]);
    }
    ompwg_team_barrier(tm);
    return run;
}

/* Writes the calling thread's pieces of a tile: piece k starts at the sum
 * `first` + off[k]. */
GPU_INLINE void write_pieces(ompwg_team tm, T *y, int64_t incy, int64_t tile_at, int64_t tile_end,
                             bool vec, bool exclusive, T v[SCAN_U][SC_V], const ACC off[SCAN_U],
                             ACC first)
{
#pragma unroll
    for (int k = 0; k < SCAN_U; k++) {
        const int64_t at = piece_at(tm, tile_at, k);
        if (at >= tile_end) continue;
        ACC run = ACC_ADD(first, off[k]), out[SC_V];
#pragma unroll
        for (int e = 0; e < SC_V; e++) {
            const ACC sum = ACC_ADD(run, (ACC)v[k][e]);
            out[e] = exclusive ? run : sum;
            run = sum;
        }
        if (vec && at + SC_V <= tile_end) {
            T *q = __builtin_assume_aligned(y + at, 16);
#pragma unroll
            for (int e = 0; e < SC_V; e++) q[e] = (T)out[e];
        } else {
#pragma unroll
            for (int e = 0; e < SC_V; e++)
                if (at + e < tile_end) y[(at + e) * incy] = (T)out[e];
        }
    }
}

/* A team of another size than SCAN_NT (host fallback grants a team as
 * many threads as it likes) takes the tile in contiguous slices, one a
 * thread, read twice: its elements [*begin, *end). */
GPU_INLINE void slice_of(ompwg_team tm, int64_t tile_at, int64_t tile_end, int64_t *begin,
                         int64_t *end)
{
    const int64_t per = (SCAN_TILE + tm.size - 1) / tm.size;
    const int64_t b = tile_at + per * tm.thread, e = b + per;
    *begin = b < tile_end ? b : tile_end;
    *end = e < tile_end ? e : tile_end;
}

/* The sum of the tiles before tile t, by the lanes of sub-group 0: the
 * aggregates of the tiles after the last checkpoint c before t, each lane
 * adding every sg.size-th in order, then the lanes' sums in a fixed tree,
 * then c's inclusive prefix in front. Waits only for tiles before t. The
 * flags are read relaxed, all of a lane's in flight together, and one
 * acquire fence orders the values' loads after them. */
GPU_INLINE ACC look_back(ompwg_subgroup sg, int64_t t, const uint32_t *flags, const ACC *aggregate,
                         const ACC *inclusive, uint32_t epoch)
{
    const int64_t c = t / SCAN_CHECKPOINT * SCAN_CHECKPOINT - 1;
    for (bool ready = false; !ready;) {
        ready = true;
        for (int64_t j = c + 1 + sg.lane; j < t; j += sg.size)
            ready &= published(flags, j, epoch) != 0;
        if (c >= 0) ready &= published(flags, c, epoch) == OMPWG_GPU_SCAN_INCLUSIVE;
    }
#pragma omp flush acquire
    ACC part = 0;
    for (int64_t j = c + 1 + sg.lane; j < t; j += sg.size) part = ACC_ADD(part, aggregate[j]);
    const ACC between = TEAM_ACC(ompwg_sg_reduce)(sg, part, OMPWG_GROUP_ADD);
    return c >= 0 ? ACC_ADD(inclusive[c], between) : between;
}

/* y := the scan of x, tile by tile in ticket order. Per tile: the team
 * loads and scans it (a team of SCAN_NT threads, as on a GPU, piece by
 * piece into registers; another team slice by slice), thread 0 publishes
 * the aggregate, sub-group 0 looks back, thread 0 publishes a checkpoint's
 * prefix and takes the next ticket, and the team writes y. */
static void scan_tiles(int dev, int teams, int64_t n, int64_t ntiles, const T *x, int64_t incx,
                       T *y, int64_t incy, bool exclusive, uint64_t *tickets, uint32_t *flags,
                       ACC *aggregate, ACC *inclusive, uint32_t epoch)
{
    const bool vx = incx == 1 && (uintptr_t)x % 16 == 0;
    const bool vy = incy == 1 && (uintptr_t)y % 16 == 0;
#pragma omp target teams device(dev) num_teams(teams) thread_limit(SCAN_NT) \
    is_device_ptr(x, y, tickets, flags, aggregate, inclusive)
    {
        /* local memory: the sub-groups' totals, the ticket and the tile's
         * prefix as thread 0 hands them to the team */
        ACC scratch[SCAN_SCRATCH];
        int64_t next_tile[1];
        ACC tile_prefix[1];
#pragma omp parallel firstprivate(n, ntiles, x, incx, y, incy, exclusive, tickets, flags, \
                                      aggregate, inclusive, epoch, vx, vy)
        {
            const ompwg_team tm = ompwg_team_this();
            const ompwg_subgroup sg = ompwg_sg_of(tm);
            const uint64_t last_ticket = (uint64_t)ntiles + (uint64_t)omp_get_num_teams() - 1;
            const bool pieces = tm.size == SCAN_NT;
            if (tm.thread == 0) {
                uint64_t got;
#pragma omp atomic capture
                got = (*tickets)++;
                if (got == last_ticket) {
#pragma omp atomic write
                    *tickets = 0;
                }
                next_tile[0] = (int64_t)got;
            }
            ompwg_team_barrier(tm);
            for (int64_t t = next_tile[0]; t < ntiles; t = next_tile[0]) {
                const int64_t tile_at = t * SCAN_TILE;
                const int64_t tile_end = tile_at + SCAN_TILE < n ? tile_at + SCAN_TILE : n;
                T v[SCAN_U][SC_V];
                ACC off[SCAN_U], total;
                int64_t begin = 0, end = 0;
                if (pieces) {
                    load_pieces(tm, x, incx, tile_at, tile_end, vx, v);
                    total = scan_pieces(tm, sg, v, off, scratch);
                } else {
                    slice_of(tm, tile_at, tile_end, &begin, &end);
                    ACC mine = 0;
                    for (int64_t i = begin; i < end; i++) mine = ACC_ADD(mine, (ACC)x[i * incx]);
                    off[0] = TEAM_ACC(ompwg_team_exclusive_scan)(tm, mine, OMPWG_GROUP_ADD, scratch,
                                                                 &total);
                }
                if (tm.thread == 0) publish(flags, aggregate, t, total, epoch, OMPWG_GPU_SCAN_AGGREGATE);
                if (sg.id == 0) {
                    const ACC prefix = look_back(sg, t, flags, aggregate, inclusive, epoch);
                    if (tm.thread == 0) {
                        if (t % SCAN_CHECKPOINT == SCAN_CHECKPOINT - 1)
                            publish(flags, inclusive, t, ACC_ADD(prefix, total), epoch,
                                    OMPWG_GPU_SCAN_INCLUSIVE);
                        /* every publication of tile t is done */
                        uint64_t got;
#pragma omp atomic capture
                        got = (*tickets)++;
                        if (got == last_ticket) {
#pragma omp atomic write
                            *tickets = 0;
                        }
                        next_tile[0] = (int64_t)got;
                        tile_prefix[0] = prefix;
                    }
                }
                ompwg_team_barrier(tm);
                const ACC prefix = tile_prefix[0];
                if (pieces) {
                    write_pieces(tm, y, incy, tile_at, tile_end, vy, exclusive, v, off, prefix);
                } else {
                    ACC run = ACC_ADD(prefix, off[0]);
                    for (int64_t i = begin; i < end; i++) {
                        const ACC sum = ACC_ADD(run, (ACC)x[i * incx]);
                        y[i * incy] = (T)(exclusive ? run : sum);
                        run = sum;
                    }
                }
            }
        }
    }
}

/* The scan of data on the device. */
static int scan_resident(int dev, const ompwg_scan_shape *s, const T *x, int64_t incx,
                         T *y, int64_t incy)
{
    if (s->n == 0) return OMPWG_OK;
    const int64_t ntiles = ompwg_gpu_ceil_div(s->n, SCAN_TILE);
    const int64_t resident = (int64_t)ompwg_gpu_sm_count() * SCAN_TEAMS_PER_SM;
    ompwg_gpu_scan_state state;
    int st = ompwg_gpu_scan_state_take(dev, ntiles, &state);
    if (st != OMPWG_OK) return st;
    scan_tiles(dev, ompwg_gpu_teams_for(ntiles < resident ? ntiles : resident), s->n, ntiles, x,
               incx, y, incy, s->exclusive, state.tickets, state.flags, state.aggregate,
               state.inclusive, state.epoch);
    ompwg_gpu_scan_state_give(&state);
    return OMPWG_OK;
}

int SCAN_ENTRY(const ompwg_scan_shape *s, const T *x, T *y)
{
    if (!ompwg_gpu_ready()) return OMPWG_ERR_UNAVAILABLE;
    const int dev = ompwg_gpu_device();
    if (s->device_ptrs) return scan_resident(dev, s, x, s->incx, y, s->incy);
    int64_t incx = s->incx, incy = s->incy;
    void *bx = NULL, *by = NULL;
    const void *dx = NULL;
    void *dy = NULL;
    int st = ompwg_gpu_vec_to_device(dev, s->n, x, &incx, sizeof(T), &bx, &dx);
    if (st == OMPWG_OK) st = ompwg_gpu_vec_alloc(dev, s->n, &incy, sizeof(T), &by, &dy);
    if (st == OMPWG_OK) st = scan_resident(dev, s, dx, incx, dy, incy);
    if (st == OMPWG_OK) st = ompwg_gpu_vec_to_host(dev, s->n, y, s->incy, sizeof(T), by);
    ompwg_gpu_free(dev, by);
    ompwg_gpu_free(dev, bx);
    return st;
}
