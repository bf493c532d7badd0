/* Distributed matrices for the tests, in the precision of real.h: every
 * rank makes the same global matrix from the seed and keeps its blocks in a
 * guarded local array whose padding rows hold a sentinel. The index
 * arithmetic is written here again, independently of the library's, so
 * that the tests check the layout ompwg_mpi.h documents. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "mtap.h"
#include "real.h"

/* What padding holds: a value no computation makes. */
#define SENTINEL ((real)-7777.25)

typedef struct dist {
    ompwg_mpi_desc d;
    int nprow, npcol, myrow, mycol;
    int64_t rows, cols;  /* local */
    size_t len;          /* elements of the local array */
    real *p;             /* guarded; NULL when len is 0 */
    real *copy;          /* the local array before the call */
} dist;

static int64_t blocks_held(int64_t n, int64_t nb, int p, int np)
{
    int64_t blocks = n / nb, count = blocks / np * nb, extra = blocks % np;
    if (p < extra) count += nb;
    else if (p == extra) count += n % nb;
    return count;
}

static int64_t global_of(int64_t i, int64_t nb, int p, int np)
{
    return (i / nb * np + p) * nb + i % nb;
}

static void grid_coords(const ompwg_mpi_grid *g, int *nprow, int *npcol, int *myrow, int *mycol)
{
    ompwg_mpi_grid_info info;
    ompwg_mpi_grid_get_info(g, &info);
    *nprow = info.nprow;
    *npcol = info.npcol;
    *myrow = info.myrow;
    *mycol = info.mycol;
}

/* An m x n matrix in mb x nb blocks (0: the block layout), its local
 * leading dimension `pad` above the minimum. */
static void dist_init(dist *x, const ompwg_mpi_grid *g, int64_t m, int64_t n, int64_t mb,
                      int64_t nb, int64_t pad)
{
    memset(x, 0, sizeof *x);
    grid_coords(g, &x->nprow, &x->npcol, &x->myrow, &x->mycol);
    if (ompwg_mpi_desc_init(g, m, n, mb, nb, 0, &x->d) != OMPWG_OK)
        tap_bail("ompwg_mpi_desc_init(%lld, %lld, %lld, %lld) failed", (long long)m, (long long)n,
                 (long long)mb, (long long)nb);
    x->d.lld += pad;
    x->rows = blocks_held(m, x->d.mb, x->myrow, x->nprow);
    x->cols = blocks_held(n, x->d.nb, x->mycol, x->npcol);
    x->len = x->rows > 0 && x->cols > 0 ? (size_t)(x->d.lld * (x->cols - 1) + x->rows) : 0;
    x->p = x->len ? guard_alloc(x->len * sizeof(real)) : NULL;
    for (size_t i = 0; i < x->len; i++) x->p[i] = SENTINEL;
}

/* Local elements from the global column-major matrix full (leading
 * dimension d.m). */
static void dist_scatter(dist *x, const real *full)
{
    for (int64_t j = 0; j < x->cols; j++) {
        int64_t gj = global_of(j, x->d.nb, x->mycol, x->npcol);
        for (int64_t i = 0; i < x->rows; i++) {
            int64_t gi = global_of(i, x->d.mb, x->myrow, x->nprow);
            x->p[i + j * x->d.lld] = full[gi + gj * x->d.m];
        }
    }
    free(x->copy);
    x->copy = x->len ? test_copy(x->p, x->len * sizeof(real)) : NULL;
}

/* The whole matrix on every rank (leading dimension d.m), from every rank's
 * local array. */
static void dist_gather(const dist *x, real *full)
{
    int size = x->nprow * x->npcol;
    int *counts = test_malloc((size_t)size * sizeof(int)), *displs = test_malloc((size_t)size * sizeof(int));
    int total = 0;
    for (int r = 0; r < size; r++) {
        counts[r] = (int)(blocks_held(x->d.m, x->d.mb, r / x->npcol, x->nprow) *
                          blocks_held(x->d.n, x->d.nb, r % x->npcol, x->npcol));
        displs[r] = total;
        total += counts[r];
    }
    real *mine = test_malloc((size_t)(x->rows * x->cols + 1) * sizeof(real));
    real *all = test_malloc((size_t)(total + 1) * sizeof(real));
    for (int64_t j = 0; j < x->cols; j++)
        for (int64_t i = 0; i < x->rows; i++) mine[i + j * x->rows] = x->p[i + j * x->d.lld];
    MPI_Datatype t = sizeof(real) == sizeof(float) ? MPI_FLOAT : MPI_DOUBLE;
    MPI_Allgatherv(mine, (int)(x->rows * x->cols), t, all, counts, displs, t, MPI_COMM_WORLD);
    for (int r = 0; r < size; r++) {
        int pr = r / x->npcol, pc = r % x->npcol;
        int64_t rows = blocks_held(x->d.m, x->d.mb, pr, x->nprow);
        int64_t cols = blocks_held(x->d.n, x->d.nb, pc, x->npcol);
        for (int64_t j = 0; j < cols; j++)
            for (int64_t i = 0; i < rows; i++)
                full[global_of(i, x->d.mb, pr, x->nprow) + global_of(j, x->d.nb, pc, x->npcol) * x->d.m] =
                    all[displs[r] + i + j * rows];
    }
    free(counts);
    free(displs);
    free(mine);
    free(all);
}

/* Canaries intact and padding rows still the sentinel; a note says what is
 * not. */
static bool dist_intact(const dist *x, const char *name)
{
    if (!x->p) return true;
    const char *where;
    if (!guard_intact(x->p, &where)) {
        mtap_note("%s: canary %s the local array overwritten", name, where);
        return false;
    }
    for (int64_t j = 0; j + 1 < x->cols; j++)
        for (int64_t i = x->rows; i < x->d.lld; i++)
            if (x->p[i + j * x->d.lld] != SENTINEL) {
                mtap_note("%s: padding row %lld of local column %lld overwritten", name,
                          (long long)i, (long long)j);
                return false;
            }
    return true;
}

/* The local array is what it was before the call (bit for bit). */
static bool dist_unchanged(const dist *x, const char *name)
{
    if (!x->len) return true;
    long long at = test_first_difference(x->p, x->copy, x->len * sizeof(real));
    if (at >= 0) mtap_note("%s: local array changed at byte %lld", name, at);
    return at < 0;
}

static void dist_free(dist *x)
{
    if (x->p) guard_free(x->p);
    free(x->copy);
    memset(x, 0, sizeof *x);
}
