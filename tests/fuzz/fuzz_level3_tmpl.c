/* One fuzzed SYMM, SYRK, SYR2K, TRMM or TRSM of one precision (compiled
 * once per precision): legal or illegal parameters, on a backend chosen by
 * the input, with host or (for the GPU kernels in host fallback) device
 * pointers, the output sometimes exactly on an input or beside it in one
 * array. Checked: the documented status (fuzz_level3_status); the canaries
 * around every buffer; for a failing call or a quick return, every byte of
 * every buffer; for a successful one, every byte outside the elements the
 * call may write (inputs, padding, SYRK's and SYR2K's other triangle of C)
 * and each written element against long double loops within the bounds of
 * ompwg.h: max(16, k) * u * (|alpha| sum|a||b| + |beta| |c|), for TRSM the
 * residual |op(A) X - alpha B| <= max(16, k) * u * (|op(A)| |X| + |alpha B|).
 * Where a legal call must not read them, the other triangle of A, a unit
 * diagonal and (beta == 0) C hold NaN when the input says so. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blas_real.h"
#include "fuzz.h"
#include "guard.h"

#if defined(OMPWG_TEST_PREC_S)
#define FUZZ_LEVEL3 fuzz_slevel3
#else
#define FUZZ_LEVEL3 fuzz_dlevel3
#endif

/* The cap on a call's multiply-adds (see level3()). */
#define MAX_FMAS 1000000

/* A guarded allocation and its contents before the call. */
typedef struct l3_buffer {
    real *p, *copy;
    size_t len;
} l3_buffer;

/* A matrix as the caller stores it (rows x cols before any transposition)
 * at p, in one of the buffers; ld is the leading dimension it is stored
 * with, which the call may be given a smaller one than. */
typedef struct l3_matrix {
    real *p;
    int64_t rows, cols, ld;
    bool col;
} l3_matrix;

static int64_t inner_of(const l3_matrix *x)
{
    return x->col ? x->rows : x->cols;
}

static int64_t outer_of(const l3_matrix *x)
{
    return x->col ? x->cols : x->rows;
}

static size_t span_of(const l3_matrix *x)
{
    return outer_of(x) > 0 && inner_of(x) > 0
               ? (size_t)(x->ld * (outer_of(x) - 1) + inner_of(x))
               : 0;
}

static size_t at(const l3_matrix *x, int64_t i, int64_t j)
{
    return x->col ? (size_t)(i + j * x->ld) : (size_t)(i * x->ld + j);
}

static void buffer_alloc(l3_buffer *b, size_t len, test_rng *r)
{
    b->len = len;
    b->p = guard_alloc(len * sizeof(real));
    for (size_t i = 0; i < len; i++) b->p[i] = rand_real(r);
    b->copy = NULL;
}

static void buffer_free(l3_buffer *b)
{
    guard_free(b->p);
    free(b->copy);
}

/* Places x (its sizes set) at the start of its own buffer, with its
 * leading dimension pad above the minimum. */
static void matrix_own(l3_matrix *x, l3_buffer *b, int64_t pad, test_rng *r)
{
    x->ld = fuzz_max1(inner_of(x)) + pad;
    buffer_alloc(b, span_of(x), r);
    x->p = b->p;
}

/* The element (i, j) of A as the operation sees it: symmetric from its
 * `upper` triangle, or triangular with a unit diagonal when `unit`. */
static long double sym_at(const l3_matrix *a, bool upper, int64_t i, int64_t j)
{
    bool stored = upper ? i <= j : i >= j;
    return stored ? a->p[at(a, i, j)] : a->p[at(a, j, i)];
}

static long double tri_at(const l3_matrix *a, bool upper, bool unit, int64_t i, int64_t j)
{
    if (i == j) return unit ? 1.0L : a->p[at(a, i, i)];
    return (upper ? i < j : i > j) ? a->p[at(a, i, j)] : 0.0L;
}

typedef struct l3_call {
    fuzz_level3_op op;
    int layout, side, uplo, trans, diag;
    int64_t m, n, k;
    real alpha, beta;
    bool left, upper, tr, unit;
} l3_call;

