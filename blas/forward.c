/* The OpenBLAS definitions libompwg_blas's forwarders call, one table
 * (forward_table.h) of the names blas/forward/names.c gives. */
#include "forward.h"
#include "forward_table.h"

static void *definitions[FWD_COUNT];
/* routines whose missing definition has been reported */
static atomic_bool reported[FWD_COUNT];

static ompwg_forward_table table = {
    .library = "ompwg_blas",
    .names = ompwg_blas_forward_names,
    .definitions = definitions,
    .reported = reported,
    .count = FWD_COUNT,
};

void *ompwg_blas_forward(ompwg_blas_fwd id)
{
    return ompwg_forward_definition(&table, (int)id);
}
