/* Argument checks shared by every entry point (the C API here, the BLAS shim
 * later): the order of the checks is the reference BLAS order. */
#ifndef OMPWG_ARGS_H
#define OMPWG_ARGS_H

#include "ompwg.h"
#include "backend.h"

/* Checks a GEMM call and writes its column-major form to *s: a row-major
 * C = op(A) op(B) is computed as C^T = op(B)^T op(A)^T, so *swapped says that
 * the caller must pass b as the first operand and a as the second. */
int ompwg_gemm_args(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                    int64_t m, int64_t n, int64_t k, int64_t lda, int64_t ldb, int64_t ldc,
                    ompwg_gemm_shape *s, bool *swapped);

/* Checks a reduction call (sizes and increments; pointers are the caller's). */
int ompwg_vec_args(ompwg_reduce_op op, int64_t n, int64_t incx, int64_t incy,
                   ompwg_vec_shape *s);

/* Offset, in elements, from the pointer a BLAS caller passes to logical
 * element 0 of the vector (n > 0). A single element is at the pointer
 * whatever the increment, INT64_MIN included, which has no negation. */
static inline int64_t ompwg_vec_origin(int64_t n, int64_t inc)
{
    return inc < 0 && n > 1 ? (n - 1) * -inc : 0;
}

#endif
