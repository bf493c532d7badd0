/* How the ranks of a collective call settle on one status. */
#ifndef OMPWG_MPI_AGREE_H
#define OMPWG_MPI_AGREE_H

#include <mpi.h>
#include <stdint.h>

/* Most global arguments one call compares. */
#define OMPWG_MPI_MAX_GLOBALS 24

/* Collective over comm: one MPI_Allreduce. Returns the status of the
 * lowest rank whose `status` is not OMPWG_OK; else OMPWG_MPI_ERR_MISMATCH
 * when the ranks' globals[0..n) differ; else OMPWG_OK. OMPWG_MPI_ERR_MPI
 * when the reduction itself fails. */
int ompwg_mpi_agree(MPI_Comm comm, int rank, int status, const int64_t *globals, int n);

#endif
