/* Arguments and statuses of libompwg_mpi: every documented code, the same
 * status on every rank when one rank alone is wrong (the lowest such rank's
 * status), ranks that disagree on global arguments, nothing written on
 * failure, descriptors and index helpers, ompwg_mpi_strerror. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "mtap.h"

static int rank, size;

/* Every rank's status is `want`. */
static bool all_get(int st, int want, const char *what)
{
    if (st != want) mtap_note("%s: status %d (%s), expected %d", what, st, ompwg_mpi_strerror(st), want);
    return st == want;
}

static void strerror_checks(void)
{
    bool pass = true;
    for (int s = OMPWG_MPI_ERR_MPI; s <= OMPWG_MPI_ERR_MISMATCH; s++) {
        const char *m = ompwg_mpi_strerror(s);
        if (!m || !m[0] || strcmp(m, ompwg_strerror(s)) == 0) pass = false;
        for (int t = OMPWG_MPI_ERR_MPI; t < s; t++)
            if (strcmp(m, ompwg_mpi_strerror(t)) == 0) pass = false;
    }
    for (int s = OMPWG_OK; s <= OMPWG_ERR_RANGE; s++)
        if (strcmp(ompwg_mpi_strerror(s), ompwg_strerror(s)) != 0) pass = false;
    pass = pass && ompwg_mpi_strerror(-1) && ompwg_mpi_strerror(INT_MAX) &&
           strcmp(ompwg_mpi_strerror(OMPWG_MPI_ERR_MISMATCH + 1), ompwg_strerror(-1)) == 0;
    mtap_ok(pass, "ompwg_mpi_strerror: its own sentence for each MPI status, ompwg_strerror's for "
            "the others");
}

static void grid_checks(void)
{
    ompwg_mpi_grid *g = (ompwg_mpi_grid *)&g;
    bool pass = all_get(ompwg_mpi_grid_create(MPI_COMM_NULL, 0, 0, 0, &g), OMPWG_ERR_NULL, "MPI_COMM_NULL");
    mtap_ok(pass && g == (ompwg_mpi_grid *)&g,
            "ompwg_mpi_grid_create(MPI_COMM_NULL): OMPWG_ERR_NULL, *grid untouched");

    g = NULL;
    pass = all_get(ompwg_mpi_grid_create(MPI_COMM_WORLD, 0, 0, 0x4u, &g), OMPWG_ERR_FLAGS, "flags 0x4");
    pass = all_get(ompwg_mpi_grid_create(MPI_COMM_WORLD, 0, 0, ~0u, &g), OMPWG_ERR_FLAGS, "flags ~0") && pass;
    mtap_ok(pass && !g, "unknown flag bits: OMPWG_ERR_FLAGS on every rank, no grid");

    pass = all_get(ompwg_mpi_grid_create(MPI_COMM_WORLD, size + 1, 1, 0, &g), OMPWG_MPI_ERR_GRID, "(P+1)x1");
    pass = all_get(ompwg_mpi_grid_create(MPI_COMM_WORLD, -1, 0, 0, &g), OMPWG_MPI_ERR_GRID, "-1x0") && pass;
    pass = all_get(ompwg_mpi_grid_create(MPI_COMM_WORLD, 0, -2, 0, &g), OMPWG_MPI_ERR_GRID, "0x-2") && pass;
    pass = all_get(ompwg_mpi_grid_create(MPI_COMM_WORLD, size, 2, 0, &g), OMPWG_MPI_ERR_GRID, "Px2") && pass;
    if (size > 1)
        pass = all_get(ompwg_mpi_grid_create(MPI_COMM_WORLD, 0, size + 1, 0, &g), OMPWG_MPI_ERR_GRID,
                       "0x(P+1)") && pass;
    mtap_ok(pass && !g, "grids that do not fit %d ranks: OMPWG_MPI_ERR_GRID on every rank", size);

    int st = ompwg_mpi_grid_create(MPI_COMM_WORLD, 0, 0, 0, rank == size - 1 ? NULL : &g);
    mtap_ok(all_get(st, OMPWG_ERR_NULL, "grid NULL on the last rank") && !g,
            "grid NULL on the last rank only: OMPWG_ERR_NULL on every rank");

    if (size > 1) {
        st = ompwg_mpi_grid_create(MPI_COMM_WORLD, rank == 0 ? 0 : size, rank == 0 ? 0 : 1, 0, &g);
        mtap_ok(all_get(st, OMPWG_MPI_ERR_MISMATCH, "rank 0 asks 0x0, the others Px1") && !g,
                "ranks asking for different grids: OMPWG_MPI_ERR_MISMATCH on every rank");
    } else {
        mtap_skip("ranks asking for different grids", "one rank");
    }

    pass = true;
    for (int r = 1; r <= size; r++) {
        if (size % r) continue;
        ompwg_mpi_grid_info info;
        st = ompwg_mpi_grid_create(MPI_COMM_WORLD, r, 0, 0, &g);
        pass = all_get(st, OMPWG_OK, "rx0") && pass;
        if (st != OMPWG_OK) continue;
        pass = ompwg_mpi_grid_get_info(g, &info) == OMPWG_OK && info.nprow == r &&
               info.npcol == size / r && info.myrow == rank / info.npcol &&
               info.mycol == rank % info.npcol && info.rank == rank && info.size == size && pass;
        ompwg_mpi_grid_free(&g);
        pass = pass && !g;
    }
    st = ompwg_mpi_grid_create(MPI_COMM_WORLD, 0, 0, 0, &g);
    ompwg_mpi_grid_info info;
    pass = pass && st == OMPWG_OK && ompwg_mpi_grid_get_info(g, &info) == OMPWG_OK &&
           info.nprow * info.npcol == size && info.nprow >= info.npcol;
    pass = pass && ompwg_mpi_grid_get_info(NULL, &info) == OMPWG_ERR_NULL &&
           ompwg_mpi_grid_get_info(g, NULL) == OMPWG_ERR_NULL;
    ompwg_mpi_grid_free(&g);
    ompwg_mpi_grid *none = NULL;
    pass = pass && ompwg_mpi_grid_free(&none) == OMPWG_OK && ompwg_mpi_grid_free(NULL) == OMPWG_OK;
    mtap_ok(pass, "every r x (P/r) grid: row-major ranks, (0, 0) chooses a near-square grid; "
            "get_info and free take NULL as documented");
}

