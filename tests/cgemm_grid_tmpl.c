/* The complex GEMM's grid against OpenBLAS: shapes around the backends'
 * tile edges, both layouts, the nine (transa, transb) pairs, alpha and beta
 * in {0, 1, i, a general value}; larger shapes. Part of the complex GEMM
 * tests (cgemm_test.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cgemm_test.h"
#include "enum_names.h"
#include "guard.h"

/* Sizes around the tile edges of the backends' complex kernels (CPU: MR 2
 * to 16, NR 4 to 12, KC 128; GPU: team tiles of 16 and 32) and small ones. */
static const int64_t sizes[] = {
    0, 1, 2, 3, 4, 7, 8, 9, 12, 13, 15, 16, 17, 24, 31, 32, 33, 47, 63, 64, 65, 127, 128, 129,
};
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))

static const cplx scalars[] = { { 0, 0 }, { 1, 0 }, { 0, 1 }, { (part)0.7, (part)-0.4 } };
#define NSCALARS 4

/* For each layout and (transa, transb) pair, every (alpha, beta) from
 * `scalars` on a rotating triple of sizes: positions step by coprime
 * strides, so each combination meets other pairings and every size occurs
 * in every position over a group. */
void grid(const char *backend, ccaller *call)
{
    _Static_assert(NSIZES % 5 != 0 && NSIZES % 7 != 0, "strides coprime to NSIZES");
    int combo = 0;
    for (int li = 0; li < 2; li++)
        for (int ai = 0; ai < 3; ai++)
            for (int bi = 0; bi < 3; bi++) {
                test_rng r;
                test_rng_init(&r, 300 + (uint64_t)(li * 9 + ai * 3 + bi));
                group grp;
                group_init(&grp, "ratio");
                for (int al = 0; al < NSCALARS; al++)
                    for (int be = 0; be < NSCALARS; be++, combo++)
                        for (int t = 0; t < 3; t++) {
                            int i = (combo * 3 + t) % NSIZES;
                            ccase g = {
                                .layout = li ? OMPWG_ROW_MAJOR : OMPWG_COL_MAJOR,
                                .ta = all_trans[ai], .tb = all_trans[bi],
                                .m = sizes[i], .n = sizes[(5 * i + combo) % NSIZES],
                                .k = sizes[(7 * i + 2 * combo + 1) % NSIZES],
                                .pad_a = (i + combo) % 3 == 0 ? 3 : 0,
                                .pad_b = (i + combo) % 3 == 1 ? 1 : 0,
                                .pad_c = (i + 2 * combo) % 2 ? 2 : 0,
                                .alpha = scalars[al], .beta = scalars[be],
                            };
                            run_case(&grp, &g, call, &r);
                        }
                group_report(&grp, "%s " PREFIX "gemm %s %s,%s, sizes 0..129 rotating, alpha and beta in {0, 1, i, 0.7-0.4i}",
                             backend, layout_name(li ? OMPWG_ROW_MAJOR : OMPWG_COL_MAJOR),
                             trans_name(all_trans[ai]), trans_name(all_trans[bi]));
            }
}

/* Larger shapes: several K blocks, A blocks and thread shares. */
void grid_large(const char *backend, ccaller *call)
{
    const cplx al = { (part)0.7, (part)-0.4 }, be = { (part)-0.3, (part)1.1 };
    const ccase cases[] = {
        { OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, 300, 277, 301, 0, 3, 1, al, be },
        { OMPWG_ROW_MAJOR, OMPWG_CONJ_TRANS, OMPWG_TRANS, 257, 130, 400, 1, 0, 0, al, { 0, 0 } },
        { OMPWG_COL_MAJOR, OMPWG_TRANS, OMPWG_CONJ_TRANS, 129, 300, 260, 2, 2, 2, { 1, 0 }, { 1, 0 } },
        { OMPWG_COL_MAJOR, OMPWG_CONJ_TRANS, OMPWG_NO_TRANS, 500, 13, 129, 0, 0, 3, al, be },
        { OMPWG_ROW_MAJOR, OMPWG_NO_TRANS, OMPWG_CONJ_TRANS, 17, 500, 33, 0, 1, 0, { 0, 1 }, be },
        /* a long k that is not a multiple of 8, whose last slice the GPU's
         * double kernel copies in part (cgemm_tmpl.c, cg_stream) */
        { OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_CONJ_TRANS, 70, 40, 517, 1, 0, 2, al, be },
        { OMPWG_COL_MAJOR, OMPWG_CONJ_TRANS, OMPWG_NO_TRANS, 33, 65, 523, 0, 2, 0, al, { 0, 0 } },
    };
    test_rng r;
    test_rng_init(&r, 350);
    group grp;
    group_init(&grp, "ratio");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) run_case(&grp, &cases[i], call, &r);
    group_report(&grp, "%s " PREFIX "gemm with sizes up to 500", backend);
}

