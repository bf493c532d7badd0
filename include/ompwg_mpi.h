/**
 * @file ompwg_mpi.h
 * @brief ompwg across MPI ranks: reductions over distributed vectors and
 *        SUMMA GEMM over a 2D process grid, each rank computing its part on
 *        its own backend (one GPU per rank, or a share of the node's cores).
 *
 * A separate library (libompwg_mpi, pkg-config `ompwg-mpi`); libompwg itself
 * never depends on MPI. Every function that takes a grid is collective over
 * the grid's communicator: all of its ranks call it, in the same order, with
 * the same global arguments. Every rank then returns the same status: the
 * status of the lowest-numbered rank whose own checks or computation failed,
 * else ::OMPWG_MPI_ERR_MISMATCH when the ranks passed different global
 * arguments, else ::OMPWG_OK. Status codes are those of ompwg.h plus the
 * ::ompwg_mpi_status codes; ompwg_mpi_strerror() explains both. No function
 * calls MPI_Abort, exit or abort: the grid's communicators return MPI errors
 * (MPI_ERRORS_RETURN) and they come back as ::OMPWG_MPI_ERR_MPI.
 *
 * Only a NULL grid (or, for ompwg_mpi_grid_create(), a communicator that is
 * MPI_COMM_NULL) returns at once without communicating (::OMPWG_ERR_NULL):
 * every rank must then see it, or the others wait for the one that left.
 *
 * MPI must be initialised (MPI_THREAD_FUNNELED is enough: ompwg's own threads
 * never call MPI); calls on one grid must not overlap in time.
 */
#ifndef OMPWG_MPI_H
#define OMPWG_MPI_H

#include <mpi.h>
#include <stdint.h>

#include "ompwg.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Status codes of this library, beyond the ::ompwg_status codes. */
typedef enum ompwg_mpi_status {
    OMPWG_MPI_ERR_MPI = 100,      /**< an MPI call failed, or MPI is not initialised */
    OMPWG_MPI_ERR_GRID = 101,     /**< the process grid does not fit the communicator (nprow * npcol != size, or a negative dimension) */
    OMPWG_MPI_ERR_DESC = 102,     /**< a descriptor is invalid or does not fit the operation (too small, or blocks that do not line up) */
    OMPWG_MPI_ERR_MISMATCH = 103  /**< the ranks passed different global arguments */
} ompwg_mpi_status;

/** A sentence for any status code of ompwg.h or of this header (never NULL). */
OMPWG_API const char *ompwg_mpi_strerror(int status);

/** @name Process grid and placement
 * A grid is a duplicate of a communicator, its ranks arranged as nprow x
 * npcol processes in row-major order (rank = myrow * npcol + mycol, BLACS's
 * "Row" order), with the communicators of its process rows and columns.
 * Creating it also places each rank on its node (flags):
 * - ::OMPWG_MPI_ONE_GPU_PER_RANK: the node-local rank (MPI_Comm_split_type
 *   with MPI_COMM_TYPE_SHARED) picks the GPU: device local_rank modulo the
 *   node's GPU count (ompwg_set_gpu_device()). With more ranks than GPUs on a
 *   node, ranks share GPUs round-robin. Create the grid before the first
 *   ompwg call of the process, so that no rank ever opens a context on
 *   another rank's GPU. A rank whose GPU cannot run keeps the selection of
 *   OMPWG_BACKEND (grid info: gpu_device -1); that is not an error.
 * - ::OMPWG_MPI_SHARE_CORES: ranks of a node that were given the same cores
 *   (started without binding, e.g. `mpirun --bind-to none`) split them into
 *   disjoint runs (ompwg_set_cpu_share(), in node-local rank order), so that
 *   the CPU backend's threads of two ranks never share a core. Ranks the
 *   launcher bound to cores of their own keep them.
 * The placement outlives the grid (ompwg_mpi_grid_free() does not undo it).
 * @{ */
typedef struct ompwg_mpi_grid ompwg_mpi_grid;

#define OMPWG_MPI_ONE_GPU_PER_RANK 0x1u
#define OMPWG_MPI_SHARE_CORES 0x2u
/** Both placements: what a program with one rank per GPU, or per share of
 *  the cores, wants. */
#define OMPWG_MPI_PLACE (OMPWG_MPI_ONE_GPU_PER_RANK | OMPWG_MPI_SHARE_CORES)

