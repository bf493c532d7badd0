/* The level-3 rules beyond results: each argument check gives its status
 * and writes nothing, in the documented order; the quick returns read
 * nothing; an output that shares an element with an input is refused, while
 * blocks side by side in one array (as blocked LAPACK passes them) are
 * taken; the _device forms on a backend without the routine. Part of the
 * per-precision level-3 test (level3_test.h). */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "level3_test.h"
#include "target_mem.h"
#include "walk.h"

/* The arguments of one call, all operations' together. */
typedef struct l3_args {
    ompwg_layout layout;
    ompwg_side side;
    ompwg_uplo uplo;
    ompwg_trans trans;
    ompwg_diag diag;
    int64_t m, n, k, lda, ldb, ldc;
    real alpha, beta;
    real *a, *b, *c;
} l3_args;

typedef enum l3_field {
    F_NONE, F_LAYOUT, F_SIDE, F_UPLO, F_TRANS, F_DIAG, F_M, F_N, F_K, F_LDA, F_LDB, F_LDC,
    F_ALPHA, F_BETA, F_A_NULL, F_B_NULL, F_C_NULL, F_C_IS_A, F_C_IS_B, F_C_IN_A,
} l3_field;

typedef struct l3_bad {
    unsigned ops;            /* bit per l3_op the entry applies to */
    l3_field f1;
    int64_t v1;
    l3_field f2;
    int64_t v2;
    int want;
    const char *what;
} l3_bad;

#define ALL_OPS 0x1fu
#define SIDED ((1u << L3_SYMM) | (1u << L3_TRMM) | (1u << L3_TRSM))
#define TRANSED ((1u << L3_SYRK) | (1u << L3_SYR2K) | (1u << L3_TRMM) | (1u << L3_TRSM))
#define TRI ((1u << L3_TRMM) | (1u << L3_TRSM))
#define SYR ((1u << L3_SYRK) | (1u << L3_SYR2K))
#define WITH_B ((1u << L3_SYMM) | (1u << L3_SYR2K))

static void l3_set(l3_args *x, l3_field f, int64_t v)
{
    switch (f) {
    case F_LAYOUT: x->layout = (ompwg_layout)v; break;
    case F_SIDE: x->side = (ompwg_side)v; break;
    case F_UPLO: x->uplo = (ompwg_uplo)v; break;
    case F_TRANS: x->trans = (ompwg_trans)v; break;
    case F_DIAG: x->diag = (ompwg_diag)v; break;
    case F_M: x->m = v; break;
    case F_N: x->n = v; break;
    case F_K: x->k = v; break;
    case F_LDA: x->lda = v; break;
    case F_LDB: x->ldb = v; break;
    case F_LDC: x->ldc = v; break;
    case F_ALPHA: x->alpha = (real)v; break;
    case F_BETA: x->beta = (real)v; break;
    case F_A_NULL: x->a = NULL; break;
    case F_B_NULL: x->b = NULL; break;
    case F_C_NULL: x->c = NULL; break;
    case F_C_IS_A: x->c = x->a; break;
    case F_C_IS_B: x->c = x->b; break;
    case F_C_IN_A: x->c = x->a + 5; break;
    default: break;
    }
}

static int l3_call_args(l3_op op, const l3_args *x, bool device)
{
    l3_case g = { .op = op, .layout = x->layout, .side = x->side, .uplo = x->uplo,
                  .trans = x->trans, .diag = x->diag, .m = x->m, .n = x->n, .k = x->k,
                  .alpha = x->alpha, .beta = x->beta };
    return l3_call(&g, x->a, x->b, x->c, x->lda, x->ldb, x->ldc, device);
}

/* m = 4, n = 6, k = 5, every leading dimension 8: legal for every
 * operation in either layout; each entry breaks one or two arguments. */