static void desc_checks(const ompwg_mpi_grid *g)
{
    ompwg_mpi_grid_info info;
    ompwg_mpi_grid_get_info(g, &info);
    ompwg_mpi_desc d, keep = { .m = 1, .n = 2, .mb = 3, .nb = 4, .lld = 5 };
    d = keep;
    bool pass = ompwg_mpi_desc_init(NULL, 4, 4, 1, 1, 0, &d) == OMPWG_ERR_NULL &&
                ompwg_mpi_desc_init(g, 4, 4, 1, 1, 0, NULL) == OMPWG_ERR_NULL &&
                ompwg_mpi_desc_init(g, -1, 4, 1, 1, 0, &d) == OMPWG_ERR_SIZE &&
                ompwg_mpi_desc_init(g, 4, -1, 1, 1, 0, &d) == OMPWG_ERR_SIZE &&
                ompwg_mpi_desc_init(g, 4, 4, -1, 1, 0, &d) == OMPWG_ERR_SIZE &&
                ompwg_mpi_desc_init(g, 4, 4, 1, -1, 0, &d) == OMPWG_ERR_SIZE &&
                ompwg_mpi_desc_init(g, 4, 4, 1, 1, -1, &d) == OMPWG_ERR_SIZE &&
                memcmp(&d, &keep, sizeof d) == 0;
    /* 10 rows in blocks of 3 over nprow rows: this rank's count */
    int64_t rows = 0;
    for (int64_t i = 0; i < 10; i++)
        if ((i / 3) % info.nprow == info.myrow) rows++;
    int64_t min_ld = rows > 1 ? rows : 1;
    pass = pass && (min_ld == 1 || ompwg_mpi_desc_init(g, 10, 4, 3, 1, min_ld - 1, &d) == OMPWG_ERR_LD);
    pass = pass && ompwg_mpi_desc_init(g, 10, 4, 3, 1, 0, &d) == OMPWG_OK && d.lld == min_ld &&
           d.mb == 3 && d.nb == 1;
    int64_t lr = -1, lc = -1;
    pass = pass && ompwg_mpi_local_size(g, &d, &lr, &lc) == OMPWG_OK && lr == rows;
    pass = pass && ompwg_mpi_desc_init(g, 10, 7, OMPWG_MPI_BLOCK, OMPWG_MPI_BLOCK, 0, &d) == OMPWG_OK &&
           d.mb == (10 + info.nprow - 1) / info.nprow && d.nb == (7 + info.npcol - 1) / info.npcol;
    pass = pass && ompwg_mpi_desc_init(g, 0, 0, OMPWG_MPI_BLOCK, OMPWG_MPI_BLOCK, 0, &d) == OMPWG_OK &&
           d.mb == 1 && d.nb == 1 && d.lld == 1;
    mtap_ok(pass, "ompwg_mpi_desc_init: NULL, negative sizes and a short lld refused, nothing "
            "written; lld 0 and OMPWG_MPI_BLOCK filled in");

    ompwg_mpi_desc bad = { .m = 5, .n = 5, .mb = 0, .nb = 1, .lld = 1 };
    int64_t gi = -9, gj = -9;
    pass = ompwg_mpi_local_size(g, &bad, &lr, &lc) == OMPWG_MPI_ERR_DESC &&
           ompwg_mpi_local_size(NULL, &d, &lr, &lc) == OMPWG_ERR_NULL &&
           ompwg_mpi_local_size(g, &d, NULL, NULL) == OMPWG_OK;
    ompwg_mpi_desc_init(g, 10, 9, 3, 2, 0, &d);
    ompwg_mpi_local_size(g, &d, &lr, &lc);
    pass = pass && ompwg_mpi_local_to_global(g, &d, lr, 0, &gi, &gj) == OMPWG_ERR_RANGE &&
           ompwg_mpi_local_to_global(g, &d, 0, lc, &gi, &gj) == OMPWG_ERR_RANGE &&
           ompwg_mpi_local_to_global(g, &d, -1, 0, &gi, &gj) == OMPWG_ERR_RANGE && gi == -9;
    /* every global element is someone's local element exactly once */
    int seen[10 * 9] = { 0 };
    for (int64_t j = 0; j < lc; j++)
        for (int64_t i = 0; i < lr; i++)
            if (ompwg_mpi_local_to_global(g, &d, i, j, &gi, &gj) == OMPWG_OK && gi >= 0 && gi < 10 &&
                gj >= 0 && gj < 9 && gi / 3 % info.nprow == info.myrow && gj / 2 % info.npcol == info.mycol)
                seen[gi + 10 * gj]++;
            else
                pass = false;
    MPI_Allreduce(MPI_IN_PLACE, seen, 90, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (int i = 0; i < 90; i++) pass = pass && seen[i] == 1;
    mtap_ok(pass, "ompwg_mpi_local_size and ompwg_mpi_local_to_global: block-cyclic on the grid, "
            "every element on exactly one rank; out-of-range indices refused");

    int64_t nl = -1, off = -1, total = 0;
    pass = ompwg_mpi_vec_part(g, -1, &nl, &off) == OMPWG_ERR_SIZE &&
           ompwg_mpi_vec_part(g, 5, NULL, &off) == OMPWG_ERR_NULL &&
           ompwg_mpi_vec_part(NULL, 5, &nl, &off) == OMPWG_ERR_NULL &&
           ompwg_mpi_vec_part(g, 1003, &nl, &off) == OMPWG_OK;
    int64_t before = 0;
    MPI_Exscan(&nl, &before, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) before = 0;
    MPI_Allreduce(&nl, &total, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
    pass = pass && off == before && total == 1003 && (nl == 1003 / size || nl == 1003 / size + 1);
    mtap_ok(pass, "ompwg_mpi_vec_part: balanced, in rank order, covering the vector");
}

/* A 12 x 10 x 8 product in 3 x 2 blocks: every local array exists. */
typedef struct setup {
    ompwg_mpi_desc a, b, c;
    double *pa, *pb, *pc, *copy;
    size_t lc;
} setup;

static void setup_init(const ompwg_mpi_grid *g, setup *s)
{
    ompwg_mpi_desc_init(g, 12, 8, 3, 2, 0, &s->a);
    ompwg_mpi_desc_init(g, 8, 10, 2, 2, 0, &s->b);
    ompwg_mpi_desc_init(g, 12, 10, 3, 2, 0, &s->c);
    int64_t r, c;
    ompwg_mpi_local_size(g, &s->a, &r, &c);
    s->pa = test_malloc((size_t)(s->a.lld * c + 1) * sizeof(double));
    for (int64_t i = 0; i < s->a.lld * c; i++) s->pa[i] = 1;
    ompwg_mpi_local_size(g, &s->b, &r, &c);
    s->pb = test_malloc((size_t)(s->b.lld * c + 1) * sizeof(double));
    for (int64_t i = 0; i < s->b.lld * c; i++) s->pb[i] = 2;
    ompwg_mpi_local_size(g, &s->c, &r, &c);
    s->lc = (size_t)(s->c.lld * c + 1);
    s->pc = test_malloc(s->lc * sizeof(double));
    for (size_t i = 0; i < s->lc; i++) s->pc[i] = 3;
    s->copy = test_copy(s->pc, s->lc * sizeof(double));
}

static void setup_free(setup *s)
{
    free(s->pa);
    free(s->pb);
    free(s->pc);
    free(s->copy);
}

/* C unchanged on this rank. */
static bool c_kept(const setup *s, const char *what)
{
    bool kept = memcmp(s->pc, s->copy, s->lc * sizeof(double)) == 0;
    if (!kept) mtap_note("%s: C written", what);
    return kept;
}

static void gemm_checks(const ompwg_mpi_grid *g)
{
    setup s;
    setup_init(g, &s);
    const ompwg_trans N = OMPWG_NO_TRANS;
    int st;
#define CALL(ta, tb, m, n, k, al, a, da, b, db, be, c, dc) \
    ompwg_mpi_dgemm(g, ta, tb, m, n, k, al, a, da, b, db, be, c, dc)

    st = CALL(N, N, 12, 10, 8, 1.0, s.pa, &s.a, s.pb, &s.b, 1.0, s.pc, &s.c);
    bool ok = all_get(st, OMPWG_OK, "valid call");
    int64_t r, c;
    ompwg_mpi_local_size(g, &s.c, &r, &c);
    /* every element: 3 + 8 * 1 * 2 */
    for (int64_t j = 0; j < c; j++)
        for (int64_t i = 0; i < r; i++) ok = ok && s.pc[i + j * s.c.lld] == 19;
    mtap_ok(ok, "a valid 12x10x8 call gives C = 3 + 8 * 1 * 2 everywhere");
    memcpy(s.copy, s.pc, s.lc * sizeof(double));

    ompwg_mpi_desc small = s.c, unaligned = s.a, zero_mb = s.b, short_ld = s.c;
    small.m = 11;
    unaligned.mb = 4;
    unaligned.lld = 12;
    zero_mb.mb = 0;
    short_ld.lld = 0;
    bool pass = all_get(ompwg_mpi_dgemm(NULL, N, N, 12, 10, 8, 1.0, s.pa, &s.a, s.pb, &s.b, 1.0,
                                        s.pc, &s.c), OMPWG_ERR_NULL, "grid NULL");
    pass = all_get(CALL(0, N, 12, 10, 8, 1.0, s.pa, &s.a, s.pb, &s.b, 1.0, s.pc, &s.c), OMPWG_ERR_TRANS, "transa 0") && pass;
    pass = all_get(CALL(N, 114, 12, 10, 8, 1.0, s.pa, &s.a, s.pb, &s.b, 1.0, s.pc, &s.c), OMPWG_ERR_TRANS, "transb 114") && pass;
    pass = all_get(CALL(OMPWG_TRANS, N, 12, 10, 8, 1.0, s.pa, &s.a, s.pb, &s.b, 1.0, s.pc, &s.c), OMPWG_ERR_UNSUPPORTED, "transa T") && pass;
    pass = all_get(CALL(N, OMPWG_CONJ_TRANS, 12, 10, 8, 1.0, s.pa, &s.a, s.pb, &s.b, 1.0, s.pc, &s.c), OMPWG_ERR_UNSUPPORTED, "transb C") && pass;
    pass = all_get(CALL(N, N, -1, 10, 8, 1.0, s.pa, &s.a, s.pb, &s.b, 1.0, s.pc, &s.c), OMPWG_ERR_SIZE, "m -1") && pass;
    pass = all_get(CALL(N, N, 12, 10, -8, 1.0, s.pa, &s.a, s.pb, &s.b, 1.0, s.pc, &s.c), OMPWG_ERR_SIZE, "k -8") && pass;
    pass = all_get(CALL(N, N, 12, 10, 8, 1.0, s.pa, NULL, s.pb, &s.b, 1.0, s.pc, &s.c), OMPWG_ERR_NULL, "desca NULL") && pass;
    pass = all_get(CALL(N, N, 12, 10, 8, 1.0, s.pa, &s.a, s.pb, &zero_mb, 1.0, s.pc, &s.c), OMPWG_MPI_ERR_DESC, "descb mb 0") && pass;
    pass = all_get(CALL(N, N, 12, 10, 8, 1.0, s.pa, &s.a, s.pb, &s.b, 1.0, s.pc, &short_ld), OMPWG_ERR_LD, "descc lld 0") && pass;
    pass = all_get(CALL(N, N, 12, 10, 8, 1.0, s.pa, &s.a, s.pb, &s.b, 1.0, s.pc, &small), OMPWG_MPI_ERR_DESC, "C too small") && pass;
    pass = all_get(CALL(N, N, 12, 10, 8, 1.0, s.pa, &unaligned, s.pb, &s.b, 1.0, s.pc, &s.c), OMPWG_MPI_ERR_DESC, "A's row blocks not C's") && pass;
    pass = all_get(CALL(N, N, 12, 10, 8, 1.0, s.pa, &s.a, s.pb, &s.b, 1.0, NULL, &s.c), OMPWG_ERR_NULL, "C NULL") && pass;
    pass = all_get(CALL(N, N, 12, 10, 8, 1.0, NULL, &s.a, s.pb, &s.b, 1.0, s.pc, &s.c), OMPWG_ERR_NULL, "A NULL") && pass;
    mtap_ok(pass && c_kept(&s, "bad arguments on every rank"),
            "every bad argument on every rank: its documented status (NULL grid, trans, "
            "unsupported trans, sizes, descriptors, lld, fit, alignment, arrays), C untouched");

    /* the checks' order: transa before m before descriptors */
    pass = all_get(CALL(0, N, -1, 10, 8, 1.0, s.pa, NULL, s.pb, &s.b, 1.0, NULL, &s.c), OMPWG_ERR_TRANS, "trans first") &&
           all_get(CALL(N, N, -1, 10, 8, 1.0, s.pa, NULL, s.pb, &s.b, 1.0, NULL, &s.c), OMPWG_ERR_SIZE, "size next") &&
           all_get(CALL(N, N, 12, 10, 8, 1.0, s.pa, NULL, s.pb, &s.b, 1.0, NULL, &short_ld), OMPWG_ERR_NULL, "descriptors next");
    mtap_ok(pass, "several bad arguments: the first in the documented order decides");

    /* one rank alone is wrong */
    int last = size - 1;
    st = CALL(N, N, 12, 10, 8, 1.0, s.pa, &s.a, s.pb, &s.b, 1.0, rank == last ? NULL : s.pc, &s.c);
    int64_t lr, lcols;
    ompwg_mpi_local_size(g, &s.c, &lr, &lcols);
    /* a rank holding nothing of C may pass NULL: the last rank holds some here */
    pass = all_get(st, lr > 0 && lcols > 0 ? OMPWG_ERR_NULL : OMPWG_OK, "C NULL on the last rank");
    mtap_ok(pass && c_kept(&s, "C NULL on the last rank"),
            "C NULL on the last rank only: OMPWG_ERR_NULL on every rank, no rank writes C");
    if (size > 1) {
        st = CALL(rank == 1 ? 0 : N, N, 12, rank == 2 ? -10 : 10, 8, 1.0, s.pa, &s.a, s.pb, &s.b, 1.0, s.pc, &s.c);
        mtap_ok(all_get(st, OMPWG_ERR_TRANS, "rank 1 transa, rank 2 n") && c_kept(&s, "two bad ranks"),
                "rank 1 with a bad transa (and rank 2 with n < 0): the lowest rank's "
                "OMPWG_ERR_TRANS on every rank");
        st = CALL(N, N, 12, 10, 8, rank == 0 ? 2.0 : 1.0, s.pa, &s.a, s.pb, &s.b, 1.0, s.pc, &s.c);
        pass = all_get(st, OMPWG_MPI_ERR_MISMATCH, "alpha differs");
        st = CALL(N, N, 12, 10, rank == 0 ? 6 : 8, 1.0, s.pa, &s.a, s.pb, &s.b, 1.0, s.pc, &s.c);
        pass = all_get(st, OMPWG_MPI_ERR_MISMATCH, "k differs") && pass;
        ompwg_set_mpi_panel(rank == 0 ? 4 : 5);
        st = CALL(N, N, 12, 10, 8, 1.0, s.pa, &s.a, s.pb, &s.b, 1.0, s.pc, &s.c);
        ompwg_set_mpi_panel(-1);
        pass = all_get(st, OMPWG_MPI_ERR_MISMATCH, "panel width differs") && pass;
        mtap_ok(pass && c_kept(&s, "mismatch"), "ranks passing different alpha, k or panel "
                "widths: OMPWG_MPI_ERR_MISMATCH everywhere, C untouched");
        /* by value: -0.0 is +0.0, and a NaN is any NaN */
        st = CALL(N, N, 12, 10, 8, rank == 0 ? -0.0 : 0.0, s.pa, &s.a, s.pb, &s.b, 1.0, s.pc, &s.c);
        pass = all_get(st, OMPWG_OK, "alpha -0.0 on rank 0, +0.0 on the others");
        st = CALL(N, N, 12, 10, 8, 1.0, s.pa, &s.a, s.pb, &s.b, rank == 0 ? -0.0 : 0.0, s.pc, &s.c);
        pass = all_get(st, OMPWG_OK, "beta -0.0 on rank 0, +0.0 on the others") && pass;
        st = CALL(N, N, 12, 10, 8, rank == 0 ? (double)NAN : -(double)NAN, s.pa, &s.a, s.pb, &s.b,
                  1.0, s.pc, &s.c);
        pass = all_get(st, OMPWG_OK, "alpha NaN on rank 0, -NaN on the others") && pass;
        mtap_ok(pass, "alpha or beta -0.0 on one rank and +0.0 on the others, or NaNs of "
                "another sign: equal values, OMPWG_OK everywhere");
    } else {
        mtap_skip("one rank wrong, ranks that disagree", "one rank");
    }
#undef CALL
    setup_free(&s);
}

static void reduce_checks(const ompwg_mpi_grid *g)
{
    double x[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, v = -1;
    float xf[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, vf = -1;
    int64_t at = -9;
    bool pass = all_get(ompwg_mpi_dsum(NULL, 8, x, 1, &v), OMPWG_ERR_NULL, "grid NULL") &&
                all_get(ompwg_mpi_dsum(g, 8, x, 1, rank == size - 1 ? NULL : &v), OMPWG_ERR_NULL, "result NULL") &&
                all_get(ompwg_mpi_dsum(g, rank == 0 ? -1 : 8, x, 1, &v), OMPWG_ERR_SIZE, "n < 0") &&
                all_get(ompwg_mpi_sasum(g, 8, xf, rank == size - 1 ? 0 : 1, &vf), OMPWG_ERR_INC, "incx 0") &&
                all_get(ompwg_mpi_ddot(g, 8, x, 1, rank == 0 ? NULL : x, 1, &v), OMPWG_ERR_NULL, "y NULL") &&
                all_get(ompwg_mpi_dmax(g, 8, x, 1, &v, rank == size - 1 ? NULL : &at), OMPWG_ERR_NULL, "index NULL") &&
                all_get(ompwg_mpi_smin(g, 8, rank == 0 ? NULL : xf, 1, &vf, &at), OMPWG_ERR_NULL, "x NULL");
    mtap_ok(pass && v == -1 && vf == -1 && at == -9,
            "a bad argument on one rank: its status on every rank, no result written");
    if (size > 2) {
        int st = ompwg_mpi_dsum(g, rank == 2 ? -1 : 8, x, rank == 1 ? 0 : 1, &v);
        mtap_ok(all_get(st, OMPWG_ERR_INC, "rank 1 incx 0, rank 2 n -1") && v == -1,
                "rank 1 with incx 0 and rank 2 with n < 0: rank 1's OMPWG_ERR_INC on every rank");
    } else {
        mtap_skip("the lowest failing rank's status", "fewer than 3 ranks");
    }
    pass = all_get(ompwg_mpi_dsum(g, 0, NULL, 1, &v), OMPWG_OK, "n 0") && v == 0 &&
           all_get(ompwg_mpi_dmin(g, 0, NULL, 1, &v, &at), OMPWG_OK, "n 0 min") && v == 0 && at == -1;
    mtap_ok(pass, "every rank empty: sum 0, min 0 at index -1 (x NULL allowed)");
}

int main(int argc, char **argv)
{
    mtap_init("test_mpi_args", &argc, &argv);
    rank = mtap_rank();
    size = mtap_size();
    strerror_checks();
    grid_checks();
    ompwg_mpi_grid *g = NULL;
    if (mtap_ok(ompwg_mpi_grid_create(MPI_COMM_WORLD, 0, 0, 0, &g) == OMPWG_OK, "a grid for the rest")) {
        desc_checks(g);
        gemm_checks(g);
        reduce_checks(g);
    }
    ompwg_mpi_grid_free(&g);
    return mtap_done();
}
