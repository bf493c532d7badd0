/* What both precisions of the distributed GEMM share: the argument checks,
 * the global arguments the ranks must agree on, and the walk over k in
 * panels. */
#ifndef OMPWG_MPI_SUMMA_H
#define OMPWG_MPI_SUMMA_H

#include <stdbool.h>
#include <stdint.h>

#include "agree.h"
#include "grid.h"

typedef struct summa_plan {
    int64_t m, n, k;
    int64_t mloc, nloc;   /* this rank's rows and columns of C's m x n part */
    int64_t kb_a, mb_b;   /* A's column blocks and B's row blocks */
    int64_t lda, ldb, ldc;
    int64_t wmax;         /* panel width limit (OMPWG_MPI_PANEL) */
    int64_t wcap;         /* no panel of the walk is wider: the buffers' width */
    bool reads_ab;        /* alpha != 0 and k > 0 */
} summa_plan;

/* One step: columns k0 .. k0 + w - 1 of A (rows of B), held by process
 * column a_root from its local column a_col, and by process row b_root
 * from its local row b_row. */
typedef struct summa_panel {
    int64_t k0, w;
    int a_root, b_root;
    int64_t a_col, b_row;
} summa_panel;

/* This rank's checks, in the order ompwg_mpi.h gives; fills *p when they
 * pass. */
int ompwg_mpi_summa_plan(const ompwg_mpi_grid *g, ompwg_trans transa, ompwg_trans transb,
                         int64_t m, int64_t n, int64_t k, bool alpha_zero, const void *a,
                         const ompwg_mpi_desc *da, const void *b, const ompwg_mpi_desc *db,
                         const void *c, const ompwg_mpi_desc *dc, summa_plan *p);

/* The global arguments as numbers for ompwg_mpi_agree (alpha and beta by
 * value: -0.0 as +0.0, every NaN as one); returns how many were written to
 * out (at most OMPWG_MPI_MAX_GLOBALS). Descriptors may be NULL. */
int ompwg_mpi_summa_globals(ompwg_trans transa, ompwg_trans transb, int64_t m, int64_t n,
                            int64_t k, int64_t alpha_key, int64_t beta_key,
                            const ompwg_mpi_desc *da, const ompwg_mpi_desc *db,
                            const ompwg_mpi_desc *dc, int64_t *out);

/* The panel that starts at k0 (< p->k). */
void ompwg_mpi_summa_panel(const summa_plan *p, const ompwg_mpi_grid *g, int64_t k0,
                           summa_panel *q);

/* Columns of C per local update: the update is cut into chunks so that an
 * MPI_Testall between them moves the next panel's broadcast along. */
int64_t ompwg_mpi_summa_chunk(int64_t nloc);

#endif
