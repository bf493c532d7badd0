/* The public LU, Cholesky and QR entry points (ompwg_lapack.h), compiled once
 * per precision: check the arguments in the reference routine's order,
 * take the quick returns, place the call on the model (the device's link
 * and level-3 curve against the host's), run it on the chosen backend's
 * routine, and on the reference when the device cannot hold it. */
#include "prec.h"

#include <string.h>

#include "check.h"
#include "dispatch.h"
#include "ompwg.h"
#include "ompwg_lapack.h"

/* How much longer than the level-3 (TRSM) curve predicts for its flops a
 * factorisation takes on the device (factor_device_slowdown), and what it
 * spends whatever its flops (factor_device_fixed): the GPU's narrowest
 * panels are bound by a barrier a column (LU, QR: a barrier across the
 * grid) and by a launch a diagonal block (Cholesky); QR's block reflectors
 * are GEMMs of 64 rows or columns, slower than the curve's square ones. And
 * how much longer than that curve OpenBLAS's LAPACK takes on the host
 * (factor_host_slowdown): its QR is reference LAPACK's code around its
 * BLAS, 8 times the curve's time at n = 1024 and 3.5 times at 8192; the
 * factor is the one of the orders where the GPU starts to win. The figures are the GPU
 * kernels' and OpenBLAS's as measured (bench/NOTES.md, "LU and Cholesky on
 * the device", "QR on the device"). */
static double factor_device_slowdown(const ompwg_factor_shape *s)
{
    return s->op == OMPWG_LA_GEQRF || s->op == OMPWG_LA_GELS || s->op == OMPWG_LA_ORMQR ? 2.0
                                                                                          : 1.4;
}

static double factor_host_slowdown(const ompwg_factor_shape *s)
{
    /* OpenBLAS's sgeqrf took 0.81 of its dgeqrf's time at n = 1024, where
     * its single-precision curve is twice as fast */
    const double qr = T_IS_DOUBLE ? 7.0 : 14.0;
    return s->op == OMPWG_LA_GEQRF || s->op == OMPWG_LA_GELS || s->op == OMPWG_LA_ORMQR ? qr
                                                                                          : 1.0;
}

static double factor_device_fixed(const ompwg_factor_shape *s)
{
    const double cols = (double)(s->m < s->n ? s->m : s->n);
    switch (s->op) {
    case OMPWG_LA_GETRF:
    case OMPWG_LA_GESV: return cols * 12e-6;
    case OMPWG_LA_POTRF:
    case OMPWG_LA_POSV: return cols * 2.5e-6;
    case OMPWG_LA_GEQRF:
    case OMPWG_LA_GELS: return cols * 10e-6;
    case OMPWG_LA_ORMQR: return (double)s->k * 2e-6;
    default: return 0;
    }
}

static const char *const factor_names[OMPWG_LA_OP_COUNT] = OMPWG_LA_NAMES(T_PREFIX, "");

static double factor_flops(const ompwg_factor_shape *s)
{
    const double m = (double)s->m, n = (double)s->n, r = (double)s->nrhs;
    const double k = m < n ? m : n;
    double f = 0;
    if (s->op == OMPWG_LA_GEQRF || s->op == OMPWG_LA_GELS) {
        f = 2 * m * n * k - (m + n) * k * k + 2 * k * k * k / 3;
        if (s->op == OMPWG_LA_GELS) f += 4 * (m > n ? m : n) * k * r + k * k * r;
        return f;
    }
    if (s->op == OMPWG_LA_ORMQR) {
        const double kk = (double)s->k;
        return 4 * m * n * kk - 2 * (s->left ? n : m) * kk * kk;
    }
    if (s->op == OMPWG_LA_GETRF || s->op == OMPWG_LA_GESV)
        f += m * n * k - (m + n) * k * k / 2 + k * k * k / 3;
    if (s->op == OMPWG_LA_POTRF || s->op == OMPWG_LA_POSV) f += n * n * n / 3;
    if (s->op != OMPWG_LA_GETRF && s->op != OMPWG_LA_POTRF) f += 2 * n * n * r;
    return 2 * f;
}

