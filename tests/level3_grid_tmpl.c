/* The level-3 size grid: every operation with every combination of
 * layout, side, uplo, trans and diag it has, over sizes around the edges of
 * the CPU backend's blocks (its GEMM tile 32 x 12 x 384, its diagonal
 * blocks of 64 and 128, its SYMM panels of 256) and the GPU's tiles, each
 * size in each position, alpha among {0, 1, -1, 0.7} and beta among
 * {0, 1, -1, 1.3}. Part of the per-precision level-3 test
 * (level3_test.h). */
#include <stdio.h>

#include "enum_names.h"
#include "level3_test.h"

static const int64_t l3_sizes[] = {
    0, 1, 2, 5, 12, 13, 31, 32, 33, 63, 64, 65, 127, 128, 129, 130, 257,
};
#define L3_SIZES ((int)(sizeof l3_sizes / sizeof l3_sizes[0]))

static const double l3_alphas[] = { 0, 1, -1, 0.7 };
static const double l3_betas[] = { 0, 1, -1, 1.3 };

/* The flag combinations of op, numbered from 0 to l3_combos(op) - 1. */
static int l3_combos(l3_op op)
{
    return op == L3_TRMM || op == L3_TRSM ? 32 : 8;
}

static void l3_combo(l3_case *g, int c)
{
    g->layout = c & 1 ? OMPWG_ROW_MAJOR : OMPWG_COL_MAJOR;
    g->uplo = c & 2 ? OMPWG_LOWER : OMPWG_UPPER;
    if (g->op == L3_SYRK || g->op == L3_SYR2K) {
        g->side = OMPWG_LEFT;
        g->trans = c & 4 ? (c & 1 ? OMPWG_CONJ_TRANS : OMPWG_TRANS) : OMPWG_NO_TRANS;
        g->diag = OMPWG_NON_UNIT;
        return;
    }
    g->side = c & 4 ? OMPWG_RIGHT : OMPWG_LEFT;
    g->trans = c & 8 ? (c & 1 ? OMPWG_CONJ_TRANS : OMPWG_TRANS) : OMPWG_NO_TRANS;
    g->diag = c & 16 ? OMPWG_UNIT : OMPWG_NON_UNIT;
}

/* For one combination: L3_SIZES cases in which every size occurs once in
 * each position (m, n; k for SYRK, SYR2K), the others stepping through the
 * sizes by 5 and 7 (coprime to L3_SIZES), alpha and beta cycling, the
 * leading dimensions padded in turn. The 257 sizes only meet small ones,
 * so that the plain loops that check them stay quick. */
void l3_grid(const char *backend, l3_op op)
{
    _Static_assert(L3_SIZES % 5 != 0 && L3_SIZES % 7 != 0, "the steps must be coprime");
    for (int c = 0; c < l3_combos(op); c++) {
        test_rng r;
        test_rng_init(&r, 300 + (uint64_t)(op * 64 + c));
        group grp;
        group_init(&grp, "err/bound");
        l3_case g = { .op = op };
        l3_combo(&g, c);
        for (int i = 0; i < L3_SIZES; i++) {
            int64_t first = l3_sizes[i], second = l3_sizes[(5 * i + c) % L3_SIZES];
            if (first >= 200 && second > 65) second = 13;
            if (second >= 200 && first > 65) first = 33;
            if (op == L3_SYRK || op == L3_SYR2K) {
                g.n = first;
                g.k = second;
                g.m = g.n;
            } else {
                g.m = first;
                g.n = second;
                g.k = 0;
            }
            g.pad_a = (i + c) % 3 == 0 ? 3 : 0;
            g.pad_b = (i + c) % 3 == 1 ? 1 : 0;
            g.pad_c = (i + 2 * c) % 2 ? 2 : 0;
            g.alpha = (real)l3_alphas[(i + c) % 4];
            g.beta = (real)l3_betas[(i / 4 + c) % 4];
            l3_run_host(&grp, &g, &r);
        }
        group_report(&grp, "%s %s%s %s side=%c uplo=%c trans=%c diag=%c: the size grid", backend,
                     api.prefix, l3_op_names[op], layout_name(g.layout),
                     g.side == OMPWG_LEFT ? 'L' : 'R', g.uplo == OMPWG_UPPER ? 'U' : 'L',
                     g.trans == OMPWG_NO_TRANS ? 'N' : 'T', g.diag == OMPWG_UNIT ? 'U' : 'N');
    }
}