/* op(A)(i, l) of SYRK and SYR2K (A n x k, or k x n with trans). */
static long double op_at(const l3_matrix *x, bool tr, int64_t i, int64_t l)
{
    return tr ? x->p[at(x, l, i)] : x->p[at(x, i, l)];
}

/* The reference of the output's logical element (i, j) before the call
 * (SYMM, SYRK, SYR2K, TRMM), with its error bound, from the inputs and the
 * output's contents; A and B are read only where the call reads them. */
static void reference(const l3_call *c, const l3_matrix *a, const l3_matrix *b,
                      const l3_matrix *out, int64_t i, int64_t j, long double *ref,
                      long double *bound, double u)
{
    long double s = 0, abs_sum = 0;
    int64_t k = 0;
    bool reads_ab = c->alpha != 0 && !((c->op == FUZZ_SYRK || c->op == FUZZ_SYR2K) && c->k == 0);
    switch (c->op) {
    case FUZZ_SYMM:
        k = c->left ? c->m : c->n;
        for (int64_t l = 0; reads_ab && l < k; l++) {
            long double x = c->left ? sym_at(a, c->upper, i, l) : b->p[at(b, i, l)];
            long double y = c->left ? b->p[at(b, l, j)] : sym_at(a, c->upper, l, j);
            s += x * y;
            abs_sum += fabsl(x * y);
        }
        break;
    case FUZZ_SYRK:
    case FUZZ_SYR2K:
        k = c->k;
        for (int64_t l = 0; reads_ab && l < k; l++) {
            long double t = op_at(a, c->tr, i, l) *
                            op_at(c->op == FUZZ_SYRK ? a : b, c->tr, j, l);
            s += t;
            abs_sum += fabsl(t);
            if (c->op == FUZZ_SYR2K) {
                t = op_at(b, c->tr, i, l) * op_at(a, c->tr, j, l);
                s += t;
                abs_sum += fabsl(t);
            }
        }
        break;
    default: /* TRMM: B := alpha * op(A) * B or alpha * B * op(A) */
        k = c->left ? c->m : c->n;
        for (int64_t l = 0; reads_ab && l < k; l++) {
            long double x, y;
            if (c->left) {
                x = c->tr ? tri_at(a, c->upper, c->unit, l, i) : tri_at(a, c->upper, c->unit, i, l);
                y = out->p[at(out, l, j)];
            } else {
                x = out->p[at(out, i, l)];
                y = c->tr ? tri_at(a, c->upper, c->unit, j, l) : tri_at(a, c->upper, c->unit, l, j);
            }
            s += x * y;
            abs_sum += fabsl(x * y);
        }
        break;
    }
    long double alpha = c->alpha, beta = c->beta;
    *ref = reads_ab ? alpha * s : 0;
    long double scale = fabsl(alpha) * abs_sum;
    if (c->op != FUZZ_TRMM && beta != 0) {
        long double c0 = out->p[at(out, i, j)];
        *ref += beta * c0;
        scale += fabsl(beta * c0);
    }
    *bound = (long double)(k > 16 ? k : 16) * u * scale;
}

/* TRSM's residual at the logical element (i, j) of X (the output after the
 * call) against B0 (the output's contents before it), and its bound. */
static void trsm_residual(const l3_call *c, const l3_matrix *a, const l3_matrix *x,
                          const real *b0, int64_t i, int64_t j, long double *res,
                          long double *bound, double u)
{
    int64_t k = c->left ? c->m : c->n;
    long double s = 0, abs_sum = 0;
    for (int64_t l = 0; c->alpha != 0 && l < k; l++) {
        long double t;
        if (c->left)
            t = (c->tr ? tri_at(a, c->upper, c->unit, l, i) : tri_at(a, c->upper, c->unit, i, l)) *
                x->p[at(x, l, j)];
        else
            t = x->p[at(x, i, l)] *
                (c->tr ? tri_at(a, c->upper, c->unit, j, l) : tri_at(a, c->upper, c->unit, l, j));
        s += t;
        abs_sum += fabsl(t);
    }
    long double rhs = (long double)c->alpha * b0[at(x, i, j)];
    if (c->alpha == 0) {
        /* X := 0, A not read */
        *res = x->p[at(x, i, j)];
        *bound = 0;
        return;
    }
    *res = s - rhs;
    *bound = (long double)(k > 16 ? k : 16) * u * (abs_sum + fabsl(rhs));
}