/* The planner's description of the normalised call s on a and b (NULL
 * for a plan without data). */
static ompwg_call factor_call(const ompwg_factor_shape *s, bool device, const T *a, const T *b)
{
    const ompwg_factor_extents o = ompwg_factor_extents_of(s);
    ompwg_call call = { .what = factor_names[s->op], .kind = OMPWG_MODEL_LEVEL3,
                        .dbl = T_IS_DOUBLE, .work = factor_flops(s), .m = s->m, .n = s->n,
                        .k = s->op == OMPWG_LA_ORMQR ? s->k : o.has_b ? s->nrhs : s->n,
                        .device = device, .operands = o.has_b ? 2 : 1,
                        .device_slowdown = factor_device_slowdown(s),
                        .device_fixed = factor_device_fixed(s),
                        .host_slowdown = factor_host_slowdown(s),
                        .shape_kind = OMPWG_SHAPE_FACTOR, .shape = s };
    call.op[0] = ompwg_matrix_operand(a, o.a_rows, o.a_cols, s->lda, sizeof(T), true, o.a_written);
    if (o.has_b)
        call.op[1] = ompwg_matrix_operand(b, o.b_rows, o.b_cols, s->ldb, sizeof(T), true, true);
    return call;
}

int TN(ompwg_plan_, factor_op)(const ompwg_model *model, int op, int64_t m, int64_t n,
                               int64_t nrhs, ompwg_plan *out)
{
    ompwg_factor_shape s = { .op = (ompwg_factor_op)op, .left = true, .m = m, .n = n,
                             .nrhs = nrhs, .k = nrhs, .lda = m, .ldb = m > n ? m : n };
    if (op == OMPWG_LA_ORMQR) s.nrhs = 0;
    const ompwg_call call = factor_call(&s, false, NULL, NULL);
    return ompwg_plan_call(model, &call, out);
}

/* Runs the normalised call s (sizes > 0, quick returns taken). */
static ompwg_status run_factor(bool device, ompwg_factor_shape *s, T *a, int64_t *ipiv, T *tau,
                               T *b, int64_t *info)
{
    s->device_ptrs = device;
    const ompwg_call call = factor_call(s, device, a, b);
    void *ptr[2] = { a, b };
    ompwg_placement pl;
    int st = ompwg_place_call(&call, &pl, ptr);
    if (st != OMPWG_OK) return st;
    const ompwg_backend *be = pl.be;
    TN(ompwg_, factor_fn) fn = be->TN(, factor)[s->op];
    if (pl.mapped && !device) {
        /* host data the device holds: its device copies, unless the device
         * backend refuses them before writing anything */
        s->device_ptrs = true;
        st = fn(s, ptr[0], ipiv, tau, ptr[1], info);
        if (st != OMPWG_ERR_UNSUPPORTED) return st;
        s->device_ptrs = false;
    }
    /* OpenBLAS's LAPACK calls its BLAS by name, which a preloaded or linked
     * drop-in BLAS takes: those calls, tuned for it, go straight back to
     * OpenBLAS while it runs */
    const ompwg_backend *ref = ompwg_find_backend_with(OMPWG_CAP_REFERENCE);
    const bool on_ref = !device && ref && fn == ref->TN(, factor)[s->op];
    const char *own = on_ref ? ompwg_get_thread_backend() : NULL;
    if (on_ref) ompwg_set_thread_backend(ref->name);
    if (ompwg_get_check() && !device && !ompwg_is_reference(be) &&
        ompwg_check_reaches(OMPWG_SHAPE_FACTOR, s, factor_names[s->op]))
        st = TN(ompwg_checked_, factor)(be, fn, s, a, ipiv, tau, b, info);
    else
        st = fn(s, a, ipiv, tau, b, info);
    if (on_ref) ompwg_set_thread_backend(own);
    /* a host call the device cannot hold, or a case its kernels leave to
     * the host (GELS of a wide A), runs on the host's LAPACK; the device
     * backend refuses before writing anything */
    if ((st == OMPWG_ERR_DEVICE_NOMEM || st == OMPWG_ERR_UNSUPPORTED) && !device) {
        const ompwg_backend *ref = ompwg_find_backend_with(OMPWG_CAP_REFERENCE);
        if (ref && ref != be) st = ref->TN(, factor)[s->op](s, a, ipiv, tau, b, info);
    }
    return st;
}

