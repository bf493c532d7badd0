/* The OpenBLAS definitions libompwg_blas's forwarders call, one table
 * (forward_table.h) of the names blas/forward/names.c gives. */
#include "forward.h"
#include "forward_table.h"

OMPWG_FORWARD_TABLE(table, OMPWG_BLAS_LIBRARY, ompwg_blas_forward_names, FWD_COUNT);

void *ompwg_blas_forward(ompwg_blas_fwd id) { return ompwg_forward_definition(&table, (int)id); }
