/* The complex GEMM of one precision (ompwg_cgemm or ompwg_zgemm) on every
 * usable backend: a grid of shapes around the backends' tile edges, both
 * layouts, the nine (transa, transb) pairs, alpha and beta in {0, 1, i, a
 * general value}, checked against OpenBLAS with the netlib ratio and with
 * guard bands; the BLAS rules (what is not read, NaN and Inf); the argument
 * checks; the _device form. test_cgemm.c and test_zgemm.c include this file
 * after choosing the precision. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "group.h"
#include "guard.h"
#include "ompwg.h"
#include "tap.h"
#include "target_mem.h"
#include "walk.h"

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

/* Sizes around the tile edges of the backends' complex kernels (CPU: MR 2
 * to 16, NR 4 to 12, KC 128; GPU: team tiles of 16 and 32) and small ones. */
static const int64_t sizes[] = {
    0, 1, 2, 3, 4, 7, 8, 9, 12, 13, 15, 16, 17, 24, 31, 32, 33, 47, 63, 64, 65, 127, 128, 129,
};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))

static const ompwg_trans all_trans[] = { OMPWG_NO_TRANS, OMPWG_TRANS, OMPWG_CONJ_TRANS };
static const cplx scalars[] = { { 0, 0 }, { 1, 0 }, { 0, 1 }, { (part)0.7, (part)-0.4 } };
#define NSCALARS 4

/* For each layout and (transa, transb) pair, every (alpha, beta) from
 * `scalars` on a rotating triple of sizes: positions step by coprime
 * strides, so each combination meets other pairings and every size occurs
 * in every position over a group. */
static void grid(const char *backend, ccaller *call)
{
    _Static_assert(NSIZES % 5 != 0 && NSIZES % 7 != 0, "strides coprime to NSIZES");
    int combo = 0;
    for (int li = 0; li < 2; li++)
        for (int ai = 0; ai < 3; ai++)
            for (int bi = 0; bi < 3; bi++) {
                test_rng r;
                test_rng_init(&r, 300 + (uint64_t)(li * 9 + ai * 3 + bi));
                group grp;
                group_init(&grp, "ratio");
                for (int al = 0; al < NSCALARS; al++)
                    for (int be = 0; be < NSCALARS; be++, combo++)
                        for (int t = 0; t < 3; t++) {
                            int i = (combo * 3 + t) % NSIZES;
                            ccase g = {
                                .layout = li ? OMPWG_ROW_MAJOR : OMPWG_COL_MAJOR,
                                .ta = all_trans[ai], .tb = all_trans[bi],
                                .m = sizes[i], .n = sizes[(5 * i + combo) % NSIZES],
                                .k = sizes[(7 * i + 2 * combo + 1) % NSIZES],
                                .pad_a = (i + combo) % 3 == 0 ? 3 : 0,
                                .pad_b = (i + combo) % 3 == 1 ? 1 : 0,
                                .pad_c = (i + 2 * combo) % 2 ? 2 : 0,
                                .alpha = scalars[al], .beta = scalars[be],
                            };
                            run_case(&grp, &g, call, &r);
                        }
                group_report(&grp, "%s " PREFIX "gemm %s %s,%s, sizes 0..129 rotating, alpha and beta in {0, 1, i, 0.7-0.4i}",
                             backend, layout_name(li ? OMPWG_ROW_MAJOR : OMPWG_COL_MAJOR),
                             trans_name(all_trans[ai]), trans_name(all_trans[bi]));
            }
}

/* Larger shapes: several K blocks, A blocks and thread shares. */
static void grid_large(const char *backend, ccaller *call)
{
    const cplx al = { (part)0.7, (part)-0.4 }, be = { (part)-0.3, (part)1.1 };
    const ccase cases[] = {
        { OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, 300, 277, 301, 0, 3, 1, al, be },
        { OMPWG_ROW_MAJOR, OMPWG_CONJ_TRANS, OMPWG_TRANS, 257, 130, 400, 1, 0, 0, al, { 0, 0 } },
        { OMPWG_COL_MAJOR, OMPWG_TRANS, OMPWG_CONJ_TRANS, 129, 300, 260, 2, 2, 2, { 1, 0 }, { 1, 0 } },
        { OMPWG_COL_MAJOR, OMPWG_CONJ_TRANS, OMPWG_NO_TRANS, 500, 13, 129, 0, 0, 3, al, be },
        { OMPWG_ROW_MAJOR, OMPWG_NO_TRANS, OMPWG_CONJ_TRANS, 17, 500, 33, 0, 1, 0, { 0, 1 }, be },
    };
    test_rng r;
    test_rng_init(&r, 350);
    group grp;
    group_init(&grp, "ratio");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) run_case(&grp, &cases[i], call, &r);
    group_report(&grp, "%s " PREFIX "gemm with sizes up to 500", backend);
}