/* Records -arg in *info and returns st (an argument check's failure). */
static ompwg_status bad_arg(int64_t *info, int arg, ompwg_status st)
{
    *info = -arg;
    return st;
}

/* GETRF and GEQRF, whose checks are one: an m x n A, and its pivots or its
 * reflectors' scalars. */
static ompwg_status factor_general(bool device, ompwg_factor_op op, int64_t m, int64_t n, T *a,
                                   int64_t lda, int64_t *ipiv, T *tau, int64_t *info)
{
    if (!info) return OMPWG_ERR_NULL;
    *info = 0;
    if (m < 0) return bad_arg(info, 1, OMPWG_ERR_SIZE);
    if (n < 0) return bad_arg(info, 2, OMPWG_ERR_SIZE);
    if (lda < (m > 1 ? m : 1)) return bad_arg(info, 4, OMPWG_ERR_LD);
    if (m == 0 || n == 0) return OMPWG_OK;
    if (!a || (op == OMPWG_LA_GETRF ? !ipiv : !tau)) return OMPWG_ERR_NULL;
    ompwg_factor_shape s = { .op = op, .m = m, .n = n, .lda = lda, .ldb = 1 };
    return run_factor(device, &s, a, ipiv, tau, NULL, info);
}

static bool trans_ok(ompwg_trans trans)
{
    return trans == OMPWG_NO_TRANS || trans == OMPWG_TRANS || trans == OMPWG_CONJ_TRANS;
}

static ompwg_status getrs(bool device, ompwg_trans trans, int64_t n, int64_t nrhs, const T *a,
                          int64_t lda, const int64_t *ipiv, T *b, int64_t ldb, int64_t *info)
{
    if (!info) return OMPWG_ERR_NULL;
    *info = 0;
    if (!trans_ok(trans)) return bad_arg(info, 1, OMPWG_ERR_TRANS);
    if (n < 0) return bad_arg(info, 2, OMPWG_ERR_SIZE);
    if (nrhs < 0) return bad_arg(info, 3, OMPWG_ERR_SIZE);
    if (lda < (n > 1 ? n : 1)) return bad_arg(info, 5, OMPWG_ERR_LD);
    if (ldb < (n > 1 ? n : 1)) return bad_arg(info, 8, OMPWG_ERR_LD);
    if (n == 0 || nrhs == 0) return OMPWG_OK;
    if (!a || !ipiv || !b) return OMPWG_ERR_NULL;
    ompwg_factor_shape s = { .op = OMPWG_LA_GETRS, .trans = trans != OMPWG_NO_TRANS, .m = n,
                             .n = n, .nrhs = nrhs, .lda = lda, .ldb = ldb };
    return run_factor(device, &s, (T *)a, (int64_t *)ipiv, NULL, b, info);
}