void l3_rule_args(void)
{
    static const l3_bad bad[] = {
        { ALL_OPS, F_LAYOUT, 7, F_NONE, 0, OMPWG_ERR_LAYOUT, "layout 7" },
        { ALL_OPS, F_LAYOUT, 0, F_M, -1, OMPWG_ERR_LAYOUT, "layout before the sizes" },
        { SIDED, F_SIDE, 0, F_NONE, 0, OMPWG_ERR_FLAGS, "side 0" },
        { SIDED, F_SIDE, OMPWG_UPPER, F_UPLO, 0, OMPWG_ERR_FLAGS, "side UPPER" },
        { ALL_OPS, F_UPLO, OMPWG_LEFT, F_NONE, 0, OMPWG_ERR_FLAGS, "uplo LEFT" },
        { ALL_OPS, F_UPLO, 0, F_N, -1, OMPWG_ERR_FLAGS, "uplo before the sizes" },
        { TRANSED, F_TRANS, 114, F_NONE, 0, OMPWG_ERR_TRANS, "trans 114" },
        { TRI, F_TRANS, 0, F_DIAG, 0, OMPWG_ERR_TRANS, "trans before diag" },
        { TRI, F_DIAG, 133, F_NONE, 0, OMPWG_ERR_FLAGS, "diag 133" },
        { TRI, F_DIAG, 0, F_LDA, 0, OMPWG_ERR_FLAGS, "diag before lda" },
        { ALL_OPS & ~SYR, F_M, -1, F_NONE, 0, OMPWG_ERR_SIZE, "m -1" },
        { ALL_OPS, F_N, -1, F_NONE, 0, OMPWG_ERR_SIZE, "n -1" },
        { SYR, F_K, -1, F_NONE, 0, OMPWG_ERR_SIZE, "k -1" },
        { ALL_OPS, F_N, -1, F_LDA, 0, OMPWG_ERR_SIZE, "sizes before lda" },
        { ALL_OPS, F_LDA, 3, F_NONE, 0, OMPWG_ERR_LD, "lda 3" },
        { SIDED, F_SIDE, OMPWG_RIGHT, F_LDA, 5, OMPWG_ERR_LD, "right side, lda 5 < n" },
        { SYR, F_LDA, 5, F_NONE, 0, OMPWG_ERR_LD, "col-major N, lda 5 < n" },
        { SYR, F_LAYOUT, OMPWG_ROW_MAJOR, F_LDA, 4, OMPWG_ERR_LD, "row-major N, lda 4 < k" },
        { SYR, F_TRANS, OMPWG_TRANS, F_LDA, 4, OMPWG_ERR_LD, "col-major T, lda 4 < k" },
        { WITH_B, F_LDB, 3, F_NONE, 0, OMPWG_ERR_LD, "ldb 3" },
        { 1u << L3_SYMM, F_LAYOUT, OMPWG_ROW_MAJOR, F_LDB, 5, OMPWG_ERR_LD, "row-major, ldb 5 < n" },
        { ALL_OPS & ~SYR, F_LDC, 3, F_NONE, 0, OMPWG_ERR_LD, "ldc (TRMM, TRSM: ldb) 3" },
        { ALL_OPS & ~SYR, F_LAYOUT, OMPWG_ROW_MAJOR, F_LDC, 5, OMPWG_ERR_LD, "row-major, ldc 5 < n" },
        { SYR, F_LDC, 5, F_NONE, 0, OMPWG_ERR_LD, "ldc 5 < n" },
        { ALL_OPS, F_LDC, 0, F_C_NULL, 0, OMPWG_ERR_LD, "leading dimensions before pointers" },
        { ALL_OPS, F_A_NULL, 0, F_NONE, 0, OMPWG_ERR_NULL, "a NULL" },
        { WITH_B, F_B_NULL, 0, F_NONE, 0, OMPWG_ERR_NULL, "b NULL" },
        { ALL_OPS, F_C_NULL, 0, F_NONE, 0, OMPWG_ERR_NULL, "c (TRMM, TRSM: b) NULL" },
        { ALL_OPS, F_C_IS_A, 0, F_NONE, 0, OMPWG_ERR_OVERLAP, "output = a" },
        { ALL_OPS, F_C_IN_A, 0, F_NONE, 0, OMPWG_ERR_OVERLAP, "output five elements into a" },
        { WITH_B, F_C_IS_B, 0, F_NONE, 0, OMPWG_ERR_OVERLAP, "output = b" },
        { ALL_OPS & ~SYR, F_M, 0, F_C_NULL, 0, OMPWG_OK, "m 0: quick return before pointers" },
        { ALL_OPS, F_N, 0, F_A_NULL, 0, OMPWG_OK, "n 0: quick return before pointers" },
        { 1u << L3_SYMM, F_ALPHA, 0, F_A_NULL, 0, OMPWG_OK, "alpha 0, beta 1: quick return" },
        { SYR, F_K, 0, F_A_NULL, 0, OMPWG_OK, "k 0, beta 1: quick return" },
        { SYR, F_ALPHA, 0, F_C_IS_A, 0, OMPWG_OK, "alpha 0, beta 1: quick return, a unread" },
    };
    const size_t len = 64 * sizeof(real);
    for (int op = 0; op < L3_OPS; op++) {
        group grp;
        group_init(&grp, NULL);
        for (size_t e = 0; e < sizeof bad / sizeof bad[0]; e++) {
            if (!(bad[e].ops & (1u << op))) continue;
            real *buf[3], *copy[3];
            test_rng r;
            test_rng_init(&r, 500 + e);
            for (int i = 0; i < 3; i++) {
                buf[i] = guard_alloc(len);
                for (int j = 0; j < 64; j++) buf[i][j] = rand_real(&r);
                copy[i] = test_copy(buf[i], len);
            }
            l3_args x = { OMPWG_COL_MAJOR, OMPWG_LEFT, OMPWG_UPPER, OMPWG_NO_TRANS,
                          OMPWG_NON_UNIT, 4, 6, 5, 8, 8, 8, (real)0.5, 1, buf[0], buf[1], buf[2] };
            l3_set(&x, bad[e].f1, bad[e].v1);
            l3_set(&x, bad[e].f2, bad[e].v2);
            int st = l3_call_args((l3_op)op, &x, false);
            void *bufs[3] = { buf[0], buf[1], buf[2] }, *copies[3] = { copy[0], copy[1], copy[2] };
            size_t bytes[3] = { len, len, len };
            char msg[256] = "";
            bool pass = guard_status_untouched(st, bad[e].want, 3, bufs, copies, bytes, msg,
                                               sizeof msg);
            group_add(&grp, bad[e].what, pass, msg, -1);
            for (int i = 0; i < 3; i++) {
                guard_free(buf[i]);
                free(copy[i]);
            }
        }
        group_report(&grp, "%s%s: every argument check gives its status in order and writes "
                     "nothing; quick returns read nothing", api.prefix, l3_op_names[op]);
    }
}

