/* Block-cyclic index arithmetic (ScaLAPACK's, first block on process 0). */
#ifndef OMPWG_MPI_DESC_H
#define OMPWG_MPI_DESC_H

#include <stdbool.h>
#include <stdint.h>

#include "grid.h"

/* Rows (or columns) of an n-long dimension cut into nb-blocks that process
 * p of np holds (ScaLAPACK's NUMROC with the source process 0). */
int64_t ompwg_mpi_numroc(int64_t n, int64_t nb, int p, int np);

/* Whether d is a valid descriptor on g: sizes >= 0, blocks >= 1 (no lld
 * check). */
bool ompwg_mpi_desc_valid(const ompwg_mpi_desc *d);

/* This rank's local rows of d (all of them, not a leading part). */
int64_t ompwg_mpi_desc_local_rows(const ompwg_mpi_grid *g, const ompwg_mpi_desc *d);

#endif
