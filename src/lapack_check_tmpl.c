/* Check mode for the factorisations and solves (ompwg_lapack.h), compiled
 * once per precision: the backend's result judged by its backward error,
 * formed with the reference backend's GEMM and ORMQR, since pivots may
 * rightly differ from OpenBLAS's on ties: ||P A - L U||, ||A - L L^T||,
 * ||A - Q R|| over ||A|| n eps; a solve's residual ||B - op(A) X|| over
 * ||A|| ||X|| n eps (A rebuilt from its factors for GETRS and POTRS); a
 * least-squares solution's ||op(A)^T (B - op(A) X)|| over ||A|| (||A|| ||X||
 * + ||B||) n eps; ORMQR against OpenBLAS's product. Whether a factorisation
 * stopped or met a zero pivot (info > 0) must agree with OpenBLAS's. An
 * input with a NaN or an Inf has no backward error, and OpenBLAS's LAPACK
 * treats NaN apart from reference LAPACK (ompwg_lapack.h): such a call is
 * not judged. */
#include "prec.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "compare.h"
#include "ompwg.h"
#include "registry.h"

/* LAPACK's testers' threshold is 30 on small, well-scaled matrices; a
 * user's calls are larger and less tame. */
#define FACTOR_RATIO_LIMIT 100.0

typedef struct la_ref {
    const ompwg_backend *be;
    TN(ompwg_, gemm_fn) gemm;
    TN(ompwg_, factor_fn) const *factor;
} la_ref;

static T *dense(const T *src, int64_t rows, int64_t cols, int64_t ld)
{
    return ompwg_compare_dense_copy(src, rows, cols, ld, sizeof(T));
}

static T *zeros(int64_t rows, int64_t cols)
{
    return calloc((size_t)(rows > 0 ? rows : 1) * (size_t)(cols > 0 ? cols : 1), sizeof(T));
}

/* C := C - op(A) op(B), all dense (leading dimension their rows). */
static int sub_product(const la_ref *r, bool ta, bool tb, int64_t m, int64_t n, int64_t k,
                       const T *a, const T *b, T *c)
{
    if (m == 0 || n == 0 || k == 0) return OMPWG_OK;
    ompwg_gemm_shape g = { .transa = ta, .transb = tb, .m = m, .n = n, .k = k,
                           .lda = ta ? k : m, .ldb = tb ? n : k, .ldc = m };
    return r->gemm(&g, (T)-1, a, b, (T)1, c);
}

/* ||x||_1 (the largest column sum) of a rows x cols block, leading
 * dimension ld; with y, of x - y (y dense). */
static double norm1_ld(const T *x, int64_t rows, int64_t cols, int64_t ld, const T *y)
{
    double best = 0;
    for (int64_t j = 0; j < cols; j++) {
        double s = 0;
        for (int64_t i = 0; i < rows; i++)
            s += fabs((double)x[i + j * ld] - (y ? (double)y[i + j * rows] : 0));
        if (!(s <= best)) best = s;
    }
    return best;
}

static double norm1(const T *x, int64_t rows, int64_t cols)
{
    return norm1_ld(x, rows, cols, rows, NULL);
}

/* max(||A||_1, ||A||_inf) of a dense m x n A: the norm of op(A) either way. */
static double norm_either(const T *a, int64_t m, int64_t n)
{
    double inf = 0;
    for (int64_t i = 0; i < m; i++) {
        double s = 0;
        for (int64_t j = 0; j < n; j++) s += fabs((double)a[i + j * m]);
        if (!(s <= inf)) inf = s;
    }
    const double one = norm1(a, m, n);
    return one > inf ? one : inf;
}

static double ratio_of(double err, double scale, double n)
{
    if (err == 0) return 0;
    return scale > 0 ? err / (scale * n * T_EPS) : INFINITY;
}

/* The factors of an LU (m x n at f, leading dimension ld) multiplied back,
 * P^T L U, into w (m x n dense). */
