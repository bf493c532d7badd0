/* CPU SYMM, SYRK and SYR2K, compiled once per precision, over the packed
 * GEMM (gemm_tmpl.c, its own threads):
 * - SYRK, SYR2K: recursive halving of C's triangle; the off-diagonal block
 *   of each level is one GEMM (two for SYR2K), and diagonal blocks of at
 *   most SYR_LEAF rows go through a small full temporary whose triangle is
 *   copied into C, so the other triangle is never touched; a large C is
 *   first cut into column ranges of equal area, one per thread;
 * - SYMM: A's stored triangle expanded, a panel of SYMM_PANEL columns
 *   (left) or rows (right) at a time, into a full block that one GEMM
 *   multiplies. */
#include "prec.h"

#include <math.h>
#include <stdlib.h>

#include "cpu.h"
#include "ompwg.h"

/* Order of the diagonal blocks of C computed in full and copied. */
#define SYR_LEAF 128
/* Columns of C a thread must get for SYRK and SYR2K to split C's triangle
 * between the threads (see syr_run_). */
#define SYR_SLAB_MIN 256
/* Width of the expanded panels of SYMM's A: k of each GEMM. */
#define SYMM_PANEL 256
/* Side of the square tiles a panel is copied in. */
#define SYMM_TILE 64
/* Elements of a panel worth one more thread to copy. */
#define SYMM_EXPAND_PER_THREAD (64.0 * 1024)

typedef struct syr {
    const ompwg_level3_shape *s;
    T alpha, beta;
    const T *a, *b;  /* b: NULL for SYRK */
    T *c;
    T *tmp;          /* SYR_LEAF x SYR_LEAF */
} syr;

/* Rows i0.. of op(A) (op(A) = A, or A^T with trans), as a GEMM's first
 * operand with transa = trans; as its second with transb = !trans it is
 * that block transposed. */
static const T *rows_of(const ompwg_level3_shape *s, const T *x, int64_t ld, int64_t i0)
{
    return s->trans ? x + i0 * ld : x + i0;
}

/* C's block at (i0, j0), rows x cols, := alpha (X_i Y_j^T [+ Y_i X_j^T])
 * + beta C, with X_i the rows i0.. of op(A): into C itself, or into tmp
 * (leading dimension rows) with beta = 0. */
static int syr_block(const syr *t, int64_t i0, int64_t j0, int64_t rows,
                     int64_t cols, T beta, T *dst, int64_t ldd)
{
    const ompwg_level3_shape *s = t->s;
    const T *a = t->a, *b = t->b ? t->b : t->a;
    int64_t lda = s->lda, ldb = t->b ? s->ldb : s->lda;
    int st = TN(ompwg_cpu_, gemm_block)(s->trans, !s->trans, rows, cols, s->k, t->alpha,
                                        rows_of(s, a, lda, i0), lda, rows_of(s, b, ldb, j0),
                                        ldb, beta, dst, ldd);
    if (st != OMPWG_OK || !t->b) return st;
    return TN(ompwg_cpu_, gemm_block)(s->trans, !s->trans, rows, cols, s->k, t->alpha,
                                      rows_of(s, b, ldb, i0), ldb, rows_of(s, a, lda, j0),
                                      lda, 1, dst, ldd);
}

/* The diagonal block at p0 of order len: computed in full in tmp, its
 * triangle added to beta C (C not read when beta == 0). */
static int syr_leaf(const syr *t, int64_t p0, int64_t len)
{
    int st = syr_block(t, p0, p0, len, len, 0, t->tmp, len);
    if (st != OMPWG_OK) return st;
    const int64_t ldc = t->s->ldc;
    for (int64_t j = 0; j < len; j++) {
        int64_t i0 = t->s->upper ? 0 : j, i1 = t->s->upper ? j + 1 : len;
        T *cj = t->c + p0 + (p0 + j) * ldc;
        const T *tj = t->tmp + j * len;
        if (t->beta == 0)
            for (int64_t i = i0; i < i1; i++) cj[i] = tj[i];
        else
            for (int64_t i = i0; i < i1; i++) cj[i] = tj[i] + t->beta * cj[i];
    }
    return OMPWG_OK;
}

