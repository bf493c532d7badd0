/* The GPU transposes of both precisions in one translation unit (see
 * gemm.c for why): transpose_tmpl.c is included once per precision.
 *
 * The 2D-tile pattern of the source material: a team copies a TR_TILE x
 * TR_TILE tile of A into team-shared memory with reads along A's columns
 * (consecutive threads, consecutive addresses), meets at a barrier, and
 * writes it to B with writes along B's columns, reading the tile across its
 * rows. Those reads walk the tile with a stride of one row: with 32 four-byte
 * banks and rows of 32 elements every thread of a warp would hit the same
 * bank. One element of padding per row (OMPWG_GPU_TRANSPOSE=padded, the
 * default) puts consecutive rows in consecutive banks; "unpadded" keeps the
 * conflicts, for the comparison in the benchmark. Measured on an H100
 * (bench_gpu, 16384 x 16384, one run, GB/s read + written): float padded
 * 2047, unpadded 1383, cuBLAS geam 2557, a device copy 2693; double 2774,
 * 2379, 2693 and 2822 (a warp reads 8-byte elements half a warp at a time,
 * so the conflicts cost less). */
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>

#include "devmem.h"
#include "gpu.h"
#include "grid.h"
#include "ompwg.h"
#include "staging.h"
#include "variant.h"

#define TR_TILE 32
/* threads of a team: each moves TR_TILE * TR_TILE / TR_NT elements of a tile */
#define TR_NT 256
_Static_assert(TR_TILE * TR_TILE % TR_NT == 0, "the threads share a tile evenly");

#define OMPWG_PREC_S
#include "transpose_tmpl.c"
#undef OMPWG_PREC_S

#define OMPWG_PREC_D
#include "transpose_tmpl.c"
#undef OMPWG_PREC_D
