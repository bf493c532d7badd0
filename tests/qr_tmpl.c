/* The QR routines of one precision (ompwg_lapack.h: GEQRF, ORMQR, GELS)
 * against LAPACK's test ratios, all below 30 (eps the unit roundoff, sums
 * in double): ||A - Q R||_1 / (||A||_1 m eps) with Q applied by ORMQR,
 * ||C - Q Q^T C|| / (||C|| m eps) from the left and the right, ORMQR from
 * the right against its transpose from the left, and for GELS the
 * residual (consistent systems) or its orthogonality to A's columns (least
 * squares), with X against OpenBLAS's LAPACK on the same input. Padding
 * rows and guard bands around A, tau and B may not be written; device
 * copies carry margins. Compiled once per precision (lapack_mat.h). */
#include "group.h"
#include "lapack_mat.h"
#include "lapack_test.h"
#include "ompwg_lapack.h"

/* ---- the calls, with host or device pointers ----------------------------- */

static int geqrf_call(bool device, mat *a, TT *tau, int64_t *info)
{
    TT *pa = stage_in(a, device);
    int st = device ? LA(geqrf_device)(a->rows, a->cols, pa, a->ld, tau, info)
                    : LA(geqrf)(a->rows, a->cols, pa, a->ld, tau, info);
    stage_out(a, pa, device, "A");
    return st;
}

static int ormqr_call(bool device, ompwg_side side, ompwg_trans trans, int64_t k, mat *a,
                      const TT *tau, mat *c, int64_t *info)
{
    TT *pa = stage_in(a, device), *pc = stage_in(c, device);
    int st = device ? LA(ormqr_device)(side, trans, c->rows, c->cols, k, pa, a->ld, tau, pc,
                                       c->ld, info)
                    : LA(ormqr)(side, trans, c->rows, c->cols, k, pa, a->ld, tau, pc, c->ld,
                                info);
    stage_out(a, pa, device, "A");
    stage_out(c, pc, device, "C");
    return st;
}

static int gels_call(bool device, ompwg_trans trans, int64_t m, int64_t n, mat *a, mat *b,
                     int64_t *info)
{
    TT *pa = stage_in(a, device), *pb = stage_in(b, device);
    int st = device ? LA(gels_device)(trans, m, n, b->cols, pa, a->ld, pb, b->ld, info)
                    : LA(gels)(trans, m, n, b->cols, pa, a->ld, pb, b->ld, info);
    stage_out(a, pa, device, "A");
    stage_out(b, pb, device, "B");
    return st;
}

/* GELS on OpenBLAS's LAPACK (the reference backend), on copies; the
 * backend selected before is selected again. */
static int openblas_gels(ompwg_trans trans, int64_t m, int64_t n, mat *a, mat *b, int64_t *info)
{
    char was[64];
    snprintf(was, sizeof was, "%s", ompwg_get_backend());
    int st = ompwg_set_backend("openblas");
    if (st == OMPWG_OK) st = LA(gels)(trans, m, n, b->cols, a->p, a->ld, b->p, b->ld, info);
    int back = ompwg_set_backend(was);
    if (back != OMPWG_OK) tap_bail("ompwg_set_backend(\"%s\") again: status %d", was, back);
    return st;
}

static TT *tau_alloc(int64_t k)
{
    TT *t = guard_alloc((size_t)(k > 0 ? k : 1) * sizeof(TT));
    for (int64_t i = 0; i < k; i++) t[i] = (TT)-77;
    return t;
}

/* ---- norms --------------------------------------------------------------- */

/* ||X - Y||_1 over the rows x cols leading blocks of two matrices. */
static double diff_norm(const mat *x, const TT *y, int64_t ldy, int64_t rows, int64_t cols)
{
    double worst = 0;
    for (int64_t j = 0; j < cols; j++) {
        double s = 0;
        for (int64_t i = 0; i < rows; i++)
            s += fabs((double)AT(x, i, j) - (double)y[(size_t)i + (size_t)j * (size_t)ldy]);
        if (!(s <= worst)) worst = s;
    }
    return worst;
}