static int lu_rebuild(const la_ref *r, int64_t m, int64_t n, const T *f, int64_t ld,
                      const int64_t *ipiv, T *w)
{
    const int64_t k = m < n ? m : n;
    T *l = zeros(m, k), *u = zeros(k, n);
    int st = l && u ? OMPWG_OK : OMPWG_ERR_NOMEM;
    for (int64_t j = 0; j < k && st == OMPWG_OK; j++)
        for (int64_t i = j; i < m; i++) l[i + j * m] = i == j ? (T)1 : f[i + j * ld];
    for (int64_t j = 0; j < n && st == OMPWG_OK; j++)
        for (int64_t i = 0; i <= j && i < k; i++) u[i + j * k] = f[i + j * ld];
    if (st == OMPWG_OK) {
        memset(w, 0, (size_t)m * (size_t)n * sizeof(T));
        st = sub_product(r, false, false, m, n, k, l, u, w);
    }
    for (int64_t i = 0; i < m * n && st == OMPWG_OK; i++) w[i] = -w[i];
    /* P^T: the interchanges undone, last first */
    for (int64_t i = k - 1; i >= 0 && st == OMPWG_OK; i--) {
        const int64_t p = ipiv[i] - 1;
        if (p != i && p >= 0 && p < m)
            for (int64_t j = 0; j < n; j++) {
                const T x = w[i + j * m];
                w[i + j * m] = w[p + j * m];
                w[p + j * m] = x;
            }
    }
    free(l);
    free(u);
    return st;
}

/* L L^T (or U^T U) of the Cholesky factor at f, both triangles, into w. */
static int chol_rebuild(const la_ref *r, bool upper, int64_t n, const T *f, int64_t ld, T *w)
{
    T *l = zeros(n, n);
    if (!l) return OMPWG_ERR_NOMEM;
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = j; i < n; i++) l[i + j * n] = upper ? f[j + i * ld] : f[i + j * ld];
    memset(w, 0, (size_t)n * (size_t)n * sizeof(T));
    int st = sub_product(r, false, true, n, n, n, l, l, w);
    for (int64_t i = 0; i < n * n; i++) w[i] = -w[i];
    free(l);
    return st;
}

/* The symmetric A of the triangle POTRF reads, both triangles, dense. */
static void symmetrize(T *a, int64_t n, bool upper)
{
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = j + 1; i < n; i++) {
            if (upper) a[i + j * n] = a[j + i * n];
            else a[j + i * n] = a[i + j * n];
        }
}

/* ||w - a0|| / (||a0|| order eps) for dense m x n blocks. */
static double difference_ratio(const T *w, const T *a0, int64_t m, int64_t n, double order)
{
    return ratio_of(norm1_ld(w, m, n, m, a0), norm1(a0, m, n), order);
}

/* A solve's X (its first rows: as many as op(A) has columns; leading
 * dimension ldx) against B0 (leading dimension ldb0): the residual ratio
 * for a consistent system (op(A) with no more rows than columns), else the
 * residual's products with op(A)'s columns. A dense m x n. */
static int solve_ratio(const la_ref *r, bool trans, int64_t m, int64_t n, const T *a,
                       int64_t nrhs, const T *x, int64_t ldx, const T *b0, int64_t ldb0,
                       double *ratio)
{
    const int64_t rows = trans ? n : m, cols = trans ? m : n;
    T *res = dense(b0, rows, nrhs, ldb0), *xd = dense(x, cols, nrhs, ldx);
    T *g = rows > cols ? zeros(cols, nrhs) : NULL;
    int st = res && xd && (rows <= cols || g) ? OMPWG_OK : OMPWG_ERR_NOMEM;
    if (st == OMPWG_OK) st = sub_product(r, trans, false, rows, nrhs, cols, a, xd, res);
    const double an = norm_either(a, m, n), xn = xd ? norm1(xd, cols, nrhs) : 0;
    const double bn = norm1_ld(b0, rows, nrhs, ldb0, NULL), order = (double)(m > n ? m : n);
    if (st == OMPWG_OK && rows <= cols) {
        *ratio = ratio_of(norm1(res, rows, nrhs), an * xn, order);
    } else if (st == OMPWG_OK) {
        /* g := -op(A)^T res */
        st = sub_product(r, !trans, false, cols, nrhs, rows, a, res, g);
        if (st == OMPWG_OK) *ratio = ratio_of(norm1(g, cols, nrhs), an * (an * xn + bn), order);
    }
    free(g);
    free(xd);
    free(res);
    return st;
}

