/* The reference BLAS rules of ompwg.h: what is not read, what is not
 * written, and how NaN travels. Part of the per-precision GEMM test (gemm_test.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gemm_test.h"
#include "guard.h"

/* Shapes around block edges, in both layouts and with transposes, padded
 * and not. */
static const gemm_case rule_shapes[] = {
    { OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, 1, 1, 1, 0, 0, 0, 0, 0 },
    { OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_TRANS, 5, 7, 3, 3, 0, 3, 0, 0 },
    { OMPWG_ROW_MAJOR, OMPWG_TRANS, OMPWG_NO_TRANS, 17, 16, 65, 0, 1, 3, 0, 0 },
    { OMPWG_ROW_MAJOR, OMPWG_NO_TRANS, OMPWG_CONJ_TRANS, 64, 65, 129, 2, 0, 0, 0, 0 },
    { OMPWG_COL_MAJOR, OMPWG_TRANS, OMPWG_TRANS, 129, 31, 17, 0, 3, 3, 0, 0 },
    { OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, 257, 63, 128, 1, 1, 3, 0, 0 },
};
#define RULE_SHAPES ((int)(sizeof rule_shapes / sizeof rule_shapes[0]))

static const double rule_betas[] = { 0, 1, 1.3 };

/* NaN, +Inf and -Inf in turn: whatever the kernel does with them shows. */
static real poison(size_t i)
{
    switch (i % 3) {
    case 0: return (real)NAN;
    case 1: return (real)INFINITY;
    default: return (real)-INFINITY;
    }
}

static void stored_poison(stored *s)
{
    for (size_t i = 0; i < s->len; i++) s->p[i] = poison(i);
}

/* C's elements are exactly beta * C before the call (0 for beta == 0,
 * whatever C held). */
static bool c_is_scaled(const stored *c, real beta, char *msg, size_t len)
{
    for (size_t i = 0; i < c->len; i++) {
        if (is_padding(c, i)) continue;
        real want = beta == 0 ? 0 : beta * c->copy[i];
        if (!(c->p[i] == want)) {
            snprintf(msg, len, "C element %zu is %.9g, want beta * %.9g = %.9g", i,
                     (double)c->p[i], (double)c->copy[i], (double)want);
            return false;
        }
    }
    return true;
}

static bool c_is_finite(const stored *c, char *msg, size_t len)
{
    for (size_t i = 0; i < c->len; i++)
        if (!is_padding(c, i) && !isfinite(c->p[i])) {
            snprintf(msg, len, "C element %zu is %g although beta = 0", i, (double)c->p[i]);
            return false;
        }
    return true;
}

/* Shape s of rule_shapes with these alpha and beta, and random operands for
 * it in *o. */
static gemm_case rule_case(int s, real alpha, real beta, operands *o, test_rng *r)
{
    gemm_case g = rule_shapes[s];
    g.alpha = alpha;
    g.beta = beta;
    operands_init(o, &g);
    operands_fill(o, r);
    return g;
}

/* beta == 0: C is not read, so NaN and Inf already in C never show. */
static void beta_zero(group *grp, test_rng *r)
{
    for (int s = 0; s < RULE_SHAPES; s++)
        for (int al = 0; al < 2; al++) {
            operands o;
            gemm_case g = rule_case(s, al ? (real)0.7 : 0, 0, &o, r);
            stored_poison(&o.c);
            operands_snapshot(&o);
            char msg[512] = "";
            double ratio = 0;
            bool pass;
            if (g.alpha != 0) {
                pass = call_checked(&g, call_gemm, &o, &ratio, msg, sizeof msg) &&
                       c_is_finite(&o.c, msg, sizeof msg);
            } else {
                int st = call_gemm(&g, &o);
                if (st != OMPWG_OK) snprintf(msg, sizeof msg, "status %d (%s)", st, ompwg_strerror(st));
                pass = st == OMPWG_OK && operands_kept(&o, msg, sizeof msg) &&
                       c_is_finite(&o.c, msg, sizeof msg) && c_is_scaled(&o.c, 0, msg, sizeof msg);
            }
            gemm_add(grp, &g, pass, ratio, msg);
            operands_free(&o);
        }
}

/* The alphas of the k == 0 cases: with no product formed, none shows, an
 * infinite or NaN one neither. */
static const double k_zero_alphas[] = { 0.7, INFINITY, NAN };

/* alpha == 0 or k == 0: A and B are not read (with alpha == 0, NaN and Inf
 * there never show; either way NULL is allowed), and C := beta * C exactly,
 * whatever alpha. */
static void scale_only(group *grp, test_rng *r, bool k_zero)
{
    for (int s = 0; s < RULE_SHAPES; s++)
        for (int be = 0; be < 3; be++)
            for (int null_ab = 0; null_ab < 2; null_ab++) {
                gemm_case g = rule_shapes[s];
                if (k_zero) g.k = 0;
                g.alpha = k_zero ? (real)k_zero_alphas[(s + be + null_ab) % 3] : 0;
                g.beta = (real)rule_betas[be];
                operands o;
                operands_init(&o, &g);
                operands_fill(&o, r);
                if (!k_zero) {
                    stored_poison(&o.a);
                    stored_poison(&o.b);
                }
                operands_snapshot(&o);
                char msg[512] = "";
                int st = api.gemm(g.layout, g.ta, g.tb, g.m, g.n, g.k, g.alpha,
                                  null_ab ? NULL : o.a.p, o.a.ld, null_ab ? NULL : o.b.p, o.b.ld,
                                  g.beta, o.c.p, o.c.ld);
                bool pass = false;
                if (st != OMPWG_OK)
                    snprintf(msg, sizeof msg, "status %d (%s)%s", st, ompwg_strerror(st),
                             null_ab ? " with a = b = NULL" : "");
                else
                    pass = operands_kept(&o, msg, sizeof msg) &&
                           c_is_scaled(&o.c, g.beta, msg, sizeof msg);
                gemm_add(grp, &g, pass, -1, msg);
                operands_free(&o);
            }
}