static int syr_rec(const syr *t, int64_t p0, int64_t len)
{
    if (len <= SYR_LEAF) return syr_leaf(t, p0, len);
    int64_t h = (len / 2 + SYR_LEAF - 1) / SYR_LEAF * SYR_LEAF;
    if (h >= len) h = len / 2;
    const int64_t q0 = p0 + h, l2 = len - h, ldc = t->s->ldc;
    int st = t->s->upper
                 ? syr_block(t, p0, q0, h, l2, t->beta, t->c + p0 + q0 * ldc, ldc)
                 : syr_block(t, q0, p0, l2, h, t->beta, t->c + q0 + p0 * ldc, ldc);
    if (st == OMPWG_OK) st = syr_rec(t, p0, h);
    if (st == OMPWG_OK) st = syr_rec(t, q0, l2);
    return st;
}

/* alpha == 0 or k == 0: C's triangle := beta C (zeros when beta == 0). */
static void syr_scale(const ompwg_level3_shape *s, T beta, T *c)
{
    if (beta == 1) return;
    for (int64_t j = 0; j < s->n; j++) {
        int64_t i0 = s->upper ? 0 : j, i1 = s->upper ? j + 1 : s->n;
        T *cj = c + j * s->ldc;
        for (int64_t i = i0; i < i1; i++) cj[i] = beta == 0 ? 0 : beta * cj[i];
    }
}

/* Columns [j0, j1) of C's triangle: their diagonal block by the recursion,
 * the rectangle beside it (below for lower, above for upper) by one GEMM
 * (two for SYR2K). */
static int syr_columns(const syr *t, int64_t j0, int64_t j1)
{
    const ompwg_level3_shape *s = t->s;
    int st = syr_rec(t, j0, j1 - j0);
    if (st != OMPWG_OK) return st;
    if (!s->upper && j1 < s->n)
        return syr_block(t, j1, j0, s->n - j1, j1 - j0, t->beta, t->c + j1 + j0 * s->ldc,
                         s->ldc);
    if (s->upper && j0 > 0)
        return syr_block(t, 0, j0, j0, j1 - j0, t->beta, t->c + j0 * s->ldc, s->ldc);
    return OMPWG_OK;
}

/* The first column of thread part's share of the triangle's area (part of
 * parts): the lower triangle's first j columns hold n j - j^2 / 2 elements,
 * the upper's j^2 / 2. */
static int64_t share_start(bool upper, int64_t n, int part, int parts)
{
    double area = (double)n * (double)n / 2 * part / parts;
    double j = upper ? sqrt(2 * area) : (double)n - sqrt(fmax(0, (double)n * n - 2 * area));
    int64_t col = (int64_t)j;
    return col < 0 ? 0 : col > n ? n : col;
}

/* The bytes of a leaf block of C of order n. */
static size_t tmp_bytes(int64_t n)
{
    const int64_t leaf = n < SYR_LEAF ? n : SYR_LEAF;
    return (size_t)(leaf * leaf) * sizeof(T);
}

/* Thread t's share of the triangle (of nt), with its own leaf block. */
static int syr_share(void *ctx, int t, int nt)
{
    const syr *all = ctx;
    const ompwg_level3_shape *s = all->s;
    int64_t j0 = share_start(s->upper, s->n, t, nt);
    int64_t j1 = t + 1 == nt ? s->n : share_start(s->upper, s->n, t + 1, nt);
    syr mine = *all;
    mine.tmp = malloc(tmp_bytes(s->n));
    int st = !mine.tmp ? OMPWG_ERR_NOMEM : j1 > j0 ? syr_columns(&mine, j0, j1) : OMPWG_OK;
    free(mine.tmp);
    return st;
}

static int syr_run(const ompwg_level3_shape *s, T alpha, const T *a, const T *b, T beta,
                   T *c)
{
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    if (alpha == 0 || s->k == 0) {
        syr_scale(s, beta, c);
        return OMPWG_OK;
    }
    /* With enough columns each thread takes an equal share of the triangle
     * and runs it alone, its GEMMs single-threaded, without the team's
     * barriers; else the team shares every GEMM of the recursion. */
    int64_t parts = s->n / SYR_SLAB_MIN;
    if (parts > ompwg_cpu_threads()) parts = ompwg_cpu_threads();
    if (parts < 2) {
        T *tmp = malloc(tmp_bytes(s->n));
        if (!tmp) return OMPWG_ERR_NOMEM;
        syr t = { .s = s, .alpha = alpha, .beta = beta, .a = a, .b = b, .c = c, .tmp = tmp };
        int st = syr_rec(&t, 0, s->n);
        free(tmp);
        return st;
    }
    syr t = { .s = s, .alpha = alpha, .beta = beta, .a = a, .b = b, .c = c };
    return ompwg_cpu_team_run((int)parts, syr_share, &t);
}

