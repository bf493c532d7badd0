#include "gemm_call.h"

#include "args.h"
#include "dispatch.h"

/* op(X)'s rows and columns as stored: rows x cols of the array at X. */
static void stored_dims(bool trans, int64_t rows, int64_t cols, int64_t *r, int64_t *c)
{
    *r = trans ? cols : rows;
    *c = trans ? rows : cols;
}

int ompwg_gemm_call_args(bool device, ompwg_layout layout, ompwg_trans transa,
                         ompwg_trans transb, int64_t m, int64_t n, int64_t k, const void *a,
                         int64_t lda, const void *b, int64_t ldb, void *c, int64_t ldc,
                         bool alpha_zero, size_t elem, ompwg_gemm_call *g, bool *empty)
{
    ompwg_gemm_shape *s = &g->s;
    bool swapped;
    int st = ompwg_gemm_args(layout, transa, transb, m, n, k, lda, ldb, ldc, s, &swapped);
    *empty = st == OMPWG_OK && (s->m == 0 || s->n == 0);
    if (st != OMPWG_OK || *empty) return st;
    g->a = swapped ? b : a;
    g->b = swapped ? a : b;
    g->c = c;
    g->reads_ab = !alpha_zero && s->k > 0;
    if (!c || (g->reads_ab && (!g->a || !g->b))) return OMPWG_ERR_NULL;
    int64_t ra, ca, rb, cb;
    stored_dims(s->transa, s->m, s->k, &ra, &ca);
    stored_dims(s->transb, s->k, s->n, &rb, &cb);
    /* element by element: blocks of one array side by side (LAPACK's
     * updates) do not overlap */
    if (g->reads_ab &&
        (ompwg_matrices_overlap(c, s->m, s->n, s->ldc, g->a, ra, ca, s->lda, elem) ||
         ompwg_matrices_overlap(c, s->m, s->n, s->ldc, g->b, rb, cb, s->ldb, elem)))
        return OMPWG_ERR_OVERLAP;
    s->device_ptrs = device;
    return OMPWG_OK;
}

int ompwg_gemm_call_place(ompwg_gemm_call *g, ompwg_call *call, bool beta_zero, size_t elem,
                          ompwg_placement *pl)
{
    const ompwg_gemm_shape *s = &g->s;
    call->m = s->m;
    call->n = s->n;
    call->k = s->k;
    call->device = s->device_ptrs;
    call->operands = 3;
    if (g->reads_ab) {
        int64_t ra, ca, rb, cb;
        stored_dims(s->transa, s->m, s->k, &ra, &ca);
        stored_dims(s->transb, s->k, s->n, &rb, &cb);
        call->op[0] = ompwg_matrix_operand(g->a, ra, ca, s->lda, elem, true, false);
        call->op[1] = ompwg_matrix_operand(g->b, rb, cb, s->ldb, elem, true, false);
    }
    call->op[2] = ompwg_matrix_operand(g->c, s->m, s->n, s->ldc, elem, !beta_zero, true);
    void *ptr[3] = { (void *)g->a, (void *)g->b, g->c };
    int st = ompwg_place_call(call, pl, ptr);
    if (st != OMPWG_OK) return st;
    g->a = ptr[0];
    g->b = ptr[1];
    g->c = ptr[2];
    g->s.device_ptrs |= pl->mapped;
    return OMPWG_OK;
}

int ompwg_gemm_ratio_args(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                          int64_t m, int64_t n, int64_t k, const void *a, int64_t lda,
                          const void *b, int64_t ldb, const void *c0, const void *c,
                          int64_t ldc, bool alpha_zero, double *ratio, ompwg_gemm_call *g,
                          bool *empty)
{
    ompwg_gemm_shape *s = &g->s;
    bool swapped;
    int st = ompwg_gemm_args(layout, transa, transb, m, n, k, lda, ldb, ldc, s, &swapped);
    *empty = false;
    if (st != OMPWG_OK) return st;
    if (!ratio) return OMPWG_ERR_NULL;
    if (s->m == 0 || s->n == 0) {
        *ratio = 0;
        *empty = true;
        return OMPWG_OK;
    }
    g->a = swapped ? b : a;
    g->b = swapped ? a : b;
    g->c = NULL;
    g->reads_ab = !alpha_zero && s->k > 0;
    if (!c0 || !c || (g->reads_ab && (!g->a || !g->b))) return OMPWG_ERR_NULL;
    return OMPWG_OK;
}
