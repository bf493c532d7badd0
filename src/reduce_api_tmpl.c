/* The public reduction entry points, compiled once per precision: check
 * the arguments, normalise, pick the backend, optionally check. */
#include "prec.h"

#include "args.h"
#include "check.h"
#include "dispatch.h"
#include "ompwg.h"

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
    x += ompwg_vec_origin(n, incx);
    if (y) y += ompwg_vec_origin(n, s.incy);

    static const char *const names[OMPWG_REDUCE_OP_COUNT] = {
        [OMPWG_REDUCE_SUM] = T_PREFIX "sum", [OMPWG_REDUCE_DOT] = T_PREFIX "dot",
        [OMPWG_REDUCE_ASUM] = T_PREFIX "asum", [OMPWG_REDUCE_MAX] = T_PREFIX "max",
        [OMPWG_REDUCE_MIN] = T_PREFIX "min"
    };
    const bool dot = op == OMPWG_REDUCE_DOT;
    ompwg_call call = { .what = names[op], .kind = OMPWG_MODEL_STREAM, .dbl = T_IS_DOUBLE,
                        .work = (double)n * (double)sizeof(T) * (dot ? 2 : 1), .n = n,
                        .device = device, .operands = dot ? 2 : 1 };
    call.op[0] = ompwg_vector_operand(x, n, s.incx, sizeof(T), true, false);
    if (dot) call.op[1] = ompwg_vector_operand(y, n, s.incy, sizeof(T), true, false);
    void *ptr[2] = { (void *)x, (void *)y };
    const ompwg_backend *be = ompwg_place_pair(&call, ptr, &device, &st);
    if (!be) return st;
    s.device_ptrs = device;
    int64_t unused;
    if (!index) index = &unused;
    if (ompwg_get_check() && !device && !ompwg_is_reference(be))
        st = TN(ompwg_checked_, reduce)(be, &s, ptr[0], ptr[1], value, index);
    else
        st = be->TN(, reduce)(&s, ptr[0], ptr[1], value, index);
    if ((be = ompwg_fallback_for(st, device)))
        st = be->TN(, reduce)(&s, ptr[0], ptr[1], value, index);
    return st;
}

ompwg_status TN(ompwg_, sum)(int64_t n, const T *x, int64_t incx, T *result)
{
    return reduce(false, OMPWG_REDUCE_SUM, n, x, incx, NULL, 1, result, NULL);
}

ompwg_status TN(ompwg_, dot)(int64_t n, const T *x, int64_t incx, const T *y, int64_t incy, T *result)
{
    return reduce(false, OMPWG_REDUCE_DOT, n, x, incx, y, incy, result, NULL);
}

ompwg_status TN(ompwg_, asum)(int64_t n, const T *x, int64_t incx, T *result)
{
    return reduce(false, OMPWG_REDUCE_ASUM, n, x, incx, NULL, 1, result, NULL);
}

ompwg_status TN(ompwg_, max)(int64_t n, const T *x, int64_t incx, T *value, int64_t *index)
{
    return reduce(false, OMPWG_REDUCE_MAX, n, x, incx, NULL, 1, value, index);
}

ompwg_status TN(ompwg_, min)(int64_t n, const T *x, int64_t incx, T *value, int64_t *index)
{
    return reduce(false, OMPWG_REDUCE_MIN, n, x, incx, NULL, 1, value, index);
}

ompwg_status TN(ompwg_, sum_device)(int64_t n, const T *x, int64_t incx, T *result)
{
    return reduce(true, OMPWG_REDUCE_SUM, n, x, incx, NULL, 1, result, NULL);
}

ompwg_status TN(ompwg_, dot_device)(int64_t n, const T *x, int64_t incx, const T *y, int64_t incy,
                                    T *result)
{
    return reduce(true, OMPWG_REDUCE_DOT, n, x, incx, y, incy, result, NULL);
}

ompwg_status TN(ompwg_, asum_device)(int64_t n, const T *x, int64_t incx, T *result)
{
    return reduce(true, OMPWG_REDUCE_ASUM, n, x, incx, NULL, 1, result, NULL);
}

ompwg_status TN(ompwg_, max_device)(int64_t n, const T *x, int64_t incx, T *value, int64_t *index)
{
    return reduce(true, OMPWG_REDUCE_MAX, n, x, incx, NULL, 1, value, index);
}

ompwg_status TN(ompwg_, min_device)(int64_t n, const T *x, int64_t incx, T *value, int64_t *index)
{
    return reduce(true, OMPWG_REDUCE_MIN, n, x, incx, NULL, 1, value, index);
}
