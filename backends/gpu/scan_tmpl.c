/* The two-pass scan for one type, included by scan.c once per type. */
#include "prec.h"

/* elements of a 16-byte piece: one piece per thread and step */
#define SC_V (16 / (int)sizeof(T))
#define SC_STEP ((int64_t)SCAN_NT * SC_V)

/* The piece of SC_V elements at logical position `at` (elements at `end`
 * and beyond read as 0): one aligned vector load when `vec`. */
GPU_INLINE void TN(load_piece_, )(const T *x, int64_t incx, int64_t at, int64_t end, bool vec,
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
static void TN(scan_totals_, )(int dev, int teams, int64_t np, int64_t chunk, int64_t n,
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
                ACC acc = 0;
#pragma unroll 4
                for (int64_t at = begin + (int64_t)tm.thread * SC_V; at < end;
                     at += (int64_t)tm.size * SC_V) {
                    T v[SC_V];
                    TN(load_piece_, )(x, incx, at, end, vec, v);
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
static void TN(scan_apply_, )(int dev, int teams, int64_t np, int64_t chunk, int64_t n,
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
                TN(load_piece_, )(x, incx, begin + (int64_t)tm.thread * SC_V, end, vec, next);
                for (int64_t base = begin; base < end; base += stride) {
                    const int64_t at = base + (int64_t)tm.thread * SC_V;
                    T v[SC_V];
#pragma unroll
                    for (int e = 0; e < SC_V; e++) v[e] = next[e];
                    if (base + stride < end)
                        TN(load_piece_, )(x, incx, at + stride, end, vec, next);
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
static int TN(scan_resident_, )(int dev, const ompwg_scan_shape *s, const T *x, int64_t incx,
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
    TN(scan_totals_, )(dev, teams, np, chunk, s->n, x, incx, dpart);
    TN(scan_apply_, )(dev, teams, np, chunk, s->n, x, incx, y, incy, dpart, s->exclusive);
    ompwg_gpu_free(dev, dpart);
    return OMPWG_OK;
}

int TN(ompwg_gpu_, scan)(const ompwg_scan_shape *s, const T *x, T *y)
{
    if (!ompwg_gpu_ready()) return OMPWG_ERR_UNAVAILABLE;
    const int dev = ompwg_gpu_device();
    if (s->device_ptrs) return TN(scan_resident_, )(dev, s, x, s->incx, y, s->incy);
    int64_t incx = s->incx, incy = s->incy;
    void *bx = NULL, *by = NULL;
    const void *dx = NULL;
    void *dy = NULL;
    int st = ompwg_gpu_vec_to_device(dev, s->n, x, &incx, sizeof(T), &bx, &dx);
    if (st == OMPWG_OK) st = ompwg_gpu_vec_alloc(dev, s->n, &incy, sizeof(T), &by, &dy);
    if (st == OMPWG_OK) st = TN(scan_resident_, )(dev, s, dx, incx, dy, incy);
    if (st == OMPWG_OK) st = ompwg_gpu_vec_to_host(dev, s->n, y, s->incy, sizeof(T), by);
    ompwg_gpu_free(dev, by);
    ompwg_gpu_free(dev, bx);
    return st;
}

#undef SC_V
#undef SC_STEP
