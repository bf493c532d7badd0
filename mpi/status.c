/* Sentences for the status codes of ompwg_mpi.h, and of ompwg.h through it. */
#include "ompwg_mpi.h"

static const char *const messages[] = {
    [OMPWG_MPI_ERR_MPI - OMPWG_MPI_ERR_MPI] = "an MPI call failed, or MPI is not initialised",
    [OMPWG_MPI_ERR_GRID - OMPWG_MPI_ERR_MPI] =
        "the process grid does not fit the communicator (nprow * npcol must be its size)",
    [OMPWG_MPI_ERR_DESC - OMPWG_MPI_ERR_MPI] =
        "a matrix descriptor is invalid or does not fit the operation",
    [OMPWG_MPI_ERR_MISMATCH - OMPWG_MPI_ERR_MPI] =
        "the ranks passed different global arguments to a collective call",
};

const char *ompwg_mpi_strerror(int status)
{
    int i = status - OMPWG_MPI_ERR_MPI;
    if (i >= 0 && i < (int)(sizeof messages / sizeof messages[0])) return messages[i];
    return ompwg_strerror(status);
}
