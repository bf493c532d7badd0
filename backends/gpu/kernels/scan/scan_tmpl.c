/* The GPU scan of one type (float, double, int64), built once per type by
 * Meson (prec.h).
 *
 * Two passes, with no team ever waiting for another: the vector is cut into
 * np contiguous chunks (virtual teams, their number fixed by n and the
 * device, as for the reductions). Pass 1 writes each chunk's total; pass 2
 * gives each chunk the sum of the totals before it (every team adds them
 * up itself: a few hundred values from L2) and scans the chunk in steps of
 * SCAN_NT 16-byte pieces, each step a team scan of ompwg/team.h (sub-group
 * scans, then the sub-groups' totals through local memory) carried into
 * the next. x is read twice and y written once: at best two thirds of the
 * device's copy bandwidth. Pass 1 loads SC_BATCH pieces a thread at once.
 * Measured on an H100 (bench_gpu, 2^28 elements, one run): float 1758 GB/s
 * read + written, double 1835, int64 1808: 60-62 % of a device copy of as
 * many bytes, 0.68-0.73x of CUB's DeviceScan. */
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "../../runtime/buffers.h"
#include "../../gpu.h"
#include "../grid.h"
#include "ompwg.h"
#include "ompwg/team.h"
#include "prec.h"

/* Threads of a team, and teams (virtual teams) per SM: a team keeps one
 * step's pieces in registers and the next step's loads in flight, so
 * memory parallelism comes from many resident teams. SC_V: elements of a
 * 16-byte piece, one piece per thread and step. */
enum { SCAN_NT = 256, SCAN_TEAMS_PER_SM = 8, SC_V = 16 / (int)sizeof(T), SC_BATCH = 8 };
static const int64_t SC_STEP = (int64_t)SCAN_NT * SC_V;

/* The entry point, and the kernels' functions: the offload entry of a
 * target region is named after its function, and the objects of this file
 * for every type go into one device image. */
#if defined(OMPWG_PREC_S)
#define SCAN_ENTRY ompwg_gpu_sscan
#define scan_totals sscan_totals
#define scan_apply sscan_apply
#elif defined(OMPWG_PREC_D)
#define SCAN_ENTRY ompwg_gpu_dscan
#define scan_totals dscan_totals
#define scan_apply dscan_apply
#else
#define SCAN_ENTRY ompwg_gpu_i64scan
#define scan_totals i64scan_totals
#define scan_apply i64scan_apply
#endif

/* The piece of SC_V elements at logical position `at` (elements at `end`
 * and beyond read as 0): one aligned vector load when `vec`. */
GPU_INLINE void load_piece(const T *x, int64_t incx, int64_t at, int64_t end, bool vec,
                           T v[SC_V])
{
    if (vec && at + SC_V <= end) {
        const T *p = __builtin_assume_aligned(x + at, 16);
#pragma unroll
        for (int e = 0; e < SC_V; e++) v[e] = p[e];
        return;
    }
#pragma unroll
    for (int e = 0; e < SC_V; e++) v[e] = at + e < end ? x[(at + e) * incx] : (T)0;
}

/* Pass 1: part[p] := the sum of chunk p, [p * chunk, min((p + 1) * chunk, n)). */
static void scan_totals(int dev, int teams, int64_t np, int64_t chunk, int64_t n,
                        const T *x, int64_t incx, ACC *part)
{
    const bool vec = incx == 1 && (uintptr_t)x % 16 == 0;
#pragma omp target teams device(dev) num_teams(teams) thread_limit(SCAN_NT) \
    is_device_ptr(x, part)
    {
        /* local memory: the team reduction's scratch */
        ACC scratch[SCAN_NT];
#pragma omp parallel firstprivate(np, chunk, n, x, incx, part, vec)
        {
            const ompwg_team tm = ompwg_team_this();
            const int64_t team = omp_get_team_num(), nteam = omp_get_num_teams();
            for (int64_t p = team; p < np; p += nteam) {
                const int64_t begin = p * chunk, end = begin + chunk < n ? begin + chunk : n;
                const int64_t step = (int64_t)tm.size * SC_V;
                ACC acc = 0;
                int64_t at = begin + (int64_t)tm.thread * SC_V;
                /* SC_BATCH steps' loads at once where they all lie inside
                 * the chunk: one piece in flight a thread left this pass
                 * waiting on global loads (bench/NOTES.md) */
                if (vec)
                    for (; at + (SC_BATCH - 1) * step + SC_V <= end; at += SC_BATCH * step) {
                        T v[SC_BATCH][SC_V];
#pragma unroll
                        for (int u = 0; u < SC_BATCH; u++) {
                            const T *q = __builtin_assume_aligned(x + at + u * step, 16);
#pragma unroll
                            for (int e = 0; e < SC_V; e++) v[u][e] = q[e];
                        }
#pragma unroll
                        for (int u = 0; u < SC_BATCH; u++)
#pragma unroll
                            for (int e = 0; e < SC_V; e++) acc = ACC_ADD(acc, (ACC)v[u][e]);
                    }
                for (; at < end; at += step) {
                    T v[SC_V];
                    load_piece(x, incx, at, end, vec, v);
#pragma unroll
                    for (int e = 0; e < SC_V; e++) acc = ACC_ADD(acc, (ACC)v[e]);
                }
                const ACC total = TEAM_ACC(ompwg_team_reduce)(tm, acc, OMPWG_GROUP_ADD, scratch);
                if (tm.thread == 0) part[p] = total;
            }
        }
    }
}

