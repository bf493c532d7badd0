/* Filling a backend's empty slots (table_fill.h). */
#include "table_fill.h"

#include "reference.h"

/* The reference backend's table as compiled: its own NULL slots stay NULL
 * here, so that a routine below never calls itself. */
static const ompwg_backend *reference_table;

static int host_only_slevel3(const ompwg_level3_shape *s, float alpha, const float *a,
                             const float *b, float beta, float *c)
{
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    ompwg_slevel3_fn fn = reference_table ? reference_table->slevel3[s->op] : NULL;
    return fn ? fn(s, alpha, a, b, beta, c) : OMPWG_ERR_UNAVAILABLE;
}

static int host_only_dlevel3(const ompwg_level3_shape *s, double alpha, const double *a,
                             const double *b, double beta, double *c)
{
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    ompwg_dlevel3_fn fn = reference_table ? reference_table->dlevel3[s->op] : NULL;
    return fn ? fn(s, alpha, a, b, beta, c) : OMPWG_ERR_UNAVAILABLE;
}

static int host_only_cgemm(const ompwg_gemm_shape *s, ompwg_complex_float alpha,
                           const ompwg_complex_float *a, const ompwg_complex_float *b,
                           ompwg_complex_float beta, ompwg_complex_float *c)
{
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    ompwg_cgemm_fn fn = reference_table ? reference_table->cgemm : NULL;
    return fn ? fn(s, alpha, a, b, beta, c) : OMPWG_ERR_UNAVAILABLE;
}

static int host_only_zgemm(const ompwg_gemm_shape *s, ompwg_complex_double alpha,
                           const ompwg_complex_double *a, const ompwg_complex_double *b,
                           ompwg_complex_double beta, ompwg_complex_double *c)
{
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    ompwg_zgemm_fn fn = reference_table ? reference_table->zgemm : NULL;
    return fn ? fn(s, alpha, a, b, beta, c) : OMPWG_ERR_UNAVAILABLE;
}

static int host_only_sfactor(const ompwg_factor_shape *s, float *a, int64_t *ipiv, float *tau,
                             float *b, int64_t *info)
{
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    ompwg_sfactor_fn fn = reference_table ? reference_table->sfactor[s->op] : NULL;
    return fn ? fn(s, a, ipiv, tau, b, info) : OMPWG_ERR_UNAVAILABLE;
}

static int host_only_dfactor(const ompwg_factor_shape *s, double *a, int64_t *ipiv, double *tau,
                             double *b, int64_t *info)
{
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    ompwg_dfactor_fn fn = reference_table ? reference_table->dfactor[s->op] : NULL;
    return fn ? fn(s, a, ipiv, tau, b, info) : OMPWG_ERR_UNAVAILABLE;
}

void ompwg_table_fill(ompwg_backend *t, const ompwg_backend *reference)
{
    reference_table = reference;
    /* the reference's own slot only where it can never see device pointers */
    const ompwg_backend *r = t->caps & OMPWG_CAP_DEVICE_DATA ? NULL : reference;
    if (!t->sscan) t->sscan = ompwg_ref_sscan;
    if (!t->dscan) t->dscan = ompwg_ref_dscan;
    if (!t->i64scan) t->i64scan = ompwg_ref_i64scan;
    if (!t->stranspose) t->stranspose = ompwg_ref_stranspose;
    if (!t->dtranspose) t->dtranspose = ompwg_ref_dtranspose;
    for (int op = 0; op < OMPWG_L3_OP_COUNT; op++) {
        if (!t->slevel3[op])
            t->slevel3[op] = r && r->slevel3[op] ? r->slevel3[op] : host_only_slevel3;
        if (!t->dlevel3[op])
            t->dlevel3[op] = r && r->dlevel3[op] ? r->dlevel3[op] : host_only_dlevel3;
    }
    if (!t->cgemm) t->cgemm = r && r->cgemm ? r->cgemm : host_only_cgemm;
    if (!t->zgemm) t->zgemm = r && r->zgemm ? r->zgemm : host_only_zgemm;
    for (int op = 0; op < OMPWG_LA_OP_COUNT; op++) {
        if (!t->sfactor[op])
            t->sfactor[op] = r && r->sfactor[op] ? r->sfactor[op] : host_only_sfactor;
        if (!t->dfactor[op])
            t->dfactor[op] = r && r->dfactor[op] ? r->dfactor[op] : host_only_dfactor;
    }
}