/* Orders large enough for several levels of the CPU backend's recursion
 * and several SYMM panels, one case per operation and side, and B large
 * enough to be cut into slabs. */
void l3_large(const char *backend)
{
    static const l3_case cases[] = {
        { L3_SYMM, OMPWG_COL_MAJOR, OMPWG_LEFT, OMPWG_LOWER, OMPWG_NO_TRANS, OMPWG_NON_UNIT,
          600, 70, 0, 1, 2, 3, 0.7, 1.3 },
        { L3_SYMM, OMPWG_ROW_MAJOR, OMPWG_RIGHT, OMPWG_UPPER, OMPWG_NO_TRANS, OMPWG_NON_UNIT,
          40, 530, 0, 0, 1, 0, -1, 0 },
        { L3_SYRK, OMPWG_COL_MAJOR, OMPWG_LEFT, OMPWG_UPPER, OMPWG_NO_TRANS, OMPWG_NON_UNIT,
          0, 520, 40, 2, 0, 1, 0.7, 1.3 },
        { L3_SYRK, OMPWG_ROW_MAJOR, OMPWG_LEFT, OMPWG_LOWER, OMPWG_TRANS, OMPWG_NON_UNIT,
          0, 390, 33, 0, 0, 0, 1, 0 },
        { L3_SYR2K, OMPWG_COL_MAJOR, OMPWG_LEFT, OMPWG_LOWER, OMPWG_TRANS, OMPWG_NON_UNIT,
          0, 450, 20, 1, 1, 1, -1, 1 },
        { L3_TRMM, OMPWG_COL_MAJOR, OMPWG_LEFT, OMPWG_LOWER, OMPWG_NO_TRANS, OMPWG_NON_UNIT,
          300, 40, 0, 1, 0, 2, 0.7, 0 },
        { L3_TRMM, OMPWG_ROW_MAJOR, OMPWG_RIGHT, OMPWG_UPPER, OMPWG_TRANS, OMPWG_UNIT,
          30, 280, 0, 0, 0, 1, -1, 0 },
        { L3_TRSM, OMPWG_COL_MAJOR, OMPWG_LEFT, OMPWG_LOWER, OMPWG_NO_TRANS, OMPWG_NON_UNIT,
          330, 50, 0, 2, 0, 3, 1, 0 },
        { L3_TRSM, OMPWG_COL_MAJOR, OMPWG_LEFT, OMPWG_UPPER, OMPWG_TRANS, OMPWG_UNIT,
          270, 20, 0, 0, 0, 0, 0.7, 0 },
        { L3_TRSM, OMPWG_ROW_MAJOR, OMPWG_RIGHT, OMPWG_LOWER, OMPWG_TRANS, OMPWG_NON_UNIT,
          40, 300, 0, 1, 0, 1, -1, 0 },
        /* C (SYRK, SYR2K) or B (TRMM, TRSM: wide for left, tall for right)
         * large enough for the CPU backend's threads to take parts of it */
        { L3_SYRK, OMPWG_COL_MAJOR, OMPWG_LEFT, OMPWG_LOWER, OMPWG_NO_TRANS, OMPWG_NON_UNIT,
          0, 600, 20, 0, 0, 2, -1, 1.3 },
        { L3_SYR2K, OMPWG_COL_MAJOR, OMPWG_LEFT, OMPWG_UPPER, OMPWG_TRANS, OMPWG_NON_UNIT,
          0, 560, 30, 1, 2, 0, 0.7, 0 },
        { L3_TRSM, OMPWG_COL_MAJOR, OMPWG_LEFT, OMPWG_UPPER, OMPWG_NO_TRANS, OMPWG_NON_UNIT,
          100, 700, 0, 1, 0, 1, 0.7, 0 },
        { L3_TRMM, OMPWG_COL_MAJOR, OMPWG_RIGHT, OMPWG_LOWER, OMPWG_TRANS, OMPWG_UNIT,
          600, 70, 0, 0, 0, 3, -1, 0 },
        { L3_TRSM, OMPWG_ROW_MAJOR, OMPWG_LEFT, OMPWG_LOWER, OMPWG_TRANS, OMPWG_UNIT,
          650, 90, 0, 2, 0, 0, 1, 0 },
    };
    test_rng r;
    test_rng_init(&r, 400);
    group grp;
    group_init(&grp, "err/bound");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        l3_run_host(&grp, &cases[i], &r);
    }
    group_report(&grp, "%s %s level 3 at orders of several hundred", backend, api.prefix);
}
