/* The GPU scans of every type (float, double, int64) in one translation
 * unit (see gemm.c for why): scan_tmpl.c is included once per type.
 *
 * Two passes, with no team ever waiting for another: the vector is cut into
 * np contiguous chunks (virtual teams, their number fixed by n and the
 * device, as for the reductions). Pass 1 writes each chunk's total; pass 2
 * gives each chunk the sum of the totals before it (every team adds them
 * up itself: a few hundred values from L2) and scans the chunk in steps of
 * SCAN_NT 16-byte pieces, each step a team scan of ompwg/team.h (sub-group
 * scans, then the sub-groups' totals through local memory) carried into
 * the next. x is read twice and y written once: at best two thirds of the
 * device's copy bandwidth. Measured on an H100 (bench_gpu, 2^28 elements,
 * one run): float 1347 GB/s read + written, double 1477, int64 1495: 51-53 %
 * of a device copy of as many bytes. */
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "devmem.h"
#include "gpu.h"
#include "grid.h"
#include "ompwg.h"
#include "ompwg/team.h"

/* Threads of a team, and teams (virtual teams) per SM: a team keeps one
 * step's pieces in registers and the next step's loads in flight, so
 * memory parallelism comes from many resident teams. */
#ifndef SCAN_NT
#define SCAN_NT 256
#endif
#ifndef SCAN_TEAMS_PER_SM
#define SCAN_TEAMS_PER_SM 8
#endif

#define OMPWG_PREC_S
#include "scan_tmpl.c"
#undef OMPWG_PREC_S

#define OMPWG_PREC_D
#include "scan_tmpl.c"
#undef OMPWG_PREC_D

#define OMPWG_PREC_L
#include "scan_tmpl.c"
#undef OMPWG_PREC_L
