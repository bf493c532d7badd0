/* What OpenBLAS's 32-bit interface (blasint) takes: the one place the
 * backend's routines and the planner (through the backend's `takes`) ask.
 * GEMM takes every size: it is cut into pieces that fit. */
#include <limits.h>

#include "openblas.h"

static bool fits(int64_t v)
{
    return v <= INT_MAX && v >= -INT_MAX;
}

bool ompwg_openblas_fits_cgemm(const ompwg_gemm_shape *s)
{
    return fits(s->lda) && fits(s->ldb) && fits(s->ldc);
}

bool ompwg_openblas_fits_vec(const ompwg_vec_shape *s)
{
    /* the extrema are scanned here; one element is read at the pointer
     * whatever the increments say */
    if (s->op == OMPWG_REDUCE_MAX || s->op == OMPWG_REDUCE_MIN || s->n == 1) return true;
    return fits(s->incx) && fits(s->incy);
}

bool ompwg_openblas_fits_transpose(const ompwg_transpose_shape *s)
{
    return fits(s->lda) && fits(s->ldb);
}

bool ompwg_openblas_fits_level3(const ompwg_level3_shape *s)
{
    return fits(s->m) && fits(s->n) && fits(s->k) && fits(s->lda) && fits(s->ldb) &&
           fits(s->ldc);
}

bool ompwg_openblas_fits_factor(const ompwg_factor_shape *s)
{
    return fits(s->m) && fits(s->n) && fits(s->nrhs) && fits(s->k) && fits(s->lda) &&
           fits(s->ldb);
}

bool ompwg_openblas_takes(ompwg_shape_kind kind, const void *shape)
{
    switch (kind) {
    case OMPWG_SHAPE_CGEMM: return ompwg_openblas_fits_cgemm(shape);
    case OMPWG_SHAPE_VEC: return ompwg_openblas_fits_vec(shape);
    case OMPWG_SHAPE_TRANSPOSE: return ompwg_openblas_fits_transpose(shape);
    case OMPWG_SHAPE_LEVEL3: return ompwg_openblas_fits_level3(shape);
    case OMPWG_SHAPE_FACTOR: return ompwg_openblas_fits_factor(shape);
    default: return true; /* GEMM in pieces; no scan of its own */
    }
}
