/* What the generated forwarders of lapack/forward/ share: the export
 * attribute, the OpenBLAS definition each forwarder calls and the fork gate
 * it calls it in (openblas_gate.h). */
#ifndef OMPWG_LAPACK_FORWARD_H
#define OMPWG_LAPACK_FORWARD_H

#include <stddef.h>

/* the numbering of the variant's forwarders, which its library's include
 * path gives: lapack/forward/'s, or lapack/forward64/'s for ILP64 */
#include "lapack_ids.h"
#include "ompwg_blas.h"
#include "openblas_gate.h"

/* Only the LAPACK names are exported; everything else is hidden
 * (-fvisibility=hidden). */
#define OMPWG_LAPACK_EXPORT __attribute__((visibility("default")))

/* The library's name in its messages: compiled with OMPWG_BLAS_ILP64
 * (ompwg_blas_int 64-bit) it is libompwg_lapack64. */
#ifdef OMPWG_BLAS_ILP64
#define OMPWG_LAPACK_LIBRARY "ompwg_lapack64"
#else
#define OMPWG_LAPACK_LIBRARY "ompwg_lapack"
#endif

/* OpenBLAS's own definition of routine id (never one interposed before it,
 * such as this library's), looked up once for all routines
 * (blas/forward_table.h). NULL when OpenBLAS has none: the first such call
 * of each routine says so on stderr, and the forwarder returns without
 * writing anything (functions return 0). */
void *ompwg_lapack_forward(ompwg_lapack_fwd id);

#endif