/**
 * Create a grid over comm (collective). nprow and npcol are the process
 * grid's dimensions; 0 for both lets MPI_Dims_create choose a near-square
 * grid, 0 for one derives it from the other.
 * @return ::OMPWG_OK and *grid; ::OMPWG_ERR_NULL (comm MPI_COMM_NULL:
 *         returned at once; grid NULL on some rank: on every rank);
 *         ::OMPWG_ERR_FLAGS (unknown flag
 *         bits); ::OMPWG_MPI_ERR_GRID; ::OMPWG_ERR_NOMEM;
 *         ::OMPWG_MPI_ERR_MPI; ::OMPWG_MPI_ERR_MISMATCH (the ranks asked for
 *         different grids or flags). On failure *grid is NULL.
 */
OMPWG_API int ompwg_mpi_grid_create(MPI_Comm comm, int nprow, int npcol, unsigned flags,
                                    ompwg_mpi_grid **grid);
/** Free a grid (collective) and set *grid to NULL; NULL or *grid NULL is
 *  accepted (nothing is done). */
OMPWG_API int ompwg_mpi_grid_free(ompwg_mpi_grid **grid);

/** Where a rank is: in the grid, on its node, and what it computes on. */
typedef struct ompwg_mpi_grid_info {
    int rank, size;            /**< in the grid's communicator */
    int nprow, npcol;          /**< grid dimensions */
    int myrow, mycol;          /**< this rank's process row and column */
    int local_rank, local_size;/**< among the ranks of its node */
    int gpu_device;            /**< the GPU the grid chose for it; -1: none (flag not given, no GPU, or it cannot run) */
    int gpu_count;             /**< GPUs its node's offload runtime sees */
    int cpu_first, cpu_count;  /**< its run of the allowed cores (ompwg_get_cpu_share()) */
} ompwg_mpi_grid_info;

/** Fill *info (local, no communication). @return ::OMPWG_OK or ::OMPWG_ERR_NULL. */
OMPWG_API int ompwg_mpi_grid_get_info(const ompwg_mpi_grid *grid, ompwg_mpi_grid_info *info);
/** @} */

/** @name Distributed matrices
 * A global m x n matrix is cut into mb x nb blocks dealt out to the grid
 * cyclically: block (I, J) lives on process (I mod nprow, J mod npcol), and
 * each rank stores its blocks, in order, as one column-major local array
 * with leading dimension lld. This is ScaLAPACK's 2D block-cyclic layout with
 * the first block on process (0, 0): on a BLACS grid made with
 * Cblacs_gridinit(&ctx, "Row", nprow, npcol) over the same communicator
 * (Csys2blacs_handle()), the ScaLAPACK descriptor
 * {1, ctx, m, n, mb, nb, 0, 0, lld} describes the very same local arrays, so
 * that results can be compared with pdgemm/psgemm. A pure block layout (one
 * block per process row and column) is mb = ceil(m / nprow),
 * nb = ceil(n / npcol): ::OMPWG_MPI_BLOCK asks for it.
 * @{ */
typedef struct ompwg_mpi_desc {
    int64_t m, n;   /**< global rows and columns (>= 0) */
    int64_t mb, nb; /**< rows and columns of a block (>= 1) */
    int64_t lld;    /**< this rank's leading dimension: >= max(1, its local rows) */
} ompwg_mpi_desc;

/** For mb or nb in ompwg_mpi_desc_init(): one block per process row (column). */
#define OMPWG_MPI_BLOCK 0

/**
 * Fill a descriptor (local). mb or nb ::OMPWG_MPI_BLOCK gives the block
 * layout; lld 0 gives max(1, local rows).
 * @return ::OMPWG_OK; ::OMPWG_ERR_NULL; ::OMPWG_ERR_SIZE (m, n, mb, nb or lld
 *         negative); ::OMPWG_ERR_LD (lld below max(1, local rows)).
 */
OMPWG_API int ompwg_mpi_desc_init(const ompwg_mpi_grid *grid, int64_t m, int64_t n, int64_t mb,
                                  int64_t nb, int64_t lld, ompwg_mpi_desc *desc);
/** This rank's local rows and columns of a matrix (ScaLAPACK's NUMROC);
 *  either pointer may be NULL. @return ::OMPWG_OK, ::OMPWG_ERR_NULL or
 *  ::OMPWG_MPI_ERR_DESC (invalid descriptor). */
OMPWG_API int ompwg_mpi_local_size(const ompwg_mpi_grid *grid, const ompwg_mpi_desc *desc,
                                   int64_t *rows, int64_t *cols);
