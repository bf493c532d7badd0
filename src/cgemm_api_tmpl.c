/* The public complex GEMM entry points, compiled once per complex precision
 * (prec.h's OMPWG_PREC_C, OMPWG_PREC_Z): check the arguments, normalise,
 * pick the backend, optionally check. */
#include "prec.h"

#include "args.h"
#include "ccheck.h"
#include "complex_tmpl.h"
#include "dispatch.h"
#include "gemm_call.h"
#include "ompwg.h"

/* One backend's run of a normalised complex GEMM: checked against the
 * reference when asked, and on the CPU when the device could not hold it
 * and that is allowed. */
static int run_gemm(const ompwg_backend *be, bool device, const ompwg_gemm_shape *s,
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
    ompwg_gemm_call g;
    bool empty;
    int st = ompwg_gemm_call_args(device, layout, transa, transb, m, n, k, a, lda, b, ldb, c, ldc,
                                  cplx_is_zero(alpha), sizeof(T), &g, &empty);
    if (st != OMPWG_OK || empty) return st;
    const ompwg_gemm_shape *s = &g.s;
    /* 8 mnk real flops (a complex multiply-add is 4 real multiply-adds): the
     * model's real GEMM curve of the same real precision then prices the call
     * as four real GEMMs of that shape, which is what the kernels do per
     * element. */
    ompwg_call call = { .what = T_PREFIX "gemm", .kind = OMPWG_MODEL_GEMM, .dbl = T_IS_DOUBLE,
                        .work = 8.0 * (double)s->m * (double)s->n * (double)s->k };
    ompwg_placement pl;
    st = ompwg_gemm_call_place(&g, &call, cplx_is_zero(beta), sizeof(T), &pl);
    if (st != OMPWG_OK) return st;
    return run_gemm(pl.be, s->device_ptrs, s, alpha, g.a, g.b, beta, g.c);
}

ompwg_status TN(ompwg_, gemm)(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                              int64_t m, int64_t n, int64_t k, T alpha, const T *a, int64_t lda,
                              const T *b, int64_t ldb, T beta, T *c, int64_t ldc)
{
    return gemm(false, layout, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

ompwg_status TN(ompwg_, gemm_device)(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                                     int64_t m, int64_t n, int64_t k, T alpha, const T *a, int64_t lda,
                                     const T *b, int64_t ldb, T beta, T *c, int64_t ldc)
{
    return gemm(true, layout, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

ompwg_status TN(ompwg_, gemm_ratio)(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                                    int64_t m, int64_t n, int64_t k, T alpha, const T *a, int64_t lda,
                                    const T *b, int64_t ldb, T beta, const T *c0, const T *c,
                                    int64_t ldc, double *ratio)
{
    ompwg_gemm_call g;
    bool empty;
    int st = ompwg_gemm_ratio_args(layout, transa, transb, m, n, k, a, lda, b, ldb, c0, c, ldc,
                                   cplx_is_zero(alpha), ratio, &g, &empty);
    if (st != OMPWG_OK || empty) return st;
    return TN(ompwg_ref_, gemm_ratio)(&g.s, alpha, g.a, g.b, beta, c0, c, ratio);
}