static double norm1(const TT *x, int64_t ld, int64_t rows, int64_t cols)
{
    double best = 0;
    for (int64_t j = 0; j < cols; j++) {
        double s = 0;
        for (int64_t i = 0; i < rows; i++) s += fabs((double)x[(size_t)i + (size_t)j * (size_t)ld]);
        if (!(s <= best)) best = s;
    }
    return best;
}

/* ---- GEQRF and ORMQR ------------------------------------------------------- */

/* C (rows x cols) random, ld rows + 3. */
static void rand_mat(mat *c, int64_t rows, int64_t cols, test_rng *r)
{
    mat_init(c, rows, cols, rows + 3, r);
}

/* Q applied to R gives back A; Q Q^T C = C from the left, C Q Q^T = C from
 * the right; (D^T Q)^T = Q^T D, for the factorisation in a and tau. */
static bool qr_checks(bool device, const mat *a, const TT *tau, test_rng *r, double *worst,
                      char *msg, size_t len)
{
    const int64_t m = a->rows, n = a->cols, k = m < n ? m : n;
    mat f = *a; /* the factors, read by ORMQR: a's storage, not written */
    mat q, c, d, e;
    int64_t info = -99;
    bool pass = true;
    *worst = 0;
    /* Q R, R the upper trapezoid, m x n */
    mat_init(&q, m, n, m + 2, r);
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < m; i++) AT(&q, i, j) = i <= j ? AT(a, i, j) : (TT)0;
    mat_snapshot(&q);
    int st = ormqr_call(device, OMPWG_LEFT, OMPWG_NO_TRANS, k, &f, tau, &q, &info);
    pass = status_ok(st, msg, len) && info_is(info, 0, msg, len);
    if (pass) {
        *worst = diff_norm(&q, a->orig, a->ld, m, n) / (orig_norm(a, false) * (double)m * TT_EPS);
        pass = below_limit(*worst, "||A - QR|| / (||A|| m eps)", msg, len);
    }
    /* Q (Q^T C) from the left, (C Q) Q^T from the right, 3 columns or rows */
    rand_mat(&c, m, 3, r);
    rand_mat(&d, 3, m, r);
    for (int pass_no = 0; pass_no < 4 && pass; pass_no++) {
        const bool left = pass_no < 2;
        mat *x = left ? &c : &d;
        const ompwg_trans tr = pass_no % 2 == 0 ? (left ? OMPWG_TRANS : OMPWG_NO_TRANS)
                                                : (left ? OMPWG_NO_TRANS : OMPWG_CONJ_TRANS);
        st = ormqr_call(device, left ? OMPWG_LEFT : OMPWG_RIGHT, tr, k, &f, tau, x, &info);
        pass = status_ok(st, msg, len) && info_is(info, 0, msg, len);
        if (pass && pass_no % 2 == 1) {
            const double q2 = diff_norm(x, x->orig, x->ld, x->rows, x->cols) /
                              (norm1(x->orig, x->ld, x->rows, x->cols) * (double)m * TT_EPS);
            if (q2 > *worst) *worst = q2;
            pass = below_limit(q2, left ? "||C - Q Q^T C|| / (||C|| m eps)"
                                        : "||C - C Q Q^T|| / (||C|| m eps)", msg, len);
        }
        if (pass && pass_no == 0) {
            /* (D^T Q)^T against Q^T D: D := C's input transposed */
            rand_mat(&e, 3, m, r);
            for (int64_t i = 0; i < m; i++)
                for (int64_t j = 0; j < 3; j++) AT(&e, j, i) = ORIG(&c, i, j);
            mat_snapshot(&e);
            st = ormqr_call(device, OMPWG_RIGHT, OMPWG_NO_TRANS, k, &f, tau, &e, &info);
            pass = status_ok(st, msg, len) && info_is(info, 0, msg, len);
            double s = 0;
            for (int64_t i = 0; i < m && pass; i++)
                for (int64_t j = 0; j < 3; j++)
                    s += fabs((double)AT(&e, j, i) - (double)AT(&c, i, j));
            const double q3 = pass ? s / (norm1(c.orig, c.ld, m, 3) * (double)m * TT_EPS) : 0;
            if (q3 > *worst) *worst = q3;
            if (pass) pass = below_limit(q3, "||(C^T Q)^T - Q^T C|| / (||C|| m eps)", msg, len);
            if (pass) pass = outside_kept(&e, NULL, NULL, msg, len);
            mat_free(&e);
        }
    }
    if (pass) pass = outside_kept(&q, &c, NULL, msg, len) && outside_kept(&d, NULL, NULL, msg, len);
    if (pass) pass = padding_kept(&c, "C", msg, len);
    mat_free(&q);
    mat_free(&c);
    mat_free(&d);
    return pass;
}

