/* One SYMM, SYRK, SYR2K, TRMM or TRSM call with everything around it
 * checked: canaries around every buffer, A and B unchanged, the padding of
 * the output and (SYRK, SYR2K) its other triangle unchanged, and the result
 * against plain loops in long double: the GEMM-style forward-error bound,
 * for TRSM the residual bound (ompwg.h). The triangle of A that is not
 * referenced (and a unit diagonal) holds NaN, so reading it shows; so does
 * C when beta == 0, and A and B when alpha == 0. Part of the per-precision
 * level-3 test (level3_test.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "enum_names.h"
#include "guard.h"
#include "level3_test.h"

static int64_t l3_max1(int64_t v)
{
    return v > 1 ? v : 1;
}

static void mat_init(mat *x, ompwg_layout layout, int64_t rows, int64_t cols, int64_t pad)
{
    x->col = layout == OMPWG_COL_MAJOR;
    x->rows = rows;
    x->cols = cols;
    int64_t inner = x->col ? rows : cols, outer = x->col ? cols : rows;
    x->ld = l3_max1(inner) + pad;
    x->len = outer > 0 && inner > 0 ? (size_t)(x->ld * (outer - 1) + inner) : 0;
    x->p = guard_alloc(x->len * sizeof(real));
    x->copy = NULL;
}

size_t mat_index(const mat *x, int64_t i, int64_t j)
{
    return (size_t)(x->col ? i + j * x->ld : i * x->ld + j);
}

real mat_at(const mat *x, int64_t i, int64_t j)
{
    return x->p[mat_index(x, i, j)];
}

static real mat_was(const mat *x, int64_t i, int64_t j)
{
    return x->copy[mat_index(x, i, j)];
}

static void mat_free(mat *x)
{
    guard_free(x->p);
    free(x->copy);
    x->p = x->copy = NULL;
}

bool l3_syr(const l3_case *g)
{
    return g->op == L3_SYRK || g->op == L3_SYR2K;
}

static bool l3_tri(const l3_case *g)
{
    return g->op == L3_TRMM || g->op == L3_TRSM;
}

/* The order of the symmetric or triangular A. */
static int64_t l3_order(const l3_case *g)
{
    return g->side == OMPWG_LEFT ? g->m : g->n;
}

static bool l3_stored(const l3_case *g, int64_t i, int64_t j)
{
    return g->uplo == OMPWG_UPPER ? i <= j : i >= j;
}

bool l3_written(const l3_case *g, int64_t i, int64_t j)
{
    return !l3_syr(g) || l3_stored(g, i, j);
}

void l3_mats_init(l3_mats *o, const l3_case *g)
{
    bool tr = g->trans != OMPWG_NO_TRANS;
    if (l3_syr(g)) {
        mat_init(&o->a, g->layout, tr ? g->k : g->n, tr ? g->n : g->k, g->pad_a);
        mat_init(&o->c, g->layout, g->n, g->n, g->pad_c);
    } else {
        mat_init(&o->a, g->layout, l3_order(g), l3_order(g), g->pad_a);
        mat_init(&o->c, g->layout, g->m, g->n, g->pad_c);
    }
    o->has_b = g->op == L3_SYMM || g->op == L3_SYR2K;
    if (g->op == L3_SYMM) mat_init(&o->b, g->layout, g->m, g->n, g->pad_b);
    else if (o->has_b) mat_init(&o->b, g->layout, o->a.rows, o->a.cols, g->pad_b);
    else mat_init(&o->b, g->layout, 0, 0, 0);
}

void l3_mats_free(l3_mats *o)
{
    mat_free(&o->a);
    mat_free(&o->b);
    mat_free(&o->c);
}

