/* What the generated forwarders of blas/forward/ share: netlib's CBLAS enum
 * types (cblas_enums.h), the argument checks the level-2 and level-3 CBLAS
 * forwarders make first (cblas_args.h), the OpenBLAS definition each forwarder calls and the
 * fork gate it calls it in (openblas_gate.h). */
#ifndef OMPWG_BLAS_FORWARD_H
#define OMPWG_BLAS_FORWARD_H

#include <stddef.h>

#include "forward/ids.h"
#include "cblas_args.h"
#include "cblas_enums.h"
#include "openblas_gate.h"
#include "shim.h"

/* OpenBLAS's own definition of routine id (never one interposed before it,
 * such as this library's), looked up once for all routines. NULL when
 * OpenBLAS has none: the first such call of each routine says so on stderr,
 * and the forwarder returns without writing anything (functions return 0). */
void *ompwg_blas_forward(ompwg_blas_fwd id);

#endif
