/* The GPU reductions of both precisions in one translation unit (see
 * gemm.c for why): reduce_tmpl.c is included once per precision. */
#include <math.h>
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "devmem.h"
#include "extremum.h"
#include "finish.h"
#include "gpu.h"
#include "grid.h"
#include "ompwg.h"
#include "ompwg/team.h"
#include "reply.h"
#include "variant.h"

/* Kernel parameters (each can be overridden with -D for experiments; see
 * tools/gpu-perf.sh). A team has RED_NT threads; a block is RED_NT * U
 * 16-byte pieces, read by the team in U coalesced sweeps, so each thread
 * has U loads per stream in flight (see reduce_tmpl.c). Sum and asum read
 * one stream, dot two, and each has its own kernel.
 *
 * Measured on an H100 (bench_gpu, 2^28 elements, fraction of the device
 * copy bandwidth), one run of five settings: U 8 for both kernels with 2
 * teams per SM gave sum 64 % (float) and 69 % (double), dot 98 % and 101 %;
 * U 16 for sum changed nothing (60-68 %); U 4 with 3 sum teams per SM gave
 * sum 74 % and 84 %, dot 100 %. More resident threads beat more loads per
 * thread: ptxas gives U 4 kernels 68-80 registers (sum) and 92-128 (dot),
 * which fits 3 sum teams or 2 dot teams of 256 threads on an SM, so every
 * team of the grid is resident at once. Should another compiler need more
 * registers, the extra teams run in a second wave: slower, never wrong. */
#ifndef RED_NT
#define RED_NT 256
#endif
#ifndef RED_SUM_U
#define RED_SUM_U 4
#endif
#ifndef RED_DOT_U
#define RED_DOT_U 4
#endif
#ifndef RED_TEAMS_PER_SM
#define RED_TEAMS_PER_SM 3
#endif
#ifndef RED_DOT_TEAMS_PER_SM
#define RED_DOT_TEAMS_PER_SM 2
#endif
_Static_assert((RED_NT & (RED_NT - 1)) == 0 && RED_NT >= 64,
               "the team tree halves a power of two down to a warp");

#define OMPWG_PREC_S
#include "reduce_tmpl.c"
#undef OMPWG_PREC_S

#define OMPWG_PREC_D
#include "reduce_tmpl.c"
#undef OMPWG_PREC_D
