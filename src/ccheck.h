/* Comparison of the complex GEMM with OpenBLAS: the check mode
 * (OMPWG_CHECK=1) and ompwg_cgemm_ratio()/ompwg_zgemm_ratio() use the same
 * functions. */
#ifndef OMPWG_CCHECK_H
#define OMPWG_CCHECK_H

#include "backend.h"

/* Largest netlib ZMMCH ratio |c - c_ref|_1 / (eps * (|alpha|_1 sum |a|_1
 * |b|_1 + |beta|_1 |c0|_1)) over C (|x|_1 = |re x| + |im x|), with c_ref
 * computed by the reference backend from c0. A NaN or Inf in c that c_ref
 * does not have (or the reverse) gives INFINITY. */
int ompwg_ref_cgemm_ratio(const ompwg_gemm_shape *s, ompwg_complex_float alpha,
                          const ompwg_complex_float *a, const ompwg_complex_float *b,
                          ompwg_complex_float beta, const ompwg_complex_float *c0,
                          const ompwg_complex_float *c, double *ratio);
int ompwg_ref_zgemm_ratio(const ompwg_gemm_shape *s, ompwg_complex_double alpha,
                          const ompwg_complex_double *a, const ompwg_complex_double *b,
                          ompwg_complex_double beta, const ompwg_complex_double *c0,
                          const ompwg_complex_double *c, double *ratio);

/* Runs backend be's complex GEMM and compares with the reference:
 * OMPWG_ERR_CHECK, with a message on stderr, beyond the netlib ratio 16. */
int ompwg_checked_cgemm(const ompwg_backend *be, const ompwg_gemm_shape *s,
                        ompwg_complex_float alpha, const ompwg_complex_float *a,
                        const ompwg_complex_float *b, ompwg_complex_float beta,
                        ompwg_complex_float *c);
int ompwg_checked_zgemm(const ompwg_backend *be, const ompwg_gemm_shape *s,
                        ompwg_complex_double alpha, const ompwg_complex_double *a,
                        const ompwg_complex_double *b, ompwg_complex_double beta,
                        ompwg_complex_double *c);

#endif