/* dpotrf's TRSM: A the diagonal block at (0, 0) of an array, B the block
 * below it; their address ranges interleave but share no element. The
 * result must be that of the same call on separate copies. */
void l3_rule_side_by_side(void)
{
    enum { LD = 16, NB = 4, ROWS = 9 };
    real *x = guard_alloc(LD * NB * sizeof(real));
    test_rng r;
    test_rng_init(&r, 600);
    for (int i = 0; i < LD * NB; i++) x[i] = rand_real(&r) / 8;
    for (int i = 0; i < NB; i++) x[i + i * LD] = 2;
    real *a = test_copy(x, LD * NB * sizeof(real)), *b = test_copy(x + NB, (LD * (NB - 1) + ROWS) * sizeof(real));
    int st1 = api.trsm(OMPWG_COL_MAJOR, OMPWG_RIGHT, OMPWG_LOWER, OMPWG_TRANS, OMPWG_NON_UNIT,
                      ROWS, NB, 1, x, LD, x + NB, LD);
    int st2 = api.trsm(OMPWG_COL_MAJOR, OMPWG_RIGHT, OMPWG_LOWER, OMPWG_TRANS, OMPWG_NON_UNIT,
                      ROWS, NB, 1, a, LD, b, LD);
    bool same = true;
    for (int j = 0; j < NB; j++)
        for (int i = 0; i < ROWS; i++)
            if (memcmp(&x[NB + i + j * LD], &b[i + j * LD], sizeof(real)) != 0) same = false;
    const char *where = NULL;
    tap_ok(st1 == OMPWG_OK && st2 == OMPWG_OK && same && guard_intact(x, &where),
           "%strsm on blocks side by side in one array (dpotrf's): taken, the result of "
           "separate copies (status %d, %d)", api.prefix, st1, st2);
    guard_free(x);
    free(a);
    free(b);
}