void l3_mats_fill(l3_mats *o, const l3_case *g, test_rng *r)
{
    for (size_t i = 0; i < o->a.len; i++) o->a.p[i] = rand_real(r);
    for (size_t i = 0; i < o->b.len; i++) o->b.p[i] = rand_real(r);
    for (size_t i = 0; i < o->c.len; i++) o->c.p[i] = rand_real(r);
    const real nan = (real)NAN;
    if (!l3_syr(g)) {
        int64_t ka = l3_order(g);
        for (int64_t j = 0; j < ka; j++)
            for (int64_t i = 0; i < ka; i++) {
                real *e = &o->a.p[mat_index(&o->a, i, j)];
                if (!l3_stored(g, i, j) || (i == j && l3_tri(g) && g->diag == OMPWG_UNIT))
                    *e = nan;
                else if (g->op == L3_TRSM)
                    *e = i == j ? 2 + *e : *e / (real)(2 * ka);
            }
    }
    bool reads_ab = g->alpha != 0 && (!l3_syr(g) || g->k > 0);
    if (!reads_ab) {
        for (size_t i = 0; i < o->a.len; i++) o->a.p[i] = nan;
        for (size_t i = 0; i < o->b.len; i++) o->b.p[i] = nan;
    }
    /* the output: what is not written, and (beta == 0; TRMM, TRSM with
     * alpha == 0) what is not read */
    bool c_unread = l3_tri(g) ? g->alpha == 0 : g->beta == 0;
    for (int64_t j = 0; j < o->c.cols; j++)
        for (int64_t i = 0; i < o->c.rows; i++)
            if (!l3_written(g, i, j) || c_unread) o->c.p[mat_index(&o->c, i, j)] = nan;
}

void l3_mats_snapshot(l3_mats *o)
{
    mat *all[3] = { &o->a, &o->b, &o->c };
    for (int i = 0; i < 3; i++) {
        free(all[i]->copy);
        all[i]->copy = test_copy(all[i]->p, all[i]->len * sizeof(real));
    }
}

int l3_call(const l3_case *g, real *a, real *b, real *c, int64_t lda, int64_t ldb,
            int64_t ldc, bool device)
{
    switch (g->op) {
    case L3_SYMM:
        return (device ? api.symm_device : api.symm)(g->layout, g->side, g->uplo, g->m, g->n,
                                                   g->alpha, a, lda, b, ldb, g->beta, c, ldc);
    case L3_SYRK:
        return (device ? api.syrk_device : api.syrk)(g->layout, g->uplo, g->trans, g->n, g->k,
                                                   g->alpha, a, lda, g->beta, c, ldc);
    case L3_SYR2K:
        return (device ? api.syr2k_device : api.syr2k)(g->layout, g->uplo, g->trans, g->n, g->k,
                                                     g->alpha, a, lda, b, ldb, g->beta, c, ldc);
    case L3_TRMM:
        return (device ? api.trmm_device : api.trmm)(g->layout, g->side, g->uplo, g->trans,
                                                   g->diag, g->m, g->n, g->alpha, a, lda, c,
                                                   ldc);
    default:
        return (device ? api.trsm_device : api.trsm)(g->layout, g->side, g->uplo, g->trans,
                                                   g->diag, g->m, g->n, g->alpha, a, lda, c,
                                                   ldc);
    }
}

int l3_call_host(const l3_case *g, l3_mats *o, bool device)
{
    return l3_call(g, o->a.p, o->b.p, o->c.p, o->a.ld, o->b.ld, o->c.ld, device);
}

static void l3_describe(const l3_case *g, char *buf, size_t len)
{
    snprintf(buf, len, "%s%s %s side=%c uplo=%c trans=%c diag=%c m=%lld n=%lld k=%lld "
             "alpha=%g beta=%g lda+%lld ldb+%lld ldc+%lld", api.prefix, l3_op_names[g->op],
             layout_name(g->layout), g->side == OMPWG_LEFT ? 'L' : 'R',
             g->uplo == OMPWG_UPPER ? 'U' : 'L', g->trans == OMPWG_NO_TRANS ? 'N' : 'T',
             g->diag == OMPWG_UNIT ? 'U' : 'N', (long long)g->m, (long long)g->n,
             (long long)g->k, (double)g->alpha, (double)g->beta, (long long)g->pad_a,
             (long long)g->pad_b, (long long)g->pad_c);
}

