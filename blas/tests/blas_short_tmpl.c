/* libompwg_blas's short calls (blas/short.h: a call below a bound of work
 * goes straight to OpenBLAS, without the planner) against the planner's
 * path: each routine that has them, over a grid of small shapes, flags,
 * scalars (0, 1, -0.5 and NaN as alpha; 0, 1, 2 and NaN as beta, C filled
 * with NaN where beta is 0), leading dimensions and both CBLAS layouts, is
 * called from the same inputs once with short calls on and once off
 * (ompwg_set_short_calls): the outputs must agree bit for bit, the
 * buffers' canaries stay intact. Illegal arguments reach xerbla_ and
 * cblas_xerbla with the same numbers either way, a C overlapping A or a
 * missing A is refused either way, i?amax past 2^16 elements (searched in
 * the drop-in while short calls are in effect) agrees with ompwg's max and
 * min, and ompwg info's line says when short calls are in effect (backend
 * openblas: always; a thread with a backend of its own, while it has it:
 * never). On the backend "openblas", then on "auto"; last, threads make
 * short calls while another changes the settings the short calls depend
 * on, every result exact. Meson compiles it once per precision. */
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blas_real.h"
#include "group.h"
#include "guard.h"
#include "recording_handlers.h"

#if defined(OMPWG_TEST_PREC_S)
typedef ompwg_complex_float cplx;
#define CGEMM_F cgemm_
#define CGEMM_C cblas_cgemm
#define CPLX_PREFIX "c"
#else
typedef ompwg_complex_double cplx;
#define CGEMM_F zgemm_
#define CGEMM_C cblas_zgemm
#define CPLX_PREFIX "z"
#endif

/* Operands of up to 8 x 8 with leading dimensions up to 11, in buffers of
 * LD x LD; vectors of up to VEC elements. */
enum { LD = 16, LEN = LD * LD, VEC = 4096, LONG = 70000 };

static real *a, *b, *x, *y, *longx;
static cplx *ca, *cb;

static const int sizes[] = { 0, 1, 3, 8 };
#define SIZES (int)(sizeof sizes / sizeof sizes[0])
static const char trans_chars[] = "NTC";
static const ompwg_trans trans_enums[] = { OMPWG_NO_TRANS, OMPWG_TRANS, OMPWG_CONJ_TRANS };

/* alpha and beta: what each may be */
static real alpha_of(int i)
{
    static const real v[] = { 1, (real)-0.5, 0, (real)NAN };
    return v[i];
}

static real beta_of(int i)
{
    static const real v[] = { 0, 1, 2, (real)NAN };
    return v[i];
}

/* ---- one call, both ways ------------------------------------------------ */

/* What a call routine does with out (C, or B for TRMM and TRSM, or the
 * one value a function returns). */
typedef void call_fn(const void *ctx, void *out);

/* Runs call with short calls on and off from the same contents of out
 * (bytes long); true when both left the same bytes and the canaries
 * intact, else why says where they differ. */
static bool both_ways(call_fn *call, const void *ctx, const void *out0, size_t bytes,
                      char *why, size_t why_len)
{
    unsigned char *on = guard_alloc(bytes), *off = guard_alloc(bytes);
    memcpy(on, out0, bytes);
    memcpy(off, out0, bytes);
    ompwg_set_short_calls(1);
    call(ctx, on);
    ompwg_set_short_calls(0);
    call(ctx, off);
    ompwg_set_short_calls(1);
    const char *where;
    long long at = test_first_difference(on, off, bytes);
    bool pass = at < 0;
    if (!pass) snprintf(why, why_len, "the outputs differ at byte %lld", at);
    if (pass && !guard_intact(on, &where)) {
        snprintf(why, why_len, "the short call wrote %s its output", where);
        pass = false;
    }
    if (pass && !guard_intact(off, &where)) {
        snprintf(why, why_len, "the planner's path wrote %s its output", where);
        pass = false;
    }
    guard_free(on);
    guard_free(off);
    return pass;
}

/* C as a call starts from: random, or NaN where the call does not read it
 * (beta == 0), so that a read of it would show. */
static void fill_c(real *c, test_rng *rng, bool nan)
{
    for (int i = 0; i < LEN; i++) c[i] = nan ? (real)NAN : (real)REAL_UNIFORM(rng);
}

/* ---- the calls ---------------------------------------------------------- */

typedef struct call_args {
    bool cblas;
    ompwg_layout layout;
    char f1, f2, f3, f4;     /* Fortran flags in argument order */
    int e1, e2, e3, e4;      /* the same as CBLAS enums */
    int m, n, k, lda, ldb, ldc;
    real alpha, beta;
    cplx calpha, cbeta;
    int incx, incy;
    bool two, solve;         /* SYR2K not SYRK; TRSM not TRMM */
} call_args;

