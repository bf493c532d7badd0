/* sum, dot and asum on host data: every size and increment within the bound
 * of ompwg.h, and NaN and Inf. Part of the per-precision reduction test (reduce_test.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "reduce_test.h"

/* Every size with every increment; for dot every pair of increments, except
 * at the largest size, where each incy occurs once. */
void sums_grid(const char *backend, sum_kind k)
{
    test_rng r;
    test_rng_init(&r, 400 + (uint64_t)k);
    group grp;
    group_init(&grp, "error/bound");
    for (int s = 0; s < VEC_SIZES; s++)
        for (int ix = 0; ix < VEC_INCS; ix++)
            for (int iy = 0; iy < (k == DOT ? VEC_INCS : 1); iy++) {
                if (k == DOT && s == VEC_SIZES - 1 && iy != (ix + 1) % VEC_INCS) continue;
                vec x, y;
                vec_init(&x, vec_sizes[s], vec_incs[ix], &r);
                if (k == DOT) vec_init(&y, vec_sizes[s], vec_incs[iy], &r);
                sum_case(&grp, &host_reducer, backend, k, &x, &y);
            }
    group_report(&grp, "%s %s%s, n in {0..2^20+3} x every increment%s, within the documented bound",
                 backend, api.prefix, sum_name(k), k == DOT ? " pair" : "");
}

/* NaN and Inf at the first, a middle and the last element, in x or in y:
 * the result is what IEEE arithmetic gives (NaN, or the Inf). */
void sums_special(const char *backend)
{
    /* 100003: past the size where a reduction splits across threads */
    static const int64_t sizes[] = { 1, 2, 33, 4097, 100003 };
    static const int64_t incs[] = { 1, -3 };
    const real specials[] = { (real)NAN, (real)INFINITY, (real)-INFINITY };
    test_rng r;
    test_rng_init(&r, 410);
    group grp;
    group_init(&grp, NULL);
    for (int s = 0; s < 5; s++)
        for (int ic = 0; ic < 2; ic++)
            for (int where = 0; where < 3; where++)
                for (int sp = 0; sp < 3; sp++)
                    for (int k = SUM; k <= ASUM; k++)
                        for (int in_y = 0; in_y < (k == DOT ? 2 : 1); in_y++) {
                            int64_t n = sizes[s];
                            vec x, y;
                            vec_init(&x, n, incs[ic], &r);
                            if (k == DOT) vec_init(&y, n, -incs[ic], &r);
                            int64_t at = where == 0 ? 0 : where == 1 ? n / 2 : n - 1;
                            vec_set(in_y ? &y : &x, at, specials[sp]);
                            char msg[512] = "", what[160];
                            double measure;
                            bool pass = sum_check(&host_reducer, backend, (sum_kind)k, &x,
                                                  k == DOT ? &y : NULL, &measure, msg, sizeof msg);
                            sum_describe(what, sizeof what, (sum_kind)k, n, incs[ic], -incs[ic]);
                            size_t l = strlen(what);
                            snprintf(what + l, sizeof what - l, " with %g at %s element %lld",
                                     (double)specials[sp], in_y ? "y" : "x", (long long)at);
                            group_add(&grp, what, pass, msg, -1);
                            vec_free(&x);
                            if (k == DOT) vec_free(&y);
                        }
    group_report(&grp, "%s %ssum/dot/asum propagate NaN and Inf as IEEE arithmetic does",
                 backend, api.prefix);
}