/* Elements of op(A) as the operation reads them: the symmetric A from its
 * stored triangle, the triangular op(A) with zeros outside its triangle,
 * SYRK's and SYR2K's op(A) (n x k). The poison is never returned. */
static long double l3_sym(const l3_case *g, const mat *a, int64_t i, int64_t j)
{
    return l3_stored(g, i, j) ? mat_was(a, i, j) : mat_was(a, j, i);
}

static long double l3_tri_at(const l3_case *g, const mat *a, int64_t i, int64_t j)
{
    if (g->trans != OMPWG_NO_TRANS) {
        int64_t t = i;
        i = j;
        j = t;
    }
    if (!l3_stored(g, i, j)) return 0;
    if (i == j && g->diag == OMPWG_UNIT) return 1;
    return mat_was(a, i, j);
}

static long double l3_rows(const l3_case *g, const mat *x, int64_t i, int64_t p)
{
    return g->trans != OMPWG_NO_TRANS ? mat_was(x, p, i) : mat_was(x, i, p);
}

/* The exact value (e) and the magnitude sum (mag: sum of |terms|) of
 * output element (i, j); for TRSM the residual op(A) X - alpha B and its
 * magnitude, from the result X. */
static void l3_expect(const l3_case *g, const l3_mats *o, int64_t i, int64_t j, long double *e,
                      long double *mag)
{
    long double s = 0, m = 0, alpha = g->alpha;
    bool reads = g->alpha != 0 && (!l3_syr(g) || g->k > 0);
    switch (g->op) {
    case L3_SYMM:
        for (int64_t p = 0; reads && p < l3_order(g); p++) {
            long double t = g->side == OMPWG_LEFT ? l3_sym(g, &o->a, i, p) * mat_was(&o->b, p, j)
                                                  : mat_was(&o->b, i, p) * l3_sym(g, &o->a, p, j);
            s += t;
            m += fabsl(t);
        }
        break;
    case L3_SYRK:
    case L3_SYR2K:
        for (int64_t p = 0; reads && p < g->k; p++) {
            long double t;
            if (g->op == L3_SYRK)
                t = l3_rows(g, &o->a, i, p) * l3_rows(g, &o->a, j, p);
            else
                t = l3_rows(g, &o->a, i, p) * l3_rows(g, &o->b, j, p) +
                    l3_rows(g, &o->b, i, p) * l3_rows(g, &o->a, j, p);
            s += t;
            m += g->op == L3_SYRK ? fabsl(t)
                                  : fabsl(l3_rows(g, &o->a, i, p) * l3_rows(g, &o->b, j, p)) +
                                        fabsl(l3_rows(g, &o->b, i, p) * l3_rows(g, &o->a, j, p));
        }
        break;
    case L3_TRMM:
    case L3_TRSM: {
        /* TRMM: from B as it was; TRSM: from the result X */
        bool solve = g->op == L3_TRSM;
        for (int64_t p = 0; reads && p < l3_order(g); p++) {
            long double x = g->side == OMPWG_LEFT ? (solve ? mat_at(&o->c, p, j) : mat_was(&o->c, p, j))
                                                  : (solve ? mat_at(&o->c, i, p) : mat_was(&o->c, i, p));
            long double t = g->side == OMPWG_LEFT ? l3_tri_at(g, &o->a, i, p) * x
                                                  : x * l3_tri_at(g, &o->a, p, j);
            s += t;
            m += fabsl(t);
        }
        if (solve && !reads) {
            /* X must be exactly zero */
            *e = mat_at(&o->c, i, j);
            *mag = 0;
            return;
        }
        if (solve) {
            long double rhs = alpha * mat_was(&o->c, i, j);
            *e = s - rhs;
            *mag = m + fabsl(rhs);
            return;
        }
        *e = alpha * s;
        *mag = fabsl(alpha) * m;
        return;
    }
    default: break;
    }
    long double c0 = g->beta != 0 ? mat_was(&o->c, i, j) : 0;
    *e = alpha * s + (long double)g->beta * c0;
    *mag = fabsl(alpha) * m + fabsl((long double)g->beta * c0);
}