static void call_gemm(const void *ctx, void *out)
{
    const call_args *p = ctx;
    if (p->cblas)
        TN(cblas_, gemm)(p->layout, p->e1, p->e2, p->m, p->n, p->k, p->alpha, a, p->lda, b,
                         p->ldb, p->beta, out, p->ldc);
    else
        TN(, gemm_)(&p->f1, &p->f2, &p->m, &p->n, &p->k, &p->alpha, a, &p->lda, b, &p->ldb,
                    &p->beta, out, &p->ldc, 1, 1);
}

static void call_cgemm(const void *ctx, void *out)
{
    const call_args *p = ctx;
    if (p->cblas)
        CGEMM_C(p->layout, p->e1, p->e2, p->m, p->n, p->k, &p->calpha, ca, p->lda, cb, p->ldb,
                &p->cbeta, out, p->ldc);
    else
        CGEMM_F(&p->f1, &p->f2, &p->m, &p->n, &p->k, &p->calpha, ca, &p->lda, cb, &p->ldb,
                &p->cbeta, out, &p->ldc, 1, 1);
}

static void call_symm(const void *ctx, void *out)
{
    const call_args *p = ctx;
    if (p->cblas)
        TN(cblas_, symm)(p->layout, p->e1, p->e2, p->m, p->n, p->alpha, a, p->lda, b, p->ldb,
                         p->beta, out, p->ldc);
    else
        TN(, symm_)(&p->f1, &p->f2, &p->m, &p->n, &p->alpha, a, &p->lda, b, &p->ldb, &p->beta,
                    out, &p->ldc, 1, 1);
}

static void call_syrk(const void *ctx, void *out)
{
    const call_args *p = ctx;
    if (p->cblas && p->two)
        TN(cblas_, syr2k)(p->layout, p->e1, p->e2, p->n, p->k, p->alpha, a, p->lda, b, p->ldb,
                          p->beta, out, p->ldc);
    else if (p->cblas)
        TN(cblas_, syrk)(p->layout, p->e1, p->e2, p->n, p->k, p->alpha, a, p->lda, p->beta, out,
                         p->ldc);
    else if (p->two)
        TN(, syr2k_)(&p->f1, &p->f2, &p->n, &p->k, &p->alpha, a, &p->lda, b, &p->ldb, &p->beta,
                     out, &p->ldc, 1, 1);
    else
        TN(, syrk_)(&p->f1, &p->f2, &p->n, &p->k, &p->alpha, a, &p->lda, &p->beta, out, &p->ldc,
                    1, 1);
}

static void call_trxm(const void *ctx, void *out)
{
    const call_args *p = ctx;
    if (p->cblas && p->solve)
        TN(cblas_, trsm)(p->layout, p->e1, p->e2, p->e3, p->e4, p->m, p->n, p->alpha, a, p->lda,
                         out, p->ldb);
    else if (p->cblas)
        TN(cblas_, trmm)(p->layout, p->e1, p->e2, p->e3, p->e4, p->m, p->n, p->alpha, a, p->lda,
                         out, p->ldb);
    else if (p->solve)
        TN(, trsm_)(&p->f1, &p->f2, &p->f3, &p->f4, &p->m, &p->n, &p->alpha, a, &p->lda, out,
                    &p->ldb, 1, 1, 1, 1);
    else
        TN(, trmm_)(&p->f1, &p->f2, &p->f3, &p->f4, &p->m, &p->n, &p->alpha, a, &p->lda, out,
                    &p->ldb, 1, 1, 1, 1);
}

/* DOT (two) and ASUM: the value returned, written to out. */
static void call_reduce(const void *ctx, void *out)
{
    const call_args *p = ctx;
    real r;
    if (p->two && p->cblas) r = TN(cblas_, dot)(p->n, x, p->incx, y, p->incy);
    else if (p->two) r = TN(, dot_)(&p->n, x, &p->incx, y, &p->incy);
    else if (p->cblas) r = TN(cblas_, asum)(p->n, x, p->incx);
    else r = TN(, asum_)(&p->n, x, &p->incx);
    memcpy(out, &r, sizeof r);
}

/* i?amax of longx: the index returned, written to out. */
static void call_iamax(const void *ctx, void *out)
{
    const call_args *p = ctx;
    int r = TN(i, amax_)(&p->n, longx, &p->incx);
    memcpy(out, &r, sizeof r);
}

/* A grid of cases: each adds its verdict to g; the report counts them. */
typedef struct grid {
    group g;
    int cases;
} grid;

/* One case (named as printf names it from fmt): call with short calls on
 * and off from out0 (bytes long), its verdict added to gr. */
static void grid_case(grid *gr, call_fn *call, const call_args *p, const void *out0,
                      size_t bytes, const char *fmt, ...) TAP_PRINTF(6, 7);
