/* Comparison with OpenBLAS: the check mode (OMPWG_CHECK=1) and the tests use
 * the same functions. */
#ifndef OMPWG_CHECK_H
#define OMPWG_CHECK_H

#include "backend.h"

/* Largest netlib ratio |c - c_ref| / (eps * (|alpha| sum|a||b| + |beta| |c0|))
 * over C, with c_ref computed by the OpenBLAS backend from c0. A NaN or Inf
 * in c that c_ref does not have (or the reverse) gives INFINITY. */
/* A dense copy (leading dimension rows) of the absolute values of a
 * column-major rows x cols block; NULL when memory is short. */
float *ompwg_check_sabs_copy(const float *src, int64_t rows, int64_t cols, int64_t ld);
double *ompwg_check_dabs_copy(const double *src, int64_t rows, int64_t cols, int64_t ld);

int ompwg_ref_sgemm_ratio(const ompwg_gemm_shape *s, float alpha, const float *a,
                          const float *b, float beta, const float *c0, const float *c, double *ratio);
int ompwg_ref_dgemm_ratio(const ompwg_gemm_shape *s, double alpha, const double *a,
                      const double *b, double beta, const double *c0, const double *c,
                      double *ratio);

/* Whether check mode compares the call (kind and shape as a backend's
 * `takes` gets them; what its name): the reference backend takes it. A
 * call it does not take runs unchecked and keeps its status (OK with the
 * backend's result); the first one is said on stderr (check_reach.c). */
bool ompwg_check_reaches(ompwg_shape_kind kind, const void *shape, const char *what);

/* Run backend be and compare with OpenBLAS. */
int ompwg_checked_sgemm(const ompwg_backend *be, const ompwg_gemm_shape *s, float alpha,
                        const float *a, const float *b, float beta, float *c);
int ompwg_checked_dgemm(const ompwg_backend *be, const ompwg_gemm_shape *s, double alpha,
                        const double *a, const double *b, double beta, double *c);
int ompwg_checked_sreduce(const ompwg_backend *be, const ompwg_vec_shape *s, const float *x,
                          const float *y, float *value, int64_t *index);
int ompwg_checked_dreduce(const ompwg_backend *be, const ompwg_vec_shape *s, const double *x,
                          const double *y, double *value, int64_t *index);

/* Run fn (backend be's SYMM, SYRK, SYR2K, TRMM or TRSM) and compare with the
 * reference backend: the netlib ratio as for GEMM with the symmetric or
 * triangular A expanded, for TRSM the residual
 * |op(A) X - alpha B| / (eps (|op(A)| |X| + |alpha B|)), below max(16, k)
 * with k the inner dimension; C's
 * other triangle (SYRK, SYR2K) bit for bit unchanged. */
int ompwg_checked_slevel3(const ompwg_backend *be, ompwg_slevel3_fn fn,
                          const ompwg_level3_shape *s, float alpha, const float *a,
                          const float *b, float beta, float *c);
int ompwg_checked_dlevel3(const ompwg_backend *be, ompwg_dlevel3_fn fn,
                          const ompwg_level3_shape *s, double alpha, const double *a,
                          const double *b, double beta, double *c);

/* Run fn (backend be's factorisation or solve) and judge the result by its
 * backward error, formed with the reference backend (lapack_check_tmpl.c):
 * below 100 times n eps, and info > 0 where OpenBLAS's is. */
int ompwg_checked_sfactor(const ompwg_backend *be, ompwg_sfactor_fn fn,
                          const ompwg_factor_shape *s, float *a, int64_t *ipiv, float *tau,
                          float *b, int64_t *info);
int ompwg_checked_dfactor(const ompwg_backend *be, ompwg_dfactor_fn fn,
                          const ompwg_factor_shape *s, double *a, int64_t *ipiv, double *tau,
                          double *b, int64_t *info);

#endif
