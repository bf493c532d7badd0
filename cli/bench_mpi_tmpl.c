/* One precision of `ompwg bench --mpi` (Meson compiles this file once per
 * precision): a distributed GEMM through ompwg and through ScaLAPACK on the
 * same local arrays, and the distributed reductions, timed on the ranks of
 * one sub-communicator. */
#include "prec.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "bench_mpi_prec.h"
#include "harness.h"
#include "ompwg.h"
#include "ompwg_mpi.h"
#if OMPWG_BENCH_HAVE_SCALAPACK
#include "scalapack.h"
#endif

/* The local arrays of an n x n x n product on g, filled from the rank's own
 * seed (the product is the same for both engines, whatever it is). */
typedef struct operands {
    ompwg_mpi_desc d;
    int64_t rows, cols;
    T *a, *b, *c, *c2;
} operands;

static int operands_init(operands *o, const ompwg_mpi_grid *g, int64_t n, int64_t nb,
                         uint64_t seed)
{
    memset(o, 0, sizeof *o);
    int st = ompwg_mpi_desc_init(g, n, n, nb, nb, 0, &o->d);
    if (st == OMPWG_OK) st = ompwg_mpi_local_size(g, &o->d, &o->rows, &o->cols);
    if (st != OMPWG_OK) return st;
    size_t len = (size_t)(o->d.lld * (o->cols > 0 ? o->cols : 1));
    o->a = malloc(len * sizeof(T));
    o->b = malloc(len * sizeof(T));
    o->c = malloc(len * sizeof(T));
    o->c2 = malloc(len * sizeof(T));
    if (!o->a || !o->b || !o->c || !o->c2) return OMPWG_ERR_NOMEM;
    TN(bench_fill_, )(o->a, len, seed);
    TN(bench_fill_, )(o->b, len, seed + 1);
    memset(o->c, 0, len * sizeof(T));
    memset(o->c2, 0, len * sizeof(T));
    return OMPWG_OK;
}

static void operands_free(operands *o)
{
    free(o->a);
    free(o->b);
    free(o->c);
    free(o->c2);
}

/* Median over reps of the slowest rank's time; negative when a call
 * failed (on any rank). */
static double time_gemm(MPI_Comm sub, const ompwg_mpi_grid *g, operands *o, int64_t n,
                        int reps)
{
    double *t = malloc((size_t)reps * sizeof *t);
    if (!t) return -1;
    double med = -1;
    int st = OMPWG_OK;
    for (int r = -1; r < reps && st == OMPWG_OK; r++) {
        MPI_Barrier(sub);
        double t0 = bench_now();
        st = TN(ompwg_mpi_, gemm)(g, OMPWG_NO_TRANS, OMPWG_NO_TRANS, n, n, n, 1, o->a, &o->d, o->b,
                                  &o->d, 0, o->c, &o->d);
        double dt = bench_now() - t0;
        MPI_Allreduce(MPI_IN_PLACE, &dt, 1, MPI_DOUBLE, MPI_MAX, sub);
        if (r >= 0) t[r] = dt;
    }
    if (st == OMPWG_OK) med = bench_median(t, reps);
    int rank = 0;
    MPI_Comm_rank(sub, &rank);
    if (st != OMPWG_OK && g && rank == 0)
        fprintf(stderr, "ompwg_mpi_gemm: %s\n", ompwg_mpi_strerror(st));
    free(t);
    return med;
}

#if OMPWG_BENCH_HAVE_SCALAPACK
#if defined(OMPWG_PREC_S)
#define PXGEMM psgemm_
#else
#define PXGEMM pdgemm_
#endif
/* The same product through p?gemm into c2, on a BLACS grid over the same
 * ranks in the same ("Row") order. */
static double time_scalapack(MPI_Comm sub, const ompwg_mpi_grid_info *info,
                             operands *o, int64_t n, int reps)
{
    int handle = Csys2blacs_handle(sub), ctx = handle;
    Cblacs_gridinit(&ctx, "Row", info->nprow, info->npcol);
    int desc[9] = { 1, ctx, (int)n, (int)n, (int)o->d.mb, (int)o->d.nb, 0, 0, (int)o->d.lld };
    int ni = (int)n, one = 1;
    T alpha = 1, beta = 0;
    double *t = malloc((size_t)reps * sizeof *t);
    for (int r = -1; t && r < reps; r++) {
        MPI_Barrier(sub);
        double t0 = bench_now();
        PXGEMM("N", "N", &ni, &ni, &ni, &alpha, o->a, &one, &one, desc, o->b, &one, &one, desc,
               &beta, o->c2, &one, &one, desc);
        double dt = bench_now() - t0;
        MPI_Allreduce(MPI_IN_PLACE, &dt, 1, MPI_DOUBLE, MPI_MAX, sub);
        if (r >= 0) t[r] = dt;
    }
    double med = t ? bench_median(t, reps) : -1;
    free(t);
    Cblacs_gridexit(ctx);
    Cfree_blacs_system_handle(handle);
    return med;
}
#undef PXGEMM