static ompwg_status gesv(bool device, int64_t n, int64_t nrhs, T *a, int64_t lda, int64_t *ipiv,
                         T *b, int64_t ldb, int64_t *info)
{
    if (!info) return OMPWG_ERR_NULL;
    *info = 0;
    if (n < 0) return bad_arg(info, 1, OMPWG_ERR_SIZE);
    if (nrhs < 0) return bad_arg(info, 2, OMPWG_ERR_SIZE);
    if (lda < (n > 1 ? n : 1)) return bad_arg(info, 4, OMPWG_ERR_LD);
    if (ldb < (n > 1 ? n : 1)) return bad_arg(info, 7, OMPWG_ERR_LD);
    if (n == 0) return OMPWG_OK;
    if (!a || !ipiv || (nrhs > 0 && !b)) return OMPWG_ERR_NULL;
    /* no right-hand side: the factorisation alone, as DGESV's DGETRS
     * returns at once */
    ompwg_factor_shape s = { .op = nrhs > 0 ? OMPWG_LA_GESV : OMPWG_LA_GETRF, .m = n, .n = n,
                             .nrhs = nrhs, .lda = lda, .ldb = ldb };
    return run_factor(device, &s, a, ipiv, NULL, nrhs > 0 ? b : NULL, info);
}

static bool uplo_ok(ompwg_uplo uplo)
{
    return uplo == OMPWG_UPPER || uplo == OMPWG_LOWER;
}

static ompwg_status potrf(bool device, ompwg_uplo uplo, int64_t n, T *a, int64_t lda,
                          int64_t *info)
{
    if (!info) return OMPWG_ERR_NULL;
    *info = 0;
    if (!uplo_ok(uplo)) return bad_arg(info, 1, OMPWG_ERR_FLAGS);
    if (n < 0) return bad_arg(info, 2, OMPWG_ERR_SIZE);
    if (lda < (n > 1 ? n : 1)) return bad_arg(info, 4, OMPWG_ERR_LD);
    if (n == 0) return OMPWG_OK;
    if (!a) return OMPWG_ERR_NULL;
    ompwg_factor_shape s = { .op = OMPWG_LA_POTRF, .upper = uplo == OMPWG_UPPER, .m = n, .n = n,
                             .lda = lda, .ldb = 1 };
    return run_factor(device, &s, a, NULL, NULL, NULL, info);
}

/* POTRS (solve) and POSV (factor then solve) share their checks. */
static ompwg_status potrs_posv(bool device, ompwg_factor_op op, ompwg_uplo uplo, int64_t n,
                               int64_t nrhs, T *a, int64_t lda, T *b, int64_t ldb, int64_t *info)
{
    if (!info) return OMPWG_ERR_NULL;
    *info = 0;
    if (!uplo_ok(uplo)) return bad_arg(info, 1, OMPWG_ERR_FLAGS);
    if (n < 0) return bad_arg(info, 2, OMPWG_ERR_SIZE);
    if (nrhs < 0) return bad_arg(info, 3, OMPWG_ERR_SIZE);
    if (lda < (n > 1 ? n : 1)) return bad_arg(info, 5, OMPWG_ERR_LD);
    if (ldb < (n > 1 ? n : 1)) return bad_arg(info, 7, OMPWG_ERR_LD);
    if (n == 0 || (op == OMPWG_LA_POTRS && nrhs == 0)) return OMPWG_OK;
    if (!a || (nrhs > 0 && !b)) return OMPWG_ERR_NULL;
    if (nrhs == 0) op = OMPWG_LA_POTRF;
    ompwg_factor_shape s = { .op = op, .upper = uplo == OMPWG_UPPER, .m = n, .n = n,
                             .nrhs = nrhs, .lda = lda, .ldb = ldb };
    return run_factor(device, &s, a, NULL, NULL, nrhs > 0 ? b : NULL, info);
}