void TF(qr_factor_)(const char *backend, bool device)
{
    /* around the GPU's panel width (64), both orientations, the empty
     * shapes, and in double one pair of odd sizes past 1000 */
    static const int64_t shapes[][2] = {
        { 0, 0 },    { 0, 5 },     { 5, 0 },     { 1, 1 },     { 1, 7 },     { 7, 1 },
        { 2, 2 },    { 63, 63 },   { 64, 64 },   { 65, 65 },   { 129, 129 }, { 200, 64 },
        { 64, 200 }, { 300, 97 },  { 97, 300 },  { 130, 2 },   { 2, 130 },   { 257, 129 },
        { 1001, 515 },
    };
    test_rng r;
    test_rng_init(&r, 3100 + 10 * (uint64_t)TT_DOUBLE + (uint64_t)device);
    group grp;
    group_init(&grp, "ratio");
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        const int64_t m = shapes[s][0], n = shapes[s][1], k = m < n ? m : n;
        if (m > 1000 && (!TT_DOUBLE || device)) continue;
        mat a;
        mat_init(&a, m, n, m + 5, &r);
        TT *tau = tau_alloc(k);
        int64_t info = -99;
        margins_reset();
        int st = geqrf_call(device, &a, tau, &info);
        char what[96], msg[512] = "";
        snprintf(what, sizeof what, "m=%lld n=%lld", (long long)m, (long long)n);
        double ratio = -1;
        bool pass = status_ok(st, msg, sizeof msg) && info_is(info, 0, msg, sizeof msg) &&
                    outside_kept(&a, NULL, NULL, msg, sizeof msg) &&
                    guard_canaries_kept(tau, "tau", msg, sizeof msg) &&
                    padding_kept(&a, "A", msg, sizeof msg);
        if (pass && k == 0)
            pass = unchanged(&a, "A", msg, sizeof msg);
        else if (pass)
            pass = qr_checks(device, &a, tau, &r, &ratio, msg, sizeof msg);
        group_add(&grp, what, pass, msg, ratio);
        guard_free(tau);
        mat_free(&a);
    }
    group_report(&grp,
                 "%s: %sgeqrf%s and %sormqr%s (left and right, Q and Q^T), m x n around the "
                 "panel width 64, both orientations: ||A - QR|| / (||A|| m eps), ||C - Q Q^T C|| "
                 "and ORMQR's two sides against each other < 30, nothing written outside A, tau "
                 "and C",
                 backend, TT_PREFIX, form(device), TT_PREFIX, form(device));
}

/* ---- GELS ------------------------------------------------------------------ */

/* The GELS result's ratio: a consistent system (more unknowns than
 * equations) by its residual ||B - op(A) X|| / (||A|| ||X|| max(m, n) eps),
 * a least-squares one by the residual's products with op(A)'s columns,
 * ||op(A)^T (B - op(A) X)|| / (||A|| (||A|| ||X|| + ||B||) max(m, n) eps). */
