/* The distributed reductions against the one-process result over the whole
 * vector, on every backend: balanced and uneven distributions (ranks with
 * nothing), strided and negative increments (the gaps hold NaN, so a read
 * outside the vector shows), ties and NaNs on different ranks (first
 * occurrence, global index), the empty vector; sums within the bound
 * ompwg_mpi.h states, extrema exact, the same bits on every rank. Meson
 * compiles it once per precision (test_mpi_sreduce, test_mpi_dreduce). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "mtap.h"
#include "real.h"

typedef enum spread { BALANCED, UNEVEN } spread;
typedef enum marks { PLAIN, TIES, NANS } marks;

typedef struct vcase {
    const char *name;
    int64_t n;        /* BALANCED: the global length */
    spread spread;
    int64_t incx, incy;
    marks marks;
} vcase;

static const vcase cases[] = {
    { "balanced", 1001, BALANCED, 1, 1, PLAIN },
    { "uneven, a rank with nothing", 0, UNEVEN, 1, 1, PLAIN },
    { "strided, negative increments", 333, BALANCED, -3, 2, PLAIN },
    { "ties on different ranks", 400, BALANCED, 1, 1, TIES },
    { "NaNs on different ranks", 400, BALANCED, 2, -1, NANS },
    { "empty everywhere", 0, BALANCED, 1, 1, PLAIN },
};

/* Elements of rank r for UNEVEN: rank 1 holds none. */
static int64_t uneven_len(int r)
{
    return r == 1 ? 0 : 50 + 13 * (int64_t)r;
}

static void layout(const ompwg_mpi_grid *g, const vcase *c, int64_t *n, int64_t *nloc, int64_t *off,
                   int64_t *nmax)
{
    int size = mtap_size(), rank = mtap_rank();
    if (c->spread == BALANCED) {
        *n = c->n;
        ompwg_mpi_vec_part(g, c->n, nloc, off);
        *nmax = c->n / size + (c->n % size != 0);
        return;
    }
    *n = *off = *nmax = 0;
    for (int r = 0; r < size; r++) {
        if (r < rank) *off += uneven_len(r);
        *n += uneven_len(r);
        if (uneven_len(r) > *nmax) *nmax = uneven_len(r);
    }
    *nloc = uneven_len(rank);
}

/* Logical element i of a local vector of n with increment inc, as BLAS
 * stores it. */
static int64_t slot(int64_t i, int64_t n, int64_t inc)
{
    return inc > 0 ? i * inc : (n - 1 - i) * -inc;
}

static real *local_vector(const real *full, int64_t off, int64_t n, int64_t inc)
{
    int64_t span = n > 0 ? (n - 1) * (inc > 0 ? inc : -inc) + 1 : 0;
    real *v = guard_alloc((size_t)span * sizeof(real));
    for (int64_t i = 0; i < span; i++) v[i] = (real)NAN;
    for (int64_t i = 0; i < n; i++) v[slot(i, n, inc)] = full[off + i];
    return v;
}

static bool same_bits_everywhere(real v)
{
    int64_t bits = 0;
    memcpy(&bits, &v, sizeof v);
    int64_t both[2] = { bits, ~bits }, r[2];
    MPI_Allreduce(both, r, 2, MPI_INT64_T, MPI_MIN, MPI_COMM_WORLD);
    return r[0] == ~r[1];
}

static bool same_index_everywhere(int64_t i)
{
    int64_t both[2] = { i, ~i }, r[2];
    MPI_Allreduce(both, r, 2, MPI_INT64_T, MPI_MIN, MPI_COMM_WORLD);
    return r[0] == ~r[1];
}

/* ompwg_mpi.h's bound for the distributed sum plus ompwg.h's for the
 * one-process one: how far apart the two may be. */
static double sum_bound(const char *backend, double magnitudes, int64_t n, int64_t nmax)
{
    double u = api.u;
    double u_acc = strcmp(backend, "openblas") == 0 ? u : 0x1.0p-53;
    double dist = (nmax * u_acc + u) * magnitudes + u * magnitudes + mtap_size() * 0x1.0p-104 * magnitudes;
    double one = n * u_acc * magnitudes + u * magnitudes;
    return dist + one;
}

static bool sum_close(real got, real want, double bound, const char *what)
{
    bool pass = isnan(want) ? isnan(got) : fabs((double)got - (double)want) <= bound;
    if (!pass) mtap_note("%s: %.17g, one process %.17g, bound %.3g", what, (double)got, (double)want, bound);
    return pass;
}

static bool extremum_same(int st, real got, int64_t at, real want, int64_t want_at, const char *what)
{
    bool pass = st == OMPWG_OK && at == want_at &&
                (isnan(want) ? isnan(got) : memcmp(&got, &want, sizeof got) == 0);
    if (!pass)
        mtap_note("%s: status %d, %.9g at %lld, one process %.9g at %lld", what, st, (double)got,
                  (long long)at, (double)want, (long long)want_at);
    return pass;
}

