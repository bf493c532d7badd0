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

/* SYMM, SYRK, SYR2K (sym_tmpl.c), TRMM, TRSM (tri_tmpl.c): blocked over the
 * packed GEMM. */
ompwg_slevel3_sig ompwg_cpu_ssymm;
ompwg_dlevel3_sig ompwg_cpu_dsymm;
ompwg_slevel3_sig ompwg_cpu_ssyrk;
ompwg_dlevel3_sig ompwg_cpu_dsyrk;
ompwg_slevel3_sig ompwg_cpu_ssyr2k;
ompwg_dlevel3_sig ompwg_cpu_dsyr2k;
ompwg_slevel3_sig ompwg_cpu_strmm;
ompwg_dlevel3_sig ompwg_cpu_dtrmm;
ompwg_slevel3_sig ompwg_cpu_strsm;
ompwg_dlevel3_sig ompwg_cpu_dtrsm;

#endif
