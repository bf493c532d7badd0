/* CPU TRMM and TRSM, compiled once per precision: recursive halving of the
 * triangle, so that most of the work is the packed GEMM (gemm_tmpl.c, its
 * own threads) on the off-diagonal blocks; the diagonal blocks of at most
 * TRI_LEAF rows are copied as op(A) into a small dense block and applied by
 * the loops of trisolve_tmpl.c (built for each instruction set like the GEMM
 * kernel), the columns (left) or rows (right) of B shared among the
 * threads. */
#include "prec.h"

#include <stdlib.h>

#include "cpu.h"
#include "kernel_tmpl.h"
#include "ompwg.h"

/* Order of the diagonal blocks the loops handle: small enough that their
 * share of the flops (TRI_LEAF / order) stays small, large enough that the
 * GEMMs between them have a useful k. */
#define TRI_LEAF OMPWG_CPU_TRI_LEAF
/* Rows of B one thread takes at a time in a right-side diagonal block. */
#define TRI_ROWS 256
/* Columns (left) or rows (right) of B a thread must get for the team to
 * split B into slabs (see ompwg_cpu_?trxm). */
#define TRI_SLAB_MIN 256
/* Multiply-adds worth waking one more thread for in a diagonal block. */
#define TRI_FMAS_PER_THREAD (64.0 * 64.0 * 64.0)

typedef struct tri {
    const ompwg_level3_shape *s;
    T alpha;  /* of the whole call: TRMM applies it in every block */
    const T *a;
    T *c;
    T *d;     /* TRI_LEAF x TRI_LEAF: the current diagonal block of op(A) */
    const TN(ompwg_cpu_, tri) *loops;  /* the chosen instruction set's */
} tri;

/* op(A) is lower triangular: A lower and not transposed, or upper and
 * transposed. */
static bool op_lower(const ompwg_level3_shape *s)
{
    return s->upper == s->trans;
}

/* Where op(A)'s block at (i0, j0) is stored; a GEMM reads it with transa
 * (or transb) = s->trans. */
static const T *op_block(const tri *t, int64_t i0, int64_t j0)
{
    const ompwg_level3_shape *s = t->s;
    return s->trans ? t->a + j0 + i0 * s->lda : t->a + i0 + j0 * s->lda;
}

/* d := op(A)'s diagonal block at p0 (len x len, dense), its triangle only;
 * a unit diagonal becomes ones without reading A's. */
static void load_diagonal(const tri *t, int64_t p0, int64_t len)
{
    const ompwg_level3_shape *s = t->s;
    bool lower = op_lower(s);
    for (int64_t j = 0; j < len; j++)
        for (int64_t i = 0; i < len; i++) {
            T v = 0;
            if (i == j && s->unit) v = 1;
            else if (lower ? i >= j : i <= j)
                v = s->trans ? t->a[p0 + j + (p0 + i) * s->lda] : t->a[p0 + i + (p0 + j) * s->lda];
            t->d[i + j * len] = v;
        }
}

static int leaf_threads(int64_t len, int64_t other)
{
    double fmas = (double)len * (double)len * (double)other / 2;
    int want = ompwg_cpu_threads();
    if (want > fmas / TRI_FMAS_PER_THREAD) want = (int)(fmas / TRI_FMAS_PER_THREAD);
    return want < 1 ? 1 : want;
}

typedef struct leaf_job {
    const tri *t;
    bool solve, lower;
    T alpha;
    int64_t p0, len;
} leaf_job;

/* Block i of B's columns (left: OMPWG_CPU_TRI_COLS of them) or rows (right:
 * TRI_ROWS) in the diagonal block. */