/* Sets every element of s to NaN, Inf or -Inf parts in turn. */
static void cstored_poison(cstored *s)
{
    static const part v[] = { NAN, INFINITY, -INFINITY };
    for (size_t i = 0; i < s->len; i++) s->p[i] = (cplx){ v[i % 3], v[(i + 1) % 3] };
}

/* alpha == 0 (A and B poisoned, then NULL) and k == 0: C is exactly 0 for
 * beta == 0, kept bit for bit for beta == 1, and within the bound of beta * C
 * otherwise; beta == 0 with C poisoned: C is not read. */
static void rules(const char *backend)
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
                    pass = st == OMPWG_OK && ratio < RATIO_LIMIT;
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

static void run_backend(const char *backend, void *ctx)
{
    (void)ctx;
    grid(backend, call_host);
    grid_large(backend, call_host);
    rules(backend);
    /* check mode: each call also compared with OpenBLAS inside the library */
    int was = ompwg_set_check(1);
    char label[64];
    snprintf(label, sizeof label, "%s (check mode)", backend);
    grid_large(label, call_host);
    ompwg_set_check(was);
}

/* Argument checks in the documented order, the quick returns, and C
 * overlapping A or B: a status and nothing written. */
static void arguments(void)
{
    enum { M = 4, N = 3, K = 5 };
    cplx *a = guard_alloc(M * K * sizeof(cplx)), *b = guard_alloc(K * N * sizeof(cplx));
    cplx *c = guard_alloc(M * N * sizeof(cplx)), *ab = guard_alloc(40 * sizeof(cplx));
    test_rng r;
    test_rng_init(&r, 500);
    for (int i = 0; i < M * K; i++) a[i] = (cplx){ RAND_PART(&r), RAND_PART(&r) };
    for (int i = 0; i < K * N; i++) b[i] = (cplx){ RAND_PART(&r), RAND_PART(&r) };
    for (int i = 0; i < M * N; i++) c[i] = (cplx){ RAND_PART(&r), RAND_PART(&r) };
    for (int i = 0; i < 40; i++) ab[i] = (cplx){ RAND_PART(&r), RAND_PART(&r) };
    const ompwg_layout CM = OMPWG_COL_MAJOR;
    const ompwg_trans NT = OMPWG_NO_TRANS;
    const cplx one = { 1, 0 }, zero = { 0, 0 };
    struct {
        const char *what;
        ompwg_layout layout;
        ompwg_trans ta, tb;
        int64_t m, n, k, lda, ldb, ldc;
        cplx alpha;
        const cplx *a, *b;
        cplx *c;
        int want;
    } cases[] = {
        { "bad layout before bad trans", 7, 0, NT, M, N, K, M, K, M, one, a, b, c, OMPWG_ERR_LAYOUT },
        { "bad transa", CM, 0, NT, M, N, K, M, K, M, one, a, b, c, OMPWG_ERR_TRANS },
        { "bad transb before a negative size", CM, NT, 114, -1, N, K, M, K, M, one, a, b, c, OMPWG_ERR_TRANS },
        { "negative k", CM, NT, NT, M, N, -1, M, K, M, one, a, b, c, OMPWG_ERR_SIZE },
        { "lda < m before NULL c", CM, NT, NT, M, N, K, M - 1, K, M, one, a, b, NULL, OMPWG_ERR_LD },
        { "ldb < k (conjugate transpose of A)", CM, OMPWG_CONJ_TRANS, NT, M, N, K, K, K - 1, M, one, a, b, c, OMPWG_ERR_LD },
        { "row-major ldc < n", OMPWG_ROW_MAJOR, NT, NT, M, N, K, K, N, N - 1, one, a, b, c, OMPWG_ERR_LD },
        { "NULL c", CM, NT, NT, M, N, K, M, K, M, one, a, b, NULL, OMPWG_ERR_NULL },
        { "NULL a with alpha != 0", CM, NT, NT, M, N, K, M, K, M, one, NULL, b, c, OMPWG_ERR_NULL },
        { "m == 0: quick return, nothing read", CM, NT, NT, 0, N, K, 1, K, 1, one, NULL, NULL, NULL, OMPWG_OK },
        { "n == 0: quick return, nothing read", CM, NT, NT, M, 0, K, M, K, M, one, NULL, NULL, NULL, OMPWG_OK },
        { "C inside A", CM, NT, NT, 2, 2, 2, 4, 2, 4, one, ab, b, ab + 4, OMPWG_ERR_OVERLAP },
        { "C inside B", CM, OMPWG_CONJ_TRANS, NT, 2, 2, 2, 2, 8, 2, one, a, ab, ab + 9, OMPWG_ERR_OVERLAP },
    };
    group grp;
    group_init(&grp, NULL);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        void *bufs[4] = { a, b, c, ab };
        void *copies[4] = { test_copy(a, M * K * sizeof(cplx)), test_copy(b, K * N * sizeof(cplx)),
                            test_copy(c, M * N * sizeof(cplx)), test_copy(ab, 40 * sizeof(cplx)) };
        size_t bytes[4] = { M * K * sizeof(cplx), K * N * sizeof(cplx), M * N * sizeof(cplx),
                            40 * sizeof(cplx) };
        int st = GEMM(cases[i].layout, cases[i].ta, cases[i].tb, cases[i].m, cases[i].n,
                      cases[i].k, cases[i].alpha, cases[i].a, cases[i].lda, cases[i].b,
                      cases[i].ldb, zero, cases[i].c, cases[i].ldc);
        char msg[256] = "";
        bool pass = guard_status_untouched(st, cases[i].want, 4, bufs, copies, bytes, msg, sizeof msg);
        group_add(&grp, cases[i].what, pass, msg, -1);
        for (int j = 0; j < 4; j++) free(copies[j]);
    }
    group_report(&grp, PREFIX "gemm argument checks, quick returns and overlap");
    /* C beside A, not in it: runs */
    int st = GEMM(CM, NT, NT, 2, 2, 2, one, ab, 2, b, 2, zero, ab + 4, 2);
    tap_ok(st == OMPWG_OK, PREFIX "gemm with C right after A (no overlap) runs: status %d", st);
    guard_free(a);
    guard_free(b);
    guard_free(c);
    guard_free(ab);
}