/* The canaries of x intact, and every byte as before except the output
 * elements the call writes (whole: none). */
static bool l3_kept(const l3_case *g, const mat *x, const char *name, bool whole, char *msg,
                    size_t len)
{
    if (!guard_canaries_kept(x->p, name, msg, len)) return false;
    for (size_t idx = 0; idx < x->len; idx++) {
        int64_t outer = (int64_t)(idx / (size_t)x->ld), inner = (int64_t)(idx % (size_t)x->ld);
        int64_t i = x->col ? inner : outer, j = x->col ? outer : inner;
        bool element = i < x->rows && j < x->cols;
        if (!whole && element && l3_written(g, i, j)) continue;
        if (memcmp(&x->p[idx], &x->copy[idx], sizeof(real)) != 0) {
            snprintf(msg, len, "%s %s element %zu (%s): %.9g became %.9g",
                     whole ? "changed input" : "wrote outside the output in", name, idx,
                     element ? "the triangle not referenced" : "padding",
                     (double)x->copy[idx], (double)x->p[idx]);
            return false;
        }
    }
    return true;
}

bool l3_run(const l3_case *g, l3_caller *call, bool device, test_rng *r, double *worst,
            char *msg, size_t len)
{
    l3_mats o;
    l3_mats_init(&o, g);
    l3_mats_fill(&o, g, r);
    l3_mats_snapshot(&o);
    *worst = 0;
    bool pass = false;
    if (status_ok(call(g, &o, device), msg, len) && l3_kept(g, &o.a, "A", true, msg, len) &&
        l3_kept(g, &o.b, "B", true, msg, len) && l3_kept(g, &o.c, "C", false, msg, len)) {
        pass = true;
        /* 16 u, the netlib ratio, or k u where the inner dimension k is
         * longer: SYRK's diagonal sums k positive terms, whose rounding
         * errors do not cancel the way random signs do */
        int64_t inner = l3_syr(g) ? g->k : l3_order(g);
        const double limit = api.u * (inner > GEMM_RATIO_LIMIT ? (double)inner : GEMM_RATIO_LIMIT);
        for (int64_t j = 0; pass && j < o.c.cols; j++)
            for (int64_t i = 0; pass && i < o.c.rows; i++) {
                if (!l3_written(g, i, j)) continue;
                long double e, mag;
                l3_expect(g, &o, i, j, &e, &mag);
                long double got = mat_at(&o.c, i, j);
                long double err = g->op == L3_TRSM ? fabsl(e) : fabsl(got - e);
                double ratio = err == 0 ? 0 : (double)(err / (limit * mag));
                if (!isfinite((double)got) || !(ratio <= 1)) {
                    snprintf(msg, len, "element (%lld,%lld) = %.17g, %s %.17Lg: error %.3g "
                             "times the bound", (long long)i, (long long)j, (double)got,
                             g->op == L3_TRSM ? "residual" : "expected", e, ratio);
                    pass = false;
                }
                if (ratio > *worst) *worst = ratio;
            }
    }
    l3_mats_free(&o);
    return pass;
}

void l3_run_host(group *grp, const l3_case *g, test_rng *r)
{
    double worst;
    char msg[512] = "", desc[256];
    bool pass = l3_run(g, l3_call_host, false, r, &worst, msg, sizeof msg);
    l3_describe(g, desc, sizeof desc);
    group_add(grp, desc, pass, msg, worst);
}
