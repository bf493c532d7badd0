/* One complex GEMM case with everything around it checked: canaries
 * around every buffer, A and B unchanged, C's padding unchanged, C against
 * OpenBLAS through ompwg_cgemm_ratio/ompwg_zgemm_ratio. Part of the complex
 * GEMM tests (cgemm_main_tmpl.c), which choose the precision first:
 * OMPWG_TEST_PREC_C or OMPWG_TEST_PREC_Z. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "group.h"
#include "guard.h"
#include "ompwg.h"
#include "tap.h"

#if defined(OMPWG_TEST_PREC_C) && !defined(OMPWG_TEST_PREC_Z)
typedef ompwg_complex_float cplx;
typedef float part;
#define PREFIX "c"
#define GEMM ompwg_cgemm
#define GEMM_DEVICE ompwg_cgemm_device
#define GEMM_RATIO ompwg_cgemm_ratio
#define RAND_PART test_uniformf
#elif defined(OMPWG_TEST_PREC_Z) && !defined(OMPWG_TEST_PREC_C)
typedef ompwg_complex_double cplx;
typedef double part;
#define PREFIX "z"
#define GEMM ompwg_zgemm
#define GEMM_DEVICE ompwg_zgemm_device
#define GEMM_RATIO ompwg_zgemm_ratio
#define RAND_PART test_uniform
#else
#error "define exactly one of OMPWG_TEST_PREC_C and OMPWG_TEST_PREC_Z"
#endif

/* The netlib test programs' acceptance threshold (ZMMCH). */
#define RATIO_LIMIT 16.0

typedef struct ccase {
    ompwg_layout layout;
    ompwg_trans ta, tb;
    int64_t m, n, k;
    int64_t pad_a, pad_b, pad_c;
    cplx alpha, beta;
} ccase;

/* A matrix as stored (see gemm_case_tmpl.c): outer vectors of ld elements,
 * the first inner of each the matrix, the buffer ending at its last
 * element. */
typedef struct cstored {
    int64_t inner, outer, ld;
    size_t len;
    cplx *p, *copy;
} cstored;

typedef struct coperands {
    cstored a, b, c;
} coperands;

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

static bool is_padding(const cstored *s, size_t idx)
{
    return (int64_t)(idx % (size_t)s->ld) >= s->inner;
}

static void coperands_init(coperands *o, const ccase *g, test_rng *r)
{
    bool ta = g->ta != OMPWG_NO_TRANS, tb = g->tb != OMPWG_NO_TRANS;
    cstored_init(&o->a, g->layout, ta ? g->k : g->m, ta ? g->m : g->k, g->pad_a);
    cstored_init(&o->b, g->layout, tb ? g->n : g->k, tb ? g->k : g->n, g->pad_b);
    cstored_init(&o->c, g->layout, g->m, g->n, g->pad_c);
    cstored_fill(&o->a, r);
    cstored_fill(&o->b, r);
    cstored_fill(&o->c, r);
}

static void coperands_snapshot(coperands *o)
{
    cstored_snapshot(&o->a);
    cstored_snapshot(&o->b);
    cstored_snapshot(&o->c);
}

static void coperands_free(coperands *o)
{
    cstored_free(&o->a);
    cstored_free(&o->b);
    cstored_free(&o->c);
}

static const char *trans_name(ompwg_trans t)
{
    return t == OMPWG_NO_TRANS ? "N" : t == OMPWG_TRANS ? "T" : t == OMPWG_CONJ_TRANS ? "C" : "?";
}

static const char *layout_name(ompwg_layout l)
{
    return l == OMPWG_COL_MAJOR ? "col-major" : "row-major";
}

static void ccase_describe(const ccase *g, char *buf, size_t len)
{
    snprintf(buf, len,
             PREFIX "gemm %s %s,%s m=%lld n=%lld k=%lld alpha=(%g,%g) beta=(%g,%g) "
             "lda+%lld ldb+%lld ldc+%lld",
             layout_name(g->layout), trans_name(g->ta), trans_name(g->tb), (long long)g->m,
             (long long)g->n, (long long)g->k, (double)g->alpha.re, (double)g->alpha.im,
             (double)g->beta.re, (double)g->beta.im, (long long)g->pad_a, (long long)g->pad_b,
             (long long)g->pad_c);
}

/* Canaries intact and every byte as before the call (whole) or only the
 * padding. */
static bool cstored_kept(const cstored *s, const char *name, bool whole, char *msg, size_t len)
{
    const char *where = NULL;
    if (!guard_intact(s->p, &where)) {
        snprintf(msg, len, "wrote %s the buffer of %s", where, name);
        return false;
    }
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

/* How a case reaches the library: host pointers, or device copies (which
 * are copied back over the operands before they are checked). */
typedef int ccaller(const ccase *g, coperands *o);

static int call_host(const ccase *g, coperands *o)
{
    return GEMM(g->layout, g->ta, g->tb, g->m, g->n, g->k, g->alpha, o->a.p, o->a.ld, o->b.p,
                o->b.ld, g->beta, o->c.p, o->c.ld);
}

/* Runs the case on operands already filled (and snapshot), checks what
 * must not change and C against OpenBLAS. */
static bool check_run(const ccase *g, ccaller *call, coperands *o, double *ratio, char *msg,
                      size_t len)
{
    *ratio = 0;
    int st = call(g, o);
    if (st != OMPWG_OK) {
        snprintf(msg, len, "status %d (%s)", st, ompwg_strerror(st));
        return false;
    }
    if (!cstored_kept(&o->a, "A", true, msg, len) || !cstored_kept(&o->b, "B", true, msg, len) ||
        !cstored_kept(&o->c, "C", false, msg, len))
        return false;
    st = GEMM_RATIO(g->layout, g->ta, g->tb, g->m, g->n, g->k, g->alpha, o->a.p, o->a.ld, o->b.p,
                    o->b.ld, g->beta, o->c.copy, o->c.p, o->c.ld, ratio);
    if (st != OMPWG_OK) {
        snprintf(msg, len, "the checker failed: status %d (%s)", st, ompwg_strerror(st));
        return false;
    }
    if (!(*ratio < RATIO_LIMIT)) {
        snprintf(msg, len, "netlib ratio %g >= %g", *ratio, RATIO_LIMIT);
        return false;
    }
    return true;
}

static void run_case(group *grp, const ccase *g, ccaller *call, test_rng *r)
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