static void grid_case(grid *gr, call_fn *call, const call_args *p, const void *out0,
                      size_t bytes, const char *fmt, ...)
{
    char what[128], why[128] = "";
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    group_add(&gr->g, what, both_ways(call, p, out0, bytes, why, sizeof why), why, -1);
    gr->cases++;
}

/* ---- the grids ------------------------------------------------------------ */

/* The three ways a routine is called: Fortran, CBLAS column-major, CBLAS
 * row-major. */
enum { FORTRAN, COLUMN_MAJOR, ROW_MAJOR, API_KINDS };

static const char *api_name(int api_kind)
{
    return api_kind == FORTRAN ? "Fortran" : api_kind == ROW_MAJOR ? "row-major" : "column-major";
}

/* The arguments of a call made the api_kind way, the rest to be set. */
static call_args args_for(int api_kind)
{
    return (call_args){ .cblas = api_kind != FORTRAN,
                        .layout = api_kind == ROW_MAJOR ? OMPWG_ROW_MAJOR : OMPWG_COL_MAJOR };
}

/* Leading dimension of a rows-long column: exact, or extra more. */
static int ld_of(int rows, int extra)
{
    return (rows > 1 ? rows : 1) + extra;
}

/* The report of a grid of the routines named, both layouts of CBLAS. */
#define GRID_REPORT(gr, backend, names)                                                            \
    group_report(&(gr)->g, "%s: %s (Fortran, CBLAS in both layouts), %d calls short and "        \
                 "through the planner: the same bits", backend, names, (gr)->cases)

static void grid_gemm(const char *backend, test_rng *rng)
{
    real *c0 = guard_alloc(LEN * sizeof(real));
    grid gr = { .cases = 0 };
    group_init(&gr.g, NULL);
    for (int api_kind = 0; api_kind < API_KINDS; api_kind++)
        for (int ta = 0; ta < 3; ta++)
            for (int tb = 0; tb < 3; tb++)
                for (int mi = 0; mi < SIZES; mi++)
                    for (int ni = 0; ni < SIZES; ni++)
                        for (int ki = 0; ki < SIZES; ki++)
                            for (int s = 0; s < 16; s++) {
                                call_args p = args_for(api_kind);
                                p.m = sizes[mi], p.n = sizes[ni], p.k = sizes[ki];
                                const int extra = (s + ki) % 2 ? 3 : 0;
                                /* stored rows of A, B and C in the call's layout */
                                const bool row = api_kind == ROW_MAJOR;
                                const int ra = (ta > 0) != row ? p.k : p.m;
                                const int rb = (tb > 0) != row ? p.n : p.k;
                                p.f1 = trans_chars[ta], p.f2 = trans_chars[tb];
                                p.e1 = trans_enums[ta], p.e2 = trans_enums[tb];
                                p.lda = ld_of(ra, extra), p.ldb = ld_of(rb, extra);
                                p.ldc = ld_of(row ? p.n : p.m, extra);
                                p.alpha = alpha_of(s / 4), p.beta = beta_of(s % 4);
                                fill_c(c0, rng, p.beta == 0 && s % 8 == 0);
                                grid_case(&gr, call_gemm, &p, c0, LEN * sizeof(real),
                                          "%s %c%c %dx%dx%d alpha %g beta %g ld+%d",
                                          api_name(api_kind), p.f1, p.f2, p.m, p.n, p.k,
                                          (double)p.alpha, (double)p.beta, extra);
                            }
    guard_free(c0);
    GRID_REPORT(&gr, backend, REAL_PREFIX "gemm_, cblas_" REAL_PREFIX "gemm");
}

static void grid_cgemm(const char *backend, test_rng *rng)
{
    const size_t bytes = LEN * sizeof(cplx);
    cplx *c0 = guard_alloc(bytes);
    const cplx alphas[] = { { 1, 0 }, { (real)0.5, -1 }, { 0, 0 } };
    const cplx betas[] = { { 0, 0 }, { 1, 0 }, { 2, 1 } };
    grid gr = { .cases = 0 };
    group_init(&gr.g, NULL);
    for (int api_kind = 0; api_kind < API_KINDS; api_kind++)
        for (int ta = 0; ta < 3; ta++)
            for (int tb = 0; tb < 3; tb++)
                for (int mi = 0; mi < SIZES - 1; mi++)
                    for (int ni = 0; ni < SIZES - 1; ni++)
                        for (int ki = 0; ki < SIZES - 1; ki++)
                            for (int s = 0; s < 9; s++) {
                                call_args p = args_for(api_kind);
                                p.m = sizes[mi], p.n = sizes[ni], p.k = sizes[ki];
                                const bool row = api_kind == ROW_MAJOR;
                                const int ra = (ta > 0) != row ? p.k : p.m;
                                const int rb = (tb > 0) != row ? p.n : p.k;
                                p.f1 = trans_chars[ta], p.f2 = trans_chars[tb];
                                p.e1 = trans_enums[ta], p.e2 = trans_enums[tb];
                                p.lda = ld_of(ra, 1), p.ldb = ld_of(rb, 0);
                                p.ldc = ld_of(row ? p.n : p.m, 2);
                                p.calpha = alphas[s / 3], p.cbeta = betas[s % 3];
                                for (int i = 0; i < LEN; i++)
                                    c0[i] = (cplx){ (real)REAL_UNIFORM(rng), (real)REAL_UNIFORM(rng) };
                                grid_case(&gr, call_cgemm, &p, c0, bytes, "%s %c%c %dx%dx%d scalars %d",
                                          api_name(api_kind), p.f1, p.f2, p.m, p.n, p.k, s);
                            }
    guard_free(c0);
    GRID_REPORT(&gr, backend, CPLX_PREFIX "gemm_, cblas_" CPLX_PREFIX "gemm");
}

