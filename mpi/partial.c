#include "partial.h"

#include <math.h>
#include <stdbool.h>

#include "ompwg_mpi.h"

/* Error-free transformations (Knuth's TwoSum, Dekker's Fast2Sum): s + e is
 * exactly a + b. They need strict IEEE double arithmetic: this file is built
 * without contraction or reassociation. */
static void two_sum(double a, double b, double *s, double *e)
{
    *s = a + b;
    double bb = *s - a;
    *e = (a - (*s - bb)) + (b - bb);
}

static void fast_two_sum(double a, double b, double *s, double *e)
{
    *s = a + b;
    *e = b - (*s - a);
}

/* Double-double addition, AccurateDWPlusDW of Joldes, Muller and Popescu
 * (2017): relative error at most 3u^2 / (1 - 4u), u = 2^-53. */
static void dd_add(double ah, double al, double bh, double bl, double *rh, double *rl)
{
    double s, e, t, f;
    two_sum(ah, bh, &s, &e);
    /* an infinite or NaN sum has no error term worth keeping (inf - inf
     * would make it NaN) */
    if (!isfinite(s)) {
        *rh = s;
        *rl = 0;
        return;
    }
    two_sum(al, bl, &t, &f);
    e += t;
    fast_two_sum(s, e, &s, &e);
    e += f;
    fast_two_sum(s, e, rh, rl);
}

static int32_t first_failure(int32_t lower, int32_t higher)
{
    return lower ? lower : higher;
}

/* MPI calls these with in = the lower ranks' partials, inout = the higher
 * ranks': inout := in (+) inout. */
static void combine_sums(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    const ompwg_mpi_sum_partial *a = in;
    ompwg_mpi_sum_partial *b = inout;
    for (int i = 0; i < *len; i++) {
        dd_add(a[i].hi, a[i].lo, b[i].hi, b[i].lo, &b[i].hi, &b[i].lo);
        b[i].status = first_failure(a[i].status, b[i].status);
    }
}

/* Whether the candidate y (later in the vector) replaces x: a NaN wins and
 * the first NaN stays; otherwise a strictly better value wins, so ties keep
 * the first occurrence. */
static bool later_wins(double x, double y, bool is_min)
{
    if (isnan(x)) return false;
    if (isnan(y)) return true;
    return is_min ? y < x : y > x;
}

static void combine_extrema(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    const ompwg_mpi_ext_partial *a = in;
    ompwg_mpi_ext_partial *b = inout;
    for (int i = 0; i < *len; i++) {
        ompwg_mpi_ext_partial r = a[i];
        r.count = a[i].count + b[i].count;
        r.status = first_failure(a[i].status, b[i].status);
        if (b[i].index >= 0 &&
            (a[i].index < 0 || later_wins(a[i].value, b[i].value, a[i].is_min != 0))) {
            r.value = b[i].value;
            r.index = a[i].count + b[i].index;
        }
        b[i] = r;
    }
}

static int contiguous_type(size_t bytes, MPI_Datatype *t)
{
    if (MPI_Type_contiguous((int)bytes, MPI_BYTE, t) != MPI_SUCCESS) return OMPWG_MPI_ERR_MPI;
    return MPI_Type_commit(t) == MPI_SUCCESS ? OMPWG_OK : OMPWG_MPI_ERR_MPI;
}

int ompwg_mpi_partials_create(ompwg_mpi_grid *g)
{
    g->sum_type = g->ext_type = MPI_DATATYPE_NULL;
    g->sum_op = g->ext_op = MPI_OP_NULL;
    /* not commutative: MPI then combines the partials in rank order, which
     * the extrema's indices need and which makes the sums' bits the same
     * for every rank */
    if (contiguous_type(sizeof(ompwg_mpi_sum_partial), &g->sum_type) != OMPWG_OK ||
        contiguous_type(sizeof(ompwg_mpi_ext_partial), &g->ext_type) != OMPWG_OK ||
        MPI_Op_create(combine_sums, 0, &g->sum_op) != MPI_SUCCESS ||
        MPI_Op_create(combine_extrema, 0, &g->ext_op) != MPI_SUCCESS) {
        ompwg_mpi_partials_free(g);
        return OMPWG_MPI_ERR_MPI;
    }
    return OMPWG_OK;
}

void ompwg_mpi_partials_free(ompwg_mpi_grid *g)
{
    if (g->sum_type != MPI_DATATYPE_NULL) MPI_Type_free(&g->sum_type);
    if (g->ext_type != MPI_DATATYPE_NULL) MPI_Type_free(&g->ext_type);
    if (g->sum_op != MPI_OP_NULL) MPI_Op_free(&g->sum_op);
    if (g->ext_op != MPI_OP_NULL) MPI_Op_free(&g->ext_op);
}

int ompwg_mpi_combine_sums(const ompwg_mpi_grid *g, ompwg_mpi_sum_partial *p)
{
    return MPI_Allreduce(MPI_IN_PLACE, p, 1, g->sum_type, g->sum_op, g->comm) == MPI_SUCCESS
               ? OMPWG_OK
               : OMPWG_MPI_ERR_MPI;
}

int ompwg_mpi_combine_extrema(const ompwg_mpi_grid *g, ompwg_mpi_ext_partial *p)
{
    return MPI_Allreduce(MPI_IN_PLACE, p, 1, g->ext_type, g->ext_op, g->comm) == MPI_SUCCESS
               ? OMPWG_OK
               : OMPWG_MPI_ERR_MPI;
}
