/* The sequential reference of the operations OpenBLAS does not have: what a
 * backend without a kernel of its own runs (see backend.h), and what check
 * mode compares with. Host data only: device pointers give
 * OMPWG_ERR_UNSUPPORTED. */
#ifndef OMPWG_REFERENCE_H
#define OMPWG_REFERENCE_H

#include "backend.h"

/* y := the prefix sums of x in logical order, one running sum in the
 * accumulation type (prec.h); each x_i is read before y_i is written, so
 * y may be x. */
int ompwg_ref_sscan(const ompwg_scan_shape *s, const float *x, float *y);
int ompwg_ref_dscan(const ompwg_scan_shape *s, const double *x, double *y);
int ompwg_ref_i64scan(const ompwg_scan_shape *s, const int64_t *x, int64_t *y);

/* The same with the running sum starting at `start` (the sum of what comes
 * before x): a piece of a longer scan. */
void ompwg_ref_sscan_from(const ompwg_scan_shape *s, const float *x, float *y, double start);
void ompwg_ref_dscan_from(const ompwg_scan_shape *s, const double *x, double *y, double start);
void ompwg_ref_i64scan_from(const ompwg_scan_shape *s, const int64_t *x, int64_t *y,
                            int64_t start);

/* B := A^T, in blocks that keep both matrices' lines in cache. */
int ompwg_ref_stranspose(const ompwg_transpose_shape *s, const float *a, float *b);
int ompwg_ref_dtranspose(const ompwg_transpose_shape *s, const double *a, double *b);

#endif