static void alpha_zero(group *grp, test_rng *r)
{
    scale_only(grp, r, false);
}

static void k_zero(group *grp, test_rng *r)
{
    scale_only(grp, r, true);
}

/* m == 0 or n == 0: a quick return that reads and writes nothing, so NULL
 * operands are fine and C's buffer (padding only) stays as it was. */
static void empty(group *grp, test_rng *r)
{
    static const int64_t dims[][3] = { { 0, 5, 3 }, { 7, 0, 3 }, { 0, 0, 0 }, { 0, 9, 0 } };
    for (int s = 0; s < RULE_SHAPES; s++)
        for (int d = 0; d < 4; d++)
            for (int null_all = 0; null_all < 2; null_all++) {
                gemm_case g = rule_shapes[s];
                g.m = dims[d][0];
                g.n = dims[d][1];
                g.k = dims[d][2];
                g.alpha = (real)0.7;
                g.beta = (real)1.3;
                operands o;
                operands_init(&o, &g);
                operands_fill(&o, r);
                stored_poison(&o.c);
                operands_snapshot(&o);
                char msg[512] = "";
                int st = null_all
                    ? (int)api.gemm(g.layout, g.ta, g.tb, g.m, g.n, g.k, g.alpha, NULL, o.a.ld, NULL,
                               o.b.ld, g.beta, NULL, o.c.ld)
                    : call_gemm(&g, &o);
                bool pass = false;
                if (st != OMPWG_OK)
                    snprintf(msg, sizeof msg, "status %d (%s)%s", st, ompwg_strerror(st),
                             null_all ? " with a = b = c = NULL" : "");
                else
                    pass = stored_kept(&o.a, "A", true, msg, sizeof msg) &&
                           stored_kept(&o.b, "B", true, msg, sizeof msg) &&
                           stored_kept(&o.c, "C", true, msg, sizeof msg);
                gemm_add(grp, &g, pass, -1, msg);
                operands_free(&o);
            }
}

/* alpha != 0: a NaN in A or B reaches C exactly where it does in OpenBLAS
 * (the checker's ratio is infinite when NaN appears in one result only). */
static void nan_propagates(group *grp, test_rng *r)
{
    for (int s = 0; s < RULE_SHAPES; s++)
        for (int in_b = 0; in_b < 2; in_b++) {
            operands o;
            gemm_case g = rule_case(s, (real)0.7, (real)(s % 2 ? 1.3 : 0), &o, r);
            stored *x = in_b ? &o.b : &o.a;
            /* an element of the matrix, not of its padding */
            size_t at;
            do at = (size_t)test_below(r, x->len);
            while (is_padding(x, at));
            x->p[at] = (real)NAN;
            operands_snapshot(&o);
            char msg[512] = "";
            double ratio;
            bool pass = call_checked(&g, call_gemm, &o, &ratio, msg, sizeof msg);
            if (!pass) {
                size_t used = strlen(msg);
                snprintf(msg + used, sizeof msg - used, " (NaN at %s element %zu)", in_b ? "B" : "A",
                         at);
            }
            gemm_add(grp, &g, pass, ratio, msg);
            operands_free(&o);
        }
}

/* Each rule: its random stream, what its group measures and claims, and
 * whether it runs again with C's columns split between backends. */
static const struct gemm_rule {
    void (*run)(group *grp, test_rng *r);
    uint64_t seed;
    const char *measure;
    const char *claim;
    bool split;
} gemm_rules[] = {
    { beta_zero, 300, "ratio", "beta=0 with NaN and Inf in C gives a finite C", true },
    { alpha_zero, 301, NULL, "alpha=0 with NaN and Inf (or NULL) in A and B gives C = beta*C",
      false },
    { k_zero, 302, NULL, "k=0 gives C = beta*C whatever alpha, Inf and NaN too (A and B may be NULL)",
      false },
    { empty, 303, NULL, "m=0 or n=0 returns OMPWG_OK and writes nothing (NULL pointers too)",
      false },
    { nan_propagates, 304, "ratio", "NaN in A or B with alpha != 0 reaches C as in OpenBLAS",
      true },
};

void rules(const char *backend, bool split)
{
    for (size_t i = 0; i < sizeof gemm_rules / sizeof gemm_rules[0]; i++) {
        if (split && !gemm_rules[i].split) continue;
        test_rng r;
        test_rng_init(&r, gemm_rules[i].seed);
        group grp;
        group_init(&grp, gemm_rules[i].measure);
        gemm_rules[i].run(&grp, &r);
        group_report(&grp, "%s %sgemm %s", backend, api.prefix, gemm_rules[i].claim);
    }
}