/** The global row and column of this rank's local element (i, j); either
 *  output may be NULL. @return ::OMPWG_OK, ::OMPWG_ERR_NULL,
 *  ::OMPWG_MPI_ERR_DESC, or ::OMPWG_ERR_RANGE when (i, j) is not one of
 *  this rank's local elements. */
OMPWG_API int ompwg_mpi_local_to_global(const ompwg_mpi_grid *grid, const ompwg_mpi_desc *desc,
                                        int64_t i, int64_t j, int64_t *gi, int64_t *gj);
/** @} */

/** @name Distributed GEMM (SUMMA)
 * C := alpha * A * B + beta * C for the leading m x n part of C, m x k of A
 * and k x n of B (ScaLAPACK's pdgemm with IA = JA = 1), on the grid's ranks.
 * The k dimension is walked in panels; each step broadcasts a panel of A
 * along the process rows and one of B along the process columns
 * (MPI_Ibcast on the row and column communicators), and each rank adds the
 * product of the two panels to its local C through ompwg_sgemm/ompwg_dgemm
 * on its backend, or through the *_device calls with C kept on the GPU when
 * its backend is `gpu`. The next panel is in flight (double buffering)
 * while the current one is multiplied, and the update is cut into column
 * chunks with an MPI_Testall between them so that the broadcast progresses.
 * A panel never crosses a block of A's columns or of B's rows, and is at
 * most OMPWG_MPI_PANEL columns wide (ompwg_set_mpi_panel(); default 512; it
 * must be the same on every rank).
 *
 * Layouts: A, B and C are distributed on the grid (see ompwg_mpi_desc) with
 * A's row blocks those of C (desca->mb == descc->mb) and B's column blocks
 * those of C (descb->nb == descc->nb); A's column blocks and B's row blocks
 * may differ (a block layout on a grid that is not square has them differ).
 * Only op(X) = X: ::OMPWG_TRANS and ::OMPWG_CONJ_TRANS give
 * ::OMPWG_ERR_UNSUPPORTED.
 *
 * BLAS rules: m == 0 or n == 0: quick return (after the checks); beta == 0:
 * C is not read; alpha == 0 or k == 0: A and B are not read and
 * C := beta * C. A rank may pass NULL for a local array it holds nothing of,
 * or that the rules above say is not read.
 *
 * Checks, in order, on each rank: transa, transb (::OMPWG_ERR_TRANS, then
 * ::OMPWG_ERR_UNSUPPORTED), m, n, k (::OMPWG_ERR_SIZE), descriptors NULL
 * (::OMPWG_ERR_NULL), then A's, B's and C's descriptor in turn invalid
 * (::OMPWG_MPI_ERR_DESC) or with an lld below max(1, its local rows)
 * (::OMPWG_ERR_LD), too small for m, n, k or blocks that do not line up
 * (::OMPWG_MPI_ERR_DESC), local arrays (::OMPWG_ERR_NULL; lengths beyond
 * 32-bit MPI counts: ::OMPWG_ERR_TOO_LARGE); then memory
 * (::OMPWG_ERR_NOMEM, ::OMPWG_ERR_DEVICE_NOMEM); then the agreement of all
 * ranks (see the top of this file; the global arguments are m, n, k,
 * alpha, beta, transa, transb, every descriptor's m, n, mb, nb and the panel
 * width; alpha and beta are compared by value: -0.0 and +0.0 agree, and a
 * NaN agrees with any NaN). A call that fails before the computation writes nothing; one that
 * fails during it (a backend error on some rank) leaves C undefined.
 *
 * Accuracy: every element of C is a sum of the same products as on one
 * process, in another order (per panel, then across panels), so it is within
 * the GEMM bound of ompwg.h; the tests hold it to the netlib ratio (16)
 * against OpenBLAS, and to twice that against the one-process result.
 * @{ */
OMPWG_API int ompwg_mpi_sgemm(const ompwg_mpi_grid *grid, ompwg_trans transa, ompwg_trans transb,
                              int64_t m, int64_t n, int64_t k, float alpha,
                              const float *a, const ompwg_mpi_desc *desca,
                              const float *b, const ompwg_mpi_desc *descb,
                              float beta, float *c, const ompwg_mpi_desc *descc);
