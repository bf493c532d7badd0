/* The public SYMM, SYRK, SYR2K, TRMM and TRSM entry points, compiled once
 * per precision: check the arguments, normalise, place the call by its
 * flops on the model's curves, run it on the chosen backend's
 * routine (or the reference's, for a backend without one), optionally
 * check. */
#include "prec.h"

#include <math.h>

#include "args.h"
#include "check.h"
#include "dispatch.h"
#include "ompwg.h"

/* The curve a routine's flops are priced on: TRSM, TRMM, SYRK and SYR2K
 * run below the GEMM's rate, the more so the smaller they are, and have
 * the model's level-3 (TRSM) curve (OpenBLAS's DSYRK 1024 x 1024 x 1024
 * took 1.7 times its GEMM rate's time on the H100 machine, 0.8 times the
 * TRSM curve's); SYMM, a GEMM on a mirrored A, the GEMM's (DSYMM 4096 on
 * OpenBLAS: 1.0-1.2 times the GEMM curve, 0.5 times the TRSM one). */
static ompwg_model_kind level3_curve(ompwg_level3_op op)
{
    return op == OMPWG_L3_SYMM ? OMPWG_MODEL_GEMM : OMPWG_MODEL_LEVEL3;
}

/* How much longer than the link and its curve predict the GPU takes for a
 * routine on host data: the path copies A's or C's triangle through a
 * packed host buffer and does not overlap the copies with the kernel, and
 * SYRK's kernel runs at a fifth of cuBLAS's. Measured on the H100 machine
 * (host data, `ompwg bench --host` and single calls), actual over
 * predicted at n = 1024 and 4096: TRSM 1.37 and 1.36, TRMM 1.41 at 4096,
 * SYRK (k = n) 1.10 and 1.45, SYRK (k = n / 4) 1.7 at 4096, SYR2K (k = n
 * / 4) 2.0 at 4096, SYMM 1.6 and 1.25. */
static double level3_device_slowdown(const ompwg_level3_shape *s)
{
    switch (s->op) {
    case OMPWG_L3_SYR2K: return 2.0;
    case OMPWG_L3_SYRK: {
        const double shallow = s->k > 0 ? (double)s->n / (double)s->k : 4.0;
        return 1.45 * pow(shallow < 1 ? 1 : shallow > 4 ? 4 : shallow, 0.11);
    }
    default: return 1.4;
    }
}

static const char *const level3_names[OMPWG_L3_OP_COUNT] = {
    [OMPWG_L3_SYMM] = T_PREFIX "symm", [OMPWG_L3_SYRK] = T_PREFIX "syrk",
    [OMPWG_L3_SYR2K] = T_PREFIX "syr2k", [OMPWG_L3_TRMM] = T_PREFIX "trmm",
    [OMPWG_L3_TRSM] = T_PREFIX "trsm",
};

/* The operation's flops (a multiply-add is two), as the planner weighs a
 * GEMM's. */
static double level3_flops(const ompwg_level3_shape *s)
{
    double m = (double)s->m, n = (double)s->n, k = (double)s->k;
    switch (s->op) {
    case OMPWG_L3_SYMM: return 2 * m * n * (s->left ? m : n);
    case OMPWG_L3_SYRK: return n * n * k;
    case OMPWG_L3_SYR2K: return 2 * n * n * k;
    default: return m * n * (s->left ? m : n);
    }
}

/* Reads A (and B): what alpha and k leave to read. */
static bool reads_inputs(const ompwg_level3_shape *s, T alpha)
{
    bool syr = s->op == OMPWG_L3_SYRK || s->op == OMPWG_L3_SYR2K;
    return alpha != 0 && (!syr || s->k > 0);
}

static void a_dims(const ompwg_level3_shape *s, int64_t *rows, int64_t *cols)
{
    if (s->op == OMPWG_L3_SYRK || s->op == OMPWG_L3_SYR2K) {
        *rows = s->trans ? s->k : s->n;
        *cols = s->trans ? s->n : s->k;
    } else {
        *rows = *cols = s->left ? s->m : s->n;
    }
}

