/* The partial results of the distributed reductions and the MPI operations
 * that combine them in rank order. Both precisions use them: a float is a
 * double exactly, and compares the same. */
#ifndef OMPWG_MPI_PARTIAL_H
#define OMPWG_MPI_PARTIAL_H

#include <stdint.h>

#include "grid.h"

/* A sum as the unevaluated double-double hi + lo, with the status of the
 * lowest rank that failed (0: none). */
typedef struct ompwg_mpi_sum_partial {
    double hi, lo;
    int32_t status;
    int32_t unused;
} ompwg_mpi_sum_partial;

/* An extremum of a segment of the distributed vector: its value and index
 * within the segment (-1: the segment is empty), the segment's length, and
 * the lowest failing rank's status. */
typedef struct ompwg_mpi_ext_partial {
    double value;
    int64_t index;
    int64_t count;
    int32_t status;
    int32_t is_min; /* 1: min, 0: max */
} ompwg_mpi_ext_partial;

/* Creates the datatypes and the (non-commutative) operations into g. */
int ompwg_mpi_partials_create(ompwg_mpi_grid *g);
/* Frees what ompwg_mpi_partials_create made (handles that are null are
 * skipped). */
void ompwg_mpi_partials_free(ompwg_mpi_grid *g);

/* Collective: combines every rank's partial, in rank order, into every
 * rank's *p. OMPWG_OK or OMPWG_MPI_ERR_MPI. */
int ompwg_mpi_combine_sums(const ompwg_mpi_grid *g, ompwg_mpi_sum_partial *p);
int ompwg_mpi_combine_extrema(const ompwg_mpi_grid *g, ompwg_mpi_ext_partial *p);

#endif
