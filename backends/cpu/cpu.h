/* The CPU backend's shared pieces: thread team and topology. */
#ifndef OMPWG_CPU_H
#define OMPWG_CPU_H

#include <stddef.h>

#include "backend.h"

/* Threads a call should use: ompwg_set_num_threads's count, else
 * OMPWG_NUM_THREADS (as src/config.c read it), else one
 * per core of the process's share of the allowed cpuset (all of it unless
 * ompwg_set_cpu_share chose a part); 1 when called from inside an active
 * OpenMP parallel region. */
int ompwg_cpu_threads(void);

/* The index, within the process's share of the allowed cores, of the core
 * the calling (application) thread runs on now; 0 when unknown or outside
 * the share. Read before a parallel region and passed to every thread's
 * ompwg_cpu_pin_worker. */
int ompwg_cpu_pin_base(void);

/* Called by each thread of a backend parallel region: pins worker tid to the
 * core of the share tid places after the caller's (base, wrapping around
 * inside the share), so that no worker shares the core of the application's
 * own thread (tid 0, never pinned). Nothing when
 * the OpenMP runtime already binds threads or hwloc is missing. */
void ompwg_cpu_pin_worker(int tid, int base);

/* One line describing the topology, the pinning policy and the GEMM kernel. */
void ompwg_cpu_describe(char *buf, size_t len);

/* Around each of the backend's parallel regions: its threads sleep a
 * millisecond after the region ends instead of spinning for the OpenMP
 * runtime's block time (200 ms by default), which, beside OpenBLAS's
 * threads (a LAPACK over the drop-in BLAS: most calls on OpenBLAS, some
 * here), took a third of the cores' time from them. begin returns the
 * calling thread's setting, end puts it back for the program's own
 * regions. */
int ompwg_cpu_team_begin(void);
void ompwg_cpu_team_end(int saved);

/* Name of the GEMM kernel variant the next call runs ("avx512", "avx2",
 * "generic"; "unpacked" when none is usable; see kernel.h), after
 * OMPWG_CPU_ARCH and the CPU's features. */
const char *ompwg_cpu_kernel_name(void);

int ompwg_cpu_sgemm(const ompwg_gemm_shape *s, float alpha, const float *a, const float *b,
                    float beta, float *c);
int ompwg_cpu_dgemm(const ompwg_gemm_shape *s, double alpha, const double *a,
                    const double *b, double beta, double *c);
int ompwg_cpu_cgemm(const ompwg_gemm_shape *s, ompwg_complex_float alpha,
                    const ompwg_complex_float *a, const ompwg_complex_float *b,
                    ompwg_complex_float beta, ompwg_complex_float *c);
int ompwg_cpu_zgemm(const ompwg_gemm_shape *s, ompwg_complex_double alpha,
                    const ompwg_complex_double *a, const ompwg_complex_double *b,
                    ompwg_complex_double beta, ompwg_complex_double *c);
int ompwg_cpu_sreduce(const ompwg_vec_shape *s, const float *x, const float *y, float *value,
                      int64_t *index);
int ompwg_cpu_dreduce(const ompwg_vec_shape *s, const double *x, const double *y,
                      double *value, int64_t *index);
int ompwg_cpu_sscan(const ompwg_scan_shape *s, const float *x, float *y);
int ompwg_cpu_dscan(const ompwg_scan_shape *s, const double *x, double *y);
int ompwg_cpu_i64scan(const ompwg_scan_shape *s, const int64_t *x, int64_t *y);
int ompwg_cpu_stranspose(const ompwg_transpose_shape *s, const float *a, float *b);
int ompwg_cpu_dtranspose(const ompwg_transpose_shape *s, const double *a, double *b);

/* SYMM, SYRK, SYR2K (sym_tmpl.c), TRMM, TRSM (tri_tmpl.c): blocked over the
 * packed GEMM. */
int ompwg_cpu_ssymm(const ompwg_level3_shape *s, float alpha, const float *a, const float *b,
                    float beta, float *c);
int ompwg_cpu_dsymm(const ompwg_level3_shape *s, double alpha, const double *a,
                    const double *b, double beta, double *c);
int ompwg_cpu_ssyrk(const ompwg_level3_shape *s, float alpha, const float *a, const float *b,
                    float beta, float *c);
int ompwg_cpu_dsyrk(const ompwg_level3_shape *s, double alpha, const double *a,
                    const double *b, double beta, double *c);
int ompwg_cpu_ssyr2k(const ompwg_level3_shape *s, float alpha, const float *a, const float *b,
                     float beta, float *c);
int ompwg_cpu_dsyr2k(const ompwg_level3_shape *s, double alpha, const double *a,
                     const double *b, double beta, double *c);
int ompwg_cpu_strmm(const ompwg_level3_shape *s, float alpha, const float *a, const float *b,
                    float beta, float *c);
int ompwg_cpu_dtrmm(const ompwg_level3_shape *s, double alpha, const double *a,
                    const double *b, double beta, double *c);
int ompwg_cpu_strsm(const ompwg_level3_shape *s, float alpha, const float *a, const float *b,
                    float beta, float *c);
int ompwg_cpu_dtrsm(const ompwg_level3_shape *s, double alpha, const double *a,
                    const double *b, double beta, double *c);

#endif
