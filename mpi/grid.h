/* The grid behind the opaque handle of ompwg_mpi.h, shared by the library's
 * files. */
#ifndef OMPWG_MPI_GRID_H
#define OMPWG_MPI_GRID_H

#include <mpi.h>

#include "ompwg_mpi.h"

struct ompwg_mpi_grid {
    /* duplicates, all with MPI_ERRORS_RETURN: the whole grid, its process
     * row (ranks ordered by column) and its process column (by row) */
    MPI_Comm comm, row_comm, col_comm;
    int rank, size;
    int nprow, npcol, myrow, mycol;
    int local_rank, local_size;
    int gpu_device, gpu_count;
    /* the reductions' partial results and the operations combining them
     * (partial.h) */
    MPI_Datatype sum_type, ext_type;
    MPI_Op sum_op, ext_op;
};

#endif