static void run_case(const ompwg_mpi_grid *g, const char *backend, const vcase *c)
{
    int64_t n, nloc, off, nmax;
    layout(g, c, &n, &nloc, &off, &nmax);
    test_rng r;
    test_rng_init(&r, 500 + (uint64_t)n);
    real *x = test_malloc((size_t)(n + 1) * sizeof(real)), *y = test_malloc((size_t)(n + 1) * sizeof(real));
    for (int64_t i = 0; i < n; i++) {
        x[i] = rand_real(&r);
        y[i] = rand_real(&r);
    }
    if (c->marks == TIES && n > 4) {
        x[n / 5] = x[4 * n / 5] = 5;
        x[n / 3] = x[2 * n / 3] = -5;
    }
    if (c->marks == NANS && n > 4) {
        x[n / 2 + 1] = x[3 * n / 4] = (real)NAN;
        x[n / 8] = 9; /* a maximum before the NaNs */
    }
    real *lx = local_vector(x, off, nloc, c->incx), *ly = local_vector(y, off, nloc, c->incy);

    real want[5], got[5] = { 0 };
    int64_t want_at[2], got_at[2] = { -7, -7 };
    int st1 = api.sum(n, x, 1, &want[0]) | api.dot(n, x, 1, y, 1, &want[1]) |
              api.asum(n, x, 1, &want[2]) | api.max(n, x, 1, &want[3], &want_at[0]) |
              api.min(n, x, 1, &want[4], &want_at[1]);
    int st[5];
    st[0] = TN(ompwg_mpi_, sum)(g, nloc, lx, c->incx, &got[0]);
    st[1] = TN(ompwg_mpi_, dot)(g, nloc, lx, c->incx, ly, c->incy, &got[1]);
    st[2] = TN(ompwg_mpi_, asum)(g, nloc, lx, c->incx, &got[2]);
    st[3] = TN(ompwg_mpi_, max)(g, nloc, lx, c->incx, &got[3], &got_at[0]);
    st[4] = TN(ompwg_mpi_, min)(g, nloc, lx, c->incx, &got[4], &got_at[1]);

    double mag[3] = { 0, 0, 0 };
    for (int64_t i = 0; i < n; i++) {
        mag[0] += fabs((double)x[i]);
        mag[1] += fabs((double)x[i] * (double)y[i]);
    }
    mag[2] = mag[0];
    static const char *const names[5] = { "sum", "dot", "asum", "max", "min" };
    bool pass = st1 == OMPWG_OK;
    if (!pass) mtap_note("one process: a status was not OMPWG_OK");
    for (int i = 0; i < 3; i++) {
        if (st[i] != OMPWG_OK) {
            mtap_note("%s: status %d (%s)", names[i], st[i], ompwg_mpi_strerror(st[i]));
            pass = false;
        }
        pass = sum_close(got[i], want[i], sum_bound(backend, mag[i], n, nmax), names[i]) && pass;
    }
    for (int i = 0; i < 2; i++)
        pass = extremum_same(st[3 + i], got[3 + i], got_at[i], want[3 + i], want_at[i], names[3 + i]) && pass;
    const char *where;
    if ((lx && !guard_intact(lx, &where)) || (ly && !guard_intact(ly, &where))) {
        mtap_note("a canary %s a local vector was overwritten", where);
        pass = false;
    }
    bool same = true;
    for (int i = 0; i < 5; i++) same = same_bits_everywhere(got[i]) && same;
    same = same_index_everywhere(got_at[0]) && same_index_everywhere(got_at[1]) && same;
    mtap_ok(pass, "%s %s %s: n %lld, sum, dot, asum within the bound, max and min exact with "
            "their global index", backend, api.type, c->name, (long long)n);
    mtap_ok(same, "%s %s %s: every rank has the same bits", backend, api.type, c->name);
    guard_free(lx);
    guard_free(ly);
    free(x);
    free(y);
}

static void every_case(const char *backend, void *ctx)
{
    const ompwg_mpi_grid *g = ctx;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) run_case(g, backend, &cases[i]);
}

int main(int argc, char **argv)
{
    mtap_init(sizeof(real) == sizeof(float) ? "test_mpi_sreduce" : "test_mpi_dreduce", &argc, &argv);
    ompwg_mpi_grid *g = NULL;
    int st = ompwg_mpi_grid_create(MPI_COMM_WORLD, 0, 0, OMPWG_MPI_PLACE, &g);
    if (mtap_ok(st == OMPWG_OK, "ompwg_mpi_grid_create(OMPWG_MPI_PLACE)")) mtap_walk(every_case, g);
    ompwg_mpi_grid_free(&g);
    return mtap_done();
}
