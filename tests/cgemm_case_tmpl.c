/* One complex GEMM case with everything around it checked: canaries
 * around every buffer, A and B unchanged, C's padding unchanged, C against
 * OpenBLAS through ompwg_cgemm_ratio/ompwg_zgemm_ratio (cgemm_case.h).
 * Compiled once per precision and linked into the complex GEMM tests and
 * the fuzzer. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgemm_case.h"
#include "enum_names.h"
#include "guard.h"

static int64_t max1(int64_t v)
{
    return v > 1 ? v : 1;
}

static void cstored_init(cstored *s, ompwg_layout layout, int64_t rows, int64_t cols, int64_t pad)
{
    bool col = layout == OMPWG_COL_MAJOR;
    s->inner = col ? rows : cols;
    s->outer = col ? cols : rows;
    s->ld = max1(s->inner) + pad;
    s->len = s->outer > 0 ? (size_t)(s->ld * (s->outer - 1) + s->inner) : 0;
    s->p = guard_alloc(s->len * sizeof(cplx));
    s->copy = NULL;
}

static void cstored_fill(cstored *s, test_rng *r)
{
    for (size_t i = 0; i < s->len; i++) s->p[i] = (cplx){ RAND_PART(r), RAND_PART(r) };
}

static void cstored_snapshot(cstored *s)
{
    free(s->copy);
    s->copy = test_copy(s->p, s->len * sizeof(cplx));
}

static void cstored_free(cstored *s)
{
    guard_free(s->p);
    free(s->copy);
    s->p = s->copy = NULL;
}

bool is_padding(const cstored *s, size_t idx)
{
    return (int64_t)(idx % (size_t)s->ld) >= s->inner;
}

void coperands_init(coperands *o, const ccase *g, test_rng *r)
{
    bool ta = g->ta != OMPWG_NO_TRANS, tb = g->tb != OMPWG_NO_TRANS;
    cstored_init(&o->a, g->layout, ta ? g->k : g->m, ta ? g->m : g->k, g->pad_a);
    cstored_init(&o->b, g->layout, tb ? g->n : g->k, tb ? g->k : g->n, g->pad_b);
    cstored_init(&o->c, g->layout, g->m, g->n, g->pad_c);
    cstored_fill(&o->a, r);
    cstored_fill(&o->b, r);
    cstored_fill(&o->c, r);
}

void coperands_snapshot(coperands *o)
{
    cstored_snapshot(&o->a);
    cstored_snapshot(&o->b);
    cstored_snapshot(&o->c);
}

void coperands_free(coperands *o)
{
    cstored_free(&o->a);
    cstored_free(&o->b);
    cstored_free(&o->c);
}

void ccase_describe(const ccase *g, char *buf, size_t len)
{
    snprintf(buf, len,
             PREFIX "gemm %s %s,%s m=%lld n=%lld k=%lld alpha=(%g,%g) beta=(%g,%g) "
             "lda+%lld ldb+%lld ldc+%lld",
             layout_name(g->layout), trans_name(g->ta), trans_name(g->tb), (long long)g->m,
             (long long)g->n, (long long)g->k, (double)g->alpha.re, (double)g->alpha.im,
             (double)g->beta.re, (double)g->beta.im, (long long)g->pad_a, (long long)g->pad_b,
             (long long)g->pad_c);
}

bool cstored_kept(const cstored *s, const char *name, bool whole, char *msg, size_t len)
{
    if (!guard_canaries_kept(s->p, name, msg, len)) return false;
    for (size_t i = 0; i < s->len; i++)
        if ((whole || is_padding(s, i)) && memcmp(&s->p[i], &s->copy[i], sizeof(cplx)) != 0) {
            snprintf(msg, len, "%s %s element %zu: (%g,%g) became (%g,%g)",
                     whole ? "changed input" : "wrote padding of", name, i,
                     (double)s->copy[i].re, (double)s->copy[i].im, (double)s->p[i].re,
                     (double)s->p[i].im);
            return false;
        }
    return true;
}

int call_host(const ccase *g, coperands *o)
{
    return GEMM(g->layout, g->ta, g->tb, g->m, g->n, g->k, g->alpha, o->a.p, o->a.ld, o->b.p,
                o->b.ld, g->beta, o->c.p, o->c.ld);
}

bool check_run(const ccase *g, ccaller *call, coperands *o, double *ratio, char *msg,
               size_t len)
{
    *ratio = 0;
    if (!status_ok(call(g, o), msg, len)) return false;
    if (!cstored_kept(&o->a, "A", true, msg, len) || !cstored_kept(&o->b, "B", true, msg, len) ||
        !cstored_kept(&o->c, "C", false, msg, len))
        return false;
    int st = GEMM_RATIO(g->layout, g->ta, g->tb, g->m, g->n, g->k, g->alpha, o->a.p, o->a.ld,
                        o->b.p, o->b.ld, g->beta, o->c.copy, o->c.p, o->c.ld, ratio);
    return gemm_ratio_ok(st, *ratio, msg, len);
}

void run_case(group *grp, const ccase *g, ccaller *call, test_rng *r)
{
    coperands o;
    coperands_init(&o, g, r);
    coperands_snapshot(&o);
    double ratio;
    char msg[512] = "", desc[256];
    bool pass = check_run(g, call, &o, &ratio, msg, sizeof msg);
    ccase_describe(g, desc, sizeof desc);
    group_add(grp, desc, pass, msg, ratio);
    coperands_free(&o);
}

