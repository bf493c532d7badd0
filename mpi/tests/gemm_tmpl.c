/* The distributed GEMM against the one-process result, on every backend and
 * every grid shape of the run's rank count (1 x P, P x 1 and those in
 * between): sizes that do not divide the grid, block and block-cyclic
 * layouts, A's column blocks unlike B's row blocks, narrow panels, padded
 * local arrays with canaries, descriptors larger than the product, the BLAS
 * rules, and, where ScaLAPACK is built in, p?gemm on the same local arrays.
 * Meson compiles it once per precision (test_mpi_sgemm, test_mpi_dgemm). */
#include <stdio.h>

#include "dist_tmpl.h"
#if OMPWG_TEST_HAVE_SCALAPACK
#include "scalapack.h"
#endif

#if defined(OMPWG_TEST_PREC_S)
#define MPI_GEMM ompwg_mpi_sgemm
#define PXGEMM psgemm_
#else
#define MPI_GEMM ompwg_mpi_dgemm
#define PXGEMM pdgemm_
#endif

/* Twice the netlib ratio: each result within 16 of the exact one. */
#define DIFF_LIMIT 32.0

typedef struct blocks {
    int64_t mb, nb;  /* 0: block layout */
} blocks;

typedef struct gcase {
    const char *name;
    int64_t m, n, k;
    int64_t extra_m, extra_n;  /* descriptor rows and columns beyond the product */
    blocks a, b, c;
    int64_t pad;               /* local leading dimensions above their minimum */
    real alpha, beta;
    bool integers;             /* small integers: every result exact */
    bool nan_c;                /* C filled with NaN (beta must be 0) */
    bool null_ab;              /* A and B passed as NULL (alpha 0 or k 0) */
    const char *panel;         /* OMPWG_MPI_PANEL for this case, or NULL */
} gcase;

typedef struct grid_ctx {
    ompwg_mpi_grid *grid;
    int nprow, npcol;
} grid_ctx;

static real value_for(test_rng *r, bool integers)
{
    return integers ? (real)((int)test_below(r, 7) - 3) : rand_real(r);
}

static real *global_matrix(int64_t rows, int64_t cols, uint64_t stream, bool integers, bool nan)
{
    size_t len = (size_t)(rows * cols) + 1;
    real *x = test_malloc(len * sizeof(real));
    test_rng r;
    test_rng_init(&r, stream);
    for (size_t i = 0; i < len; i++) x[i] = nan ? (real)NAN : value_for(&r, integers);
    return x;
}

/* |alpha| sum_p |a_ip| |b_pj| + |beta| |c0_ij| (beta 0: C not read). */
static double magnitude(const gcase *c, const real *a, int64_t lda, const real *b, int64_t ldb,
                        const real *c0, int64_t ldc, int64_t i, int64_t j)
{
    double s = 0;
    for (int64_t p = 0; p < c->k; p++) s += fabs((double)a[i + p * lda]) * fabs((double)b[p + j * ldb]);
    s *= fabs((double)c->alpha);
    if (c->beta != 0) s += fabs((double)c->beta) * fabs((double)c0[i + j * ldc]);
    return s;
}

/* Every element of the gathered C: inside the product within DIFF_LIMIT
 * units of the one-process result (equal for small integers), outside it
 * untouched. */
static bool compare(const gcase *c, const real *a, int64_t lda, const real *b, int64_t ldb,
                    const real *c0, const real *got, const real *want, int64_t ldc, const char *what)
{
    int64_t cm = c->m + c->extra_m, cn = c->n + c->extra_n;
    for (int64_t j = 0; j < cn; j++)
        for (int64_t i = 0; i < cm; i++) {
            double g = got[i + j * ldc];
            if (i >= c->m || j >= c->n) {
                if (memcmp(&got[i + j * ldc], &c0[i + j * ldc], sizeof(real)) != 0) {
                    mtap_note("%s: C(%lld,%lld) outside the product changed: %g -> %g", what,
                              (long long)i, (long long)j, (double)c0[i + j * ldc], g);
                    return false;
                }
                continue;
            }
            double w = want[i + j * ldc];
            double bound = c->integers ? 0 : DIFF_LIMIT * api.u * magnitude(c, a, lda, b, ldb, c0, ldc, i, j);
            if (!(fabs(g - w) <= bound)) {
                mtap_note("%s: C(%lld,%lld) = %.17g, one process %.17g, |difference| %.3g above %.3g",
                          what, (long long)i, (long long)j, g, w, fabs(g - w), bound);
                return false;
            }
        }
    return true;
}

