/* CPU scans, compiled once per type (float, double, int64): each thread
 * adds up one contiguous slice, then scans it from the sum of the slices
 * before it (the reference's loop, core/reference.h). The order of the
 * additions depends only on n and the thread count. */
#include "prec.h"

#include <stdlib.h>

#include "cpu.h"
#include "ompwg.h"
#include "reference.h"

typedef struct slice_sum {
    /* the sums of neighbouring threads on separate cache lines */
    _Alignas(64) ACC sum;
} slice_sum;

typedef struct scan_team {
    const ompwg_scan_shape *s;
    const T *x;
    T *y;
    slice_sum *sums;
} scan_team;

static int scan_part(void *ctx, int t, int nt)
{
    const scan_team *team = ctx;
    const ompwg_scan_shape *s = team->s;
    const int64_t begin = s->n * t / nt, end = s->n * (t + 1) / nt;
    ACC sum = 0;
    for (int64_t i = begin; i < end; i++) sum = ACC_ADD(sum, (ACC)team->x[i * s->incx]);
    team->sums[t].sum = sum;
    /* every slice is added up before any is written: the scan may be in place */
#pragma omp barrier
    ACC start = 0;
    for (int u = 0; u < t; u++) start = ACC_ADD(start, team->sums[u].sum);
    ompwg_scan_shape piece = *s;
    piece.n = end - begin;
    TN(ompwg_ref_, scan_from)(&piece, team->x + begin * s->incx, team->y + begin * s->incy,
                              start);
    return OMPWG_OK;
}

int TN(ompwg_cpu_, scan)(const ompwg_scan_shape *s, const T *x, T *y)
{
    int want = ompwg_cpu_threads();
    /* below this a second thread costs more than it saves */
    if (s->n < 32768) want = 1;
    if (want == 1) {
        TN(ompwg_ref_, scan_from)(s, x, y, 0);
        return OMPWG_OK;
    }
    slice_sum *sums = aligned_alloc(64, (size_t)want * sizeof *sums);
    if (!sums) return OMPWG_ERR_NOMEM;
    scan_team team = { .s = s, .x = x, .y = y, .sums = sums };
    ompwg_cpu_team_run(want, scan_part, &team);
    free(sums);
    return OMPWG_OK;
}