static int device, host;

static void *to_device(const void *src, size_t bytes)
{
    void *p = target_alloc(bytes, device);
    target_copy(p, src, bytes, device, host);
    return p;
}

static void from_device(void *dst, void *p, size_t bytes)
{
    target_copy(dst, p, bytes, host, device);
    target_free(p, device);
}

static int call_device(const ccase *g, coperands *o)
{
    size_t sa = o->a.len * sizeof(cplx), sb = o->b.len * sizeof(cplx),
           sc = o->c.len * sizeof(cplx);
    cplx *a = to_device(o->a.p, sa), *b = to_device(o->b.p, sb), *c = to_device(o->c.p, sc);
    int st = GEMM_DEVICE(g->layout, g->ta, g->tb, g->m, g->n, g->k, g->alpha, a, o->a.ld, b,
                         o->b.ld, g->beta, c, o->c.ld);
    from_device(o->a.p, a, sa);
    from_device(o->b.p, b, sb);
    from_device(o->c.p, c, sc);
    return st;
}

/* The _device form: on the GPU backend where it is usable, else
 * OMPWG_ERR_UNAVAILABLE with nothing written. */
static void device_form(void)
{
    char why[256];
    if (!walk_wanted("gpu")) {
        tap_skip(PREFIX "gemm_device", "OMPWG_TEST_BACKENDS leaves out gpu");
        return;
    }
    if (!walk_usable("gpu", why, sizeof why)) {
        test_rng r;
        test_rng_init(&r, 600);
        ccase g = { OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_CONJ_TRANS, 9, 7, 5, 0, 0, 0,
                    { 1, 0 }, { 0, 1 } };
        coperands o;
        coperands_init(&o, &g, &r);
        coperands_snapshot(&o);
        int st = GEMM_DEVICE(g.layout, g.ta, g.tb, g.m, g.n, g.k, g.alpha, o.a.p, o.a.ld, o.b.p,
                             o.b.ld, g.beta, o.c.p, o.c.ld);
        char msg[256] = "";
        bool pass = st == OMPWG_ERR_UNAVAILABLE && cstored_kept(&o.c, "C", true, msg, sizeof msg);
        tap_ok(pass, PREFIX "gemm_device without a usable gpu backend (%s): status %d, nothing written %s",
               why, st, msg);
        coperands_free(&o);
        return;
    }
    char no_mem[160];
    if (!target_mem_available(no_mem, sizeof no_mem)) {
        tap_skip(PREFIX "gemm_device", "%s", no_mem);
        return;
    }
    host = omp_get_initial_device();
    device = omp_get_num_devices() > 0 ? omp_get_default_device() : host;
    grid("gpu device data", call_device);
    grid_large("gpu device data", call_device);
}

int main(void)
{
    tap_init("test_" PREFIX "gemm");
    walk_backends(run_backend, NULL);
    arguments();
    device_form();
    return tap_done();
}
