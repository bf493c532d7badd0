/* Argument checks shared by every entry point (the C API here, the BLAS shim
 * later): the order of the checks is the reference BLAS order. */
#ifndef OMPWG_ARGS_H
#define OMPWG_ARGS_H

#include "ompwg.h"
#include "backend.h"
#include "overlap.h"

/* Checks a GEMM call and writes its column-major form to *s: a row-major
 * C = op(A) op(B) is computed as C^T = op(B)^T op(A)^T, so *swapped says that
 * the caller must pass b as the first operand and a as the second. */
int ompwg_gemm_args(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                    int64_t m, int64_t n, int64_t k, int64_t lda, int64_t ldb, int64_t ldc,
                    ompwg_gemm_shape *s, bool *swapped);

/* Checks a reduction call (sizes and increments; pointers are the caller's). */
int ompwg_vec_args(ompwg_reduce_op op, int64_t n, int64_t incx, int64_t incy,
                   ompwg_vec_shape *s);

/* Checks a scan call (flags, size, increments; pointers are the caller's). */
int ompwg_scan_args(int64_t n, int64_t incx, int64_t incy, unsigned flags, ompwg_scan_shape *s);

/* Checks a transpose call and writes its column-major form to *s. */
int ompwg_transpose_args(ompwg_layout layout, int64_t rows, int64_t cols, int64_t lda,
                         int64_t ldb, ompwg_transpose_shape *s);

/* Checks a SYMM, SYRK, SYR2K, TRMM or TRSM call (flags, sizes, leading
 * dimensions; arguments an operation does not have are ignored) and writes
 * its column-major form to *s. The arguments are the shape's: for TRMM and
 * TRSM the caller passes B's leading dimension as ldc. A row-major call
 * becomes its transpose: side and uplo flip, m and n swap; for SYRK and
 * SYR2K trans flips. */
int ompwg_level3_args(ompwg_level3_op op, ompwg_layout layout, ompwg_side side,
                      ompwg_uplo uplo, ompwg_trans trans, ompwg_diag diag, int64_t m,
                      int64_t n, int64_t k, int64_t lda, int64_t ldb, int64_t ldc,
                      ompwg_level3_shape *s);

/* Offset, in elements, from the pointer a BLAS caller passes to logical
 * element 0 of the vector (n > 0). A single element is at the pointer
 * whatever the increment, INT64_MIN included, which has no negation. */
static inline int64_t ompwg_vec_origin(int64_t n, int64_t inc)
{
    return inc < 0 && n > 1 ? (n - 1) * -inc : 0;
}

#endif
