/* The GEMM size grid against OpenBLAS: every size in every position, both
 * layouts, every transposition, alpha in {0, 1, 0.7}, beta in {0, 1, 1.3}.
 * Part of the per-precision GEMM test (gemm_test.h). */
#include "enum_names.h"
#include "gemm_test.h"

/* The host-pointer GEMM. */
int call_gemm(const gemm_case *g, operands *o)
{
    return api.gemm(g->layout, g->ta, g->tb, g->m, g->n, g->k, g->alpha, o->a.p, o->a.ld,
                    o->b.p, o->b.ld, g->beta, o->c.p, o->c.ld);
}

/* Small sizes and the edges of the blocks GEMM kernels are built around
 * (16, 64, 128; 256 is a common k block), where tail code lives. */
static const int64_t grid_sizes[] = {
    0, 1, 2, 3, 5, 7, 9, 15, 16, 17, 31, 63, 64, 65, 127, 128, 129, 255, 256, 257,
};
#define GRID_N ((int)(sizeof grid_sizes / sizeof grid_sizes[0]))
/* The sizes whose full m x n x k product is run. */
#define FULL_PRODUCT_MAX 129

static const ompwg_layout grid_layouts[] = { OMPWG_COL_MAJOR, OMPWG_ROW_MAJOR };
static const ompwg_trans grid_trans[] = { OMPWG_NO_TRANS, OMPWG_TRANS, OMPWG_CONJ_TRANS };
static const double grid_alphas[] = { 0, 1, 0.7 };
static const double grid_betas[] = { 0, 1, 1.3 };

/* Every (m, n, k) with sizes up to FULL_PRODUCT_MAX, on one combination;
 * the padding of each operand's leading dimension varies from case to case. */
void grid_full_product(const char *backend)
{
    test_rng r;
    test_rng_init(&r, 1);
    group grp;
    group_init(&grp, "ratio");
    long idx = 0;
    for (int i = 0; i < GRID_N && grid_sizes[i] <= FULL_PRODUCT_MAX; i++)
        for (int j = 0; j < GRID_N && grid_sizes[j] <= FULL_PRODUCT_MAX; j++)
            for (int l = 0; l < GRID_N && grid_sizes[l] <= FULL_PRODUCT_MAX; l++, idx++) {
                gemm_case g = {
                    .layout = OMPWG_COL_MAJOR, .ta = OMPWG_NO_TRANS, .tb = OMPWG_NO_TRANS,
                    .m = grid_sizes[i], .n = grid_sizes[j], .k = grid_sizes[l],
                    .pad_a = idx % 3 == 0 ? 3 : 0, .pad_b = idx % 5 == 1 ? 1 : 0,
                    .pad_c = idx % 2 ? 3 : 0, .alpha = (real)0.7, .beta = (real)1.3,
                };
                gemm_run(&grp, &g, call_gemm, &r);
            }
    group_report(&grp, "%s %sgemm col-major N,N alpha=0.7 beta=1.3, every m,n,k <= %d", backend,
                 api.prefix, FULL_PRODUCT_MAX);
}

/* For every (layout, transa, transb, alpha, beta) a rotating set of GRID_N
 * triples in which each size occurs once in each position: position n and k
 * step through the sizes by 3 and 7 (coprime to GRID_N), offset by the
 * combination's number, so the pairings change from one combination to the
 * next. */
void grid_rotating(const char *backend)
{
    _Static_assert(GRID_N % 3 != 0 && GRID_N % 7 != 0, "the steps must be coprime to GRID_N");
    int combo = 0;
    for (int li = 0; li < 2; li++)
        for (int ai = 0; ai < 3; ai++)
            for (int bi = 0; bi < 3; bi++) {
                test_rng r;
                test_rng_init(&r, 100 + (uint64_t)(li * 9 + ai * 3 + bi));
                group grp;
                group_init(&grp, "ratio");
                for (int al = 0; al < 3; al++)
                    for (int be = 0; be < 3; be++, combo++)
                        for (int i = 0; i < GRID_N; i++) {
                            gemm_case g = {
                                .layout = grid_layouts[li], .ta = grid_trans[ai],
                                .tb = grid_trans[bi],
                                .m = grid_sizes[i],
                                .n = grid_sizes[(3 * i + combo) % GRID_N],
                                .k = grid_sizes[(7 * i + 3 * combo + 1) % GRID_N],
                                .pad_a = (i + combo) % 3 == 0 ? 3 : 0,
                                .pad_b = (i + combo) % 3 == 1 ? 1 : 0,
                                .pad_c = (i + 2 * combo) % 2 ? 3 : 0,
                                .alpha = (real)grid_alphas[al], .beta = (real)grid_betas[be],
                            };
                            gemm_run(&grp, &g, call_gemm, &r);
                        }
                group_report(&grp, "%s %sgemm %s %s,%s, every size in every position, all alpha and beta",
                             backend, api.prefix, layout_name(grid_layouts[li]),
                             trans_name(grid_trans[ai]), trans_name(grid_trans[bi]));
            }
}

/* 1000 in each position, and in all three at once: enough to cross every
 * block boundary many times, few enough to stay within seconds on a slow
 * path (a naive loop, or the GPU kernels on host threads). */
void grid_large(const char *backend)
{
    static const gemm_case cases[] = {
        { OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, 1000, 1000, 1000, 0, 0, 3, 0.7f, 1.3f },
        { OMPWG_ROW_MAJOR, OMPWG_NO_TRANS, OMPWG_TRANS, 1000, 1000, 5, 3, 0, 0, 1, 0 },
        { OMPWG_ROW_MAJOR, OMPWG_TRANS, OMPWG_NO_TRANS, 1000, 17, 65, 1, 0, 3, 1, 0 },
        { OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_TRANS, 9, 1000, 129, 0, 2, 0, 0.7f, 1 },
        { OMPWG_ROW_MAJOR, OMPWG_CONJ_TRANS, OMPWG_CONJ_TRANS, 31, 64, 1000, 3, 1, 1, 1, 1.3f },
        { OMPWG_COL_MAJOR, OMPWG_TRANS, OMPWG_TRANS, 257, 1, 1000, 0, 0, 3, 0.7f, 0 },
    };
    test_rng r;
    test_rng_init(&r, 200);
    group grp;
    group_init(&grp, "ratio");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gemm_run(&grp, &cases[i], call_gemm, &r);
    }
    group_report(&grp, "%s %sgemm with 1000 in each position", backend, api.prefix);
}