static int run_level3(bool device, ompwg_level3_op op, ompwg_layout layout, ompwg_side side,
                      ompwg_uplo uplo, ompwg_trans trans, ompwg_diag diag, int64_t m,
                      int64_t n, int64_t k, T alpha, const T *a, int64_t lda, const T *b,
                      int64_t ldb, T beta, T *c, int64_t ldc)
{
    ompwg_level3_shape s;
    int st = ompwg_level3_args(op, layout, side, uplo, trans, diag, m, n, k, lda, ldb, ldc, &s);
    if (st != OMPWG_OK) return st;
    if (s.m == 0 || s.n == 0) return OMPWG_OK;
    const bool tri = op == OMPWG_L3_TRMM || op == OMPWG_L3_TRSM;
    const bool reads = reads_inputs(&s, alpha);
    const bool reads_b = reads && (op == OMPWG_L3_SYMM || op == OMPWG_L3_SYR2K);
    if (!tri && !reads && beta == 1) return OMPWG_OK;
    if (!c || (reads && !a) || (reads_b && !b)) return OMPWG_ERR_NULL;

    int64_t ra, ca, rb = s.m, cb = s.n;
    a_dims(&s, &ra, &ca);
    if (op == OMPWG_L3_SYR2K) {
        rb = ra;
        cb = ca;
    }
    if (reads && ompwg_matrices_overlap(c, s.m, s.n, s.ldc, a, ra, ca, s.lda, sizeof(T)))
        return OMPWG_ERR_OVERLAP;
    if (reads_b && ompwg_matrices_overlap(c, s.m, s.n, s.ldc, b, rb, cb, s.ldb, sizeof(T)))
        return OMPWG_ERR_OVERLAP;
    if (!reads_b) b = NULL;
    s.device_ptrs = device;

    /* C is read unless beta == 0 (TRMM and TRSM: unless alpha == 0) */
    bool reads_c = tri ? alpha != 0 : beta != 0;
    ompwg_call call = { .what = level3_names[op], .kind = level3_curve(op),
                        .dbl = T_IS_DOUBLE, .work = level3_flops(&s), .m = s.m,
                        .n = s.n, .k = tri || op == OMPWG_L3_SYMM ? ra : s.k,
                        .right_triangle = tri && !s.left, .device = device, .operands = 3,
                        .device_slowdown = level3_device_slowdown(&s),
                        .shape_kind = OMPWG_SHAPE_LEVEL3, .shape = &s };
    if (reads) call.op[0] = ompwg_matrix_operand(a, ra, ca, s.lda, sizeof(T), true, false);
    if (reads_b) call.op[1] = ompwg_matrix_operand(b, rb, cb, s.ldb, sizeof(T), true, false);
    call.op[2] = ompwg_matrix_operand(c, s.m, s.n, s.ldc, sizeof(T), reads_c, true);
    void *ptr[3] = { reads ? (void *)a : NULL, (void *)b, c };
    ompwg_placement pl;
    st = ompwg_place_call(&call, &pl, ptr);
    if (st != OMPWG_OK) return st;
    const ompwg_backend *be = pl.be;
    TN(ompwg_, level3_fn) fn = be->TN(, level3)[op];
    if (pl.mapped && !device) {
        /* host data the device holds: its device copies, unless the device
         * backend has no such routine of its own (the slot filled from the
         * reference refuses device pointers before it writes anything):
         * then the host copies */
        s.device_ptrs = true;
        st = fn(&s, alpha, ptr[0], ptr[1], beta, ptr[2]);
        if (st != OMPWG_ERR_UNSUPPORTED) return st;
        s.device_ptrs = false;
    }
    if (ompwg_get_check() && !device && !ompwg_is_reference(be) &&
        ompwg_check_reaches(OMPWG_SHAPE_LEVEL3, &s, level3_names[op]))
        st = TN(ompwg_checked_, level3)(be, fn, &s, alpha, a, b, beta, c);
    else
        st = fn(&s, alpha, a, b, beta, c);
    if ((be = ompwg_fallback_for(st, device))) st = be->TN(, level3)[op](&s, alpha, a, b, beta, c);
    return st;
}

/* The public functions, each precision's names spelled out (ompwg.h
 * declares them): their parameters, and those passed on to run_level3(). */
#define SYMM_PARAMS                                                                                \
    ompwg_layout layout, ompwg_side side, ompwg_uplo uplo, int64_t m, int64_t n, T alpha,          \
        const T *a, int64_t lda, const T *b, int64_t ldb, T beta, T *c, int64_t ldc
#define SYMM_ARGS                                                                                  \
    OMPWG_L3_SYMM, layout, side, uplo, OMPWG_NO_TRANS, OMPWG_NON_UNIT, m, n, 0, alpha, a, lda, b,  \
        ldb, beta, c, ldc