#if OMPWG_TEST_HAVE_SCALAPACK
/* p?gemm_ on a copy of the same local C, through a BLACS grid in "Row"
 * order over the same ranks; the copy's local array is compared with
 * ompwg's, element by element, in the same units. */
static bool scalapack_agrees(const grid_ctx *gc, const gcase *c, const dist *da, const dist *db,
                             const dist *dc, const real *a, const real *b, const real *c0,
                             const real *ours)
{
    int handle = Csys2blacs_handle(MPI_COMM_WORLD), ctx = handle, pr, pc, r, q;
    Cblacs_gridinit(&ctx, "Row", gc->nprow, gc->npcol);
    Cblacs_gridinfo(ctx, &pr, &pc, &r, &q);
    bool pass = pr == gc->nprow && pc == gc->npcol && r == dc->myrow && q == dc->mycol;
    if (!pass) mtap_note("BLACS grid %dx%d, this rank at (%d,%d), ompwg's at (%d,%d)", pr, pc, r, q,
                         dc->myrow, dc->mycol);
    const dist *d[3] = { da, db, dc };
    int desc[3][9];
    for (int i = 0; i < 3; i++) {
        int v[9] = { 1, ctx, (int)d[i]->d.m, (int)d[i]->d.n, (int)d[i]->d.mb, (int)d[i]->d.nb, 0, 0,
                     (int)d[i]->d.lld };
        memcpy(desc[i], v, sizeof v);
    }
    /* one element more, so that a rank holding nothing passes a pointer */
    real *cc = test_malloc((dc->len + 1) * sizeof(real));
    if (dc->len) memcpy(cc, dc->copy, dc->len * sizeof(real));
    int m = (int)c->m, n = (int)c->n, k = (int)c->k, one = 1;
    real alpha = c->alpha, beta = c->beta;
    if (pass)
        PXGEMM("N", "N", &m, &n, &k, &alpha, da->p, &one, &one, desc[0], db->p, &one, &one, desc[1],
               &beta, cc, &one, &one, desc[2]);
    int64_t cm = dc->d.m;
    for (int64_t j = 0; pass && j < dc->cols; j++) {
        int64_t gj = global_of(j, dc->d.nb, dc->mycol, dc->npcol);
        for (int64_t i = 0; pass && i < dc->rows; i++) {
            int64_t gi = global_of(i, dc->d.mb, dc->myrow, dc->nprow);
            if (gi >= c->m || gj >= c->n) continue;
            double s = cc[i + j * dc->d.lld], o = ours[gi + gj * cm];
            double bound = c->integers ? 0 : DIFF_LIMIT * api.u * magnitude(c, a, c->m + c->extra_m, b, c->k, c0, cm, gi, gj);
            if (!(fabs(s - o) <= bound)) {
                mtap_note("C(%lld,%lld): ScaLAPACK %.17g, ompwg %.17g, above %.3g", (long long)gi,
                          (long long)gj, s, o, bound);
                pass = false;
            }
        }
    }
    free(cc);
    Cblacs_gridexit(ctx);
    Cfree_blacs_system_handle(handle);
    return pass;
}
#endif

