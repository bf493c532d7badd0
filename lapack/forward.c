/* The OpenBLAS definitions libompwg_lapack's forwarders call, one table
 * (blas/forward_table.h, libompwg_blas's mechanism) of the names
 * lapack/forward/names.c gives. */
#include "forward_table.h"
#include "lapack_forward.h"

OMPWG_FORWARD_TABLE(table, OMPWG_LAPACK_LIBRARY, ompwg_lapack_forward_names, LAPACK_FWD_COUNT);

void *ompwg_lapack_forward(ompwg_lapack_fwd id)
{
    return ompwg_forward_definition(&table, (int)id);
}