/* Pass 2: y := the scan of x, chunk by chunk from the totals before it. */
static void scan_apply(int dev, int teams, int64_t np, int64_t chunk, int64_t n,
                       const T *x, int64_t incx, T *y, int64_t incy, const ACC *part,
                       bool exclusive)
{
    const bool vec = incx == 1 && incy == 1 && (uintptr_t)x % 16 == 0 && (uintptr_t)y % 16 == 0;
#pragma omp target teams device(dev) num_teams(teams) thread_limit(SCAN_NT) \
    is_device_ptr(x, y, part)
    {
        ACC scratch[SCAN_NT];
#pragma omp parallel firstprivate(np, chunk, n, x, incx, y, incy, part, exclusive, vec)
        {
            const ompwg_team tm = ompwg_team_this();
            const int64_t team = omp_get_team_num(), nteam = omp_get_num_teams();
            const int64_t stride = (int64_t)tm.size * SC_V;
            for (int64_t p = team; p < np; p += nteam) {
                ACC before = 0;
                for (int64_t i = tm.thread; i < p; i += tm.size) before = ACC_ADD(before, part[i]);
                ACC offset = TEAM_ACC(ompwg_team_reduce)(tm, before, OMPWG_GROUP_ADD, scratch);
                const int64_t begin = p * chunk, end = begin + chunk < n ? begin + chunk : n;
                /* the loads of the next step are issued before this one's scan */
                T next[SC_V];
                load_piece(x, incx, begin + (int64_t)tm.thread * SC_V, end, vec, next);
                for (int64_t base = begin; base < end; base += stride) {
                    const int64_t at = base + (int64_t)tm.thread * SC_V;
                    T v[SC_V];
#pragma unroll
                    for (int e = 0; e < SC_V; e++) v[e] = next[e];
                    if (base + stride < end)
                        load_piece(x, incx, at + stride, end, vec, next);
                    ACC run = 0, out[SC_V];
#pragma unroll
                    for (int e = 0; e < SC_V; e++) {
                        const ACC sum = ACC_ADD(run, (ACC)v[e]);
                        out[e] = exclusive ? run : sum;
                        run = sum;
                    }
                    ACC step_total;
                    const ACC ahead = TEAM_ACC(ompwg_team_exclusive_scan)(tm, run, OMPWG_GROUP_ADD,
                                                                          scratch, &step_total);
                    const ACC first = ACC_ADD(offset, ahead);
                    if (vec && at + SC_V <= end) {
                        T *q = __builtin_assume_aligned(y + at, 16);
#pragma unroll
                        for (int e = 0; e < SC_V; e++) q[e] = (T)ACC_ADD(first, out[e]);
                    } else {
#pragma unroll
                        for (int e = 0; e < SC_V; e++)
                            if (at + e < end) y[(at + e) * incy] = (T)ACC_ADD(first, out[e]);
                    }
                    offset = ACC_ADD(offset, step_total);
                }
            }
        }
    }
}

/* The scan of data on the device. */
static int scan_resident(int dev, const ompwg_scan_shape *s, const T *x, int64_t incx,
                         T *y, int64_t incy)
{
    const int64_t np0 = ompwg_gpu_partials_for(s->n, SC_STEP, SCAN_TEAMS_PER_SM);
    /* whole steps per chunk, so that every chunk but the last starts 16-byte aligned */
    const int64_t chunk = ompwg_gpu_ceil_div(ompwg_gpu_ceil_div(s->n, np0), SC_STEP) * SC_STEP;
    const int64_t np = ompwg_gpu_ceil_div(s->n, chunk);
    void *dpart = NULL;
    int st = ompwg_gpu_alloc(dev, (size_t)np * sizeof(ACC), &dpart);
    if (st != OMPWG_OK) return st;
    const int teams = ompwg_gpu_teams_for(np);
    scan_totals(dev, teams, np, chunk, s->n, x, incx, dpart);
    scan_apply(dev, teams, np, chunk, s->n, x, incx, y, incy, dpart, s->exclusive);
    ompwg_gpu_free(dev, dpart);
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