static void run_case(const grid_ctx *gc, const char *backend, const gcase *c)
{
    int64_t am = c->m + c->extra_m, ak = c->k, bn = c->n + c->extra_n;
    int64_t cm = am, cn = bn;
    uint64_t base = 1000 * (uint64_t)(c->m + 3 * c->n + 7 * c->k);
    real *a = global_matrix(am, ak, base + 1, c->integers, false);
    real *b = global_matrix(ak, bn, base + 2, c->integers, false);
    real *c0 = global_matrix(cm, cn, base + 3, c->integers, c->nan_c);
    real *want = test_copy(c0, (size_t)(cm * cn + 1) * sizeof(real));
    real *got = test_malloc((size_t)(cm * cn + 1) * sizeof(real));

    dist da, db, dc;
    dist_init(&da, gc->grid, am, ak, c->a.mb, c->a.nb, c->pad);
    dist_init(&db, gc->grid, ak, bn, c->b.mb, c->b.nb, c->pad);
    dist_init(&dc, gc->grid, cm, cn, c->c.mb, c->c.nb, c->pad + 1);
    dist_scatter(&da, a);
    dist_scatter(&db, b);
    dist_scatter(&dc, c0);

    if (c->panel) ompwg_set_mpi_panel(atoll(c->panel));
    int64_t ldb = ak > 1 ? ak : 1;
    int st1 = api.gemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, c->m, c->n, c->k, c->alpha,
                       c->null_ab ? NULL : a, am, c->null_ab ? NULL : b, ldb, c->beta, want, cm);
    int st = MPI_GEMM(gc->grid, OMPWG_NO_TRANS, OMPWG_NO_TRANS, c->m, c->n, c->k, c->alpha,
                      c->null_ab ? NULL : da.p, &da.d, c->null_ab ? NULL : db.p, &db.d, c->beta,
                      dc.p, &dc.d);
    if (c->panel) ompwg_set_mpi_panel(-1);

    bool pass = st == OMPWG_OK && st1 == OMPWG_OK;
    if (!pass) mtap_note("status %d (%s), one process %d", st, ompwg_mpi_strerror(st), st1);
    pass = dist_intact(&da, "A") && dist_intact(&db, "B") && dist_intact(&dc, "C") && pass;
    pass = dist_unchanged(&da, "A") && dist_unchanged(&db, "B") && pass;
    dist_gather(&dc, got);
    pass = pass && compare(c, a, am, b, ak, c0, got, want, cm, "against one process");
    if (pass && !c->nan_c && c->m > 0 && c->n > 0) {
        double ratio = -1;
        int rs = api.gemm_ratio(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, c->m, c->n, c->k,
                                c->alpha, a, am, b, ldb, c->beta, c0, got, cm, &ratio);
        if (rs != OMPWG_OK || !(ratio < GEMM_RATIO_LIMIT)) {
            mtap_note("netlib ratio against OpenBLAS %g (status %d)", ratio, rs);
            pass = false;
        }
    }
    int nprow = gc->nprow, npcol = gc->npcol;
    char layout[96];
    snprintf(layout, sizeof layout, "A %lldx%lld B %lldx%lld C %lldx%lld blocks", (long long)da.d.mb,
             (long long)da.d.nb, (long long)db.d.mb, (long long)db.d.nb, (long long)dc.d.mb,
             (long long)dc.d.nb);
    mtap_ok(pass, "%s %s grid %dx%d %s: m %lld n %lld k %lld, %s, alpha %g beta %g%s%s", backend,
            api.type, nprow, npcol, c->name, (long long)c->m, (long long)c->n, (long long)c->k,
            layout, (double)c->alpha, (double)c->beta, c->panel ? ", panel " : "",
            c->panel ? c->panel : "");

#if OMPWG_TEST_HAVE_SCALAPACK
    /* ScaLAPACK's rules for k == 0 and NULL arrays are not ours to test */
    if (pass && c->k > 0 && !c->null_ab && !c->nan_c && c->m > 0 && c->n > 0 &&
        strcmp(backend, "openblas") == 0)
        mtap_ok(scalapack_agrees(gc, c, &da, &db, &dc, a, b, c0, got),
                "%s grid %dx%d %s: ScaLAPACK %s on the same local arrays agrees", api.type, nprow,
                npcol, c->name, sizeof(real) == sizeof(float) ? "psgemm" : "pdgemm");
#endif
    dist_free(&da);
    dist_free(&db);
    dist_free(&dc);
    free(a);
    free(b);
    free(c0);
    free(want);
    free(got);
}

