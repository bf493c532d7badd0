/* The public GEMM entry points, real and complex, compiled once per
 * precision (prec.h, OMPWG_PREC_C and OMPWG_PREC_Z included): check the
 * arguments, normalise, pick the backend, optionally check. */
#include "prec.h"

#include <pthread.h>

#include "args.h"
#include "check.h"
#include "dispatch.h"
#include "gemm_call.h"
#include "ompwg.h"

/* TR, the real part's type, is defined for the complex precisions only. */
#ifdef TR
#include "ccheck.h"
#include "complex_tmpl.h"

static bool is_zero(T x)
{
    return cplx_is_zero(x);
}

/* 8 mnk real flops (a complex multiply-add is 4 real multiply-adds): the
 * model's real GEMM curve of the same real precision then prices the call
 * as four real GEMMs of that shape, which is what the kernels do per
 * element. */
#define FLOPS_PER_MULADD 8.0
/* the complex GEMM runs whole on one backend */
#define SPLITTABLE(reads_ab) false
#define GEMM_SHAPE OMPWG_SHAPE_CGEMM
#else
static bool is_zero(T x)
{
    return x == 0;
}

#define FLOPS_PER_MULADD 2.0
#define SPLITTABLE(reads_ab) (reads_ab)
#define GEMM_SHAPE OMPWG_SHAPE_GEMM
#endif

/* One backend's run of a normalised GEMM: checked against the reference when
 * asked, and on the CPU when the device could not hold it and that is
 * allowed. */
/* Multiply-adds of a GEMM short enough to skip the planner (32^3): the
 * planner sends such calls to the reference backend on every machine. */
#define GEMM_SHORT_WORK 32768.0

static int run_gemm(const ompwg_backend *be, bool device, const ompwg_gemm_shape *s,
                    T alpha, const T *a, const T *b, T beta, T *c)
{
    int st;
    if (ompwg_get_check() && !device && !ompwg_is_reference(be) &&
        ompwg_check_reaches(GEMM_SHAPE, s, T_PREFIX "gemm"))
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
                                  is_zero(alpha), sizeof(T), &g, &empty);
    if (st != OMPWG_OK || empty) return st;
    const ompwg_gemm_shape *s = &g.s;
    /* a short call on host data, where nothing asks for the planner, goes
     * to the reference backend (the planner's choice for it) without it */
    const ompwg_backend *quick =
        !device && (double)s->m * (double)s->n * (double)s->k <= GEMM_SHORT_WORK
            ? ompwg_short_host(GEMM_SHAPE, s)
            : NULL;
    if (quick) return run_gemm(quick, false, s, alpha, g.a, g.b, beta, g.c);
    ompwg_call call = { .what = T_PREFIX "gemm", .kind = OMPWG_MODEL_GEMM, .pipelined = true,
                        .dbl = T_IS_DOUBLE,
                        .work = FLOPS_PER_MULADD * (double)s->m * (double)s->n * (double)s->k,
                        .splittable = SPLITTABLE(g.reads_ab), .shape_kind = GEMM_SHAPE,
                        .shape = s };
    ompwg_placement pl;
    if ((st = ompwg_gemm_call_place(&g, &call, is_zero(beta), sizeof(T), &pl)) != OMPWG_OK) return st;
    if (pl.split) return split_gemm(&pl, s, alpha, g.a, g.b, beta, g.c);
    return run_gemm(pl.be, s->device_ptrs, s, alpha, g.a, g.b, beta, g.c);
}

static int gemm_ratio(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb, int64_t m,
                      int64_t n, int64_t k, T alpha, const T *a, int64_t lda, const T *b,
                      int64_t ldb, T beta, const T *c0, const T *c, int64_t ldc, double *ratio)
{
    ompwg_gemm_call g;
    bool empty;
    int st = ompwg_gemm_ratio_args(layout, transa, transb, m, n, k, a, lda, b, ldb, c0, c, ldc,
                                   is_zero(alpha), ratio, &g, &empty);
    if (st != OMPWG_OK || empty) return st;
    return TN(ompwg_ref_, gemm_ratio)(&g.s, alpha, g.a, g.b, beta, c0, c, ratio);
}

/* The public functions, each precision's names spelled out (ompwg.h
 * declares them): their parameters, and those passed on. */
#define GEMM_PARAMS                                                                                \
    ompwg_layout layout, ompwg_trans transa, ompwg_trans transb, int64_t m, int64_t n, int64_t k,  \
        T alpha, const T *a, int64_t lda, const T *b, int64_t ldb, T beta, T *c, int64_t ldc
#define GEMM_ARGS layout, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc
#define RATIO_PARAMS                                                                               \
    ompwg_layout layout, ompwg_trans transa, ompwg_trans transb, int64_t m, int64_t n, int64_t k,  \
        T alpha, const T *a, int64_t lda, const T *b, int64_t ldb, T beta, const T *c0,            \
        const T *c, int64_t ldc, double *ratio
#define RATIO_ARGS layout, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c0, c, ldc, ratio

#if defined(OMPWG_PREC_S)
ompwg_status ompwg_sgemm(GEMM_PARAMS) { return gemm(false, GEMM_ARGS); }
ompwg_status ompwg_sgemm_device(GEMM_PARAMS) { return gemm(true, GEMM_ARGS); }
ompwg_status ompwg_sgemm_ratio(RATIO_PARAMS) { return gemm_ratio(RATIO_ARGS); }
#elif defined(OMPWG_PREC_D)
ompwg_status ompwg_dgemm(GEMM_PARAMS) { return gemm(false, GEMM_ARGS); }
ompwg_status ompwg_dgemm_device(GEMM_PARAMS) { return gemm(true, GEMM_ARGS); }
ompwg_status ompwg_dgemm_ratio(RATIO_PARAMS) { return gemm_ratio(RATIO_ARGS); }
#elif defined(OMPWG_PREC_C)
ompwg_status ompwg_cgemm(GEMM_PARAMS) { return gemm(false, GEMM_ARGS); }
ompwg_status ompwg_cgemm_device(GEMM_PARAMS) { return gemm(true, GEMM_ARGS); }
ompwg_status ompwg_cgemm_ratio(RATIO_PARAMS) { return gemm_ratio(RATIO_ARGS); }
#elif defined(OMPWG_PREC_Z)
ompwg_status ompwg_zgemm(GEMM_PARAMS) { return gemm(false, GEMM_ARGS); }
ompwg_status ompwg_zgemm_device(GEMM_PARAMS) { return gemm(true, GEMM_ARGS); }
ompwg_status ompwg_zgemm_ratio(RATIO_PARAMS) { return gemm_ratio(RATIO_ARGS); }
#else
#error "gemm_api_tmpl.c: no public names for this precision"
#endif
