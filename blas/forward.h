/* What the generated forwarders of blas/forward/ share: netlib's CBLAS enum
 * types (cblas.h's, whose values ompwg.h's enums also have), the argument
 * checks the level-2 and level-3 CBLAS forwarders make first
 * (cblas_args.h), the OpenBLAS definition each forwarder calls and the
 * fork gate it calls it in (openblas_gate.h). */
#ifndef OMPWG_BLAS_FORWARD_H
#define OMPWG_BLAS_FORWARD_H

#include <stddef.h>

#include "forward/ids.h"
#include "cblas_args.h"
#include "openblas_gate.h"
#include "shim.h"

typedef enum CBLAS_LAYOUT { CblasRowMajor = 101, CblasColMajor = 102 } CBLAS_LAYOUT;
typedef enum CBLAS_TRANSPOSE {
    CblasNoTrans = 111,
    CblasTrans = 112,
    CblasConjTrans = 113
} CBLAS_TRANSPOSE;
typedef enum CBLAS_UPLO { CblasUpper = 121, CblasLower = 122 } CBLAS_UPLO;
typedef enum CBLAS_DIAG { CblasNonUnit = 131, CblasUnit = 132 } CBLAS_DIAG;
typedef enum CBLAS_SIDE { CblasLeft = 141, CblasRight = 142 } CBLAS_SIDE;

/* OpenBLAS's own definition of routine id (never one interposed before it,
 * such as this library's), looked up once for all routines. NULL when
 * OpenBLAS has none: the first such call of each routine says so on stderr,
 * and the forwarder returns without writing anything (functions return 0). */
void *ompwg_blas_forward(ompwg_blas_fwd id);

#endif