static int dev_id, host_id;

/* Device copies of the matrices, the _device call, the contents back. */
static int l3_call_device(const l3_case *g, l3_mats *o, bool device)
{
    (void)device;
    mat *all[3] = { &o->a, &o->b, &o->c };
    real *d[3];
    for (int i = 0; i < 3; i++) {
        size_t bytes = all[i]->len * sizeof(real);
        d[i] = target_alloc(bytes, dev_id);
        target_copy(d[i], all[i]->p, bytes, dev_id, host_id);
    }
    int st = l3_call(g, d[0], d[1], d[2], o->a.ld, o->b.ld, o->c.ld, true);
    for (int i = 0; i < 3; i++) {
        target_copy(all[i]->p, d[i], all[i]->len * sizeof(real), host_id, dev_id);
        target_free(d[i], dev_id);
    }
    return st;
}

/* The _device forms: where the gpu backend is usable, each operation
 * either runs (and is checked like a host call) or, without the routine,
 * gives OMPWG_ERR_UNSUPPORTED and writes nothing; where it is not, every
 * call gives OMPWG_ERR_UNAVAILABLE and writes nothing. */
void l3_rule_device(void)
{
    char why[256];
    bool usable = walk_wanted("gpu") && walk_usable("gpu", why, sizeof why);
    if (usable && !target_mem_or_skip("level-3 _device calls")) return;
    host_id = omp_get_initial_device();
    dev_id = omp_get_num_devices() > 0 ? omp_get_default_device() : host_id;
    for (int op = 0; op < L3_OPS; op++) {
        l3_case g = { .op = (l3_op)op, .layout = OMPWG_COL_MAJOR, .side = OMPWG_LEFT,
                      .uplo = OMPWG_LOWER, .trans = OMPWG_NO_TRANS, .diag = OMPWG_NON_UNIT,
                      .m = 33, .n = 17, .k = 9, .pad_a = 1, .pad_b = 0, .pad_c = 2,
                      .alpha = (real)0.7, .beta = (real)1.3 };
        if (l3_syr(&g)) g.m = g.n;
        test_rng r;
        test_rng_init(&r, 700 + (uint64_t)op);
        l3_mats o;
        l3_mats_init(&o, &g);
        l3_mats_fill(&o, &g, &r);
        l3_mats_snapshot(&o);
        int st = usable ? l3_call_device(&g, &o, true)
                        : l3_call(&g, o.a.p, o.b.p, o.c.p, o.a.ld, o.b.ld, o.c.ld, true);
        void *bufs[3] = { o.a.p, o.b.p, o.c.p }, *copies[3] = { o.a.copy, o.b.copy, o.c.copy };
        size_t bytes[3] = { o.a.len * sizeof(real), o.b.len * sizeof(real), o.c.len * sizeof(real) };
        char msg[512] = "";
        if (!usable || st == OMPWG_ERR_UNSUPPORTED) {
            int want = usable ? OMPWG_ERR_UNSUPPORTED : OMPWG_ERR_UNAVAILABLE;
            bool pass = guard_status_untouched(st, want, 3, bufs, copies, bytes, msg, sizeof msg);
            l3_mats_free(&o);
            tap_ok(pass, "%s%s_device %s: %s, nothing written %s", api.prefix, l3_op_names[op],
                   usable ? "on a gpu backend without the routine" : "without a usable gpu backend",
                   ompwg_strerror(want), msg);
            continue;
        }
        l3_mats_free(&o);
        double worst;
        bool pass = l3_run(&g, l3_call_device, true, &r, &worst, msg, sizeof msg);
        tap_ok(pass, "%s%s_device on the gpu backend: correct (err/bound %.3g) %s", api.prefix,
               l3_op_names[op], worst, msg);
    }
}

/* One Inf in a referenced input element: the non-finite elements of the
 * output are exactly those whose sums take it (left-side SYMM, TRMM and
 * TRSM: column j0 of C, from row 0, p0 or p0 respectively, the triangular
 * A lower; SYRK: row and column p0 of C's lower triangle), the others
 * finite, as in reference BLAS (TRMM: see below). */
