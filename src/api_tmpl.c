/* The public GEMM and reduction entry points, compiled once per precision:
 * check the arguments, normalise, pick the backend, optionally check. */
#include "prec.h"

#include <pthread.h>

#include "args.h"
#include "check.h"
#include "dispatch.h"
#include "gemm_call.h"
#include "ompwg.h"

/* One backend's run of a normalised GEMM: checked against the reference when
 * asked, and on the CPU when the device could not hold it and that is
 * allowed. */
static int run_gemm(const ompwg_backend *be, bool device, const ompwg_gemm_shape *s,
                    T alpha, const T *a, const T *b, T beta, T *c)
{
    int st;
    if (ompwg_check_enabled() && !device && !ompwg_is_reference(be))
        st = TN(ompwg_checked_, gemm)(be, s, alpha, a, b, beta, c);
    else
        st = be->TN(, gemm)(s, alpha, a, b, beta, c);
    if ((be = ompwg_fallback_for(st, device))) st = be->TN(, gemm)(s, alpha, a, b, beta, c);
    return st;
}

typedef struct gemm_part {
    const ompwg_backend *be;
    ompwg_gemm_shape s;
    T alpha, beta;
    const T *a, *b;
    T *c;
    int st;
} gemm_part;

static void *run_part(void *arg)
{
    gemm_part *p = arg;
    p->st = run_gemm(p->be, false, &p->s, p->alpha, p->a, p->b, p->beta, p->c);
    return NULL;
}

/* C's first pl->split columns on the device backend (on a thread of its
 * own, which mostly waits for the device) while the CPU backend computes
 * the others on this one. */
static int split_gemm(const ompwg_placement *pl, const ompwg_gemm_shape *s, T alpha,
                      const T *a, const T *b, T beta, T *c)
{
    const int64_t j0 = pl->split;
    gemm_part dev = { pl->dev, *s, alpha, beta, a, b, c, OMPWG_OK };
    gemm_part cpu = { pl->be, *s, alpha, beta, a, b + (s->transb ? j0 : j0 * s->ldb),
                      c + j0 * s->ldc, OMPWG_OK };
    dev.s.n = j0;
    cpu.s.n = s->n - j0;
    pthread_t t;
    bool threaded = pthread_create(&t, NULL, run_part, &dev) == 0;
    if (!threaded) run_part(&dev);
    run_part(&cpu);
    if (threaded) pthread_join(t, NULL);
    return dev.st != OMPWG_OK ? dev.st : cpu.st;
}

static int gemm(bool device, ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                int64_t m, int64_t n, int64_t k, T alpha, const T *a, int64_t lda, const T *b,
                int64_t ldb, T beta, T *c, int64_t ldc)
{
    ompwg_gemm_call g;
    bool empty;
    int st = ompwg_gemm_call_args(device, layout, transa, transb, m, n, k, a, lda, b, ldb, c, ldc,
                                  alpha == 0, sizeof(T), &g, &empty);
    if (st != OMPWG_OK || empty) return st;
    const ompwg_gemm_shape *s = &g.s;
    ompwg_call call = { .what = T_PREFIX "gemm", .kind = OMPWG_MODEL_GEMM, .dbl = T_IS_DOUBLE,
                        .work = 2.0 * (double)s->m * (double)s->n * (double)s->k,
                        .splittable = g.reads_ab };
    ompwg_placement pl;
    if ((st = ompwg_gemm_call_place(&g, &call, beta == 0, sizeof(T), &pl)) != OMPWG_OK) return st;
    if (pl.split) return split_gemm(&pl, s, alpha, g.a, g.b, beta, g.c);
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
                                   alpha == 0, ratio, &g, &empty);
    if (st != OMPWG_OK || empty) return st;
    return TN(ompwg_ref_, gemm_ratio)(&g.s, alpha, g.a, g.b, beta, c0, c, ratio);
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
    ompwg_placement pl;
    st = ompwg_place_call(&call, &pl, ptr);
    if (st != OMPWG_OK) return st;
    const ompwg_backend *be = pl.be;
    x = ptr[0];
    y = ptr[1];
    s.device_ptrs = device |= pl.mapped;
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
