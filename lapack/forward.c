/* The OpenBLAS definitions libompwg_lapack's forwarders call, one table
 * (blas/forward_table.h, libompwg_blas's mechanism) of the names
 * lapack/forward/names.c gives. */
#include "forward_table.h"
#include "lapack_forward.h"

static void *definitions[LAPACK_FWD_COUNT];
/* routines whose missing definition has been reported */
static atomic_bool reported[LAPACK_FWD_COUNT];

static ompwg_forward_table table = {
    .library = "ompwg_lapack",
    .names = ompwg_lapack_forward_names,
    .definitions = definitions,
    .reported = reported,
    .count = LAPACK_FWD_COUNT,
};

void *ompwg_lapack_forward(ompwg_lapack_fwd id)
{
    return ompwg_forward_definition(&table, (int)id);
}