void l3_rule_inf(const char *backend)
{
    enum { S = 70, P0 = 37, J0 = 5 };
    group grp;
    group_init(&grp, NULL);
    for (int op = 0; op < L3_OPS; op++) {
        if (op == L3_SYR2K) continue;
        l3_case g = { .op = (l3_op)op, .layout = OMPWG_COL_MAJOR, .side = OMPWG_LEFT,
                      .uplo = OMPWG_LOWER, .trans = OMPWG_NO_TRANS, .diag = OMPWG_NON_UNIT,
                      .m = S, .n = S, .k = S, .alpha = 1, .beta = 0 };
        test_rng r;
        test_rng_init(&r, 1000 + (uint64_t)op);
        l3_mats o;
        l3_mats_init(&o, &g);
        l3_mats_fill(&o, &g, &r);
        /* the Inf: in B (SYMM), in the input C (TRMM, TRSM), in A (SYRK) */
        const real inf = (real)INFINITY;
        if (op == L3_SYMM) o.b.p[mat_index(&o.b, P0, J0)] = inf;
        else if (op == L3_SYRK) o.a.p[mat_index(&o.a, P0, J0)] = inf;
        else o.c.p[mat_index(&o.c, P0, J0)] = inf;
        int st = l3_call_host(&g, &o, false);
        char msg[160] = "";
        bool pass = st == OMPWG_OK;
        if (!pass) snprintf(msg, sizeof msg, "status %d", st);
        for (int64_t j = 0; pass && j < S; j++)
            for (int64_t i = 0; pass && i < S; i++) {
                if (!l3_written(&g, i, j)) continue;
                bool want;
                switch (op) {
                case L3_SYMM: want = j == J0; break;
                case L3_SYRK: want = i == P0 || j == P0; break;
                default: want = j == J0 && i >= P0; break;
                }
                bool got = !isfinite((double)mat_at(&o.c, i, j));
                /* OpenBLAS's TRMM multiplies the zeros of the triangle it
                 * does not reference too (0 * Inf): above p0 in column j0
                 * either is taken */
                bool either = op == L3_TRMM && j == J0 && i < P0;
                if (got != want && !either) {
                    snprintf(msg, sizeof msg, "C(%lld,%lld) = %g", (long long)i, (long long)j,
                             (double)mat_at(&o.c, i, j));
                    pass = false;
                }
            }
        group_add(&grp, l3_op_names[op], pass, msg, -1);
        l3_mats_free(&o);
    }
    group_report(&grp, "%s %s level 3: an Inf reaches exactly the outputs whose sums take it",
                 backend, api.prefix);
}

/* A leading dimension beyond 32 bits with one column (nothing past the
 * first column is touched): correct, or OMPWG_ERR_TOO_LARGE with nothing
 * written where the backend takes 32-bit sizes (OpenBLAS). */
void l3_rule_wide_ld(const char *backend)
{
    const int64_t ld = ((int64_t)1 << 31) + 5;
    real a[9] = { 2, (real)0.5, (real)0.25, 0, 2, (real)0.5, 0, 0, 2 }, b[3] = { 1, 2, 3 };
    real b0[3];
    memcpy(b0, b, sizeof b);
    int st = api.trsm(OMPWG_COL_MAJOR, OMPWG_LEFT, OMPWG_LOWER, OMPWG_NO_TRANS, OMPWG_NON_UNIT, 3,
                     1, 1, a, 3, b, ld);
    /* forward substitution by hand: x0 = 1/2, x1 = (2 - x0/2)/2, ... */
    real x0 = (real)0.5, x1 = (2 - (real)0.5 * x0) / 2, x2 = (3 - (real)0.25 * x0 - (real)0.5 * x1) / 2;
    bool right = fabs((double)(b[0] - x0)) <= 4 * api.u && fabs((double)(b[1] - x1)) <= 4 * api.u &&
                 fabs((double)(b[2] - x2)) <= 4 * api.u;
    bool pass = st == OMPWG_OK ? right
                               : st == OMPWG_ERR_TOO_LARGE && memcmp(b, b0, sizeof b) == 0;
    tap_ok(pass, "%s %strsm with ldb = 2^31 + 5 and one column: solved, or "
           "OMPWG_ERR_TOO_LARGE with nothing written (status %d)", backend, api.prefix, st);
}
