/* One GEMM call with everything around it checked: canaries around every
 * buffer, A and B unchanged, C's padding unchanged, and C against OpenBLAS
 * through the public checker (gemm_case.h). Compiled once per precision and
 * linked into the GEMM tests, the device tests and the fuzzer. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "enum_names.h"
#include "gemm_case.h"
#include "guard.h"

static int64_t max1(int64_t v)
{
    return v > 1 ? v : 1;
}

/* rows x cols as the caller stores it (before any transposition). */
static void stored_init(stored *s, ompwg_layout layout, int64_t rows, int64_t cols, int64_t pad)
{
    bool col = layout == OMPWG_COL_MAJOR;
    s->inner = col ? rows : cols;
    s->outer = col ? cols : rows;
    s->ld = max1(s->inner) + pad;
    s->len = s->outer > 0 ? (size_t)(s->ld * (s->outer - 1) + s->inner) : 0;
    s->p = guard_alloc(s->len * sizeof(real));
    s->copy = NULL;
}

static void stored_fill(stored *s, test_rng *r)
{
    for (size_t i = 0; i < s->len; i++) s->p[i] = rand_real(r);
}

static void stored_snapshot(stored *s)
{
    free(s->copy);
    s->copy = test_copy(s->p, s->len * sizeof(real));
}

static void stored_free(stored *s)
{
    guard_free(s->p);
    free(s->copy);
    s->p = s->copy = NULL;
}

bool is_padding(const stored *s, size_t idx)
{
    return (int64_t)(idx % (size_t)s->ld) >= s->inner;
}

void operands_init(operands *o, const gemm_case *g)
{
    bool ta = g->ta != OMPWG_NO_TRANS, tb = g->tb != OMPWG_NO_TRANS;
    stored_init(&o->a, g->layout, ta ? g->k : g->m, ta ? g->m : g->k, g->pad_a);
    stored_init(&o->b, g->layout, tb ? g->n : g->k, tb ? g->k : g->n, g->pad_b);
    stored_init(&o->c, g->layout, g->m, g->n, g->pad_c);
}

void operands_fill(operands *o, test_rng *r)
{
    stored_fill(&o->a, r);
    stored_fill(&o->b, r);
    stored_fill(&o->c, r);
}

void operands_snapshot(operands *o)
{
    stored_snapshot(&o->a);
    stored_snapshot(&o->b);
    stored_snapshot(&o->c);
}

void operands_free(operands *o)
{
    stored_free(&o->a);
    stored_free(&o->b);
    stored_free(&o->c);
}

void case_describe(const gemm_case *g, char *buf, size_t len)
{
    snprintf(buf, len, "%sgemm %s %s,%s m=%lld n=%lld k=%lld alpha=%g beta=%g lda+%lld ldb+%lld ldc+%lld",
             api.prefix, layout_name(g->layout), trans_name(g->ta), trans_name(g->tb),
             (long long)g->m, (long long)g->n, (long long)g->k, (double)g->alpha,
             (double)g->beta, (long long)g->pad_a, (long long)g->pad_b, (long long)g->pad_c);
}

bool stored_kept(const stored *s, const char *name, bool whole, char *msg, size_t len)
{
    if (!guard_canaries_kept(s->p, name, msg, len)) return false;
    for (size_t i = 0; i < s->len; i++) {
        if ((whole || is_padding(s, i)) && memcmp(&s->p[i], &s->copy[i], sizeof(real)) != 0) {
            snprintf(msg, len, "%s %s element %zu (vector %zu, position %zu): %.9g became %.9g",
                     whole ? "changed input" : "wrote padding of", name, i,
                     i / (size_t)s->ld, i % (size_t)s->ld, (double)s->copy[i], (double)s->p[i]);
            return false;
        }
    }
    return true;
}

bool operands_kept(const operands *o, char *msg, size_t len)
{
    return stored_kept(&o->a, "A", true, msg, len) && stored_kept(&o->b, "B", true, msg, len) &&
           stored_kept(&o->c, "C", false, msg, len);
}

bool call_checked(const gemm_case *g, gemm_caller *call, operands *o, double *ratio, char *msg,
                  size_t len)
{
    *ratio = 0;
    if (!status_ok(call(g, o), msg, len) || !operands_kept(o, msg, len)) return false;
    int st = api.gemm_ratio(g->layout, g->ta, g->tb, g->m, g->n, g->k, g->alpha, o->a.p, o->a.ld,
                            o->b.p, o->b.ld, g->beta, o->c.copy, o->c.p, o->c.ld, ratio);
    return gemm_ratio_ok(st, *ratio, msg, len);
}

void gemm_run(group *grp, const gemm_case *g, gemm_caller *call, test_rng *r)
{
    operands o;
    operands_init(&o, g);
    operands_fill(&o, r);
    operands_snapshot(&o);
    double ratio;
    char msg[512] = "";
    bool pass = call_checked(g, call, &o, &ratio, msg, sizeof msg);
    operands_free(&o);
    gemm_add(grp, g, pass, ratio, msg);
}

void gemm_add(group *grp, const gemm_case *g, bool pass, double ratio, const char *msg)
{
    char desc[256];
    case_describe(g, desc, sizeof desc);
    group_add(grp, desc, pass, msg, ratio);
}
