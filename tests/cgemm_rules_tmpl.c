/* The reference CGEMM/ZGEMM rules: what is not read, what is not written,
 * how NaN and Inf travel. Part of the complex GEMM tests
 * (cgemm_test.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cgemm_test.h"
#include "guard.h"

/* Sets every element of s to NaN, Inf or -Inf parts in turn. */
static void cstored_poison(cstored *s)
{
    static const part v[] = { NAN, INFINITY, -INFINITY };
    for (size_t i = 0; i < s->len; i++) s->p[i] = (cplx){ v[i % 3], v[(i + 1) % 3] };
}

/* alpha == 0 (A and B poisoned, then NULL) and k == 0: C is exactly 0 for
 * beta == 0, kept bit for bit for beta == 1, and within the bound of beta * C
 * otherwise; beta == 0 with C poisoned: C is not read. */
void rules(const char *backend)
{
    static const ccase shapes[] = {
        { OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, 1, 1, 1, 0, 0, 0, { 0, 0 }, { 0, 0 } },
        { OMPWG_ROW_MAJOR, OMPWG_CONJ_TRANS, OMPWG_NO_TRANS, 17, 13, 65, 1, 0, 3, { 0, 0 }, { 0, 0 } },
        { OMPWG_COL_MAJOR, OMPWG_TRANS, OMPWG_CONJ_TRANS, 129, 33, 17, 0, 3, 2, { 0, 0 }, { 0, 0 } },
    };
    const cplx betas[] = { { 0, 0 }, { 1, 0 }, { (part)1.3, (part)-0.2 } };
    test_rng r;
    test_rng_init(&r, 400);
    group grp;
    group_init(&grp, NULL);
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
        for (int b = 0; b < 3; b++)
            for (int how = 0; how < 3; how++) {
                /* how: 0 alpha == 0 with poisoned A, B; 1 alpha == 0 with NULL A, B; 2 k == 0 */
                ccase g = shapes[s];
                g.beta = betas[b];
                g.alpha = how == 2 ? (cplx){ 1, 0 } : (cplx){ 0, 0 };
                if (how == 2) g.k = 0;
                coperands o;
                coperands_init(&o, &g, &r);
                if (how == 0) {
                    cstored_poison(&o.a);
                    cstored_poison(&o.b);
                }
                if (b == 1) cstored_poison(&o.c);
                coperands_snapshot(&o);
                int st = GEMM(g.layout, g.ta, g.tb, g.m, g.n, g.k, g.alpha, how == 1 ? NULL : o.a.p,
                              o.a.ld, how == 1 ? NULL : o.b.p, o.b.ld, g.beta, o.c.p, o.c.ld);
                char msg[512] = "", desc[256];
                bool pass = st == OMPWG_OK;
                if (!pass) snprintf(msg, sizeof msg, "status %d (%s)", st, ompwg_strerror(st));
                else
                    pass = cstored_kept(&o.a, "A", true, msg, sizeof msg) &&
                           cstored_kept(&o.b, "B", true, msg, sizeof msg) &&
                           cstored_kept(&o.c, "C", b == 1, msg, sizeof msg);
                for (size_t i = 0; pass && b == 0 && i < o.c.len; i++)
                    if (!is_padding(&o.c, i) && (o.c.p[i].re != 0 || o.c.p[i].im != 0 ||
                                                 signbit(o.c.p[i].re) || signbit(o.c.p[i].im))) {
                        snprintf(msg, sizeof msg, "C element %zu is (%g,%g), want (0,0)", i,
                                 (double)o.c.p[i].re, (double)o.c.p[i].im);
                        pass = false;
                    }
                if (pass && b == 2) {
                    double ratio;
                    st = GEMM_RATIO(g.layout, g.ta, g.tb, g.m, g.n, g.k, g.alpha, o.a.p, o.a.ld,
                                    o.b.p, o.b.ld, g.beta, o.c.copy, o.c.p, o.c.ld, &ratio);
                    pass = st == OMPWG_OK && ratio < GEMM_RATIO_LIMIT;
                    if (!pass) snprintf(msg, sizeof msg, "status %d, ratio %g", st, ratio);
                }
                ccase_describe(&g, desc, sizeof desc);
                snprintf(desc + strlen(desc), sizeof desc - strlen(desc), "%s",
                         how == 0 ? " A,B poisoned" : how == 1 ? " A,B NULL" : "");
                group_add(&grp, desc, pass, msg, -1);
                coperands_free(&o);
            }
    group_report(&grp, "%s " PREFIX "gemm alpha == 0 or k == 0: A and B unread, C = beta * C (0 for beta 0, untouched for beta 1)",
                 backend);

    /* beta == 0: NaN and Inf in C never show; beta == 1: an Inf in C stays
     * Inf (C is not multiplied by 1 + 0i); a NaN in A reaches its row of C. */
    group_init(&grp, "ratio");
    for (int rule = 0; rule < 3; rule++)
        for (int ti = 0; ti < 3; ti++) {
            ccase g = { rule == 1 ? OMPWG_ROW_MAJOR : OMPWG_COL_MAJOR, all_trans[ti],
                        all_trans[2 - ti], 65, 31, 129, 1, 0, 2, { (part)0.7, (part)-0.4 },
                        rule == 0 ? (cplx){ 0, 0 } : (cplx){ 1, 0 } };
            coperands o;
            coperands_init(&o, &g, &r);
            if (rule == 0) cstored_poison(&o.c);
            if (rule == 1)
                for (size_t i = 0; i < o.c.len; i += 7) o.c.p[i] = (cplx){ INFINITY, -INFINITY };
            if (rule == 2) o.a.p[o.a.len / 2].re = NAN;
            coperands_snapshot(&o);
            double ratio;
            char msg[512] = "", desc[256];
            bool pass = check_run(&g, call_host, &o, &ratio, msg, sizeof msg);
            for (size_t i = 0; pass && rule == 1 && i < o.c.len; i += 7)
                if (!is_padding(&o.c, i) && !(o.c.p[i].re == INFINITY && o.c.p[i].im == -INFINITY)) {
                    snprintf(msg, sizeof msg, "C element %zu (Inf,-Inf) became (%g,%g)", i,
                             (double)o.c.p[i].re, (double)o.c.p[i].im);
                    pass = false;
                }
            ccase_describe(&g, desc, sizeof desc);
            snprintf(desc + strlen(desc), sizeof desc - strlen(desc), "%s",
                     rule == 0 ? " C poisoned" : rule == 1 ? " Inf in C" : " NaN in A");
            group_add(&grp, desc, pass, msg, ratio);
            coperands_free(&o);
        }
    group_report(&grp, "%s " PREFIX "gemm NaN and Inf: beta == 0 ignores C, beta == 1 keeps Inf in C, NaN in A propagates",
                 backend);
}

