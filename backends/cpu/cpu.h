/* The CPU backend's shared pieces: thread team and topology. */
#ifndef OMPWG_CPU_H
#define OMPWG_CPU_H

#include <stddef.h>
#include <stdint.h>

#include "backend.h"

/* Threads the calling thread's call should use: the count the program set
 * last, by ompwg_set_num_threads's rule (threads.c): ompwg_set_num_threads's
 * count, OMPWG_NUM_THREADS, or OpenMP's count capped at the cores of the
 * process's share of the allowed cpuset (all of it unless
 * ompwg_set_cpu_share chose a part); 1 when called from inside an active
 * OpenMP parallel region without nested parallelism. */
int ompwg_cpu_threads(void);

/* One line describing the topology, the pinning policy and the GEMM kernel. */
void ompwg_cpu_describe(char *buf, size_t len);

/* Thread t's part of a team of nt threads: OMPWG_OK or a failure status.
 * Every thread of the team runs it, so it may hold the team's barriers and
 * worksharing loops. */
typedef int ompwg_cpu_part_fn(void *ctx, int t, int nt);

/* Runs part on a team of want threads (the calling thread alone when want
 * <= 1), the workers pinned to the cores after the caller's, and with a
 * short wait policy (threads.c): every parallel region of the backend.
 * OMPWG_OK, or the failure one of the parts returned. */
int ompwg_cpu_team_run(int want, ompwg_cpu_part_fn *part, void *ctx);

/* Item i of a loop whose items are independent. */
typedef void ompwg_cpu_item_fn(void *ctx, int64_t i);

/* Runs item for i in [0, count) on a team as ompwg_cpu_team_run's, each
 * thread taking one contiguous run of the items (static schedule). */
void ompwg_cpu_team_for(int want, int64_t count, ompwg_cpu_item_fn *item, void *ctx);

/* Name of the GEMM kernel variant the next call runs ("avx512", "avx2",
 * "generic"; "unpacked" when none is usable; see kernel.h), after
 * OMPWG_CPU_ARCH and the CPU's features. */
const char *ompwg_cpu_kernel_name(void);

ompwg_sgemm_sig ompwg_cpu_sgemm;
ompwg_dgemm_sig ompwg_cpu_dgemm;
ompwg_cgemm_sig ompwg_cpu_cgemm;
ompwg_zgemm_sig ompwg_cpu_zgemm;
ompwg_sreduce_sig ompwg_cpu_sreduce;
ompwg_dreduce_sig ompwg_cpu_dreduce;
ompwg_sscan_sig ompwg_cpu_sscan;
ompwg_dscan_sig ompwg_cpu_dscan;
ompwg_i64scan_sig ompwg_cpu_i64scan;
ompwg_stranspose_sig ompwg_cpu_stranspose;
ompwg_dtranspose_sig ompwg_cpu_dtranspose;

/* The GEMM above on host blocks given by pointer and leading dimension: C
 * (m x n) := alpha op(A) op(B) + beta C, op(X) = X^T where ta (tb); the
 * steps of the blocked SYMM, SYRK, SYR2K, TRMM and TRSM below. */
int ompwg_cpu_sgemm_block(bool ta, bool tb, int64_t m, int64_t n, int64_t k, float alpha,
                          const float *a, int64_t lda, const float *b, int64_t ldb, float beta,
                          float *c, int64_t ldc);
int ompwg_cpu_dgemm_block(bool ta, bool tb, int64_t m, int64_t n, int64_t k, double alpha,
                          const double *a, int64_t lda, const double *b, int64_t ldb,
                          double beta, double *c, int64_t ldc);

/* SYMM, SYRK, SYR2K (sym_tmpl.c), TRMM, TRSM (tri_tmpl.c): blocked over the
 * packed GEMM. */
ompwg_slevel3_sig ompwg_cpu_ssymm;
ompwg_dlevel3_sig ompwg_cpu_dsymm;
ompwg_slevel3_sig ompwg_cpu_ssyrk;
ompwg_dlevel3_sig ompwg_cpu_dsyrk;
ompwg_slevel3_sig ompwg_cpu_ssyr2k;
ompwg_dlevel3_sig ompwg_cpu_dsyr2k;
/* TRMM or TRSM, as the shape's op says: one function for both slots */
ompwg_slevel3_sig ompwg_cpu_strxm;
ompwg_dlevel3_sig ompwg_cpu_dtrxm;

#endif