static void grid_symm(const char *backend, test_rng *rng)
{
    real *c0 = guard_alloc(LEN * sizeof(real));
    grid gr = { .cases = 0 };
    group_init(&gr.g, NULL);
    for (int api_kind = 0; api_kind < API_KINDS; api_kind++)
        for (int side = 0; side < 2; side++)
            for (int up = 0; up < 2; up++)
                for (int mi = 0; mi < SIZES; mi++)
                    for (int ni = 0; ni < SIZES; ni++)
                        for (int s = 0; s < 16; s++) {
                            call_args p = args_for(api_kind);
                            p.m = sizes[mi], p.n = sizes[ni];
                            const int extra = s % 3 == 0 ? 3 : 0;
                            const int rc = api_kind == ROW_MAJOR ? p.n : p.m;
                            p.f1 = side ? 'R' : 'L', p.f2 = up ? 'U' : 'L';
                            p.e1 = side ? OMPWG_RIGHT : OMPWG_LEFT;
                            p.e2 = up ? OMPWG_UPPER : OMPWG_LOWER;
                            p.lda = ld_of(side == 0 ? p.m : p.n, extra);
                            p.ldb = p.ldc = ld_of(rc, extra);
                            p.alpha = alpha_of(s / 4), p.beta = beta_of(s % 4);
                            fill_c(c0, rng, p.beta == 0 && s % 8 == 0);
                            grid_case(&gr, call_symm, &p, c0, LEN * sizeof(real),
                                      "%s %c%c %dx%d alpha %g beta %g", api_name(api_kind), p.f1,
                                      p.f2, p.m, p.n, (double)p.alpha, (double)p.beta);
                        }
    guard_free(c0);
    GRID_REPORT(&gr, backend, REAL_PREFIX "symm_, cblas_" REAL_PREFIX "symm");
}

static void grid_syrk(const char *backend, test_rng *rng, bool two)
{
    real *c0 = guard_alloc(LEN * sizeof(real));
    grid gr = { .cases = 0 };
    group_init(&gr.g, NULL);
    for (int api_kind = 0; api_kind < API_KINDS; api_kind++)
        for (int up = 0; up < 2; up++)
            for (int t = 0; t < 3; t++)
                for (int ni = 0; ni < SIZES; ni++)
                    for (int ki = 0; ki < SIZES; ki++)
                        for (int s = 0; s < 16; s++) {
                            /* netlib's CBLAS takes no CblasConjTrans for the real SYRK */
                            if (api_kind != FORTRAN && t == 2) continue;
                            call_args p = args_for(api_kind);
                            p.two = two, p.n = sizes[ni], p.k = sizes[ki];
                            const int extra = s % 3 == 0 ? 3 : 0;
                            /* A stored n x k (else k x n) */
                            const bool by_rows = (t == 0) != (api_kind == ROW_MAJOR);
                            p.f1 = up ? 'U' : 'L', p.f2 = trans_chars[t];
                            p.e1 = up ? OMPWG_UPPER : OMPWG_LOWER, p.e2 = trans_enums[t];
                            p.lda = p.ldb = ld_of(by_rows ? p.n : p.k, extra);
                            p.ldc = ld_of(p.n, extra);
                            p.alpha = alpha_of(s / 4), p.beta = beta_of(s % 4);
                            fill_c(c0, rng, p.beta == 0 && s % 8 == 0);
                            grid_case(&gr, call_syrk, &p, c0, LEN * sizeof(real),
                                      "%s %c%c n %d k %d alpha %g beta %g", api_name(api_kind),
                                      p.f1, p.f2, p.n, p.k, (double)p.alpha, (double)p.beta);
                        }
    guard_free(c0);
    GRID_REPORT(&gr, backend,
                two ? REAL_PREFIX "syr2k_, cblas_" REAL_PREFIX "syr2k"
                    : REAL_PREFIX "syrk_, cblas_" REAL_PREFIX "syrk");
}

