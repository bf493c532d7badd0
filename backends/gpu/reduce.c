/* The GPU reductions of both precisions in one translation unit (see
 * gemm.c for why): reduce_tmpl.c is included once per precision. */
#include <math.h>
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#if defined(__NVPTX__)
#include <ompx.h>
#endif

#include "devmem.h"
#include "extremum.h"
#include "gpu.h"
#include "ompwg.h"

/* Threads of a team, and the 16-byte loads each keeps in flight per block:
 * a block is RED_NT * RED_U 16-byte pieces, read by the team in RED_U
 * coalesced sweeps (see reduce_tmpl.c). */
#define RED_NT 256
#define RED_U 8
/* Teams per SM: 2 x 256 threads with RED_U 16-byte loads each keep 64 KiB
 * in flight per SM, about twice what a Hopper GPU's memory needs, and two
 * such teams fit on an SM at once (the kernel needs < 128 registers), so the
 * grid runs in a single wave. */
#define RED_TEAMS_PER_SM 2
/* Partials on the host: a few, each combined by the one host team. */
#define RED_HOST_PARTIALS 4

_Static_assert((RED_NT & (RED_NT - 1)) == 0 && RED_NT >= 64,
               "the team tree halves a power of two down to a warp");

static int64_t ceil_div(int64_t x, int64_t y)
{
    return (x + y - 1) / y;
}

/* Partial results, one per virtual team. Their number depends only on n and
 * the device, so that a result does not depend on how many teams the
 * runtime grants; the teams granted stride over them. */
static int64_t partials_for(int64_t n, int64_t block)
{
    int64_t cap = ompwg_gpu_on_host() ? RED_HOST_PARTIALS
                                      : (int64_t)ompwg_gpu_sm_count() * RED_TEAMS_PER_SM;
    int64_t blocks = ceil_div(n, block);
    return blocks < cap ? blocks : cap;
}

/* Teams to request for np partials: one each on a GPU, one on the host
 * (whose threads are the host's cores). */
static int teams_for(int64_t np)
{
    return ompwg_gpu_on_host() ? 1 : (int)np;
}

#define OMPWG_PREC_S
#include "reduce_tmpl.c"
#undef OMPWG_PREC_S

#define OMPWG_PREC_D
#include "reduce_tmpl.c"
#undef OMPWG_PREC_D
