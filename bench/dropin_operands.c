#include "dropin_operands.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* the largest element: double _Complex */
#define ELEM_MAX 16

static void *zeroed(size_t bytes)
{
    void *p = aligned_alloc(64, (bytes + 63) / 64 * 64);
    if (p) memset(p, 0, bytes);
    return p;
}

bool bench_dropin_buffers_alloc(bench_dropin_buffers *b, int max_n)
{
    size_t n = (size_t)max_n, cols = n > BENCH_DROPIN_RANK ? n : BENCH_DROPIN_RANK;
    size_t matrix = n * cols * ELEM_MAX, vector = (n < 2 ? 2 : n) * ELEM_MAX;
    *b = (bench_dropin_buffers){ zeroed(matrix), zeroed(matrix), zeroed(matrix), zeroed(vector),
                                 zeroed(vector) };
    if (b->a && b->b && b->c && b->x && b->y) return true;
    bench_dropin_buffers_free(b);
    return false;
}

void bench_dropin_buffers_free(bench_dropin_buffers *b)
{
    free(b->a);
    free(b->b);
    free(b->c);
    free(b->x);
    free(b->y);
    *b = (bench_dropin_buffers){ 0 };
}

bool bench_dropin_has_rank(const bench_dropin_routine *r)
{
    return r->kind == BENCH_DROPIN_GEMM || r->kind == BENCH_DROPIN_SYRK;
}

/* element i of p's array x set to re + im i (im dropped for real types) */
static void store(char prec, void *x, size_t i, double re, double im)
{
    switch (prec) {
    case 's': ((float *)x)[i] = (float)re; break;
    case 'd': ((double *)x)[i] = re; break;
    case 'c':
        ((float *)x)[2 * i] = (float)re;
        ((float *)x)[2 * i + 1] = (float)im;
        break;
    default:
        ((double *)x)[2 * i] = re;
        ((double *)x)[2 * i + 1] = im;
        break;
    }
}

/* a value in [0.5, 1) that varies with i */
static double general(size_t i) { return 0.5 + (double)(i * 37 % 64) / 128.0; }

static void fill_general(char prec, void *x, size_t count)
{
    for (size_t i = 0; i < count; i++) store(prec, x, i, general(i), 0.5 * general(i + 7));
}

/* every element off, then the diagonal's at the offsets diag(j), j < n */
static void fill_triangular(char prec, void *x, size_t count, int n,
                            size_t (*diag)(size_t j, size_t ld), size_t ld)
{
    double off = ldexp(1.0, -24) / (double)n;
    for (size_t i = 0; i < count; i++) store(prec, x, i, off, off);
    for (size_t j = 0; j < (size_t)n; j++) store(prec, x, diag(j, ld), 1.0, 0.0);
}

static size_t diag_full(size_t j, size_t ld) { return j + j * ld; }

static size_t diag_band(size_t j, size_t ld)
{
    return j * ld; /* lower band storage: row 0 of the band is the diagonal */
}

static size_t diag_packed(size_t j, size_t n)
{
    return j * n - j * (j - 1) / 2; /* lower packed: column j starts at its diagonal */
}

static void set_scalar(bench_dropin_scalar *s, double v)
{
    *s = (bench_dropin_scalar){ .s = (float)v, .d = v, .c = (float)v, .z = v };
}