static void grid_trxm(const char *backend, test_rng *rng, bool solve)
{
    real *b0 = guard_alloc(LEN * sizeof(real));
    grid gr = { .cases = 0 };
    group_init(&gr.g, NULL);
    for (int api_kind = 0; api_kind < API_KINDS; api_kind++)
        for (int side = 0; side < 2; side++)
            for (int up = 0; up < 2; up++)
                for (int t = 0; t < 3; t++)
                    for (int unit = 0; unit < 2; unit++)
                        for (int mi = 0; mi < SIZES; mi++)
                            for (int ni = 0; ni < SIZES; ni++)
                                for (int s = 0; s < 4; s++) {
                                    call_args p = args_for(api_kind);
                                    p.solve = solve, p.m = sizes[mi], p.n = sizes[ni];
                                    p.f1 = side ? 'R' : 'L', p.f2 = up ? 'U' : 'L';
                                    p.f3 = trans_chars[t], p.f4 = unit ? 'U' : 'N';
                                    p.e1 = side ? OMPWG_RIGHT : OMPWG_LEFT;
                                    p.e2 = up ? OMPWG_UPPER : OMPWG_LOWER;
                                    p.e3 = trans_enums[t];
                                    p.e4 = unit ? OMPWG_UNIT : OMPWG_NON_UNIT;
                                    p.lda = ld_of(side == 0 ? p.m : p.n, s % 2 * 3);
                                    p.ldb = ld_of(api_kind == ROW_MAJOR ? p.n : p.m, s % 2 * 2);
                                    p.alpha = alpha_of(s);
                                    fill_c(b0, rng, false);
                                    grid_case(&gr, call_trxm, &p, b0, LEN * sizeof(real),
                                              "%s %c%c%c%c %dx%d alpha %g", api_name(api_kind),
                                              p.f1, p.f2, p.f3, p.f4, p.m, p.n, (double)p.alpha);
                                }
    guard_free(b0);
    GRID_REPORT(&gr, backend,
                solve ? REAL_PREFIX "trsm_, cblas_" REAL_PREFIX "trsm"
                      : REAL_PREFIX "trmm_, cblas_" REAL_PREFIX "trmm");
}

static void grid_reduce(const char *backend)
{
    static const int ns[] = { -1, 0, 1, 2, 7, 64, 1000 };
    static const int incxs[] = { 1, 2, -1, -3, 0 };
    static const int incys[] = { 1, -2, 3, 0 };
    grid gr = { .cases = 0 };
    group_init(&gr.g, NULL);
    const real none = (real)NAN;
    for (int two = 0; two < 2; two++)
        for (int cblas = 0; cblas < 2; cblas++)
            for (size_t ni = 0; ni < sizeof ns / sizeof ns[0]; ni++)
                for (size_t xi = 0; xi < sizeof incxs / sizeof incxs[0]; xi++)
                    for (size_t yi = 0; yi < (two ? sizeof incys / sizeof incys[0] : 1); yi++) {
                        call_args p = { .cblas = cblas, .two = two, .n = ns[ni],
                                        .incx = incxs[xi], .incy = incys[yi] };
                        grid_case(&gr, call_reduce, &p, &none, sizeof none,
                                  "%s%s n %d incx %d incy %d", cblas ? "cblas_" : "",
                                  two ? "dot" : "asum", p.n, p.incx, p.incy);
                    }
    group_report(&gr.g, "%s: %sdot_, %sasum_ and their CBLAS forms, %d calls (n to 1000, every "
                 "sign of increment, zero ones) short and through the planner: the same bits",
                 backend, REAL_PREFIX, REAL_PREFIX, gr.cases);
}

/* i?amax past 2^16 elements: the drop-in's own search while short calls
 * are in effect, ompwg's max and min otherwise. */
static void long_iamax(const char *backend, test_rng *rng)
{
    grid gr = { .cases = 0 };
    group_init(&gr.g, NULL);
    for (int plant = 0; plant < 4; plant++)
        for (int incx = 1; incx <= 3; incx += 2) {
            for (int i = 0; i < LONG; i++) longx[i] = (real)REAL_UNIFORM(rng);
            const int p = (int)test_below(rng, LONG / incx) * incx;
            if (plant == 1) longx[p] = 4, longx[(p + 5 * incx) % LONG] = -4;
            if (plant == 2) longx[p] = (real)NAN, longx[(p + incx) % LONG] = 3;
            if (plant == 3) longx[0] = (real)NAN;
            call_args q = { .n = LONG / incx, .incx = incx };
            const int none = -1;
            grid_case(&gr, call_iamax, &q, &none, sizeof none, "plant %d, incx %d", plant, incx);
        }
    group_report(&gr.g, "%s: i%samax_ of %d elements (ties, NaN) searched in the drop-in and "
                 "through ompwg's max and min: the same index", backend, REAL_PREFIX, LONG);
}

