/* The distributed reductions, compiled once per precision: each rank's
 * part through ompwg on its backend, then one MPI_Allreduce of the partial
 * results (partial.h). */
#include <stdbool.h>
#include <string.h>

#include "mpi_prec.h"

#include "ompwg_mpi.h"
#include "partial.h"

typedef enum sum_kind { SUM, DOT, ASUM } sum_kind;

static int sums(const ompwg_mpi_grid *g, sum_kind kind, int64_t n, const T *x, int64_t incx,
                const T *y, int64_t incy, T *result)
{
    if (!g) return OMPWG_ERR_NULL;
    T local = 0;
    int st = OMPWG_ERR_NULL;
    if (result) {
        switch (kind) {
        case SUM: st = TN(ompwg_, sum)(n, x, incx, &local); break;
        case DOT: st = TN(ompwg_, dot)(n, x, incx, y, incy, &local); break;
        case ASUM: st = TN(ompwg_, asum)(n, x, incx, &local); break;
        }
    }
    ompwg_mpi_sum_partial p = { .hi = st == OMPWG_OK ? (double)local : 0, .lo = 0, .status = st };
    int rc = ompwg_mpi_combine_sums(g, &p);
    if (rc != OMPWG_OK) return rc;
    if (p.status != OMPWG_OK) return p.status;
    *result = (T)p.hi;
    return OMPWG_OK;
}

static int extremum(const ompwg_mpi_grid *g, bool is_min, int64_t n, const T *x, int64_t incx,
                    T *value, int64_t *index)
{
    if (!g) return OMPWG_ERR_NULL;
    T v = 0;
    int64_t at = -1;
    int st = OMPWG_ERR_NULL;
    if (value && index)
        st = is_min ? TN(ompwg_, min)(n, x, incx, &v, &at) : TN(ompwg_, max)(n, x, incx, &v, &at);
    bool ok = st == OMPWG_OK;
    ompwg_mpi_ext_partial p = { .value = ok ? (double)v : 0, .index = ok ? at : -1,
                                .count = ok ? n : 0, .status = st, .is_min = is_min };
    int rc = ompwg_mpi_combine_extrema(g, &p);
    if (rc != OMPWG_OK) return rc;
    if (p.status != OMPWG_OK) return p.status;
    *value = p.index >= 0 ? (T)p.value : 0;
    *index = p.index;
    return OMPWG_OK;
}

/* The public functions, each precision's names spelled out (ompwg_mpi.h
 * declares them): their parameters, and those passed on. */
#define SUM_PARAMS const ompwg_mpi_grid *grid, int64_t n_local, const T *x, int64_t incx, T *result
#define SUM_ARGS n_local, x, incx, NULL, 1, result
#define DOT_PARAMS                                                                                 \
    const ompwg_mpi_grid *grid, int64_t n_local, const T *x, int64_t incx, const T *y,             \
        int64_t incy, T *result
#define DOT_ARGS n_local, x, incx, y, incy, result
#define EXT_PARAMS                                                                                 \
    const ompwg_mpi_grid *grid, int64_t n_local, const T *x, int64_t incx, T *value, int64_t *index
#define EXT_ARGS n_local, x, incx, value, index

#if defined(OMPWG_PREC_S)
int ompwg_mpi_ssum(SUM_PARAMS) { return sums(grid, SUM, SUM_ARGS); }
int ompwg_mpi_sdot(DOT_PARAMS) { return sums(grid, DOT, DOT_ARGS); }
int ompwg_mpi_sasum(SUM_PARAMS) { return sums(grid, ASUM, SUM_ARGS); }
int ompwg_mpi_smax(EXT_PARAMS) { return extremum(grid, false, EXT_ARGS); }
int ompwg_mpi_smin(EXT_PARAMS) { return extremum(grid, true, EXT_ARGS); }
#elif defined(OMPWG_PREC_D)
int ompwg_mpi_dsum(SUM_PARAMS) { return sums(grid, SUM, SUM_ARGS); }
int ompwg_mpi_ddot(DOT_PARAMS) { return sums(grid, DOT, DOT_ARGS); }
int ompwg_mpi_dasum(SUM_PARAMS) { return sums(grid, ASUM, SUM_ARGS); }
int ompwg_mpi_dmax(EXT_PARAMS) { return extremum(grid, false, EXT_ARGS); }
int ompwg_mpi_dmin(EXT_PARAMS) { return extremum(grid, true, EXT_ARGS); }
#else
#error "reduce_tmpl.c: no public names for this precision"
#endif
