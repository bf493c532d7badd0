/* The public GEMM and reduction entry points, compiled once per precision:
 * check the arguments, normalise, pick the backend, optionally check. */
#include "prec.h"

#include "args.h"
#include "check.h"
#include "dispatch.h"
#include "ompwg.h"

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
    bool reads_ab = alpha != 0 && s.k > 0;
    if (!c || (reads_ab && (!first || !second))) return OMPWG_ERR_NULL;
    s.device_ptrs = device;

    const ompwg_backend *be = ompwg_backend_for(device);
    if (!be) return OMPWG_ERR_UNAVAILABLE;
    if (ompwg_check_enabled() && !device && !ompwg_is_reference(be))
        st = TN(ompwg_checked_, gemm)(be, &s, alpha, first, second, beta, c);
    else
        st = be->TN(, gemm)(&s, alpha, first, second, beta, c);
    if ((be = ompwg_fallback_for(st, device)))
        st = be->TN(, gemm)(&s, alpha, first, second, beta, c);
    return st;
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
    if (!c0 || !c || (alpha != 0 && s.k > 0 && (!first || !second))) return OMPWG_ERR_NULL;
    return TN(ompwg_ref_, gemm_ratio)(&s, alpha, first, second, beta, c0, c, ratio);
}

static int reduce(bool device, ompwg_reduce_op op, int64_t n, const T *x, int64_t incx,
                  const T *y, int64_t incy, T *value, int64_t *index)
{
    ompwg_vec_shape s;
    int st = ompwg_vec_args(op, n, incx, incy, &s);
    if (st != OMPWG_OK) return st;
    bool extremum = op == OMPWG_REDUCE_MAX || op == OMPWG_REDUCE_MIN;
    if (!value || (extremum && !index)) return OMPWG_ERR_NULL;
    if (n == 0) {
        *value = 0;
        if (extremum) *index = -1;
        return OMPWG_OK;
    }
    if (!x || (op == OMPWG_REDUCE_DOT && !y)) return OMPWG_ERR_NULL;
    s.device_ptrs = device;

    const ompwg_backend *be = ompwg_backend_for(device);
    if (!be) return OMPWG_ERR_UNAVAILABLE;
    x += ompwg_vec_origin(n, incx);
    if (y) y += ompwg_vec_origin(n, s.incy);
    int64_t unused;
    if (!index) index = &unused;
    if (ompwg_check_enabled() && !device && !ompwg_is_reference(be))
        st = TN(ompwg_checked_, reduce)(be, &s, x, y, value, index);
    else
        st = be->TN(, reduce)(&s, x, y, value, index);
    if ((be = ompwg_fallback_for(st, device)))
        st = be->TN(, reduce)(&s, x, y, value, index);
    return st;
}

int TN(ompwg_, sum)(int64_t n, const T *x, int64_t incx, T *result)
{
    return reduce(false, OMPWG_REDUCE_SUM, n, x, incx, NULL, 1, result, NULL);
}

int TN(ompwg_, dot)(int64_t n, const T *x, int64_t incx, const T *y, int64_t incy, T *result)
{
    return reduce(false, OMPWG_REDUCE_DOT, n, x, incx, y, incy, result, NULL);
}

int TN(ompwg_, asum)(int64_t n, const T *x, int64_t incx, T *result)
{
    return reduce(false, OMPWG_REDUCE_ASUM, n, x, incx, NULL, 1, result, NULL);
}

int TN(ompwg_, max)(int64_t n, const T *x, int64_t incx, T *value, int64_t *index)
{
    return reduce(false, OMPWG_REDUCE_MAX, n, x, incx, NULL, 1, value, index);
}

int TN(ompwg_, min)(int64_t n, const T *x, int64_t incx, T *value, int64_t *index)
{
    return reduce(false, OMPWG_REDUCE_MIN, n, x, incx, NULL, 1, value, index);
}

int TN(ompwg_, sum_device)(int64_t n, const T *x, int64_t incx, T *result)
{
    return reduce(true, OMPWG_REDUCE_SUM, n, x, incx, NULL, 1, result, NULL);
}

int TN(ompwg_, dot_device)(int64_t n, const T *x, int64_t incx, const T *y, int64_t incy,
                           T *result)
{
    return reduce(true, OMPWG_REDUCE_DOT, n, x, incx, y, incy, result, NULL);
}

int TN(ompwg_, asum_device)(int64_t n, const T *x, int64_t incx, T *result)
{
    return reduce(true, OMPWG_REDUCE_ASUM, n, x, incx, NULL, 1, result, NULL);
}

int TN(ompwg_, max_device)(int64_t n, const T *x, int64_t incx, T *value, int64_t *index)
{
    return reduce(true, OMPWG_REDUCE_MAX, n, x, incx, NULL, 1, value, index);
}

int TN(ompwg_, min_device)(int64_t n, const T *x, int64_t incx, T *value, int64_t *index)
{
    return reduce(true, OMPWG_REDUCE_MIN, n, x, incx, NULL, 1, value, index);
}