int TN(ompwg_cpu_, syrk)(const ompwg_level3_shape *s, T alpha, const T *a, const T *b, T beta,
                         T *c)
{
    (void)b;
    return syr_run(s, alpha, a, NULL, beta, c);
}

int TN(ompwg_cpu_, syr2k)(const ompwg_level3_shape *s, T alpha, const T *a, const T *b, T beta,
                          T *c)
{
    return syr_run(s, alpha, a, b, beta, c);
}

/* Element (i, j) of the symmetric A from its stored triangle. */
static T sym_at(const ompwg_level3_shape *s, const T *a, int64_t i, int64_t j)
{
    bool stored = s->upper ? i <= j : i >= j;
    return stored ? a[i + j * s->lda] : a[j + i * s->lda];
}

typedef struct panel_job {
    const ompwg_level3_shape *s;
    const T *a;
    int64_t order, p0, w;
    T *panel;
} panel_job;

/* Tile t of expand_panel's rows of tiles. */
static void expand_tile(void *ctx, int64_t t)
{
    const panel_job *job = ctx;
    const ompwg_level3_shape *s = job->s;
    const int64_t order = job->order, p0 = job->p0, w = job->w;
    int64_t r0 = t * SYMM_TILE, r1 = r0 + SYMM_TILE < order ? r0 + SYMM_TILE : order;
    for (int64_t c0 = 0; c0 < w; c0 += SYMM_TILE) {
        int64_t c1 = c0 + SYMM_TILE < w ? c0 + SYMM_TILE : w;
        for (int64_t j = c0; j < c1; j++)
            for (int64_t i = r0; i < r1; i++) {
                if (s->left)
                    job->panel[i + j * order] = sym_at(s, job->a, i, p0 + j);
                else
                    job->panel[j + i * w] = sym_at(s, job->a, p0 + j, i);
            }
    }
}

/* panel := A's columns (left) or rows (right) [p0, p0 + w), full: order x w
 * (left) or w x order (right), read from the stored triangle in square
 * tiles, so that the transposed reads stay in cache; the threads share the
 * tiles. */
static void expand_panel(const ompwg_level3_shape *s, const T *a, int64_t order,
                         int64_t p0, int64_t w, T *panel)
{
    const int64_t tiles = (order + SYMM_TILE - 1) / SYMM_TILE;
    int want = ompwg_cpu_threads();
    if (want > tiles) want = (int)tiles;
    if ((double)order * (double)w < SYMM_EXPAND_PER_THREAD) want = 1;
    panel_job job = { .s = s, .a = a, .order = order, .p0 = p0, .w = w, .panel = panel };
    ompwg_cpu_team_for(want, tiles, expand_tile, &job);
}

int TN(ompwg_cpu_, symm)(const ompwg_level3_shape *s, T alpha, const T *a, const T *b, T beta,
                         T *c)
{
    if (s->device_ptrs) return OMPWG_ERR_UNSUPPORTED;
    if (alpha == 0)
        return TN(ompwg_cpu_, gemm_block)(false, false, s->m, s->n, 0, 0, NULL, 1, NULL, 1,
                                          beta, c, s->ldc);
    const int64_t order = s->left ? s->m : s->n;
    const int64_t w_max = order < SYMM_PANEL ? order : SYMM_PANEL;
    T *panel = malloc((size_t)(order * w_max) * sizeof(T));
    if (!panel) return OMPWG_ERR_NOMEM;
    int st = OMPWG_OK;
    for (int64_t p0 = 0; p0 < order && st == OMPWG_OK; p0 += SYMM_PANEL) {
        int64_t w = order - p0 < SYMM_PANEL ? order - p0 : SYMM_PANEL;
        T panel_beta = p0 == 0 ? beta : 1;
        expand_panel(s, a, order, p0, w, panel);
        if (s->left) /* C += alpha A(:, P) B(P, :) */
            st = TN(ompwg_cpu_, gemm_block)(false, false, s->m, s->n, w, alpha, panel, order,
                                            b + p0, s->ldb, panel_beta, c, s->ldc);
        else /* C += alpha B(:, P) A(P, :) */
            st = TN(ompwg_cpu_, gemm_block)(false, false, s->m, s->n, w, alpha,
                                            b + p0 * s->ldb, s->ldb, panel, w, panel_beta, c,
                                            s->ldc);
    }
    free(panel);
    return st;
}
