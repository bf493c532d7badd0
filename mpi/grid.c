/* Creating and freeing a process grid. */
#include "grid.h"

#include <stdlib.h>

#include "agree.h"
#include "partial.h"
#include "place.h"

#define KNOWN_FLAGS (OMPWG_MPI_ONE_GPU_PER_RANK | OMPWG_MPI_SHARE_CORES)

/* nprow x npcol from what the caller gave (0: to be chosen). */
static int grid_shape(int size, int *nprow, int *npcol)
{
    if (*nprow < 0 || *npcol < 0) return OMPWG_MPI_ERR_GRID;
    if (*nprow == 0 && *npcol == 0) {
        int dims[2] = { 0, 0 };
        if (MPI_Dims_create(size, 2, dims) != MPI_SUCCESS) return OMPWG_MPI_ERR_MPI;
        *nprow = dims[0];
        *npcol = dims[1];
    } else if (*nprow == 0) {
        if (size % *npcol) return OMPWG_MPI_ERR_GRID;
        *nprow = size / *npcol;
    } else if (*npcol == 0) {
        if (size % *nprow) return OMPWG_MPI_ERR_GRID;
        *npcol = size / *nprow;
    }
    return (int64_t)*nprow * *npcol == size ? OMPWG_OK : OMPWG_MPI_ERR_GRID;
}

static void release(ompwg_mpi_grid *g)
{
    ompwg_mpi_partials_free(g);
    if (g->row_comm != MPI_COMM_NULL) MPI_Comm_free(&g->row_comm);
    if (g->col_comm != MPI_COMM_NULL) MPI_Comm_free(&g->col_comm);
    if (g->comm != MPI_COMM_NULL) MPI_Comm_free(&g->comm);
    free(g);
}

/* The rest of the grid, once its communicator and shape are agreed on.
 * Every step is collective or local, and every rank takes every collective
 * step, so that a failure on one rank never leaves another waiting. */
static int build(ompwg_mpi_grid *g, unsigned flags)
{
    g->myrow = g->rank / g->npcol;
    g->mycol = g->rank % g->npcol;
    int st = OMPWG_OK;
    if (MPI_Comm_split(g->comm, g->myrow, g->mycol, &g->row_comm) != MPI_SUCCESS ||
        MPI_Comm_split(g->comm, g->mycol, g->myrow, &g->col_comm) != MPI_SUCCESS)
        st = OMPWG_MPI_ERR_MPI;
    int placed = ompwg_mpi_place(g, flags);
    if (st == OMPWG_OK) st = placed;
    int made = ompwg_mpi_partials_create(g);
    return st == OMPWG_OK ? made : st;
}

int ompwg_mpi_grid_create(MPI_Comm comm, int nprow, int npcol, unsigned flags,
                          ompwg_mpi_grid **grid)
{
    if (comm == MPI_COMM_NULL) return OMPWG_ERR_NULL;
    int initialised = 0, finalised = 1;
    if (MPI_Initialized(&initialised) != MPI_SUCCESS || !initialised ||
        MPI_Finalized(&finalised) != MPI_SUCCESS || finalised)
        return OMPWG_MPI_ERR_MPI;
    if (grid) *grid = NULL;

    ompwg_mpi_grid *g = calloc(1, sizeof *g);
    MPI_Comm dup = MPI_COMM_NULL;
    if (MPI_Comm_dup(comm, &dup) != MPI_SUCCESS) {
        free(g);
        return OMPWG_MPI_ERR_MPI;
    }
    MPI_Comm_set_errhandler(dup, MPI_ERRORS_RETURN);
    int rank = 0, size = 1;
    int st = MPI_Comm_rank(dup, &rank) == MPI_SUCCESS && MPI_Comm_size(dup, &size) == MPI_SUCCESS
                 ? OMPWG_OK
                 : OMPWG_MPI_ERR_MPI;
    int64_t asked[3] = { nprow, npcol, flags };
    if (st == OMPWG_OK && !grid) st = OMPWG_ERR_NULL;
    if (st == OMPWG_OK && (flags & ~KNOWN_FLAGS)) st = OMPWG_ERR_FLAGS;
    if (st == OMPWG_OK) st = grid_shape(size, &nprow, &npcol);
    if (st == OMPWG_OK && !g) st = OMPWG_ERR_NOMEM;
    st = ompwg_mpi_agree(dup, rank, st, asked, 3);
    if (st != OMPWG_OK) {
        MPI_Comm_free(&dup);
        free(g);
        return st;
    }

    *g = (ompwg_mpi_grid){ .comm = dup, .row_comm = MPI_COMM_NULL, .col_comm = MPI_COMM_NULL,
                           .rank = rank, .size = size, .nprow = nprow, .npcol = npcol,
                           .sum_type = MPI_DATATYPE_NULL, .ext_type = MPI_DATATYPE_NULL,
                           .sum_op = MPI_OP_NULL, .ext_op = MPI_OP_NULL };
    st = ompwg_mpi_agree(dup, rank, build(g, flags), NULL, 0);
    if (st != OMPWG_OK) {
        release(g);
        return st;
    }
    *grid = g;
    return OMPWG_OK;
}

int ompwg_mpi_grid_free(ompwg_mpi_grid **grid)
{
    if (!grid || !*grid) return OMPWG_OK;
    release(*grid);
    *grid = NULL;
    return OMPWG_OK;
}

int ompwg_mpi_grid_get_info(const ompwg_mpi_grid *grid, ompwg_mpi_grid_info *info)
{
    if (!grid || !info) return OMPWG_ERR_NULL;
    *info = (ompwg_mpi_grid_info){ .rank = grid->rank, .size = grid->size, .nprow = grid->nprow,
                                   .npcol = grid->npcol, .myrow = grid->myrow,
                                   .mycol = grid->mycol, .local_rank = grid->local_rank,
                                   .local_size = grid->local_size, .gpu_device = grid->gpu_device,
                                   .gpu_count = grid->gpu_count };
    ompwg_get_cpu_share(&info->cpu_first, &info->cpu_count);
    return OMPWG_OK;
}