/* Whether the logical element (i, j) of the output is one the call writes. */
static bool writable(const l3_call *c, int64_t i, int64_t j)
{
    if (c->op == FUZZ_SYRK || c->op == FUZZ_SYR2K) return c->upper ? i <= j : i >= j;
    return true;
}

/* Values that are not a side, an uplo, a diag (fuzz_enum_pair). */
static const int bad_side[] = { 0, 143, 121, -141, 112 };
static const int bad_uplo[] = { 0, 123, 141, 131, -121 };
static const int bad_diag[] = { 0, 133, 121, 111, -131 };

/* A dimension small enough for the long double loops under the sanitizers:
 * fuzz_dim's, with the large ones folded to 129 ... 160. */
static int64_t small_dim(fuzz_input *in)
{
    int64_t d = fuzz_dim(in);
    return d > 160 ? 129 + d % 32 : d;
}

static real finite_scalar(fuzz_input *in)
{
    double v = fuzz_scalar(in);
    return (real)(isfinite(v) ? v : 2.0);
}

static const char *const op_names[] = { "symm", "syrk", "syr2k", "trmm", "trsm" };

/* One call through the C API (FUZZ_VIA_API) or, when through_blas, through the
 * drop-in BLAS's Fortran or CBLAS name (chosen by the input): no NULL
 * pointers and no output on an input there, which reference BLAS does not
 * check. */
