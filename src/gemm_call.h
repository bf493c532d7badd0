/* The steps of a GEMM call that do not depend on the element type, for the
 * entry points of every precision (gemm_api_tmpl.c): the arguments checked
 * and normalised, the operands described to the planner and placed. */
#ifndef OMPWG_GEMM_CALL_H
#define OMPWG_GEMM_CALL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend.h"
#include "ompwg.h"
#include "place.h"

typedef struct ompwg_gemm_call {
    ompwg_gemm_shape s;
    /* op(A) and op(B) of the normalised (column-major) call; C */
    const void *a, *b;
    void *c;
    bool reads_ab; /* alpha != 0 and k > 0 */
} ompwg_gemm_call;

/* Checks and normalises a GEMM of elem-byte elements (alpha_zero: alpha ==
 * 0, so that A and B are not read) into *g; *empty when C has no element
 * (m or n 0), and nothing is to be done. OMPWG_OK, or the status of the
 * first argument found wrong, OMPWG_ERR_NULL for a missing matrix and
 * OMPWG_ERR_OVERLAP for C sharing an element with A or B. */
int ompwg_gemm_call_args(bool device, ompwg_layout layout, ompwg_trans transa,
                         ompwg_trans transb, int64_t m, int64_t n, int64_t k, const void *a,
                         int64_t lda, const void *b, int64_t ldb, void *c, int64_t ldc,
                         bool alpha_zero, size_t elem, ompwg_gemm_call *g, bool *empty);

/* Places the call: call names it and gives its kind, precision, flops and
 * whether it may be split; its sizes and operands are filled from g (C read
 * unless beta_zero). On mapped data g's pointers move to the device copies
 * and g->s.device_ptrs is set. */
int ompwg_gemm_call_place(ompwg_gemm_call *g, ompwg_call *call, bool beta_zero, size_t elem,
                          ompwg_placement *pl);

/* Checks the arguments of ompwg_?gemm_ratio as a GEMM's into *g (c0 is C
 * before the call, c after); *empty, and *ratio 0, when C has no element. */
int ompwg_gemm_ratio_args(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                          int64_t m, int64_t n, int64_t k, const void *a, int64_t lda,
                          const void *b, int64_t ldb, const void *c0, const void *c,
                          int64_t ldc, bool alpha_zero, double *ratio, ompwg_gemm_call *g,
                          bool *empty);

#endif