/* max |C_ompwg - C_scalapack| / (u * n) over the ranks: every entry of A and
 * B is in [-1, 1), so sum_p |a_ip||b_pj| <= n and both results lie within
 * 16 u n of the exact one when they pass the netlib ratio; 32 or less
 * agrees. */
static double agreement(MPI_Comm sub, const operands *o, int64_t n)
{
    double worst = 0;
    for (int64_t j = 0; j < o->cols; j++)
        for (int64_t i = 0; i < o->rows; i++) {
            double d = fabs((double)o->c[i + j * o->d.lld] - (double)o->c2[i + j * o->d.lld]);
            if (!(d <= worst)) worst = d;
        }
    MPI_Allreduce(MPI_IN_PLACE, &worst, 1, MPI_DOUBLE, MPI_MAX, sub);
    return worst / (T_EPS / 2 * (double)n);
}
#endif

void TN(bench_mpi_gemm_row_, )(MPI_Comm sub, int p, int64_t n, int64_t block, int reps,
                               gemm_row *row)
{
    memset(row, 0, sizeof *row);
    row->p = p;
    row->n = n;
    row->ompwg_block = row->ompwg_cyclic = row->scalapack = row->check = -1;
    ompwg_mpi_grid *g = NULL;
    if (ompwg_mpi_grid_create(sub, 0, 0, 0, &g) != OMPWG_OK) return;
    ompwg_mpi_grid_info info;
    ompwg_mpi_grid_get_info(g, &info);
    row->nprow = info.nprow;
    row->npcol = info.npcol;
    uint64_t seed = 1000 + (uint64_t)info.rank;
    operands op;
    int st = operands_init(&op, g, n, OMPWG_MPI_BLOCK, seed);
    int all = st;
    MPI_Allreduce(&st, &all, 1, MPI_INT, MPI_MAX, sub);
    if (all == OMPWG_OK) row->ompwg_block = time_gemm(sub, g, &op, n, reps);
    operands_free(&op);

    st = operands_init(&op, g, n, block, seed);
    MPI_Allreduce(&st, &all, 1, MPI_INT, MPI_MAX, sub);
    if (all == OMPWG_OK) {
        row->ompwg_cyclic = time_gemm(sub, g, &op, n, reps);
#if OMPWG_BENCH_HAVE_SCALAPACK
        if (n <= INT32_MAX) {
            row->scalapack = time_scalapack(sub, &info, &op, n, reps);
            if (row->ompwg_cyclic > 0 && row->scalapack > 0) row->check = agreement(sub, &op, n);
        }
#endif
    }
    operands_free(&op);
    ompwg_mpi_grid_free(&g);
}

double TN(bench_mpi_time_reduce_, )(MPI_Comm sub, reduce_op op, int64_t n, int reps)
{
    ompwg_mpi_grid *g = NULL;
    if (ompwg_mpi_grid_create(sub, 0, 0, 0, &g) != OMPWG_OK) return -1;
    int64_t nloc = 0, off = 0;
    ompwg_mpi_vec_part(g, n, &nloc, &off);
    T *x = malloc((size_t)(nloc + 1) * sizeof(T)), *y = malloc((size_t)(nloc + 1) * sizeof(T));
    double *t = malloc((size_t)reps * sizeof *t);
    int st = x && y && t ? OMPWG_OK : OMPWG_ERR_NOMEM;
    if (st == OMPWG_OK) {
        TN(bench_fill_, )(x, (size_t)nloc, 7 + (uint64_t)off);
        TN(bench_fill_, )(y, (size_t)nloc, 9 + (uint64_t)off);
    }
    T v;
    int64_t at;
    for (int r = -1; r < reps; r++) {
        MPI_Barrier(sub);
        double t0 = bench_now();
        int s = OMPWG_ERR_NOMEM;
        switch (op) {
        case RED_SUM: s = TN(ompwg_mpi_, sum)(g, st ? -1 : nloc, x, 1, &v); break;
        case RED_DOT: s = TN(ompwg_mpi_, dot)(g, st ? -1 : nloc, x, 1, y, 1, &v); break;
        case RED_MAX: s = TN(ompwg_mpi_, max)(g, st ? -1 : nloc, x, 1, &v, &at); break;
        }
        double dt = bench_now() - t0;
        MPI_Allreduce(MPI_IN_PLACE, &dt, 1, MPI_DOUBLE, MPI_MAX, sub);
        if (s != OMPWG_OK) st = s;
        if (r >= 0 && t) t[r] = dt;
    }
    double med = st == OMPWG_OK ? bench_median(t, reps) : -1;
    free(x);
    free(y);
    free(t);
    ompwg_mpi_grid_free(&g);
    return med;
}