int FUZZ_LEVEL3(fuzz_input *in, bool through_blas)
{
    const char *backend = fuzz_backend(in);
    bool device = strcmp(backend, "gpu") == 0 && fuzz_byte(in) % 2;
    l3_call c = { .op = (fuzz_level3_op)fuzz_below(in, FUZZ_LEVEL3_OPS) };
    bool has_side = c.op == FUZZ_SYMM || c.op == FUZZ_TRMM || c.op == FUZZ_TRSM;
    bool triangular = c.op == FUZZ_TRMM || c.op == FUZZ_TRSM;
    bool rank_k = c.op == FUZZ_SYRK || c.op == FUZZ_SYR2K;
    c.layout = fuzz_layout(in);
    c.side = has_side ? fuzz_enum_pair(in, 122, OMPWG_LEFT, OMPWG_RIGHT, bad_side) : OMPWG_LEFT;
    c.uplo = fuzz_enum_pair(in, 122, OMPWG_UPPER, OMPWG_LOWER, bad_uplo);
    c.trans = c.op != FUZZ_SYMM ? fuzz_trans(in) : OMPWG_NO_TRANS;
    c.diag = triangular ? fuzz_enum_pair(in, 122, OMPWG_NON_UNIT, OMPWG_UNIT, bad_diag)
                        : OMPWG_NON_UNIT;
    c.m = rank_k ? 0 : small_dim(in);
    c.n = small_dim(in);
    c.k = rank_k ? small_dim(in) : 0;
    int64_t pads[3] = { fuzz_pad(in), fuzz_pad(in), fuzz_pad(in) };
    c.alpha = finite_scalar(in);
    c.beta = triangular ? 0 : finite_scalar(in);
    unsigned nulls = fuzz_byte(in) >= 236 ? fuzz_byte(in) : 0;
    unsigned poison = fuzz_byte(in);
    /* 1: the output is A itself (or B: 2); 3: the output beside A in one array */
    unsigned placement = fuzz_byte(in) >= 216 ? 1 + fuzz_below(in, 3) : 0;
    test_rng r;
    test_rng_init(&r, fuzz_below(in, 65536));
    /* at most MAX_FMAS multiply-adds: the GPU kernels in host fallback
     * under the sanitizers take seconds beyond that; the dimension that is
     * not A's order (SYRK, SYR2K: k) gives way */
    if (rank_k && c.n > 0 && c.k > 0 && (double)c.n * c.n * c.k > MAX_FMAS)
        c.k = 1 + MAX_FMAS / (c.n * c.n);
    if (!rank_k && c.m > 0 && c.n > 0 && (double)c.m * c.n * c.n > MAX_FMAS &&
        (double)c.m * c.m * c.n > MAX_FMAS) {
        if (c.side == OMPWG_RIGHT) c.m = 1 + MAX_FMAS / (c.n * c.n);
        else c.n = 1 + MAX_FMAS / (c.m * c.m);
    }
    bool lower;
    fuzz_via via = fuzz_route(in, through_blas, &lower, &device, &nulls, &c.layout);
    if (through_blas) {
        if (placement == 1 || placement == 2) placement = 0;
        c.m = fuzz_lp64(c.m);
        c.n = fuzz_lp64(c.n);
        c.k = fuzz_lp64(c.k);
    }

    /* the operands as a legal call with these sizes would store them */
    bool col = c.layout != OMPWG_ROW_MAJOR;
    c.left = c.side != OMPWG_RIGHT;
    c.upper = c.uplo != OMPWG_LOWER;
    c.tr = c.trans == OMPWG_TRANS || c.trans == OMPWG_CONJ_TRANS;
    c.unit = c.diag == OMPWG_UNIT;
    int64_t m = c.m > 0 ? c.m : 0, n = c.n > 0 ? c.n : 0, k = c.k > 0 ? c.k : 0;
    l3_matrix a = { .col = col }, b = { .col = col }, out = { .col = col };
    if (rank_k) {
        a.rows = b.rows = c.tr ? k : n;
        a.cols = b.cols = c.tr ? n : k;
        out.rows = out.cols = n;
    } else {
        a.rows = a.cols = c.left ? m : n;
        b.rows = out.rows = m;
        b.cols = out.cols = n;
    }
    bool has_b = c.op == FUZZ_SYMM || c.op == FUZZ_SYR2K;
    l3_buffer bufs[3] = { { 0 } };
    int nbufs = 0;
    l3_matrix *output = triangular ? &b : &out;
    if (placement == 3) {
        /* A and the output side by side: one leading dimension, the
         * output's first vector right after A's last */
        int64_t inner = inner_of(&a) > inner_of(output) ? inner_of(&a) : inner_of(output);
        int64_t ld = fuzz_max1(inner) + (pads[0] > 0 ? pads[0] : 0);
        a.ld = output->ld = ld;
        buffer_alloc(&bufs[nbufs++], (size_t)(ld * (outer_of(&a) + outer_of(output))), &r);
        a.p = bufs[0].p;
        output->p = a.p + ld * outer_of(&a);
    } else {
        matrix_own(&a, &bufs[nbufs++], pads[0] > 0 ? pads[0] : 0, &r);
        matrix_own(output, &bufs[nbufs++], (triangular ? pads[1] : pads[2]) > 0
                                                ? (triangular ? pads[1] : pads[2])
                                                : 0, &r);
    }
    if (has_b) matrix_own(&b, &bufs[nbufs++], pads[1] > 0 ? pads[1] : 0, &r);

    /* A triangular A well conditioned: a diagonal of magnitude 1 to 2 and
     * the rest scaled by 1 / order, so that X stays within range */
    int64_t ka = a.rows;
    if (c.op == FUZZ_TRSM)
        for (int64_t j = 0; j < ka; j++)
            for (int64_t i = 0; i < ka; i++) {
                real *e = &a.p[at(&a, i, j)];
                *e = i == j ? (*e < 0 ? -1 : 1) * (1 + fabs((double)*e)) : *e / (real)ka;
            }
    if (poison & 1 && !rank_k) {
        /* A's other triangle, and a unit diagonal, are not read */
        for (int64_t j = 0; j < ka; j++)
            for (int64_t i = 0; i < ka; i++)
                if ((c.upper ? i > j : i < j) || (triangular && c.unit && i == j))
                    a.p[at(&a, i, j)] = (real)NAN;
    }
    if (poison & 2 && !triangular)
        for (int64_t j = 0; j < out.cols; j++)
            for (int64_t i = 0; i < out.rows; i++)
                if (c.beta == 0 || !writable(&c, i, j)) out.p[at(&out, i, j)] = (real)NAN;
    for (int i = 0; i < nbufs; i++) bufs[i].copy = test_copy(bufs[i].p, bufs[i].len * sizeof(real));

    /* a negative pad makes the leading dimension one or two below its
     * minimum, on buffers of the minimum */
    int64_t lda = a.ld + (pads[0] < 0 && placement != 3 ? pads[0] : 0);
    int64_t ldb = b.ld + (pads[1] < 0 && (has_b || (triangular && placement != 3)) ? pads[1] : 0);
    int64_t ldc = out.ld + (pads[2] < 0 && !triangular && placement != 3 ? pads[2] : 0);
    if (triangular) ldc = 0;
    if (!has_b && !triangular) ldb = 0;
    const real *pa = nulls & 1 ? NULL : a.p;
    real *pb = nulls & 2 ? NULL : b.p;
    real *pc = nulls & 4 ? NULL : out.p;
    bool alpha0 = c.alpha == 0, beta1 = c.beta == 1;
    int want = fuzz_level3_status(c.op, c.layout, c.side, c.uplo, c.trans, c.diag, c.m, c.n, c.k,
                                  lda, has_b || triangular ? ldb : 1, triangular ? 1 : ldc,
                                  alpha0, beta1, !pa, !pb, !pc);
    char blas_name[16];
    if (via != FUZZ_VIA_API) {
        int number = fuzz_level3_blas_number(c.op, via == FUZZ_VIA_CBLAS, c.layout, c.side,
                                             c.uplo, c.trans, c.diag, c.m, c.n, c.k, lda, ldb, ldc);
        want = number ? -number : OMPWG_OK;
        snprintf(blas_name, sizeof blas_name, "%s%c%s", via == FUZZ_VIA_CBLAS ? "cblas_" : "",
                 via == FUZZ_VIA_CBLAS ? api.prefix[0] : api.prefix[0] - 'a' + 'A', op_names[c.op]);
    }
    bool reads_ab = !alpha0 && !(rank_k && c.k == 0);
    bool writes = want == OMPWG_OK &&
                  (rank_k ? c.n > 0 && !((alpha0 || c.k == 0) && beta1)
                          : c.m > 0 && c.n > 0 && !(!triangular && alpha0 && beta1));
    /* The output on an input the call reads, both starting at one element
     * the call reads (A(0, 0), or B(0, 0)) and writes: nothing may be
     * written. A unit diagonal leaves A(0, 0) unread: not tried there. */
    bool alias = false;
    if ((placement == 1 || placement == 2) && want == OMPWG_OK && writes && reads_ab &&
        !(triangular && c.unit)) {
        if (placement == 2 && has_b) {
            pc = pb;
        } else if (triangular) {
            pb = (real *)pa;
        } else {
            pc = (real *)pa;
        }
        alias = true;
        want = OMPWG_ERR_OVERLAP;
        writes = false;
    }

    /* the references, from the contents before the call */
    size_t outn = (size_t)(output->rows * output->cols);
    long double *ref = NULL, *bound = NULL;
    real *before = NULL;
    if (writes) {
        ref = test_malloc((outn ? outn : 1) * sizeof *ref);
        bound = test_malloc((outn ? outn : 1) * sizeof *bound);
        before = test_copy(output->p, span_of(output) * sizeof(real));
        if (c.op != FUZZ_TRSM)
            for (int64_t j = 0; j < output->cols; j++)
                for (int64_t i = 0; i < output->rows; i++)
                    if (writable(&c, i, j))
                        reference(&c, &a, &b, output, i, j, &ref[i + j * output->rows],
                                  &bound[i + j * output->rows], api.u);
    }

    ompwg_set_thread_backend(backend);
    int st;
    ompwg_layout lay = (ompwg_layout)c.layout;
    ompwg_side side = (ompwg_side)c.side;
    ompwg_uplo uplo = (ompwg_uplo)c.uplo;
    ompwg_trans trans = (ompwg_trans)c.trans;
    ompwg_diag diag = (ompwg_diag)c.diag;
    char msg[512] = "";
    int im = fuzz_lp64(c.m), in_ = fuzz_lp64(c.n), ik = fuzz_lp64(c.k);
    int ilda = (int)lda, ildb = (int)ldb, ildc = (int)ldc;
    char cs = fuzz_letter(c.side, OMPWG_LEFT, 'L', OMPWG_RIGHT, 'R', lower);
    char cu = fuzz_letter(c.uplo, OMPWG_UPPER, 'U', OMPWG_LOWER, 'L', lower);
    char ct = fuzz_trans_letter(c.trans, lower);
    char cd = fuzz_letter(c.diag, OMPWG_NON_UNIT, 'N', OMPWG_UNIT, 'U', lower);
    fuzz_blas_reset();
    if (via == FUZZ_VIA_FORTRAN) {
        switch (c.op) {
        case FUZZ_SYMM:
            TN(, symm_)(&cs, &cu, &im, &in_, &c.alpha, pa, &ilda, pb, &ildb, &c.beta, pc, &ildc, 1, 1);
            break;
        case FUZZ_SYRK: TN(, syrk_)(&cu, &ct, &in_, &ik, &c.alpha, pa, &ilda, &c.beta, pc, &ildc, 1, 1); break;
        case FUZZ_SYR2K:
            TN(, syr2k_)(&cu, &ct, &in_, &ik, &c.alpha, pa, &ilda, pb, &ildb, &c.beta, pc, &ildc, 1, 1);
            break;
        case FUZZ_TRMM:
            TN(, trmm_)(&cs, &cu, &ct, &cd, &im, &in_, &c.alpha, pa, &ilda, pb, &ildb, 1, 1, 1, 1);
            break;
        default:
            TN(, trsm_)(&cs, &cu, &ct, &cd, &im, &in_, &c.alpha, pa, &ilda, pb, &ildb, 1, 1, 1, 1);
            break;
        }
        st = fuzz_blas_status(blas_name, -want, msg, sizeof msg);
    } else if (via == FUZZ_VIA_CBLAS) {
        switch (c.op) {
        case FUZZ_SYMM:
            TN(cblas_, symm)(lay, side, uplo, im, in_, c.alpha, pa, ilda, pb, ildb, c.beta, pc, ildc);
            break;
        case FUZZ_SYRK: TN(cblas_, syrk)(lay, uplo, trans, in_, ik, c.alpha, pa, ilda, c.beta, pc, ildc); break;
        case FUZZ_SYR2K:
            TN(cblas_, syr2k)(lay, uplo, trans, in_, ik, c.alpha, pa, ilda, pb, ildb, c.beta, pc, ildc);
            break;
        case FUZZ_TRMM: TN(cblas_, trmm)(lay, side, uplo, trans, diag, im, in_, c.alpha, pa, ilda, pb, ildb); break;
        default: TN(cblas_, trsm)(lay, side, uplo, trans, diag, im, in_, c.alpha, pa, ilda, pb, ildb); break;
        }
        st = fuzz_blas_status(blas_name, -want, msg, sizeof msg);
    } else switch (c.op) {
    case FUZZ_SYMM:
        st = (device ? api.symm_device : api.symm)(lay, side, uplo, c.m, c.n, c.alpha, pa, lda, pb,
                                                   ldb, c.beta, pc, ldc);
        break;
    case FUZZ_SYRK:
        st = (device ? api.syrk_device : api.syrk)(lay, uplo, trans, c.n, c.k, c.alpha, pa, lda,
                                                   c.beta, pc, ldc);
        break;
    case FUZZ_SYR2K:
        st = (device ? api.syr2k_device : api.syr2k)(lay, uplo, trans, c.n, c.k, c.alpha, pa, lda,
                                                     pb, ldb, c.beta, pc, ldc);
        break;
    case FUZZ_TRMM:
        st = (device ? api.trmm_device : api.trmm)(lay, side, uplo, trans, diag, c.m, c.n, c.alpha,
                                                   pa, lda, pb, ldb);
        break;
    default:
        st = (device ? api.trsm_device : api.trsm)(lay, side, uplo, trans, diag, c.m, c.n, c.alpha,
                                                   pa, lda, pb, ldb);
        break;
    }
    ompwg_set_thread_backend(NULL);
    const int64_t args[] = { 10 + c.op + 10 * via, c.layout, c.side, c.uplo, c.trans, c.diag, c.m, c.n, c.k,
                             lda, ldb, ldc, nulls & 7, device, placement * alias };
    fuzz_count(via == FUZZ_VIA_API ? FUZZ_FAMILY_LEVEL3 : FUZZ_FAMILY_BLAS, backend, want, args, (int)(sizeof args / sizeof args[0]));

    bool pass = fuzz_status_as_documented(st, want, via, msg, sizeof msg);
    for (int i = 0; pass && i < nbufs; i++) {
        const char *where = NULL;
        if (!guard_intact(bufs[i].p, &where)) {
            snprintf(msg, sizeof msg, "wrote %s buffer %d", where, i);
            pass = false;
        }
    }
    /* every element outside the writable part of the output, bit for bit */
    size_t out_base = (size_t)(output->p - bufs[placement == 3 ? 0 : 1].p);
    int out_buf = placement == 3 ? 0 : 1;
    for (int bi = 0; pass && bi < nbufs; bi++)
        for (size_t e = 0; e < bufs[bi].len; e++) {
            if (writes && bi == out_buf && e >= out_base && e - out_base < span_of(output)) {
                size_t rel = e - out_base, ld = (size_t)output->ld;
                int64_t in_vec = (int64_t)(rel % ld), vec = (int64_t)(rel / ld);
                if (in_vec < inner_of(output)) {
                    int64_t i = col ? in_vec : vec, j = col ? vec : in_vec;
                    if (writable(&c, i, j)) continue;
                }
            }
            if (memcmp(&bufs[bi].p[e], &bufs[bi].copy[e], sizeof(real)) != 0) {
                snprintf(msg, sizeof msg, "buffer %d element %zu: %.9g became %.9g (%s)", bi, e,
                         (double)bufs[bi].copy[e], (double)bufs[bi].p[e],
                         st != OMPWG_OK ? "failing call" : writes ? "not an output element" : "quick return");
                pass = false;
                break;
            }
        }
    for (int64_t j = 0; pass && writes && j < output->cols; j++)
        for (int64_t i = 0; pass && i < output->rows; i++) {
            if (!writable(&c, i, j)) continue;
            long double got = output->p[at(output, i, j)], err, bnd;
            if (c.op == FUZZ_TRSM) {
                trsm_residual(&c, &a, output, before, i, j, &err, &bnd, api.u);
            } else {
                err = got - ref[i + j * output->rows];
                bnd = bound[i + j * output->rows];
            }
            if (!isfinite((double)got) || !(fabsl(err) <= bnd)) {
                snprintf(msg, sizeof msg, "element (%lld, %lld) = %.17g: error %Lg over its bound %Lg",
                         (long long)i, (long long)j, (double)got, fabsl(err), bnd);
                pass = false;
            }
        }
    if (!pass)
        fuzz_fail("%s%s %s on %s via %s%s: layout %d side %d uplo %d trans %d diag %d, m %lld n %lld "
                  "k %lld, alpha %g beta %g, lda %lld ldb %lld ldc %lld, nulls %u, poison %u, "
                  "output %s: %s",
                  api.prefix, op_names[c.op], device ? "(device pointers)" : "", backend,
                  fuzz_via_name(via),
                  lower ? " (lower-case letters)" : "",
                  c.layout, c.side, c.uplo, c.trans, c.diag, (long long)c.m, (long long)c.n,
                  (long long)c.k, (double)c.alpha, (double)c.beta, (long long)lda, (long long)ldb,
                  (long long)ldc, nulls & 7, poison & 3,
                  alias ? (placement == 2 && has_b ? "on B" : "on A")
                        : placement == 3 ? "beside A" : "its own",
                  msg);
    free(ref);
    free(bound);
    free(before);
    for (int i = 0; i < nbufs; i++) buffer_free(&bufs[i]);
    return 0;
}