static double gels_ratio(const mat *a, bool trans, const mat *b)
{
    const int64_t m = a->rows, n = a->cols, rows = trans ? n : m, cols = trans ? m : n;
    const int64_t big = m > n ? m : n, nrhs = b->cols;
    /* op(A) (rows x cols) as doubles */
    double *oa = test_malloc((size_t)(rows * cols) * sizeof(double));
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < m; i++) {
            const double v = (double)ORIG(a, i, j);
            if (trans) oa[j + i * rows] = v;
            else oa[i + j * rows] = v;
        }
    const double anorm = orig_norm(a, false) > orig_norm(a, true) ? orig_norm(a, false)
                                                                   : orig_norm(a, true);
    double *res = test_malloc((size_t)rows * sizeof(double));
    double worst = 0;
    for (int64_t c = 0; c < nrhs; c++) {
        double xn = 0, bn = 0;
        for (int64_t i = 0; i < rows; i++) {
            res[i] = (double)ORIG(b, i, c);
            bn += fabs(res[i]);
        }
        for (int64_t j = 0; j < cols; j++) {
            const double x = (double)AT(b, j, c);
            xn += fabs(x);
            for (int64_t i = 0; i < rows; i++) res[i] -= oa[i + j * rows] * x;
        }
        double q;
        if (rows <= cols) {
            double rn = 0;
            for (int64_t i = 0; i < rows; i++) rn += fabs(res[i]);
            q = rn == 0 ? 0 : rn / (anorm * xn * (double)big * TT_EPS);
        } else {
            double g = 0;
            for (int64_t j = 0; j < cols; j++) {
                double s = 0;
                for (int64_t i = 0; i < rows; i++) s += oa[i + j * rows] * res[i];
                g += fabs(s);
            }
            q = g == 0 ? 0 : g / (anorm * (anorm * xn + bn) * (double)big * TT_EPS);
        }
        if (!(q <= worst)) worst = q;
    }
    free(res);
    free(oa);
    return worst;
}

/* X (the first n, or m when trans, rows of b) within tol of OpenBLAS's X
 * relative to its norm. */
static bool near_reference(ompwg_trans trans, const mat *a, const mat *b,
                           double tol, char *msg, size_t len)
{
    const int64_t m = a->rows, n = a->cols, xrows = trans == OMPWG_NO_TRANS ? n : m;
    mat ra = *a, rb = *b;
    ra.p = test_copy(a->orig, a->len * sizeof(TT));
    rb.p = test_copy(b->orig, b->len * sizeof(TT));
    int64_t info = -99;
    int st = openblas_gels(trans, m, n, &ra, &rb, &info);
    bool pass = true;
    if (st != OMPWG_OK || info != 0) {
        snprintf(msg, len, "OpenBLAS's gels: status %d, info %lld", st, (long long)info);
        pass = false;
    } else {
        const double d = diff_norm(b, rb.p, rb.ld, xrows, b->cols);
        const double x = norm1(rb.p, rb.ld, xrows, b->cols);
        if (!(d <= tol * x)) {
            snprintf(msg, len, "X differs from OpenBLAS's by %.3g relative, over %.3g", d / x,
                     tol);
            pass = false;
        }
    }
    free(ra.p);
    free(rb.p);
    return pass;
}

