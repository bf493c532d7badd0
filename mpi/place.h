/* Placing a grid's ranks on their node: one GPU each, a share of the cores
 * each. */
#ifndef OMPWG_MPI_PLACE_H
#define OMPWG_MPI_PLACE_H

#include "grid.h"

/* Collective over g->comm: finds the node-local rank and size, then applies
 * the flags' placements (ompwg_mpi.h). Fills g's local_*, gpu_*. Returns
 * this rank's status (a placement that cannot be made is not an error:
 * only MPI failures and memory are). */
int ompwg_mpi_place(ompwg_mpi_grid *g, unsigned flags);

#endif
