/* A vector of one element: its increment is never used, so any nonzero one
 * is legal, the extremes of int64_t included, and every reduction gives
 * that element. Part of the per-precision reduction test (reduce_test.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "reduce_test.h"

static const int64_t single_incs[] = {
    INT64_MIN, INT64_MIN + 1, -((int64_t)1 << 31) - 1, -1, 1, ((int64_t)1 << 31), INT64_MAX,
};

void single_element_any_increment(const char *backend)
{
    group grp;
    group_init(&grp, NULL);
    const real x = (real)-0.75, y = (real)1.5;
    for (size_t i = 0; i < sizeof single_incs / sizeof single_incs[0]; i++) {
        int64_t inc = single_incs[i], incy = single_incs[(i + 3) % 7];
        real got[5];
        int64_t index[2] = { UNTOUCHED_INDEX, UNTOUCHED_INDEX };
        int st[5] = {
            api.sum(1, &x, inc, &got[0]),
            api.dot(1, &x, inc, &y, incy, &got[1]),
            api.asum(1, &x, inc, &got[2]),
            api.max(1, &x, inc, &got[3], &index[0]),
            api.min(1, &x, inc, &got[4], &index[1]),
        };
        const real want[5] = { x, x * y, -x, x, x };
        static const char *const names[5] = { "sum", "dot", "asum", "max", "min" };
        for (int op = 0; op < 5; op++) {
            char what[128], msg[160] = "";
            snprintf(what, sizeof what, "%s%s n=1 incx=%lld%s", api.prefix, names[op],
                     (long long)inc, op == 1 ? " (incy another extreme)" : "");
            bool pass = st[op] == OMPWG_OK && got[op] == want[op] &&
                        (op < 3 || index[op - 3] == 0);
            if (!pass)
                snprintf(msg, sizeof msg, "status %d (%s), %g at %lld, want %g at 0", st[op],
                         ompwg_strerror(st[op]), (double)got[op],
                         (long long)(op < 3 ? 0 : index[op - 3]), (double)want[op]);
            group_add(&grp, what, pass, msg, -1);
        }
    }
    group_report(&grp, "%s %s reductions of one element with any increment, INT64_MIN and INT64_MAX included",
                 backend, api.type);
}