OMPWG_API int ompwg_mpi_dgemm(const ompwg_mpi_grid *grid, ompwg_trans transa, ompwg_trans transb,
                              int64_t m, int64_t n, int64_t k, double alpha,
                              const double *a, const ompwg_mpi_desc *desca,
                              const double *b, const ompwg_mpi_desc *descb,
                              double beta, double *c, const ompwg_mpi_desc *descc);
/** @} */

/** @name Distributed reductions
 * A distributed vector is the concatenation, in the rank order of the grid's
 * communicator, of every rank's local vector (n_local elements, x, incx as
 * in ompwg.h; n_local may differ between ranks and be 0). Element i of the
 * local vector of rank r has the global index offset_r + i, where offset_r
 * is the sum of n_local over the ranks before r. ompwg_mpi_vec_part() gives
 * the balanced block distribution of an n-vector.
 *
 * Each rank reduces its part with ompwg (on its backend, its own argument
 * checks and statuses), then one MPI_Allreduce with an operation of this
 * library combines the partial results in rank order; every rank gets the
 * same result.
 *
 * Sum, dot and asum: each rank's partial is its ompwg result (accumulated as
 * ompwg.h says, rounded to the result type); the partials are added in
 * double-double arithmetic (each addition within 3 * 2^-106 of its exact
 * result) and rounded once. For a sum s of
 * n terms t_i on P ranks, n_max the longest local vector:
 *   |s - s_exact| <= (n_max * u_acc + u) * sum|t_i| + u * |s_exact|
 *                    + P * 2^-104 * sum|t_i|
 * with u_acc the accumulation's unit roundoff of the rank's backend (ompwg.h)
 * and u that of the result type. For float the term u * sum|t_i|, from
 * rounding each partial to float, dominates: the bound of one process
 * (n * u_acc * sum|t_i| + u * |s_exact|) plus u * sum|t_i|.
 *
 * Max and min are exact: value and global index of the first occurrence (the
 * smallest global index); a NaN wins, and among NaNs the first. An empty
 * distributed vector (every n_local 0) gives 0 and index -1.
 *
 * Each call's own checks (n_local < 0: ::OMPWG_ERR_SIZE, incx 0:
 * ::OMPWG_ERR_INC, NULL pointers: ::OMPWG_ERR_NULL) and the backend's status
 * come back on every rank as described at the top of this file; the result
 * is written only on success.
 * @{ */
/** The balanced block distribution of an n-vector: rank r holds
 *  n / P + (r < n % P) elements from offset r * (n / P) + min(r, n % P).
 *  @return ::OMPWG_OK, ::OMPWG_ERR_NULL or ::OMPWG_ERR_SIZE (n < 0). */
OMPWG_API int ompwg_mpi_vec_part(const ompwg_mpi_grid *grid, int64_t n, int64_t *n_local,
                                 int64_t *offset);

OMPWG_API int ompwg_mpi_ssum(const ompwg_mpi_grid *grid, int64_t n_local, const float *x,
                             int64_t incx, float *result);
OMPWG_API int ompwg_mpi_dsum(const ompwg_mpi_grid *grid, int64_t n_local, const double *x,
                             int64_t incx, double *result);
OMPWG_API int ompwg_mpi_sdot(const ompwg_mpi_grid *grid, int64_t n_local, const float *x,
                             int64_t incx, const float *y, int64_t incy, float *result);
OMPWG_API int ompwg_mpi_ddot(const ompwg_mpi_grid *grid, int64_t n_local, const double *x,
                             int64_t incx, const double *y, int64_t incy, double *result);
OMPWG_API int ompwg_mpi_sasum(const ompwg_mpi_grid *grid, int64_t n_local, const float *x,
                              int64_t incx, float *result);
OMPWG_API int ompwg_mpi_dasum(const ompwg_mpi_grid *grid, int64_t n_local, const double *x,
                              int64_t incx, double *result);
OMPWG_API int ompwg_mpi_smax(const ompwg_mpi_grid *grid, int64_t n_local, const float *x,
                             int64_t incx, float *value, int64_t *index);
OMPWG_API int ompwg_mpi_dmax(const ompwg_mpi_grid *grid, int64_t n_local, const double *x,
                             int64_t incx, double *value, int64_t *index);
OMPWG_API int ompwg_mpi_smin(const ompwg_mpi_grid *grid, int64_t n_local, const float *x,
                             int64_t incx, float *value, int64_t *index);
OMPWG_API int ompwg_mpi_dmin(const ompwg_mpi_grid *grid, int64_t n_local, const double *x,
                             int64_t incx, double *value, int64_t *index);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* OMPWG_MPI_H */