void TF(qr_gels_)(const char *backend, bool device)
{
    static const struct {
        int64_t m, n, nrhs;
        bool trans;
    } cases[] = {
        { 50, 30, 1, false },  { 50, 30, 3, true },   { 30, 50, 2, false },  { 30, 50, 2, true },
        { 64, 64, 5, false },  { 64, 64, 5, true },   { 200, 65, 100, false }, { 200, 65, 7, true },
        { 129, 1, 2, false },  { 1, 1, 1, false },    { 1, 1, 1, true },     { 70, 3, 1, true },
    };
    test_rng r;
    test_rng_init(&r, 3300 + 10 * (uint64_t)TT_DOUBLE + (uint64_t)device);
    group grp;
    group_init(&grp, "ratio");
    const double tol = 1e3 * 200 * TT_EPS;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const int64_t m = cases[c].m, n = cases[c].n, nrhs = cases[c].nrhs;
        const int64_t rows = m > n ? m : n;
        const ompwg_trans tr = cases[c].trans ? OMPWG_TRANS : OMPWG_NO_TRANS;
        mat a, b;
        mat_init(&a, m, n, m + 3, &r);
        mat_init(&b, rows, nrhs, rows + 2, &r);
        int64_t info = -99;
        margins_reset();
        int st = gels_call(device, tr, m, n, &a, &b, &info);
        char what[96], msg[512] = "";
        snprintf(what, sizeof what, "%s m=%lld n=%lld nrhs=%lld", cases[c].trans ? "T" : "N",
                 (long long)m, (long long)n, (long long)nrhs);
        double ratio = -1;
        bool pass;
        if (device && m < n) {
            /* a wide A is the host's: documented, nothing written */
            pass = st == OMPWG_ERR_UNSUPPORTED;
            if (!pass) snprintf(msg, sizeof msg, "status %d, want OMPWG_ERR_UNSUPPORTED", st);
            if (pass) pass = unchanged(&a, "A", msg, sizeof msg) && unchanged(&b, "B", msg, sizeof msg);
        } else {
            pass = status_ok(st, msg, sizeof msg) && info_is(info, 0, msg, sizeof msg) &&
                   outside_kept(&a, &b, NULL, msg, sizeof msg) &&
                   padding_kept(&a, "A", msg, sizeof msg) && padding_kept(&b, "B", msg, sizeof msg);
            if (pass) {
                ratio = gels_ratio(&a, cases[c].trans, &b);
                pass = below_limit(ratio, "GELS's residual ratio", msg, sizeof msg);
            }
            if (pass) pass = near_reference(tr, &a, &b, tol, msg, sizeof msg);
        }
        group_add(&grp, what, pass, msg, ratio);
        mat_free(&a);
        mat_free(&b);
    }
    group_report(&grp,
                 "%s: %sgels%s, N and T, tall and wide: residual or its orthogonality to A's "
                 "columns < 30, X within %.2g of OpenBLAS's relative to its norm, nothing written "
                 "outside A and B%s",
                 backend, TT_PREFIX, form(device), tol,
                 device ? "; a wide A: OMPWG_ERR_UNSUPPORTED" : "");
}

/* GELS's special inputs: a zero column (info = its number, as DTRTRS), a
 * zero A (X = 0, info 0), and A and B scaled far down and far up (DGELS
 * scales them into range: X as OpenBLAS's). */