static void leaf_part(void *ctx, int64_t i)
{
    const leaf_job *job = ctx;
    const ompwg_level3_shape *s = job->t->s;
    const T *d = job->t->d;
    T *c = job->t->c;
    const TN(ompwg_cpu_, tri) *loops = job->t->loops;
    const int64_t ldc = s->ldc, p0 = job->p0, len = job->len;
    if (s->left) {
        const int64_t j = i * OMPWG_CPU_TRI_COLS;
        loops->left(d, len, job->lower, job->solve, job->alpha, c + p0 + j * ldc, ldc,
                    s->n - j < OMPWG_CPU_TRI_COLS ? s->n - j : OMPWG_CPU_TRI_COLS);
    } else {
        const int64_t i0 = i * TRI_ROWS;
        loops->right(d, len, job->lower, job->solve, job->alpha, c + p0 * ldc, ldc, i0,
                     i0 + TRI_ROWS < s->m ? i0 + TRI_ROWS : s->m);
    }
}

/* The diagonal block at p0 of order len, with alpha. */
static void diagonal_leaf(const tri *t, bool solve, T alpha, int64_t p0, int64_t len)
{
    const ompwg_level3_shape *s = t->s;
    load_diagonal(t, p0, len);
    leaf_job job = { .t = t, .solve = solve, .lower = op_lower(s), .alpha = alpha, .p0 = p0,
                     .len = len };
    const int64_t blocks = s->left ? (s->n + OMPWG_CPU_TRI_COLS - 1) / OMPWG_CPU_TRI_COLS
                                   : (s->m + TRI_ROWS - 1) / TRI_ROWS;
    ompwg_cpu_team_for(leaf_threads(len, s->left ? s->n : s->m), blocks, leaf_part, &job);
}

/* The first part of a block of order len > TRI_LEAF: half, in whole
 * leaves. */
static int64_t first_part(int64_t len)
{
    int64_t h = (len / 2 + TRI_LEAF - 1) / TRI_LEAF * TRI_LEAF;
    return h < len ? h : len / 2;
}

/* op(A) X = alpha B (left) or X op(A) = alpha B (right) on rows (left) or
 * columns (right) [p0, p0 + len) of B, X over B. */
static int solve_part(const tri *t, T alpha, int64_t p0, int64_t len)
{
    if (len <= TRI_LEAF) {
        diagonal_leaf(t, true, alpha, p0, len);
        return OMPWG_OK;
    }
    const ompwg_level3_shape *s = t->s;
    const int64_t h = first_part(len), q0 = p0 + h, l2 = len - h, ldc = s->ldc;
    /* op(A) lower, left (or upper, right): the first part is solved first,
     * and the rest is updated with it */
    const bool first_part_first = op_lower(s) == s->left;
    const int64_t f0 = first_part_first ? p0 : q0, flen = first_part_first ? h : l2;
    const int64_t r0 = first_part_first ? q0 : p0, rlen = first_part_first ? l2 : h;
    int st = solve_part(t, alpha, f0, flen);
    if (st != OMPWG_OK) return st;
    if (s->left)
        st = TN(ompwg_cpu_, gemm_block)(s->trans, false, rlen, s->n, flen, -1,
                                        op_block(t, r0, f0), s->lda, t->c + f0, ldc, alpha,
                                        t->c + r0, ldc);
    else
        st = TN(ompwg_cpu_, gemm_block)(false, s->trans, s->m, rlen, flen, -1, t->c + f0 * ldc,
                                        ldc, op_block(t, f0, r0), s->lda, alpha,
                                        t->c + r0 * ldc, ldc);
    if (st != OMPWG_OK) return st;
    return solve_part(t, 1, r0, rlen);
}

/* B := alpha op(A) B (left) or alpha B op(A) (right) on rows (left) or
 * columns (right) [p0, p0 + len) of B, in place. */
static int multiply_part(const tri *t, int64_t p0, int64_t len)
{
    if (len <= TRI_LEAF) {
        diagonal_leaf(t, false, t->alpha, p0, len);
        return OMPWG_OK;
    }
    const ompwg_level3_shape *s = t->s;
    const int64_t h = first_part(len), q0 = p0 + h, l2 = len - h, ldc = s->ldc;
    /* the part whose new value needs the other's old one goes first:
     * op(A) upper, left (or lower, right) */
    const bool first_part_first = op_lower(s) != s->left;
    const int64_t f0 = first_part_first ? p0 : q0, flen = first_part_first ? h : l2;
    const int64_t r0 = first_part_first ? q0 : p0, rlen = first_part_first ? l2 : h;
    int st = multiply_part(t, f0, flen);
    if (st != OMPWG_OK) return st;
    if (s->left)
        st = TN(ompwg_cpu_, gemm_block)(s->trans, false, flen, s->n, rlen, t->alpha,
                                        op_block(t, f0, r0), s->lda, t->c + r0, ldc, 1,
                                        t->c + f0, ldc);
    else
        st = TN(ompwg_cpu_, gemm_block)(false, s->trans, s->m, flen, rlen, t->alpha,
                                        t->c + r0 * ldc, ldc, op_block(t, r0, f0), s->lda, 1,
                                        t->c + f0 * ldc, ldc);
    if (st != OMPWG_OK) return st;
    return multiply_part(t, r0, rlen);
}