/* ---- error exits, refusals ------------------------------------------------- */

/* An illegal call (C untouched, one handler call) gives the same report
 * with short calls on and off. */
static void errors(const char *backend)
{
    real *c = guard_alloc(LEN * sizeof(real)), *c0 = guard_alloc(LEN * sizeof(real));
    for (int i = 0; i < LEN; i++) c0[i] = (real)i;
    const real one = 1;
    const int two = 2, zero = 0, minus = -1, three = 3;
    group g;
    group_init(&g, NULL);
    for (int e = 0; e < 12; e++) {
        handler_record seen[2];
        bool untouched = true;
        for (int on = 1; on >= 0; on--) {
            ompwg_set_short_calls(on);
            memcpy(c, c0, LEN * sizeof(real));
            xerbla_seen = (handler_record){ 0 };
            cblas_xerbla_seen = (handler_record){ 0 };
            switch (e) {
            case 0: TN(, gemm_)("X", "N", &two, &two, &two, &one, a, &two, b, &two, &one, c, &two, 1, 1); break;
            case 1: TN(, gemm_)("N", "N", &two, &minus, &two, &one, a, &two, b, &two, &one, c, &two, 1, 1); break;
            case 2: TN(, gemm_)("N", "T", &three, &two, &two, &one, a, &three, b, &zero, &one, c, &three, 1, 1); break;
            case 3: TN(, gemm_)("N", "N", &three, &two, &two, &one, a, &three, b, &two, &one, c, &two, 1, 1); break;
            case 4: TN(, gemm_)("N", "N", &two, &two, &two, NULL, a, &two, b, &two, &one, c, &two, 1, 1); break;
            case 5: TN(cblas_, gemm)(OMPWG_ROW_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, 2, 3, 2, 1, a, 1, b, 3, 1, c, 3); break;
            case 6: TN(, symm_)("L", "X", &two, &two, &one, a, &two, b, &two, &one, c, &two, 1, 1); break;
            case 7: TN(, syrk_)("U", "N", &three, &two, &one, a, &two, &one, c, &three, 1, 1); break;
            case 8: TN(, syr2k_)("U", "T", &two, &three, &one, a, &three, b, &two, &one, c, &two, 1, 1); break;
            case 9: TN(, trsm_)("L", "U", "N", "X", &two, &two, &one, a, &two, c, &two, 1, 1, 1, 1); break;
            case 10: TN(, trmm_)("R", "U", "N", "N", &two, &three, &one, a, &two, c, &two, 1, 1, 1, 1); break;
            default: TN(cblas_, trsm)(OMPWG_COL_MAJOR, OMPWG_LEFT, OMPWG_UPPER, OMPWG_NO_TRANS, OMPWG_NON_UNIT, 3, 2, 1, a, 2, c, 3); break;
            }
            seen[on] = xerbla_seen.calls ? xerbla_seen : cblas_xerbla_seen;
            untouched &= memcmp(c, c0, LEN * sizeof(real)) == 0 &&
                         xerbla_seen.calls + cblas_xerbla_seen.calls == 1;
        }
        ompwg_set_short_calls(1);
        char what[32], why[160] = "";
        snprintf(what, sizeof what, "illegal call %d", e);
        const bool same = seen[0].number == seen[1].number &&
                          strcmp(seen[0].name, seen[1].name) == 0;
        if (!same)
            snprintf(why, sizeof why, "short: %s %d; planner: %s %d", seen[1].name,
                     seen[1].number, seen[0].name, seen[0].number);
        else if (!untouched)
            snprintf(why, sizeof why, "C written, or not one report");
        group_add(&g, what, same && untouched, why, -1);
    }
    group_report(&g, "%s: illegal arguments of %sgemm_, cblas_%sgemm, %ssymm_, %ssyrk_, "
                 "%ssyr2k_, %strsm_, %strmm_ and cblas_%strsm reach the handlers with the same "
                 "numbers with short calls on and off, C untouched", backend, REAL_PREFIX,
                 REAL_PREFIX, REAL_PREFIX, REAL_PREFIX, REAL_PREFIX, REAL_PREFIX, REAL_PREFIX,
                 REAL_PREFIX);
    guard_free(c);
    guard_free(c0);
}

/* C sharing elements with A, and a missing A, are refused (C untouched)
 * with short calls on and off, as the planner's path refuses them. */
