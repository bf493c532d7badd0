/* The public transpose entry points, compiled once per precision: check
 * the arguments, pick the backend (or the reference, for a backend without
 * a transpose), optionally check. */
#include "prec.h"

#include <stdio.h>
#include <string.h>

#include "args.h"
#include "dispatch.h"
#include "ompwg.h"
#include "reference.h"

/* Check mode: a transpose is exact, so B is compared with A bit for bit. */
static int checked_transpose(const ompwg_backend *be, TN(ompwg_, transpose_fn) fn,
                             const ompwg_transpose_shape *s, const T *a, T *b)
{
    int st = fn(s, a, b);
    for (int64_t j = 0; st == OMPWG_OK && j < s->n; j++)
        for (int64_t i = 0; i < s->m; i++)
            if (memcmp(&b[j + i * s->ldb], &a[i + j * s->lda], sizeof(T)) != 0) {
                fprintf(stderr, "ompwg: check: " T_NAME " transpose on backend %s (m=%lld "
                        "n=%lld): B(%lld,%lld) is not A(%lld,%lld)\n", be->name,
                        (long long)s->m, (long long)s->n, (long long)j, (long long)i,
                        (long long)i, (long long)j);
                return OMPWG_ERR_CHECK;
            }
    return st;
}

static int run_transpose(bool device, ompwg_layout layout, int64_t rows, int64_t cols,
                         const T *a, int64_t lda, T *b, int64_t ldb)
{
    ompwg_transpose_shape s;
    int st = ompwg_transpose_args(layout, rows, cols, lda, ldb, &s);
    if (st != OMPWG_OK) return st;
    if (s.m == 0 || s.n == 0) return OMPWG_OK;
    if (!a || !b) return OMPWG_ERR_NULL;
    if (ompwg_spans_overlap(a, ompwg_matrix_span(s.m, s.n, s.lda), b,
                            ompwg_matrix_span(s.n, s.m, s.ldb), sizeof(T)))
        return OMPWG_ERR_OVERLAP;
    s.device_ptrs = device;

    ompwg_call call = { .what = T_PREFIX "transpose", .kind = OMPWG_MODEL_STREAM,
                        .dbl = T_IS_DOUBLE, .work = 2.0 * (double)s.m * (double)s.n * sizeof(T),
                        .m = s.m, .n = s.n, .device = device, .operands = 2,
                        .shape_kind = OMPWG_SHAPE_TRANSPOSE, .shape = &s };
    call.op[0] = ompwg_matrix_operand(a, s.m, s.n, s.lda, sizeof(T), true, false);
    call.op[1] = ompwg_matrix_operand(b, s.n, s.m, s.ldb, sizeof(T), false, true);
    void *ptr[2] = { (void *)a, b };
    const ompwg_backend *be = ompwg_place_pair(&call, ptr, &device, &st);
    if (!be) return st;
    s.device_ptrs = device;
    TN(ompwg_, transpose_fn) fn = be->TN(, transpose);
    if (ompwg_get_check() && !device && fn != TN(ompwg_ref_, transpose))
        st = checked_transpose(be, fn, &s, ptr[0], ptr[1]);
    else
        st = fn(&s, ptr[0], ptr[1]);
    if ((be = ompwg_fallback_for(st, device))) st = be->TN(, transpose)(&s, ptr[0], ptr[1]);
    return st;
}

/* The public functions, each precision's names spelled out (ompwg.h
 * declares them): their parameters, and those passed on to run_transpose(). */
#define TRANSP_PARAMS                                                                              \
    ompwg_layout layout, int64_t rows, int64_t cols, const T *a, int64_t lda, T *b, int64_t ldb
#define TRANSP_ARGS layout, rows, cols, a, lda, b, ldb

#if defined(OMPWG_PREC_S)
ompwg_status ompwg_stranspose(TRANSP_PARAMS) { return run_transpose(false, TRANSP_ARGS); }
ompwg_status ompwg_stranspose_device(TRANSP_PARAMS) { return run_transpose(true, TRANSP_ARGS); }
#elif defined(OMPWG_PREC_D)
ompwg_status ompwg_dtranspose(TRANSP_PARAMS) { return run_transpose(false, TRANSP_ARGS); }
ompwg_status ompwg_dtranspose_device(TRANSP_PARAMS) { return run_transpose(true, TRANSP_ARGS); }
#else
#error "transpose_api_tmpl.c: no public names for this precision"
#endif