static ompwg_status ormqr(bool device, ompwg_side side, ompwg_trans trans, int64_t m, int64_t n,
                          int64_t k, const T *a, int64_t lda, const T *tau, T *c, int64_t ldc,
                          int64_t *info)
{
    if (!info) return OMPWG_ERR_NULL;
    *info = 0;
    const bool left = side == OMPWG_LEFT;
    const int64_t nq = left ? m : n;
    if (!left && side != OMPWG_RIGHT) return bad_arg(info, 1, OMPWG_ERR_FLAGS);
    if (!trans_ok(trans)) return bad_arg(info, 2, OMPWG_ERR_TRANS);
    if (m < 0) return bad_arg(info, 3, OMPWG_ERR_SIZE);
    if (n < 0) return bad_arg(info, 4, OMPWG_ERR_SIZE);
    if (k < 0 || k > nq) return bad_arg(info, 5, OMPWG_ERR_SIZE);
    if (lda < (nq > 1 ? nq : 1)) return bad_arg(info, 7, OMPWG_ERR_LD);
    if (ldc < (m > 1 ? m : 1)) return bad_arg(info, 10, OMPWG_ERR_LD);
    if (m == 0 || n == 0 || k == 0) return OMPWG_OK;
    if (!a || !tau || !c) return OMPWG_ERR_NULL;
    ompwg_factor_shape s = { .op = OMPWG_LA_ORMQR, .left = left, .trans = trans != OMPWG_NO_TRANS,
                             .m = m, .n = n, .k = k, .lda = lda, .ldb = ldc };
    return run_factor(device, &s, (T *)a, NULL, (T *)tau, c, info);
}

static ompwg_status gels(bool device, ompwg_trans trans, int64_t m, int64_t n, int64_t nrhs, T *a,
                         int64_t lda, T *b, int64_t ldb, int64_t *info)
{
    if (!info) return OMPWG_ERR_NULL;
    *info = 0;
    const int64_t rows = m > n ? m : n;
    if (!trans_ok(trans)) return bad_arg(info, 1, OMPWG_ERR_TRANS);
    if (m < 0) return bad_arg(info, 2, OMPWG_ERR_SIZE);
    if (n < 0) return bad_arg(info, 3, OMPWG_ERR_SIZE);
    if (nrhs < 0) return bad_arg(info, 4, OMPWG_ERR_SIZE);
    if (lda < (m > 1 ? m : 1)) return bad_arg(info, 6, OMPWG_ERR_LD);
    if (ldb < (rows > 1 ? rows : 1)) return bad_arg(info, 8, OMPWG_ERR_LD);
    if (nrhs == 0) return OMPWG_OK;
    if (!b || ((m > 0 && n > 0) && !a)) return OMPWG_ERR_NULL;
    if (m == 0 || n == 0) {
        /* B := 0 on its max(m, n) rows, as DGELS's quick return */
        if (rows == 0) return OMPWG_OK;
        const ompwg_layout cm = OMPWG_COL_MAJOR;
        return device ? TN(ompwg_, gemm_device)(cm, OMPWG_NO_TRANS, OMPWG_NO_TRANS, rows, nrhs, 0,
                                                0, NULL, rows, NULL, 1, 0, b, ldb)
                      : TN(ompwg_, gemm)(cm, OMPWG_NO_TRANS, OMPWG_NO_TRANS, rows, nrhs, 0, 0,
                                         NULL, rows, NULL, 1, 0, b, ldb);
    }
    ompwg_factor_shape s = { .op = OMPWG_LA_GELS, .trans = trans != OMPWG_NO_TRANS, .m = m,
                             .n = n, .nrhs = nrhs, .lda = lda, .ldb = ldb };
    return run_factor(device, &s, a, NULL, NULL, b, info);
}

/* The public names, spelled in full (ompwg_lapack.h documents them); host
 * data, then device pointers. */
#define GETRF_PARAMS int64_t m, int64_t n, T *a, int64_t lda, int64_t *ipiv, int64_t *info
#define GETRS_PARAMS                                                                            \
    ompwg_trans trans, int64_t n, int64_t nrhs, const T *a, int64_t lda, const int64_t *ipiv,  \
        T *b, int64_t ldb, int64_t *info
#define GESV_PARAMS                                                                             \
    int64_t n, int64_t nrhs, T *a, int64_t lda, int64_t *ipiv, T *b, int64_t ldb, int64_t *info