static void refusals(const char *backend)
{
    real *buf = guard_alloc(LEN * sizeof(real)), *copy = test_malloc(LEN * sizeof(real));
    const real one = 1;
    const int n = 3, ld = 4;
    group g;
    group_init(&g, NULL);
    for (int r = 0; r < 3; r++)
        for (int on = 1; on >= 0; on--) {
            ompwg_set_short_calls(on);
            for (int i = 0; i < LEN; i++) buf[i] = (real)(i % 7);
            memcpy(copy, buf, LEN * sizeof(real));
            /* r 0: GEMM with C one element into A; 1: TRSM with B on A; 2: A NULL */
            if (r == 0)
                TN(, gemm_)("N", "N", &n, &n, &n, &one, buf, &ld, b, &ld, &one, buf + 1, &ld, 1, 1);
            else if (r == 1)
                TN(, trsm_)("L", "U", "N", "N", &n, &n, &one, buf, &ld, buf + ld, &ld, 1, 1, 1, 1);
            else
                TN(, gemm_)("N", "N", &n, &n, &n, &one, NULL, &ld, b, &ld, &one, buf, &ld, 1, 1);
            char what[48];
            snprintf(what, sizeof what, "%s, short calls %s",
                     r == 0 ? "GEMM C on A" : r == 1 ? "TRSM B on A" : "GEMM A NULL",
                     on ? "on" : "off");
            group_add(&g, what, memcmp(buf, copy, LEN * sizeof(real)) == 0,
                      "the call wrote its output", -1);
        }
    ompwg_set_short_calls(1);
    group_report(&g, "%s: a GEMM whose C overlaps A, a TRSM whose B overlaps A and a GEMM "
                 "without A are refused with short calls on and off (each says so on stderr)",
                 backend);
    guard_free(buf);
    free(copy);
}

/* ---- whether short calls are in effect ------------------------------------ */

/* OMPWG_SHORT_CALLS's line in ompwg info, into buf. */
static void short_setting(char *buf, size_t len)
{
    buf[0] = 0;
    for (int i = 0; i < ompwg_config_count(); i++) {
        ompwg_knob_info k;
        if (ompwg_config_describe(i, &k) == OMPWG_OK && strcmp(k.env, "OMPWG_SHORT_CALLS") == 0)
            snprintf(buf, len, "%s", k.value);
    }
}

static bool in_effect(void)
{
    char v[256];
    short_setting(v, sizeof v);
    return strcmp(v, "1 (in effect)") == 0;
}

static void *own_backend(void *arg)
{
    bool *seen_closed = arg;
    ompwg_set_thread_backend("openblas");
    *seen_closed = !in_effect();
    /* the thread ends with its choice still set */
    return NULL;
}

/* Under "openblas" short calls are in effect; a thread's own backend
 * suspends them (for every thread) until it ends. */
static void effect_openblas(void)
{
    char v[256];
    short_setting(v, sizeof v);
    bool open = in_effect();
    tap_ok(open, "openblas: OMPWG_SHORT_CALLS reads \"1 (in effect)\" (reads \"%s\")", v);
    bool seen_closed = false;
    pthread_t t;
    bool ran = pthread_create(&t, NULL, own_backend, &seen_closed) == 0;
    if (ran) pthread_join(t, NULL);
    tap_ok(ran && seen_closed && in_effect(),
           "openblas: not in effect while a thread has a backend of its own, again once it ended");
    ompwg_set_short_calls(0);
    short_setting(v, sizeof v);
    tap_ok(strcmp(v, "0") == 0, "ompwg_set_short_calls(0): OMPWG_SHORT_CALLS reads \"0\" (\"%s\")",
           v);
    ompwg_set_short_calls(1);
}

/* ---- settings changed beside short calls ---------------------------------- */

enum { WORKERS = 2, ROUNDS = 3000 };

typedef struct worker {
    pthread_t thread;
    atomic_bool *stop;
    int wrong, calls;
} worker;

/* Small calls on exact operands (small integers) until told to stop: each
 * result exact, whichever path ran it. */
static void *calls_beside(void *arg)
{
    worker *w = arg;
    const int n = 4, one_i = 1;
    real wa[16], wb[16], wc[16], x8[8];
    for (int i = 0; i < 16; i++) {
        wa[i] = (real)(i % 3);
        wb[i] = (real)(i % 5 - 2);
    }
    for (int i = 0; i < 8; i++) x8[i] = (real)(i - 3);
    const real one = 1, zero = 0;
    while (!atomic_load(w->stop)) {
        TN(, gemm_)("N", "N", &n, &n, &n, &one, wa, &n, wb, &n, &zero, wc, &n, 1, 1);
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++) {
                real want = 0;
                for (int p = 0; p < n; p++) want += wa[i + p * n] * wb[p + j * n];
                w->wrong += wc[i + j * n] != want;
            }
        const int eight = 8;
        w->wrong += TN(, dot_)(&eight, x8, &one_i, x8, &one_i) != 44;
        w->wrong += TN(i, amax_)(&eight, x8, &one_i) != 8;
        w->calls++;
    }
    return NULL;
}