void TF(qr_gels_special_)(const char *backend, bool device)
{
    test_rng r;
    test_rng_init(&r, 3500 + 10 * (uint64_t)TT_DOUBLE + (uint64_t)device);
    group grp;
    group_init(&grp, NULL);
    const TT tiny = TT_DOUBLE ? (TT)0x1.0p-1000 : (TT)0x1.0p-120;
    const TT huge = TT_DOUBLE ? (TT)0x1.0p+1000 : (TT)0x1.0p+120;
    for (int kind = 0; kind < 4; kind++) {
        const int64_t m = 40, n = 10, nrhs = 2;
        mat a, b;
        mat_init(&a, m, n, m + 1, &r);
        mat_init(&b, m, nrhs, m + 1, &r);
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < n; j++) {
                TT *p = &AT(&a, i, j);
                if (kind == 0 && j == 3) *p = 0;
                if (kind == 1) *p = 0;
                if (kind == 2) *p *= tiny;
                if (kind == 3) *p *= huge;
            }
        if (kind == 2)
            for (int64_t i = 0; i < m; i++) AT(&b, i, 0) *= huge;
        mat_snapshot(&a);
        int64_t info = -99;
        margins_reset();
        int st = gels_call(device, OMPWG_NO_TRANS, m, n, &a, &b, &info);
        static const char *const names[] = {
            "column 4 zero",
            "A zero",
            "A scaled by a tiny power of 2, B by a huge one",
            "A scaled by a huge power of 2",
        };
        char msg[512] = "";
        bool pass = status_ok(st, msg, sizeof msg) &&
                    info_is(info, kind == 0 ? 4 : 0, msg, sizeof msg) &&
                    outside_kept(&a, &b, NULL, msg, sizeof msg);
        if (pass && kind == 1)
            for (int64_t j = 0; j < nrhs && pass; j++)
                for (int64_t i = 0; i < m && pass; i++)
                    if (AT(&b, i, j) != 0) {
                        snprintf(msg, sizeof msg, "B(%lld, %lld) = %g, not 0", (long long)i,
                                 (long long)j, (double)AT(&b, i, j));
                        pass = false;
                    }
        if (pass && kind >= 2)
            pass = near_reference(OMPWG_NO_TRANS, &a, &b, 1e3 * 40 * TT_EPS, msg,
                                  sizeof msg);
        group_add(&grp, names[kind], pass, msg, -1);
        mat_free(&a);
        mat_free(&b);
    }
    group_report(&grp,
                 "%s: %sgels%s of a 40 x 10 A with a zero column (info 4), a zero A (X = 0), "
                 "and A, B scaled by powers of 2 near the ends of the range (X as OpenBLAS's)",
                 backend, TT_PREFIX, form(device));
}

/* ---- argument errors ------------------------------------------------------- */

static void qr_arg_case(group *grp, const char *what, int st, int want, int64_t info,
                        int64_t want_info, const mat *a, const mat *b)
{
    char msg[512] = "";
    bool pass = st == want;
    if (!pass)
        snprintf(msg, sizeof msg, "status %d (%s), want %d (%s)", st, ompwg_strerror(st), want,
                 ompwg_strerror(want));
    if (pass && want_info != 1) pass = info_is(info, want_info, msg, sizeof msg);
    if (pass) pass = unchanged(a, "A", msg, sizeof msg) && unchanged(b, "B", msg, sizeof msg);
    group_add(grp, what, pass, msg, -1);
}

/* Every argument check of GEQRF, ORMQR and GELS in the reference order,
 * host and device forms; `why`: NULL where the gpu backend is usable, else
 * why not, and then the device forms with valid arguments give
 * OMPWG_ERR_UNAVAILABLE. */