/* What the call computed, judged; a0, b0: dense copies of its input. */
static int judge(const la_ref *r, const ompwg_factor_shape *s, const T *a, const int64_t *ipiv,
                 const T *tau, const T *b, int64_t info, const T *a0, const T *b0,
                 double *ratio)
{
    const int64_t m = s->m, n = s->n, nrhs = s->nrhs, k = m < n ? m : n;
    const ompwg_factor_extents x = ompwg_factor_extents_of(s);
    *ratio = 0;
    const int64_t ldb = s->ldb, ldb0 = x.b_rows;
    T *w = zeros(x.a_rows, x.a_cols);
    int st = w ? OMPWG_OK : OMPWG_ERR_NOMEM;
    if (st != OMPWG_OK) goto out;
    switch (s->op) {
    case OMPWG_LA_GETRF:
    case OMPWG_LA_GESV:
    case OMPWG_LA_GETRS:
        st = lu_rebuild(r, m, n, a, s->lda, ipiv, w);
        if (st != OMPWG_OK) break;
        if (s->op == OMPWG_LA_GETRS) {
            st = solve_ratio(r, s->trans, n, n, w, nrhs, b, ldb, b0, ldb0, ratio);
            break;
        }
        *ratio = difference_ratio(w, a0, m, n, (double)n);
        if (s->op == OMPWG_LA_GESV && info == 0) {
            double q = 0;
            st = solve_ratio(r, false, n, n, a0, nrhs, b, ldb, b0, ldb0, &q);
            if (q > *ratio) *ratio = q;
        }
        break;
    case OMPWG_LA_POTRF:
    case OMPWG_LA_POSV:
    case OMPWG_LA_POTRS: {
        if (s->op != OMPWG_LA_POTRS && info != 0) break; /* it stopped: info alone */
        st = chol_rebuild(r, s->upper, n, a, s->lda, w);
        if (st != OMPWG_OK) break;
        if (s->op == OMPWG_LA_POTRS) {
            st = solve_ratio(r, false, n, n, w, nrhs, b, ldb, b0, ldb0, ratio);
            break;
        }
        T *sym = dense(a0, n, n, n);
        if (!sym) {
            st = OMPWG_ERR_NOMEM;
            break;
        }
        symmetrize(sym, n, s->upper);
        *ratio = difference_ratio(w, sym, n, n, (double)n);
        if (s->op == OMPWG_LA_POSV) {
            double q = 0;
            st = solve_ratio(r, false, n, n, sym, nrhs, b, ldb, b0, ldb0, &q);
            if (q > *ratio) *ratio = q;
        }
        free(sym);
        break;
    }
    case OMPWG_LA_GEQRF: {
        /* Q R by OpenBLAS's ORMQR on R */
        for (int64_t j = 0; j < n; j++)
            for (int64_t i = 0; i <= j && i < m; i++) w[i + j * m] = a[i + j * s->lda];
        ompwg_factor_shape q = { .op = OMPWG_LA_ORMQR, .left = true, .m = m, .n = n, .k = k,
                                 .lda = s->lda, .ldb = m };
        int64_t inf = 0;
        st = r->factor[OMPWG_LA_ORMQR](&q, (T *)a, NULL, (T *)tau, w, &inf);
        if (st == OMPWG_OK) *ratio = difference_ratio(w, a0, m, n, (double)m);
        break;
    }
    case OMPWG_LA_ORMQR: {
        T *c = dense(b0, m, n, m);
        ompwg_factor_shape q = *s;
        q.ldb = m;
        int64_t inf = 0;
        st = c ? r->factor[OMPWG_LA_ORMQR](&q, (T *)a, NULL, (T *)tau, c, &inf) : OMPWG_ERR_NOMEM;
        if (st == OMPWG_OK)
            *ratio = ratio_of(norm1_ld(b, m, n, ldb, c), norm1(b0, m, n), (double)(s->left ? m : n));
        free(c);
        break;
    }
    case OMPWG_LA_GELS:
        if (info == 0) st = solve_ratio(r, s->trans, m, n, a0, nrhs, b, ldb, b0, ldb0, ratio);
        break;
    }
out:
    free(w);
    return st;
}