static const gcase cases[] = {
    { .name = "block layout", .m = 37, .n = 29, .k = 53, .alpha = (real)0.75, .beta = (real)-0.5 },
    { .name = "block-cyclic", .m = 45, .n = 38, .k = 41, .a = { 4, 5 }, .b = { 7, 3 },
      .c = { 4, 3 }, .pad = 2, .alpha = (real)1.25, .beta = (real)0.5 },
    { .name = "narrow panels", .m = 23, .n = 31, .k = 67, .a = { 5, 11 }, .b = { 6, 4 },
      .c = { 5, 4 }, .alpha = (real)-1, .beta = 1, .panel = "3" },
    { .name = "integers, exact", .m = 40, .n = 33, .k = 29, .a = { 3, 2 }, .b = { 5, 4 },
      .c = { 3, 4 }, .pad = 1, .alpha = 2, .beta = -1, .integers = true },
    { .name = "descriptors beyond the product", .m = 19, .n = 17, .k = 21, .extra_m = 6,
      .extra_n = 5, .a = { 4, 4 }, .b = { 4, 4 }, .c = { 4, 4 }, .alpha = (real)0.5,
      .beta = (real)2 },
    { .name = "one row of blocks per rank", .m = 9, .n = 70, .k = 13, .a = { 1, 2 },
      .b = { 3, 8 }, .c = { 1, 8 }, .alpha = 1, .beta = 0 },
    { .name = "beta 0: C (NaN) not read", .m = 26, .n = 21, .k = 18, .alpha = (real)1.5, .beta = 0,
      .nan_c = true },
    { .name = "alpha 0: A and B not read (NULL)", .m = 26, .n = 21, .k = 18, .a = { 4, 4 },
      .b = { 4, 4 }, .c = { 4, 4 }, .alpha = 0, .beta = (real)-2, .null_ab = true },
    { .name = "k 0: C := beta C", .m = 15, .n = 12, .k = 0, .alpha = 3, .beta = (real)0.25,
      .null_ab = true },
    { .name = "m 0: quick return", .m = 0, .n = 12, .k = 5, .extra_m = 4, .a = { 2, 2 },
      .b = { 2, 2 }, .c = { 2, 2 }, .alpha = 1, .beta = 1 },
    { .name = "n 0: quick return", .m = 11, .n = 0, .k = 5, .extra_n = 3, .a = { 2, 2 },
      .b = { 2, 2 }, .c = { 2, 2 }, .alpha = 1, .beta = 1 },
};

static void every_case(const char *backend, void *ctx)
{
    const grid_ctx *gc = ctx;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) run_case(gc, backend, &cases[i]);
}

int main(int argc, char **argv)
{
    mtap_init(sizeof(real) == sizeof(float) ? "test_mpi_sgemm" : "test_mpi_dgemm", &argc, &argv);
    int size = mtap_size();
    /* the placement comes first, before any other ompwg call */
    ompwg_mpi_grid *first = NULL;
    int st = ompwg_mpi_grid_create(MPI_COMM_WORLD, size, 1, OMPWG_MPI_PLACE, &first);
    if (!mtap_ok(st == OMPWG_OK, "ompwg_mpi_grid_create(%dx1, OMPWG_MPI_PLACE)", size))
        return mtap_done();
    for (int nprow = size; nprow >= 1; nprow--) {
        if (size % nprow) continue;
        grid_ctx gc = { .grid = first, .nprow = nprow, .npcol = size / nprow };
        if (nprow != size) {
            gc.grid = NULL;
            st = ompwg_mpi_grid_create(MPI_COMM_WORLD, nprow, size / nprow, 0, &gc.grid);
            if (!mtap_ok(st == OMPWG_OK, "ompwg_mpi_grid_create(%dx%d)", nprow, size / nprow))
                continue;
        }
        mtap_walk(every_case, &gc);
        if (gc.grid != first) ompwg_mpi_grid_free(&gc.grid);
    }
    ompwg_mpi_grid_free(&first);
    return mtap_done();
}