#define POTRF_PARAMS ompwg_uplo uplo, int64_t n, T *a, int64_t lda, int64_t *info
#define POTRS_PARAMS                                                                            \
    ompwg_uplo uplo, int64_t n, int64_t nrhs, const T *a, int64_t lda, T *b, int64_t ldb,      \
        int64_t *info
#define POSV_PARAMS                                                                             \
    ompwg_uplo uplo, int64_t n, int64_t nrhs, T *a, int64_t lda, T *b, int64_t ldb, int64_t *info
#define GEQRF_PARAMS int64_t m, int64_t n, T *a, int64_t lda, T *tau, int64_t *info
#define ORMQR_PARAMS                                                                            \
    ompwg_side side, ompwg_trans trans, int64_t m, int64_t n, int64_t k, const T *a, int64_t lda, \
        const T *tau, T *c, int64_t ldc, int64_t *info
#define GELS_PARAMS                                                                             \
    ompwg_trans trans, int64_t m, int64_t n, int64_t nrhs, T *a, int64_t lda, T *b, int64_t ldb,  \
        int64_t *info
#define GEQRF_ARGS OMPWG_LA_GEQRF, m, n, a, lda, NULL, tau, info
#define ORMQR_ARGS side, trans, m, n, k, a, lda, tau, c, ldc, info
#define GELS_ARGS trans, m, n, nrhs, a, lda, b, ldb, info
#define GETRF_ARGS OMPWG_LA_GETRF, m, n, a, lda, ipiv, NULL, info
#define GETRS_ARGS trans, n, nrhs, a, lda, ipiv, b, ldb, info
#define GESV_ARGS n, nrhs, a, lda, ipiv, b, ldb, info
#define POTRF_ARGS uplo, n, a, lda, info
#define POTRS_ARGS OMPWG_LA_POTRS, uplo, n, nrhs, (T *)a, lda, b, ldb, info
#define POSV_ARGS OMPWG_LA_POSV, uplo, n, nrhs, a, lda, b, ldb, info

