/* One precision's rows of `ompwg bench --mpi` (bench_mpi_tmpl.c, compiled
 * once per precision), timed on the ranks of a sub-communicator. */
#ifndef OMPWG_CLI_BENCH_MPI_PREC_H
#define OMPWG_CLI_BENCH_MPI_PREC_H

#include <stdint.h>

#include <mpi.h>

typedef struct gemm_row {
    int p, nprow, npcol;
    int64_t n;
    double ompwg_block, ompwg_cyclic, scalapack; /* seconds; < 0: not measured */
    double check;                                 /* agreement with ScaLAPACK (units of u n) */
} gemm_row;

typedef enum reduce_op { RED_SUM, RED_DOT, RED_MAX } reduce_op;

/* The n x n x n GEMM on the p ranks of sub: ompwg on its block layout, on
 * the block-cyclic layout of block x block blocks, and ScaLAPACK's p?gemm on
 * the latter (where the module has it); median of reps. */
void bench_mpi_gemm_row_s(MPI_Comm sub, int p, int64_t n, int64_t block, int reps,
                          gemm_row *row);
void bench_mpi_gemm_row_d(MPI_Comm sub, int p, int64_t n, int64_t block, int reps,
                          gemm_row *row);

/* One reduction of an n-vector spread over the ranks of sub: the slowest
 * rank's median time, negative on failure. */
double bench_mpi_time_reduce_s(MPI_Comm sub, reduce_op op, int64_t n, int reps);
double bench_mpi_time_reduce_d(MPI_Comm sub, reduce_op op, int64_t n, int reps);

#endif
