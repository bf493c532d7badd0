/* The complex GEMM's argument checks, quick returns and overlap test.
 * Part of the complex GEMM tests (cgemm_test.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cgemm_test.h"
#include "guard.h"

/* Argument checks in the documented order, the quick returns, and C
 * overlapping A or B: a status and nothing written. */
void arguments(void)
{
    enum { M = 4, N = 3, K = 5 };
    cplx *a = guard_alloc(M * K * sizeof(cplx)), *b = guard_alloc(K * N * sizeof(cplx));
    cplx *c = guard_alloc(M * N * sizeof(cplx)), *ab = guard_alloc(40 * sizeof(cplx));
    test_rng r;
    test_rng_init(&r, 500);
    for (int i = 0; i < M * K; i++) a[i] = (cplx){ RAND_PART(&r), RAND_PART(&r) };
    for (int i = 0; i < K * N; i++) b[i] = (cplx){ RAND_PART(&r), RAND_PART(&r) };
    for (int i = 0; i < M * N; i++) c[i] = (cplx){ RAND_PART(&r), RAND_PART(&r) };
    for (int i = 0; i < 40; i++) ab[i] = (cplx){ RAND_PART(&r), RAND_PART(&r) };
    const ompwg_layout CM = OMPWG_COL_MAJOR;
    const ompwg_trans NT = OMPWG_NO_TRANS;
    const cplx one = { 1, 0 }, zero = { 0, 0 };
    struct {
        const char *what;
        ompwg_layout layout;
        ompwg_trans ta, tb;
        int64_t m, n, k, lda, ldb, ldc;
        cplx alpha;
        const cplx *a, *b;
        cplx *c;
        int want;
    } cases[] = {
        { "bad layout before bad trans", 7, 0, NT, M, N, K, M, K, M, one, a, b, c, OMPWG_ERR_LAYOUT },
        { "bad transa", CM, 0, NT, M, N, K, M, K, M, one, a, b, c, OMPWG_ERR_TRANS },
        { "bad transb before a negative size", CM, NT, 114, -1, N, K, M, K, M, one, a, b, c, OMPWG_ERR_TRANS },
        { "negative k", CM, NT, NT, M, N, -1, M, K, M, one, a, b, c, OMPWG_ERR_SIZE },
        { "lda < m before NULL c", CM, NT, NT, M, N, K, M - 1, K, M, one, a, b, NULL, OMPWG_ERR_LD },
        { "ldb < k (conjugate transpose of A)", CM, OMPWG_CONJ_TRANS, NT, M, N, K, K, K - 1, M, one, a, b, c, OMPWG_ERR_LD },
        { "row-major ldc < n", OMPWG_ROW_MAJOR, NT, NT, M, N, K, K, N, N - 1, one, a, b, c, OMPWG_ERR_LD },
        { "NULL c", CM, NT, NT, M, N, K, M, K, M, one, a, b, NULL, OMPWG_ERR_NULL },
        { "NULL a with alpha != 0", CM, NT, NT, M, N, K, M, K, M, one, NULL, b, c, OMPWG_ERR_NULL },
        { "m == 0: quick return, nothing read", CM, NT, NT, 0, N, K, 1, K, 1, one, NULL, NULL, NULL, OMPWG_OK },
        { "n == 0: quick return, nothing read", CM, NT, NT, M, 0, K, M, K, M, one, NULL, NULL, NULL, OMPWG_OK },
        { "C inside A", CM, NT, NT, 2, 2, 2, 4, 2, 4, one, ab, b, ab + 4, OMPWG_ERR_OVERLAP },
        { "C inside B", CM, OMPWG_CONJ_TRANS, NT, 2, 2, 2, 2, 8, 2, one, a, ab, ab + 9, OMPWG_ERR_OVERLAP },
    };
    group grp;
    group_init(&grp, NULL);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        void *bufs[4] = { a, b, c, ab };
        void *copies[4] = { test_copy(a, M * K * sizeof(cplx)), test_copy(b, K * N * sizeof(cplx)),
                            test_copy(c, M * N * sizeof(cplx)), test_copy(ab, 40 * sizeof(cplx)) };
        size_t bytes[4] = { M * K * sizeof(cplx), K * N * sizeof(cplx), M * N * sizeof(cplx),
                            40 * sizeof(cplx) };
        int st = GEMM(cases[i].layout, cases[i].ta, cases[i].tb, cases[i].m, cases[i].n,
                      cases[i].k, cases[i].alpha, cases[i].a, cases[i].lda, cases[i].b,
                      cases[i].ldb, zero, cases[i].c, cases[i].ldc);
        char msg[256] = "";
        bool pass = guard_status_untouched(st, cases[i].want, 4, bufs, copies, bytes, msg, sizeof msg);
        group_add(&grp, cases[i].what, pass, msg, -1);
        for (int j = 0; j < 4; j++) free(copies[j]);
    }
    group_report(&grp, PREFIX "gemm argument checks, quick returns and overlap");
    /* C beside A, not in it: runs */
    int st = GEMM(CM, NT, NT, 2, 2, 2, one, ab, 2, b, 2, zero, ab + 4, 2);
    tap_ok(st == OMPWG_OK, PREFIX "gemm with C right after A (no overlap) runs: status %d", st);
    guard_free(a);
    guard_free(b);
    guard_free(c);
    guard_free(ab);
}