#if T_IS_DOUBLE
ompwg_status ompwg_dgetrf(GETRF_PARAMS) { return factor_general(false, GETRF_ARGS); }
ompwg_status ompwg_dgetrf_device(GETRF_PARAMS) { return factor_general(true, GETRF_ARGS); }
ompwg_status ompwg_dgetrs(GETRS_PARAMS) { return getrs(false, GETRS_ARGS); }
ompwg_status ompwg_dgetrs_device(GETRS_PARAMS) { return getrs(true, GETRS_ARGS); }
ompwg_status ompwg_dgesv(GESV_PARAMS) { return gesv(false, GESV_ARGS); }
ompwg_status ompwg_dgesv_device(GESV_PARAMS) { return gesv(true, GESV_ARGS); }
ompwg_status ompwg_dpotrf(POTRF_PARAMS) { return potrf(false, POTRF_ARGS); }
ompwg_status ompwg_dpotrf_device(POTRF_PARAMS) { return potrf(true, POTRF_ARGS); }
ompwg_status ompwg_dpotrs(POTRS_PARAMS) { return potrs_posv(false, POTRS_ARGS); }
ompwg_status ompwg_dpotrs_device(POTRS_PARAMS) { return potrs_posv(true, POTRS_ARGS); }
ompwg_status ompwg_dposv(POSV_PARAMS) { return potrs_posv(false, POSV_ARGS); }
ompwg_status ompwg_dposv_device(POSV_PARAMS) { return potrs_posv(true, POSV_ARGS); }
ompwg_status ompwg_dgeqrf(GEQRF_PARAMS) { return factor_general(false, GEQRF_ARGS); }
ompwg_status ompwg_dgeqrf_device(GEQRF_PARAMS) { return factor_general(true, GEQRF_ARGS); }
ompwg_status ompwg_dormqr(ORMQR_PARAMS) { return ormqr(false, ORMQR_ARGS); }
ompwg_status ompwg_dormqr_device(ORMQR_PARAMS) { return ormqr(true, ORMQR_ARGS); }
ompwg_status ompwg_dgels(GELS_PARAMS) { return gels(false, GELS_ARGS); }
ompwg_status ompwg_dgels_device(GELS_PARAMS) { return gels(true, GELS_ARGS); }
#else
ompwg_status ompwg_sgetrf(GETRF_PARAMS) { return factor_general(false, GETRF_ARGS); }
ompwg_status ompwg_sgetrf_device(GETRF_PARAMS) { return factor_general(true, GETRF_ARGS); }
ompwg_status ompwg_sgetrs(GETRS_PARAMS) { return getrs(false, GETRS_ARGS); }
ompwg_status ompwg_sgetrs_device(GETRS_PARAMS) { return getrs(true, GETRS_ARGS); }
ompwg_status ompwg_sgesv(GESV_PARAMS) { return gesv(false, GESV_ARGS); }
ompwg_status ompwg_sgesv_device(GESV_PARAMS) { return gesv(true, GESV_ARGS); }
ompwg_status ompwg_spotrf(POTRF_PARAMS) { return potrf(false, POTRF_ARGS); }
ompwg_status ompwg_spotrf_device(POTRF_PARAMS) { return potrf(true, POTRF_ARGS); }
ompwg_status ompwg_spotrs(POTRS_PARAMS) { return potrs_posv(false, POTRS_ARGS); }
ompwg_status ompwg_spotrs_device(POTRS_PARAMS) { return potrs_posv(true, POTRS_ARGS); }
ompwg_status ompwg_sposv(POSV_PARAMS) { return potrs_posv(false, POSV_ARGS); }
ompwg_status ompwg_sposv_device(POSV_PARAMS) { return potrs_posv(true, POSV_ARGS); }
ompwg_status ompwg_sgeqrf(GEQRF_PARAMS) { return factor_general(false, GEQRF_ARGS); }
ompwg_status ompwg_sgeqrf_device(GEQRF_PARAMS) { return factor_general(true, GEQRF_ARGS); }
ompwg_status ompwg_sormqr(ORMQR_PARAMS) { return ormqr(false, ORMQR_ARGS); }
ompwg_status ompwg_sormqr_device(ORMQR_PARAMS) { return ormqr(true, ORMQR_ARGS); }
ompwg_status ompwg_sgels(GELS_PARAMS) { return gels(false, GELS_ARGS); }
ompwg_status ompwg_sgels_device(GELS_PARAMS) { return gels(true, GELS_ARGS); }
#endif

#if T_IS_DOUBLE
ompwg_status ompwg_plan_factor(const ompwg_model *model, const char *routine, int64_t m,
                               int64_t n, int64_t nrhs, ompwg_plan *out)
{
    if (!out || !routine) return OMPWG_ERR_NULL;
    const char p = routine[0];
    int op = -1;
    for (int i = 0; i < OMPWG_LA_OP_COUNT; i++)
        if (strcmp(routine + 1, factor_names[i] + 1) == 0) op = i;
    if ((p != 's' && p != 'd') || op < 0) return OMPWG_ERR_FLAGS;
    const bool square = op != OMPWG_LA_GETRF && op != OMPWG_LA_GEQRF && op != OMPWG_LA_GELS &&
                        op != OMPWG_LA_ORMQR;
    const bool solves = op != OMPWG_LA_GETRF && op != OMPWG_LA_POTRF && op != OMPWG_LA_GEQRF;
    if (m <= 0 || n <= 0 || (square && m != n) || (solves && nrhs <= 0) ||
        (op == OMPWG_LA_ORMQR && nrhs > m))
        return OMPWG_ERR_SIZE;
    return p == 'd' ? ompwg_plan_dfactor_op(model, op, m, n, nrhs, out)
                    : ompwg_plan_sfactor_op(model, op, m, n, nrhs, out);
}
#endif