void TF(qr_bad_args_)(const char *why)
{
    test_rng r;
    test_rng_init(&r, 3700 + 10 * (uint64_t)TT_DOUBLE);
    mat a, b;
    mat_init(&a, 4, 4, 4, &r);
    mat_init(&b, 4, 4, 4, &r);
    TT tau[4] = { 0 };
    TT *pa = a.p, *pb = b.p;
    int64_t info;
    group grp;
    group_init(&grp, NULL);
    const ompwg_side L = OMPWG_LEFT;
    const ompwg_trans N = OMPWG_NO_TRANS;
    for (int dev = 0; dev < 2; dev++) {
#define QR_CASE(name, call, want, want_info)                                                 \
    do {                                                                                     \
        info = 0;                                                                            \
        const int st_ = dev ? LA(name##_device) call : LA(name) call;                        \
        char w_[96];                                                                         \
        snprintf(w_, sizeof w_, "%s%s %s", #name, dev ? "_device" : "", #call);              \
        qr_arg_case(&grp, w_, st_, want, info, want_info, &a, &b);                           \
    } while (0)
        QR_CASE(geqrf, (-1, 4, pa, 4, tau, &info), OMPWG_ERR_SIZE, -1);
        QR_CASE(geqrf, (4, -1, pa, 4, tau, &info), OMPWG_ERR_SIZE, -2);
        QR_CASE(geqrf, (4, 4, pa, 3, tau, &info), OMPWG_ERR_LD, -4);
        QR_CASE(geqrf, (4, 4, NULL, 4, tau, &info), OMPWG_ERR_NULL, 0);
        QR_CASE(geqrf, (0, 4, pa, 1, tau, &info), OMPWG_OK, 0);
        QR_CASE(ormqr, ((ompwg_side)0, N, 4, 4, 4, pa, 4, tau, pb, 4, &info), OMPWG_ERR_FLAGS, -1);
        QR_CASE(ormqr, (L, (ompwg_trans)0, 4, 4, 4, pa, 4, tau, pb, 4, &info), OMPWG_ERR_TRANS, -2);
        QR_CASE(ormqr, (L, N, -1, 4, 4, pa, 4, tau, pb, 4, &info), OMPWG_ERR_SIZE, -3);
        QR_CASE(ormqr, (L, N, 4, -1, 4, pa, 4, tau, pb, 4, &info), OMPWG_ERR_SIZE, -4);
        QR_CASE(ormqr, (L, N, 4, 4, 5, pa, 4, tau, pb, 4, &info), OMPWG_ERR_SIZE, -5);
        QR_CASE(ormqr, (OMPWG_RIGHT, N, 4, 2, 3, pa, 4, tau, pb, 4, &info), OMPWG_ERR_SIZE, -5);
        QR_CASE(ormqr, (L, N, 4, 4, 4, pa, 3, tau, pb, 4, &info), OMPWG_ERR_LD, -7);
        QR_CASE(ormqr, (L, N, 4, 4, 4, pa, 4, tau, pb, 3, &info), OMPWG_ERR_LD, -10);
        QR_CASE(ormqr, (L, N, 4, 4, 0, pa, 4, tau, pb, 4, &info), OMPWG_OK, 0);
        QR_CASE(gels, ((ompwg_trans)0, 4, 4, 1, pa, 4, pb, 4, &info), OMPWG_ERR_TRANS, -1);
        QR_CASE(gels, (N, -1, 4, 1, pa, 4, pb, 4, &info), OMPWG_ERR_SIZE, -2);
        QR_CASE(gels, (N, 4, -1, 1, pa, 4, pb, 4, &info), OMPWG_ERR_SIZE, -3);
        QR_CASE(gels, (N, 4, 4, -1, pa, 4, pb, 4, &info), OMPWG_ERR_SIZE, -4);
        QR_CASE(gels, (N, 4, 4, 1, pa, 3, pb, 4, &info), OMPWG_ERR_LD, -6);
        QR_CASE(gels, (N, 2, 4, 1, pa, 2, pb, 3, &info), OMPWG_ERR_LD, -8);
        QR_CASE(gels, (N, 4, 4, 0, pa, 4, pb, 4, &info), OMPWG_OK, 0);
        if (dev && why) {
            QR_CASE(geqrf, (4, 4, pa, 4, tau, &info), OMPWG_ERR_UNAVAILABLE, 1);
            QR_CASE(ormqr, (L, N, 4, 4, 4, pa, 4, tau, pb, 4, &info), OMPWG_ERR_UNAVAILABLE, 1);
            QR_CASE(gels, (N, 4, 4, 1, pa, 4, pb, 4, &info), OMPWG_ERR_UNAVAILABLE, 1);
        }
#undef QR_CASE
    }
    info = 0;
    qr_arg_case(&grp, "geqrf info NULL", LA(geqrf)(4, 4, pa, 4, tau, NULL), OMPWG_ERR_NULL, 0, 0,
                &a, &b);
    group_report(&grp,
                 "%sgeqrf, %sormqr, %sgels and their _device forms: every argument error in "
                 "the reference order (status, info), the quick returns, nothing written%s%s",
                 TT_PREFIX, TT_PREFIX, TT_PREFIX,
                 why ? "; with valid arguments and no usable gpu backend OMPWG_ERR_UNAVAILABLE: "
                     : "",
                 why ? why : "");
    mat_free(&a);
    mat_free(&b);
}