static bool all_finite(const T *x, int64_t rows, int64_t cols)
{
    for (int64_t i = 0; i < rows * cols; i++)
        if (!isfinite((double)x[i])) return false;
    return true;
}

int TN(ompwg_checked_, factor)(const ompwg_backend *be, TN(ompwg_, factor_fn) fn,
                               const ompwg_factor_shape *s, T *a, int64_t *ipiv, T *tau, T *b,
                               int64_t *info)
{
    const ompwg_backend *ref = ompwg_find_backend_with(OMPWG_CAP_REFERENCE);
    if (s->device_ptrs || !ref) return fn(s, a, ipiv, tau, b, info);
    const la_ref r = { .be = ref, .gemm = ref->TN(, gemm), .factor = ref->TN(, factor) };
    const ompwg_factor_extents x = ompwg_factor_extents_of(s);
    T *a0 = dense(a, x.a_rows, x.a_cols, s->lda);
    T *b0 = x.has_b ? dense(b, x.b_rows, x.b_cols, s->ldb) : NULL;
    if (!a0 || (x.has_b && !b0)) {
        free(a0);
        free(b0);
        return OMPWG_ERR_NOMEM;
    }
    int st = fn(s, a, ipiv, tau, b, info);
    if (!all_finite(a0, x.a_rows, x.a_cols) || (b0 && !all_finite(b0, x.b_rows, x.b_cols))) {
        free(a0);
        free(b0);
        return st;
    }
    double ratio = 0;
    if (st == OMPWG_OK) st = judge(&r, s, a, ipiv, tau, b, *info, a0, b0, &ratio);
    static const char *const names[OMPWG_LA_OP_COUNT] = OMPWG_LA_NAMES("", "");
    /* a factorisation that stopped or met a zero pivot where OpenBLAS's
     * did not, or the reverse */
    const bool factors = s->op == OMPWG_LA_GETRF || s->op == OMPWG_LA_GESV ||
                         s->op == OMPWG_LA_POTRF || s->op == OMPWG_LA_POSV ||
                         s->op == OMPWG_LA_GELS;
    if (st == OMPWG_OK && factors) {
        ompwg_factor_shape q = *s;
        q.lda = x.a_rows;
        q.ldb = x.b_rows > 0 ? x.b_rows : 1;
        const int64_t k = s->m < s->n ? s->m : s->n;
        int64_t *piv = malloc((size_t)(k > 0 ? k : 1) * sizeof(int64_t));
        T *ra = dense(a0, x.a_rows, x.a_cols, x.a_rows);
        T *rb = x.has_b ? dense(b0, x.b_rows, x.b_cols, x.b_rows) : NULL;
        int64_t rinfo = 0;
        if (piv && ra && (!x.has_b || rb) &&
            r.factor[s->op](&q, ra, piv, NULL, rb, &rinfo) == OMPWG_OK &&
            (*info > 0) != (rinfo > 0)) {
            fprintf(stderr, "ompwg: check: %s %s on backend %s: info %lld, OpenBLAS's %lld\n",
                    T_NAME, names[s->op], be->name, (long long)*info, (long long)rinfo);
            st = OMPWG_ERR_CHECK;
        }
        free(piv);
        free(ra);
        free(rb);
    }
    if (st == OMPWG_OK)
        st = ompwg_compare_verdict(T_NAME, names[s->op], be->name, s->m, s->n,
                                   s->op == OMPWG_LA_ORMQR ? s->k : s->nrhs, "backward error",
                                   ratio, FACTOR_RATIO_LIMIT);
    free(a0);
    free(b0);
    return st;
}
