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
    const bool level1 = op == OMPWG_REDUCE_DOT || op == OMPWG_REDUCE_ASUM;
    const ompwg_backend *quick = !device && level1 ? ompwg_short_host(OMPWG_SHAPE_VEC, &s) : NULL;
    s.device_ptrs = device;
    x += ompwg_vec_origin(n, incx);
    if (y) y += ompwg_vec_origin(n, s.incy);

    static const char *const names[OMPWG_REDUCE_OP_COUNT] = {
        [OMPWG_REDUCE_SUM] = T_PREFIX "sum", [OMPWG_REDUCE_DOT] = T_PREFIX "dot",
        [OMPWG_REDUCE_ASUM] = T_PREFIX "asum", [OMPWG_REDUCE_MAX] = T_PREFIX "max",
        [OMPWG_REDUCE_MIN] = T_PREFIX "min"
    };
    const bool dot = op == OMPWG_REDUCE_DOT;
    int64_t unused;
    if (!index) index = &unused;
    /* a level-1 routine on the host where the planner has no choice to weigh */
    if (quick) return quick->TN(, reduce)(&s, x, y, value, index);
    ompwg_call call = { .what = names[op], .kind = OMPWG_MODEL_STREAM, .dbl = T_IS_DOUBLE,
                        .work = (double)n * (double)sizeof(T) * (dot ? 2 : 1), .n = n,
                        .device = device, .operands = dot ? 2 : 1, .level1 = level1,
                        .shape_kind = OMPWG_SHAPE_VEC, .shape = &s };
    call.op[0] = ompwg_vector_operand(x, n, s.incx, sizeof(T), true, false);
    if (dot) call.op[1] = ompwg_vector_operand(y, n, s.incy, sizeof(T), true, false);
    void *ptr[2] = { (void *)x, (void *)y };
    const ompwg_backend *be = ompwg_place_pair(&call, ptr, &device, &st);
    if (!be) return st;
    s.device_ptrs = device;
    if (ompwg_get_check() && !device && !ompwg_is_reference(be) &&
        ompwg_check_reaches(OMPWG_SHAPE_VEC, &s, names[op]))
        st = TN(ompwg_checked_, reduce)(be, &s, ptr[0], ptr[1], value, index);
    else
        st = be->TN(, reduce)(&s, ptr[0], ptr[1], value, index);
    if ((be = ompwg_fallback_for(st, device)))
        st = be->TN(, reduce)(&s, ptr[0], ptr[1], value, index);
    return st;
}

/* The public functions, each precision's names spelled out (ompwg.h
 * declares them): their parameters, and those passed on to reduce(). */
#define SUM_PARAMS int64_t n, const T *x, int64_t incx, T *result
#define SUM_ARGS n, x, incx, NULL, 1, result, NULL
#define DOT_PARAMS int64_t n, const T *x, int64_t incx, const T *y, int64_t incy, T *result
#define DOT_ARGS n, x, incx, y, incy, result, NULL
#define EXT_PARAMS int64_t n, const T *x, int64_t incx, T *value, int64_t *index
#define EXT_ARGS n, x, incx, NULL, 1, value, index

#if defined(OMPWG_PREC_S)
ompwg_status ompwg_ssum(SUM_PARAMS) { return reduce(false, OMPWG_REDUCE_SUM, SUM_ARGS); }
ompwg_status ompwg_sdot(DOT_PARAMS) { return reduce(false, OMPWG_REDUCE_DOT, DOT_ARGS); }
ompwg_status ompwg_sasum(SUM_PARAMS) { return reduce(false, OMPWG_REDUCE_ASUM, SUM_ARGS); }
ompwg_status ompwg_smax(EXT_PARAMS) { return reduce(false, OMPWG_REDUCE_MAX, EXT_ARGS); }
ompwg_status ompwg_smin(EXT_PARAMS) { return reduce(false, OMPWG_REDUCE_MIN, EXT_ARGS); }
ompwg_status ompwg_ssum_device(SUM_PARAMS) { return reduce(true, OMPWG_REDUCE_SUM, SUM_ARGS); }
ompwg_status ompwg_sdot_device(DOT_PARAMS) { return reduce(true, OMPWG_REDUCE_DOT, DOT_ARGS); }
ompwg_status ompwg_sasum_device(SUM_PARAMS) { return reduce(true, OMPWG_REDUCE_ASUM, SUM_ARGS); }
ompwg_status ompwg_smax_device(EXT_PARAMS) { return reduce(true, OMPWG_REDUCE_MAX, EXT_ARGS); }
ompwg_status ompwg_smin_device(EXT_PARAMS) { return reduce(true, OMPWG_REDUCE_MIN, EXT_ARGS); }
#elif defined(OMPWG_PREC_D)
ompwg_status ompwg_dsum(SUM_PARAMS) { return reduce(false, OMPWG_REDUCE_SUM, SUM_ARGS); }
ompwg_status ompwg_ddot(DOT_PARAMS) { return reduce(false, OMPWG_REDUCE_DOT, DOT_ARGS); }
ompwg_status ompwg_dasum(SUM_PARAMS) { return reduce(false, OMPWG_REDUCE_ASUM, SUM_ARGS); }
ompwg_status ompwg_dmax(EXT_PARAMS) { return reduce(false, OMPWG_REDUCE_MAX, EXT_ARGS); }
ompwg_status ompwg_dmin(EXT_PARAMS) { return reduce(false, OMPWG_REDUCE_MIN, EXT_ARGS); }
ompwg_status ompwg_dsum_device(SUM_PARAMS) { return reduce(true, OMPWG_REDUCE_SUM, SUM_ARGS); }
ompwg_status ompwg_ddot_device(DOT_PARAMS) { return reduce(true, OMPWG_REDUCE_DOT, DOT_ARGS); }
ompwg_status ompwg_dasum_device(SUM_PARAMS) { return reduce(true, OMPWG_REDUCE_ASUM, SUM_ARGS); }
ompwg_status ompwg_dmax_device(EXT_PARAMS) { return reduce(true, OMPWG_REDUCE_MAX, EXT_ARGS); }
ompwg_status ompwg_dmin_device(EXT_PARAMS) { return reduce(true, OMPWG_REDUCE_MIN, EXT_ARGS); }
#else
#error "reduce_api_tmpl.c: no public names for this precision"
#endif
