/* CPU reductions, compiled once per precision: each thread reduces one
 * contiguous slice with vectorised partials in a fixed order, and the
 * partials are combined in thread order, so a run with the same thread count
 * gives the same bits. */
#include "prec.h"

#include <math.h>
#include <stdlib.h>

#include "cpu.h"
#include "extremum_tmpl.h"
#include "kernel_tmpl.h"
#include "ompwg.h"

static ACC slice_sum(const TN(ompwg_cpu_, lanes) *lanes, ompwg_reduce_op op,
                     const T *x, int64_t incx, const T *y, int64_t incy, int64_t begin,
                     int64_t end)
{
    ACC acc = 0;
    if (op == OMPWG_REDUCE_DOT) {
        if (incx == 1 && incy == 1) return lanes->dot(x + begin, y + begin, end - begin);
        for (int64_t i = begin; i < end; i++) acc += (ACC)x[i * incx] * (ACC)y[i * incy];
    } else if (op == OMPWG_REDUCE_ASUM) {
        if (incx == 1) return lanes->asum(x + begin, end - begin);
        for (int64_t i = begin; i < end; i++) acc += (ACC)T_ABS(x[i * incx]);
    } else {
        if (incx == 1) return lanes->sum(x + begin, end - begin);
        for (int64_t i = begin; i < end; i++) acc += (ACC)x[i * incx];
    }
    return acc;
}

typedef struct partial {
    /* partials of neighbouring threads on separate cache lines */
    _Alignas(64) ACC sum;
    T value;
    int64_t index;
} partial;

typedef struct reduce_team {
    const ompwg_vec_shape *s;
    const T *x, *y;
    bool extremum;
    const TN(ompwg_cpu_, lanes) *lanes;
    partial *parts;
    int got;  /* the team's size */
} reduce_team;

static int reduce_part(void *ctx, int t, int nt)
{
    reduce_team *team = ctx;
    const ompwg_vec_shape *s = team->s;
    partial *part = &team->parts[t];
    if (t == 0) team->got = nt;
    int64_t begin = s->n * t / nt, end = s->n * (t + 1) / nt;
    if (team->extremum)
        extremum_scan(s->op == OMPWG_REDUCE_MAX, team->x, s->incx, begin, end, &part->value,
                      &part->index);
    else
        part->sum = slice_sum(team->lanes, s->op, team->x, s->incx, team->y, s->incy, begin, end);
    return OMPWG_OK;
}

int TN(ompwg_cpu_, reduce)(const ompwg_vec_shape *s, const T *x, const T *y, T *value,
                           int64_t *index)
{
    int want = ompwg_cpu_threads();
    /* below this a second thread costs more than it saves */
    if (s->n < 32768) want = 1;
    partial *parts = aligned_alloc(64, (size_t)want * sizeof *parts);
    if (!parts) return OMPWG_ERR_NOMEM;
    bool extremum = s->op == OMPWG_REDUCE_MAX || s->op == OMPWG_REDUCE_MIN;
    /* the GEMM's instruction-set variant; the plain one when none is usable */
    const TN(ompwg_cpu_, kernel) *kd = extremum ? NULL : TN(ompwg_cpu_, kernel_pick)();
    const TN(ompwg_cpu_, lanes) *lanes = kd ? kd->lanes : &TN(ompwg_cpu_, lanes_generic);
    reduce_team team = { .s = s, .x = x, .y = y, .extremum = extremum, .lanes = lanes,
                         .parts = parts, .got = 1 };
    ompwg_cpu_team_run(want, reduce_part, &team);
    const int got = team.got;
    if (extremum) {
        T best = 0;
        int64_t best_i = -1;
        for (int t = 0; t < got; t++)
            if (parts[t].index >= 0 &&
                ompwg_extremum_beats(s->op == OMPWG_REDUCE_MAX, parts[t].value, parts[t].index,
                                     best, best_i)) {
                best = parts[t].value;
                best_i = parts[t].index;
            }
        *value = best;
        *index = best_i;
    } else {
        ACC total = 0;
        for (int t = 0; t < got; t++) total += parts[t].sum;
        *value = (T)total;
    }
    free(parts);
    return OMPWG_OK;
}
