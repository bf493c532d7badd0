/* The GPU reductions of both precisions in one translation unit (see
 * gemm_tmpl.c for why): reduce_tmpl.c is included once per precision. */
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
 * The grid has RED_TEAMS_PER_SM (sum, asum, max, min) or
 * RED_DOT_TEAMS_PER_SM (dot) virtual teams per SM, each a fixed share of
 * the blocks. With the one-launch finish (finish.h), 4 and 3 beat 3 and 2 at
 * 2^28 on an H100 in one run (fraction of copy bandwidth: float sum 98.6 %
 * against 94.4 %, dot 100.4 against 98.7, double sum 100.1 against 97.4,
 * dot 100.7 against 100.1; bench/NOTES.md). ptxas gives the sum kernels 84
 * (double) and 96 (float) registers and the dot kernels 117 and 154, so 2
 * teams of 256 threads are resident per SM and the rest of the grid follows
 * in waves: the finer shares end more evenly. */
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
#define RED_TEAMS_PER_SM 4
#endif
#ifndef RED_DOT_TEAMS_PER_SM
#define RED_DOT_TEAMS_PER_SM 3
#endif
_Static_assert((RED_NT & (RED_NT - 1)) == 0 && RED_NT >= 64,
               "the team tree halves a power of two down to a warp");

#define OMPWG_PREC_S
#include "reduce_tmpl.c"
#undef OMPWG_PREC_S

#define OMPWG_PREC_D
#include "reduce_tmpl.c"
#undef OMPWG_PREC_D