/* alpha == 0: B := 0, A unread. */
static void zero_b(const ompwg_level3_shape *s, T *c)
{
    for (int64_t j = 0; j < s->n; j++)
        for (int64_t i = 0; i < s->m; i++) c[i + j * s->ldc] = 0;
}

/* The whole operation on the calling thread's team, or on this thread
 * alone when it is one of a team already. */
static int run_on_team(const ompwg_level3_shape *s, bool solve, T alpha, const T *a, T *c,
                       const TN(ompwg_cpu_, tri) *loops)
{
    T *d = malloc((size_t)TRI_LEAF * TRI_LEAF * sizeof(T));
    if (!d) return OMPWG_ERR_NOMEM;
    tri t = { .s = s, .alpha = alpha, .a = a, .c = c, .d = d, .loops = loops };
    int64_t order = s->left ? s->m : s->n;
    int st = solve ? solve_part(&t, alpha, 0, order) : multiply_part(&t, 0, order);
    free(d);
    return st;
}

typedef struct slab_job {
    const ompwg_level3_shape *s;
    bool solve;
    T alpha;
    const T *a;
    T *c;
    const TN(ompwg_cpu_, tri) *loops;
    int64_t other;  /* columns (left) or rows (right) of B */
} slab_job;

/* Thread t's slab of B (of nt), run alone. */
static int slab_share(void *ctx, int t, int nt)
{
    const slab_job *job = ctx;
    const ompwg_level3_shape *s = job->s;
    int64_t o0 = job->other * t / nt, o1 = job->other * (t + 1) / nt;
    ompwg_level3_shape part = *s;
    T *cp = job->c;
    if (s->left) {
        part.n = o1 - o0;
        cp += o0 * s->ldc;
    } else {
        part.m = o1 - o0;
        cp += o0;
    }
    return o1 > o0 ? run_on_team(&part, job->solve, job->alpha, job->a, cp, job->loops)
                   : OMPWG_OK;
}

/* TRMM and TRSM, the one s->op names. */
int TN(ompwg_cpu_, trxm)(const ompwg_level3_shape *s, T alpha, const T *a, const T *b, T beta,
                         T *c)
{
    (void)b;
    (void)beta;
    const bool solve = s->op == OMPWG_L3_TRSM;
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    if (alpha == 0) {
        zero_b(s, c);
        return OMPWG_OK;
    }
    const TN(ompwg_cpu_, kernel) *kd = TN(ompwg_cpu_, kernel_pick)();
    const TN(ompwg_cpu_, tri) *loops = kd ? kd->tri : &TN(ompwg_cpu_, tri_generic);
    /* The columns (left) or rows (right) of B are independent problems:
     * with enough of them each thread takes a slab and runs it alone, its
     * GEMMs single-threaded, with no barrier between the small GEMMs of
     * the recursion's lower levels; else the team shares every GEMM. */
    int64_t other = s->left ? s->n : s->m;
    int64_t slabs = other / TRI_SLAB_MIN;
    if (slabs > ompwg_cpu_threads()) slabs = ompwg_cpu_threads();
    if (slabs < 2) return run_on_team(s, solve, alpha, a, c, loops);
    slab_job job = { .s = s, .solve = solve, .alpha = alpha, .a = a, .c = c, .loops = loops,
                     .other = other };
    return ompwg_cpu_team_run((int)slabs, slab_share, &job);
}