void bench_dropin_prepare(const bench_dropin_routine *r, int n, bool rank,
                          const bench_dropin_buffers *b, bench_dropin_operands *op)
{
    bench_dropin_args *a = &op->args;
    *op = (bench_dropin_operands){ .prec = r->prec };
    *a = (bench_dropin_args){ .n = n,
                              .m = n,
                              .k = n,
                              .inc = 1,
                              .lda = n,
                              .ldb = n,
                              .ldc = n,
                              .a = b->a,
                              .b = b->b,
                              .c = b->c,
                              .x = b->x,
                              .y = b->y,
                              .param_s = { -1, 0.6f, -0.8f, 0.8f, 0.6f },
                              .param_d = { -1, 0.6, -0.8, 0.8, 0.6 } };
    set_scalar(&a->alpha, r->kind == BENCH_DROPIN_TRXM ? 1.0 : -1.0);
    set_scalar(&a->beta, 1.0);
    set_scalar(&a->cos, 0.6);
    set_scalar(&a->sin, 0.8);
    const size_t sn = (size_t)n;
    const int band = n - 1 < BENCH_DROPIN_BAND ? n - 1 : BENCH_DROPIN_BAND;
    op->x_count = op->y_count = sn;
    switch (r->kind) {
    case BENCH_DROPIN_SCALAR:
        op->x_count = 1;
        op->y_count = 0;
        break;
    case BENCH_DROPIN_VEC: break;
    case BENCH_DROPIN_GE:
    case BENCH_DROPIN_SY: op->a_count = sn * sn; break;
    case BENCH_DROPIN_GB:
        a->kl = a->ku = band;
        a->lda = 2 * band + 1;
        op->a_count = (size_t)a->lda * sn;
        break;
    case BENCH_DROPIN_SB:
    case BENCH_DROPIN_TB:
        a->k = band;
        a->lda = band + 1;
        op->a_count = (size_t)a->lda * sn;
        break;
    case BENCH_DROPIN_SP:
    case BENCH_DROPIN_TP: op->a_count = sn * (sn + 1) / 2; break;
    case BENCH_DROPIN_TR: op->a_count = sn * sn; break;
    case BENCH_DROPIN_GEMM:
        a->k = rank ? BENCH_DROPIN_RANK : n;
        a->ldb = a->k;
        op->a_count = sn * (size_t)a->k;
        op->b_count = (size_t)a->k * sn;
        op->c_count = sn * sn;
        break;
    case BENCH_DROPIN_SYMM: op->a_count = op->b_count = op->c_count = sn * sn; break;
    case BENCH_DROPIN_SYRK:
        a->k = rank ? BENCH_DROPIN_RANK : n;
        op->a_count = op->b_count = sn * (size_t)a->k;
        op->c_count = sn * sn;
        break;
    case BENCH_DROPIN_TRXM: op->a_count = op->b_count = sn * sn; break;
    }
    if (r->level == 3) op->x_count = op->y_count = 0;
    if (r->kind == BENCH_DROPIN_TR || r->kind == BENCH_DROPIN_TRXM)
        fill_triangular(r->prec, a->a, op->a_count, n, diag_full, (size_t)a->lda);
    else if (r->kind == BENCH_DROPIN_TB)
        fill_triangular(r->prec, a->a, op->a_count, n, diag_band, (size_t)a->lda);
    else if (r->kind == BENCH_DROPIN_TP)
        fill_triangular(r->prec, a->a, op->a_count, n, diag_packed, sn);
    else fill_general(r->prec, a->a, op->a_count);
    fill_general(r->prec, a->b, op->b_count);
    fill_general(r->prec, a->c, op->c_count);
    fill_general(r->prec, a->x, op->x_count);
    fill_general(r->prec, a->y, op->y_count);
}

/* whether count elements of p's array x (real and imaginary parts) are
 * finite and zero or normal */
static bool sound(char prec, const void *x, size_t count)
{
    size_t parts = count * (prec == 'c' || prec == 'z' ? 2 : 1);
    for (size_t i = 0; i < parts; i++) {
        bool single = prec == 's' || prec == 'c';
        double v = single ? (double)((const float *)x)[i] : ((const double *)x)[i];
        double tiny = single ? FLT_MIN : DBL_MIN;
        if (!isfinite(v) || (v != 0 && fabs(v) < tiny)) return false;
    }
    return true;
}

bool bench_dropin_operands_sound(const bench_dropin_operands *op)
{
    const bench_dropin_args *a = &op->args;
    return sound(op->prec, a->a, op->a_count) && sound(op->prec, a->b, op->b_count) &&
           sound(op->prec, a->c, op->c_count) && sound(op->prec, a->x, op->x_count) &&
           sound(op->prec, a->y, op->y_count);
}
