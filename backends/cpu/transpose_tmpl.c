/* CPU transposes, compiled once per precision: the longer dimension of A is
 * cut into one range per thread, and each thread transposes its part with
 * the reference's cache-blocked loops (core/reference.h). */
#include "prec.h"

#include "cpu.h"
#include "ompwg.h"
#include "reference.h"

/* Ranges are cut at multiples of this, the reference's block side. */
#define CPU_TR_ALIGN 32

typedef struct transpose_team {
    const ompwg_transpose_shape *s;
    const T *a;
    T *b;
} transpose_team;

static int transpose_part(void *ctx, int t, int nt)
{
    const transpose_team *team = ctx;
    const ompwg_transpose_shape *s = team->s;
    const bool by_columns = s->n >= s->m;
    const int64_t len = by_columns ? s->n : s->m;
    const int64_t blocks = (len + CPU_TR_ALIGN - 1) / CPU_TR_ALIGN;
    int64_t lo = blocks * t / nt * CPU_TR_ALIGN, hi = blocks * (t + 1) / nt * CPU_TR_ALIGN;
    if (hi > len) hi = len;
    if (lo >= hi) return OMPWG_OK;
    ompwg_transpose_shape piece = *s;
    if (by_columns) {
        /* A's columns lo..hi are B's rows lo..hi */
        piece.n = hi - lo;
        TN(ompwg_ref_, transpose)(&piece, team->a + lo * s->lda, team->b + lo);
    } else {
        /* A's rows lo..hi are B's columns lo..hi */
        piece.m = hi - lo;
        TN(ompwg_ref_, transpose)(&piece, team->a + lo, team->b + lo * s->ldb);
    }
    return OMPWG_OK;
}

int TN(ompwg_cpu_, transpose)(const ompwg_transpose_shape *s, const T *a, T *b)
{
    int want = ompwg_cpu_threads();
    /* below this a second thread costs more than it saves */
    if (s->m * s->n < 65536) want = 1;
    transpose_team team = { .s = s, .a = a, .b = b };
    ompwg_cpu_team_run(want, transpose_part, &team);
    return OMPWG_OK;
}
