/* The ceilings bench rows are measured against: a streaming copy on the same
 * device (memory-bound rows) and a stated peak estimate (GEMM rows). */
#ifndef OMPWG_BENCH_CEILING_H
#define OMPWG_BENCH_CEILING_H

#include <stdbool.h>
#include <stddef.h>

/* GB/s of a parallel streaming copy (bytes read + written) with `threads`
 * OpenMP threads over arrays much larger than the last-level cache;
 * negative on allocation failure. */
double bench_cpu_copy_gbs(int threads, int reps);

/* Estimated peak GFLOP/s of `cores` cores for float or double FMA, with a
 * sentence saying where each factor came from. */
double bench_cpu_peak_gflops(int cores, bool dbl, char *source, size_t len);

/* Estimated FMA peak GFLOP/s of the GPU backend's device for float or
 * double (SMs x clock x FMA lanes per SM of its compute capability x 2),
 * with the sentence saying so in source; *fp64_tensor: the device also has
 * FP64 tensor cores, at twice the FP64 FMA rate. Negative when its
 * properties cannot be read. */
double bench_gpu_fma_peak_gflops(bool dbl, bool *fp64_tensor, char *source, size_t len);

/* Last-level cache size in bytes (hwloc when present, else 32 MiB). */
size_t bench_cpu_llc_bytes(void);

#endif