#define SYRK_PARAMS                                                                                \
    ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans, int64_t n, int64_t k, T alpha,        \
        const T *a, int64_t lda, T beta, T *c, int64_t ldc
#define SYRK_ARGS                                                                                  \
    OMPWG_L3_SYRK, layout, OMPWG_LEFT, uplo, trans, OMPWG_NON_UNIT, n, n, k, alpha, a, lda, NULL,  \
        1, beta, c, ldc
#define SYR2K_PARAMS                                                                               \
    ompwg_layout layout, ompwg_uplo uplo, ompwg_trans trans, int64_t n, int64_t k, T alpha,        \
        const T *a, int64_t lda, const T *b, int64_t ldb, T beta, T *c, int64_t ldc
#define SYR2K_ARGS                                                                                 \
    OMPWG_L3_SYR2K, layout, OMPWG_LEFT, uplo, trans, OMPWG_NON_UNIT, n, n, k, alpha, a, lda, b,    \
        ldb, beta, c, ldc
/* TRMM and TRSM: B is the output, C of the normalised shape; beta unused. */
#define TRXM_PARAMS                                                                                \
    ompwg_layout layout, ompwg_side side, ompwg_uplo uplo, ompwg_trans transa, ompwg_diag diag,    \
        int64_t m, int64_t n, T alpha, const T *a, int64_t lda, T *b, int64_t ldb
#define TRXM_ARGS(op)                                                                              \
    op, layout, side, uplo, transa, diag, m, n, 0, alpha, a, lda, NULL, 1, 0, b, ldb

#if defined(OMPWG_PREC_S)
ompwg_status ompwg_ssymm(SYMM_PARAMS) { return run_level3(false, SYMM_ARGS); }
ompwg_status ompwg_ssymm_device(SYMM_PARAMS) { return run_level3(true, SYMM_ARGS); }
ompwg_status ompwg_ssyrk(SYRK_PARAMS) { return run_level3(false, SYRK_ARGS); }
ompwg_status ompwg_ssyrk_device(SYRK_PARAMS) { return run_level3(true, SYRK_ARGS); }
ompwg_status ompwg_ssyr2k(SYR2K_PARAMS) { return run_level3(false, SYR2K_ARGS); }
ompwg_status ompwg_ssyr2k_device(SYR2K_PARAMS) { return run_level3(true, SYR2K_ARGS); }
ompwg_status ompwg_strmm(TRXM_PARAMS) { return run_level3(false, TRXM_ARGS(OMPWG_L3_TRMM)); }
ompwg_status ompwg_strmm_device(TRXM_PARAMS) { return run_level3(true, TRXM_ARGS(OMPWG_L3_TRMM)); }
ompwg_status ompwg_strsm(TRXM_PARAMS) { return run_level3(false, TRXM_ARGS(OMPWG_L3_TRSM)); }
ompwg_status ompwg_strsm_device(TRXM_PARAMS) { return run_level3(true, TRXM_ARGS(OMPWG_L3_TRSM)); }
#elif defined(OMPWG_PREC_D)
ompwg_status ompwg_dsymm(SYMM_PARAMS) { return run_level3(false, SYMM_ARGS); }
ompwg_status ompwg_dsymm_device(SYMM_PARAMS) { return run_level3(true, SYMM_ARGS); }
ompwg_status ompwg_dsyrk(SYRK_PARAMS) { return run_level3(false, SYRK_ARGS); }
ompwg_status ompwg_dsyrk_device(SYRK_PARAMS) { return run_level3(true, SYRK_ARGS); }
ompwg_status ompwg_dsyr2k(SYR2K_PARAMS) { return run_level3(false, SYR2K_ARGS); }
ompwg_status ompwg_dsyr2k_device(SYR2K_PARAMS) { return run_level3(true, SYR2K_ARGS); }
ompwg_status ompwg_dtrmm(TRXM_PARAMS) { return run_level3(false, TRXM_ARGS(OMPWG_L3_TRMM)); }
ompwg_status ompwg_dtrmm_device(TRXM_PARAMS) { return run_level3(true, TRXM_ARGS(OMPWG_L3_TRMM)); }
ompwg_status ompwg_dtrsm(TRXM_PARAMS) { return run_level3(false, TRXM_ARGS(OMPWG_L3_TRSM)); }
ompwg_status ompwg_dtrsm_device(TRXM_PARAMS) { return run_level3(true, TRXM_ARGS(OMPWG_L3_TRSM)); }
#else
#error "level3_api_tmpl.c: no public names for this precision"
#endif
