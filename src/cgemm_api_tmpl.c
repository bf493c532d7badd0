/* The public complex GEMM entry points, compiled once per complex precision
 * (prec.h's OMPWG_PREC_C, OMPWG_PREC_Z): check the arguments, normalise,
 * pick the backend, optionally check. */
#include "prec.h"

#include "args.h"
#include "ccheck.h"
#include "complex_tmpl.h"
#include "dispatch.h"
#include "ompwg.h"

/* One backend's run of a normalised complex GEMM: checked against the
 * reference when asked, and on the CPU when the device could not hold it
 * and that is allowed. */
static int TN(run_, gemm)(const ompwg_backend *be, bool device, const ompwg_gemm_shape *s,
                          T alpha, const T *a, const T *b, T beta, T *c)
{
    TN(ompwg_, gemm_fn) fn = be->TN(, gemm);
    int st;
    if (ompwg_check_enabled() && !device && !ompwg_is_reference(be))
        st = TN(ompwg_checked_, gemm)(be->name, fn, s, alpha, a, b, beta, c);
    else
        st = fn(s, alpha, a, b, beta, c);
    if ((be = ompwg_fallback_for(st, device))) st = be->TN(, gemm)(s, alpha, a, b, beta, c);
    return st;
}

static int gemm(bool device, ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                int64_t m, int64_t n, int64_t k, T alpha, const T *a, int64_t lda, const T *b,
                int64_t ldb, T beta, T *c, int64_t ldc)
{
    ompwg_gemm_shape s;
    bool swapped;
    int st = ompwg_gemm_args(layout, transa, transb, m, n, k, lda, ldb, ldc, &s, &swapped);
    if (st != OMPWG_OK) return st;
    if (s.m == 0 || s.n == 0) return OMPWG_OK;
    const T *first = swapped ? b : a, *second = swapped ? a : b;
    bool reads_ab = !TN(cplx_is_zero_, )(alpha) && s.k > 0;
    if (!c || (reads_ab && (!first || !second))) return OMPWG_ERR_NULL;
    int64_t ra = s.transa ? s.k : s.m, ca = s.transa ? s.m : s.k;
    int64_t rb = s.transb ? s.n : s.k, cb = s.transb ? s.k : s.n;
    /* element by element: blocks of one array side by side (LAPACK's
     * updates) do not overlap */
    if (reads_ab && (ompwg_matrices_overlap(c, s.m, s.n, s.ldc, first, ra, ca, s.lda, sizeof(T)) ||
                     ompwg_matrices_overlap(c, s.m, s.n, s.ldc, second, rb, cb, s.ldb, sizeof(T))))
        return OMPWG_ERR_OVERLAP;
    s.device_ptrs = device;

    /* 8 mnk real flops (a complex multiply-add is 4 real multiply-adds): the
     * model's real GEMM curve of the same real precision then prices the call
     * as four real GEMMs of that shape, which is what the kernels do per
     * element. */
    ompwg_call call = { .what = T_PREFIX "gemm", .kind = OMPWG_MODEL_GEMM, .dbl = T_IS_DOUBLE,
                        .work = 8.0 * (double)s.m * (double)s.n * (double)s.k, .m = s.m,
                        .n = s.n, .k = s.k, .device = device, .operands = 3 };
    if (reads_ab) {
        call.op[0] = ompwg_matrix_operand(first, ra, ca, s.lda, sizeof(T), true, false);
        call.op[1] = ompwg_matrix_operand(second, rb, cb, s.ldb, sizeof(T), true, false);
    }
    call.op[2] = ompwg_matrix_operand(c, s.m, s.n, s.ldc, sizeof(T),
                                      !TN(cplx_is_zero_, )(beta), true);
    void *ptr[3] = { (void *)first, (void *)second, c };
    ompwg_placement pl;
    st = ompwg_place_call(&call, &pl, ptr);
    if (st != OMPWG_OK) return st;
    first = ptr[0];
    second = ptr[1];
    c = ptr[2];
    s.device_ptrs = device |= pl.mapped;
    return TN(run_, gemm)(pl.be, device, &s, alpha, first, second, beta, c);
}

int TN(ompwg_, gemm)(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                     int64_t m, int64_t n, int64_t k, T alpha, const T *a, int64_t lda,
                     const T *b, int64_t ldb, T beta, T *c, int64_t ldc)
{
    return gemm(false, layout, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

int TN(ompwg_, gemm_device)(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                            int64_t m, int64_t n, int64_t k, T alpha, const T *a, int64_t lda,
                            const T *b, int64_t ldb, T beta, T *c, int64_t ldc)
{
    return gemm(true, layout, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

int TN(ompwg_, gemm_ratio)(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                           int64_t m, int64_t n, int64_t k, T alpha, const T *a, int64_t lda,
                           const T *b, int64_t ldb, T beta, const T *c0, const T *c,
                           int64_t ldc, double *ratio)
{
    ompwg_gemm_shape s;
    bool swapped;
    int st = ompwg_gemm_args(layout, transa, transb, m, n, k, lda, ldb, ldc, &s, &swapped);
    if (st != OMPWG_OK) return st;
    if (!ratio) return OMPWG_ERR_NULL;
    if (s.m == 0 || s.n == 0) {
        *ratio = 0;
        return OMPWG_OK;
    }
    const T *first = swapped ? b : a, *second = swapped ? a : b;
    if (!c0 || !c || (!TN(cplx_is_zero_, )(alpha) && s.k > 0 && (!first || !second)))
        return OMPWG_ERR_NULL;
    return TN(ompwg_ref_, gemm_ratio)(&s, alpha, first, second, beta, c0, c, ratio);
}
