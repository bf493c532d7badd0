/* Distributed matrix descriptors: creation, local sizes, local to global
 * indices. */
#include "desc.h"

#include "ompwg_mpi.h"

int64_t ompwg_mpi_numroc(int64_t n, int64_t nb, int p, int np)
{
    int64_t blocks = n / nb;
    int64_t count = blocks / np * nb;
    int64_t extra = blocks % np;
    if (p < extra) count += nb;
    else if (p == extra) count += n % nb;
    return count;
}

bool ompwg_mpi_desc_valid(const ompwg_mpi_desc *d)
{
    return d->m >= 0 && d->n >= 0 && d->mb >= 1 && d->nb >= 1;
}

int64_t ompwg_mpi_desc_local_rows(const ompwg_mpi_grid *g, const ompwg_mpi_desc *d)
{
    return ompwg_mpi_numroc(d->m, d->mb, g->myrow, g->nprow);
}

static int64_t ceil_div(int64_t x, int64_t y)
{
    return (x + y - 1) / y;
}

int ompwg_mpi_desc_init(const ompwg_mpi_grid *grid, int64_t m, int64_t n, int64_t mb,
                        int64_t nb, int64_t lld, ompwg_mpi_desc *desc)
{
    if (!grid || !desc) return OMPWG_ERR_NULL;
    if (m < 0 || n < 0 || mb < 0 || nb < 0 || lld < 0) return OMPWG_ERR_SIZE;
    ompwg_mpi_desc d = { .m = m, .n = n, .mb = mb, .nb = nb, .lld = lld };
    if (mb == OMPWG_MPI_BLOCK) d.mb = m > 0 ? ceil_div(m, grid->nprow) : 1;
    if (nb == OMPWG_MPI_BLOCK) d.nb = n > 0 ? ceil_div(n, grid->npcol) : 1;
    int64_t rows = ompwg_mpi_desc_local_rows(grid, &d);
    int64_t min_ld = rows > 1 ? rows : 1;
    if (lld == 0) d.lld = min_ld;
    else if (lld < min_ld) return OMPWG_ERR_LD;
    *desc = d;
    return OMPWG_OK;
}

int ompwg_mpi_local_size(const ompwg_mpi_grid *grid, const ompwg_mpi_desc *desc, int64_t *rows,
                         int64_t *cols)
{
    if (!grid || !desc) return OMPWG_ERR_NULL;
    if (!ompwg_mpi_desc_valid(desc)) return OMPWG_MPI_ERR_DESC;
    if (rows) *rows = ompwg_mpi_desc_local_rows(grid, desc);
    if (cols) *cols = ompwg_mpi_numroc(desc->n, desc->nb, grid->mycol, grid->npcol);
    return OMPWG_OK;
}

/* Local index i of process p (of np) -> global index, blocks of nb. */
static int64_t to_global(int64_t i, int64_t nb, int p, int np)
{
    return (i / nb * np + p) * nb + i % nb;
}

int ompwg_mpi_local_to_global(const ompwg_mpi_grid *grid, const ompwg_mpi_desc *desc,
                              int64_t i, int64_t j, int64_t *gi, int64_t *gj)
{
    int64_t rows, cols;
    int st = ompwg_mpi_local_size(grid, desc, &rows, &cols);
    if (st != OMPWG_OK) return st;
    if (i < 0 || i >= rows || j < 0 || j >= cols) return OMPWG_ERR_RANGE;
    if (gi) *gi = to_global(i, desc->mb, grid->myrow, grid->nprow);
    if (gj) *gj = to_global(j, desc->nb, grid->mycol, grid->npcol);
    return OMPWG_OK;
}

int ompwg_mpi_vec_part(const ompwg_mpi_grid *grid, int64_t n, int64_t *n_local, int64_t *offset)
{
    if (!grid || !n_local || !offset) return OMPWG_ERR_NULL;
    if (n < 0) return OMPWG_ERR_SIZE;
    int64_t p = grid->size, r = grid->rank, q = n / p, extra = n % p;
    *n_local = q + (r < extra);
    *offset = r * q + (r < extra ? r : extra);
    return OMPWG_OK;
}