/* Two threads make short calls while this one turns short calls, check
 * mode and the selection on and off and takes a backend of its own and
 * back: every result exact (under TSan, the suite concurrency, no race). */
static void settings_beside(void)
{
    /* in effect here unless a usable device keeps the planner */
    const bool before = in_effect();
    atomic_bool stop = false;
    worker w[WORKERS];
    int started = 0;
    for (int t = 0; t < WORKERS; t++) {
        w[t] = (worker){ .stop = &stop };
        started += pthread_create(&w[t].thread, NULL, calls_beside, &w[t]) == 0;
    }
    for (int r = 0; r < ROUNDS && started == WORKERS; r++) {
        switch (r % 5) {
        case 0: ompwg_set_short_calls(r % 2); break;
        case 1: ompwg_set_check(r % 2); break;
        case 2: ompwg_set_backend(r % 3 ? "auto" : "openblas"); break;
        case 3: ompwg_set_thread_backend(r % 2 ? "cpu" : NULL); break;
        default: ompwg_set_split_share(r % 2 ? 0.5 : -1); break;
        }
    }
    atomic_store(&stop, true);
    int wrong = 0, calls = 0;
    for (int t = 0; t < started; t++) {
        pthread_join(w[t].thread, NULL);
        wrong += w[t].wrong;
        calls += w[t].calls;
    }
    ompwg_set_short_calls(1);
    ompwg_set_check(-1);
    ompwg_set_thread_backend(NULL);
    ompwg_set_split_share(-1);
    ompwg_set_backend("auto");
    tap_ok(started == WORKERS && wrong == 0,
           "%d threads' %d rounds of %sgemm_, %sdot_ and i%samax_ exact while a third turned "
           "short calls, check mode, the selection, its own backend and a split share on "
           "and off %d times (%d wrong)", started, calls, REAL_PREFIX, REAL_PREFIX, REAL_PREFIX,
           ROUNDS, wrong);
    tap_ok(in_effect() == before, "short calls %s again once the settings are back",
           before ? "in effect" : "still not in effect (a usable device keeps the planner)");
}

/* ---- main ----------------------------------------------------------------- */

static void run_all(const char *backend)
{
    test_rng rng;
    test_rng_init(&rng, 23);
    grid_gemm(backend, &rng);
    grid_cgemm(backend, &rng);
    grid_symm(backend, &rng);
    grid_syrk(backend, &rng, false);
    grid_syrk(backend, &rng, true);
    grid_trxm(backend, &rng, false);
    grid_trxm(backend, &rng, true);
    grid_reduce(backend);
    long_iamax(backend, &rng);
    errors(backend);
    refusals(backend);
}

int main(void)
{
    tap_init("test_blas_%sshort", REAL_PREFIX);
    test_rng rng;
    test_rng_init(&rng, 7);
    a = guard_alloc(LEN * sizeof(real));
    b = guard_alloc(LEN * sizeof(real));
    x = guard_alloc(VEC * sizeof(real));
    y = guard_alloc(VEC * sizeof(real));
    longx = guard_alloc(LONG * sizeof(real));
    ca = guard_alloc(LEN * sizeof(cplx));
    cb = guard_alloc(LEN * sizeof(cplx));
    for (int i = 0; i < LEN; i++) {
        a[i] = (real)REAL_UNIFORM(&rng);
        b[i] = (real)REAL_UNIFORM(&rng);
        ca[i] = (cplx){ (real)REAL_UNIFORM(&rng), (real)REAL_UNIFORM(&rng) };
        cb[i] = (cplx){ (real)REAL_UNIFORM(&rng), (real)REAL_UNIFORM(&rng) };
    }
    /* A's diagonal (at any of the leading dimensions) away from zero, for TRSM */
    for (int ld = 1; ld < LD; ld++)
        for (int i = 0; i * (ld + 1) < LEN && i < ld; i++) a[i * (ld + 1)] += 3;
    for (int i = 0; i < VEC; i++) {
        x[i] = (real)REAL_UNIFORM(&rng);
        y[i] = (real)REAL_UNIFORM(&rng);
    }
    x[5] = (real)NAN; /* in reach of n 7 and 64 at increment 1 and 2 */
    char why[256];
    if (ompwg_set_backend("openblas") != OMPWG_OK) {
        tap_skip("openblas", "the backend openblas is not usable here");
    } else {
        effect_openblas();
        run_all("openblas");
    }
    ompwg_set_backend("auto");
    char v[256];
    short_setting(v, sizeof v);
    tap_diag("auto: OMPWG_SHORT_CALLS %s", v);
    run_all("auto");
    settings_beside();
    (void)why;
    tap_ok(guard_canaries_kept(a, "A", why, sizeof why) && guard_canaries_kept(b, "B", why, sizeof why),
           "the inputs' canaries are intact");
    return tap_done();
}
