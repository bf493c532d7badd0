#include "agree.h"

#include <string.h>

#include "ompwg_mpi.h"

/* A failure as a number whose minimum over the ranks is the lowest failing
 * rank's: the rank above the status (every status fits in 8 bits). */
static int64_t failure_key(int rank, int status)
{
    return status == OMPWG_OK ? INT64_MAX : ((int64_t)rank << 8) | (status & 0xff);
}

int ompwg_mpi_agree(MPI_Comm comm, int rank, int status, const int64_t *globals, int n)
{
    /* the minimum of g and of ~g (which is ~ the maximum of g) in one
     * reduction: the globals agree when both give back g */
    int64_t buf[1 + 2 * OMPWG_MPI_MAX_GLOBALS];
    if (n > OMPWG_MPI_MAX_GLOBALS) n = OMPWG_MPI_MAX_GLOBALS;
    buf[0] = failure_key(rank, status);
    for (int i = 0; i < n; i++) {
        buf[1 + i] = globals[i];
        buf[1 + n + i] = ~globals[i];
    }
    if (MPI_Allreduce(MPI_IN_PLACE, buf, 1 + 2 * n, MPI_INT64_T, MPI_MIN, comm) != MPI_SUCCESS)
        return OMPWG_MPI_ERR_MPI;
    if (buf[0] != INT64_MAX) return (int)(buf[0] & 0xff);
    for (int i = 0; i < n; i++)
        if (buf[1 + i] != ~buf[1 + n + i]) return OMPWG_MPI_ERR_MISMATCH;
    return OMPWG_OK;
}
