/* The GPU backend's SYMM, SYRK, SYR2K, TRMM and TRSM kernels, on host data and on
 * device data, against OpenBLAS's CBLAS. Every variant runs at sizes
 * around the diagonal block (32) and the GEMM's team tiles, with padded
 * leading dimensions, alpha 0 and beta 0 with NaN in C (neither may be
 * read), NaN in A's unreferenced triangle (and diagonal, for a unit
 * triangle) and in its padding; C's padding and unreferenced triangle must
 * come back unchanged, and nothing around C may be written (guard bands,
 * on the host and on the device). The calls go through the public API
 * (ompwg_dtrsm, ompwg_dtrsm_device, ...) with the gpu backend selected;
 * the cases are written as backend.h's normalised column-major shapes.
 * Without a device the backend runs only in host fallback
 * (OMP_TARGET_OFFLOAD=DISABLED); otherwise the program skips. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "gpu_level3_test.h"
#include "guard.h"
#include "ompwg.h"
#include "tap.h"
#include "target_mem.h"

/* Elements of guard band on each side of C on the device. */
#define DEV_GUARD 64
/* What C's padding and unreferenced triangle hold. */
#define SENTINEL 12345.0

typedef struct prec {
    bool dbl;
    size_t elem;
    double u; /* unit roundoff */
    const char *name;
    __typeof__(gpu_level3_call_d) *call;
    __typeof__(gpu_level3_reference_d) *reference;
} prec;

static const prec precs[] = {
    { false, sizeof(float), 0x1.0p-24, "s", gpu_level3_call_s, gpu_level3_reference_s },
    { true, sizeof(double), 0x1.0p-53, "d", gpu_level3_call_d, gpu_level3_reference_d },
};

static const char *const op_names[] = { "symm", "syrk", "syr2k", "trmm", "trsm" };

static double get(const prec *p, const void *x, int64_t i)
{
    return p->dbl ? ((const double *)x)[i] : (double)((const float *)x)[i];
}

static void put(const prec *p, void *x, int64_t i, double v)
{
    if (p->dbl) ((double *)x)[i] = v;
    else ((float *)x)[i] = (float)v;
}

static bool same_bits(const prec *p, const void *x, const void *y, int64_t i)
{
    return memcmp((const char *)x + (size_t)i * p->elem, (const char *)y + (size_t)i * p->elem,
                  p->elem) == 0;
}

/* One call: the shape (ldc etc. filled in by the runner) and scalars. */
typedef struct l3case {
    ompwg_level3_shape s;
    double alpha, beta;
} l3case;

/* base's operation and flags with these sizes and scalars */
static l3case sized(ompwg_level3_shape base, int64_t m, int64_t n, int64_t k, double alpha,
                    double beta)
{
    l3case c = { .s = base, .alpha = alpha, .beta = beta };
    c.s.m = m;
    c.s.n = n;
    c.s.k = k;
    return c;
}

/* Rows and columns of A, B and C as stored. */
static void dims(const ompwg_level3_shape *s, int64_t *ra, int64_t *ca, int64_t *rb, int64_t *cb,
                 int64_t *rc, int64_t *cc)
{
    const int64_t ka = s->left ? s->m : s->n;
    *rc = s->m;
    *cc = s->n;
    *rb = *cb = 0;
    switch (s->op) {
    case OMPWG_L3_SYRK:
    case OMPWG_L3_SYR2K:
        *ra = s->trans ? s->k : s->n;
        *ca = s->trans ? s->n : s->k;
        if (s->op == OMPWG_L3_SYR2K) {
            *rb = *ra;
            *cb = *ca;
        }
        break;
    case OMPWG_L3_SYMM:
        *ra = *ca = ka;
        *rb = s->m;
        *cb = s->n;
        break;
    default:
        *ra = *ca = ka;
        break;
    }
}

/* Whether C(i, j) is an output of the call (else it must stay as it was). */
static bool c_written(const ompwg_level3_shape *s, int64_t i, int64_t j)
{
    if (i >= s->m) return false;
    if (s->op == OMPWG_L3_SYRK || s->op == OMPWG_L3_SYR2K) return s->upper ? i <= j : i >= j;
    return true;
}

/* A as the call may read it: NaN outside what it references. TRSM's A is
 * diagonally dominant (off-diagonal elements below 1 / (2 ka), diagonal
 * elements of magnitude 1 to 2), so that op(A) is well conditioned. */
static void fill_a(const prec *p, const ompwg_level3_shape *s, test_rng *r, void *a, int64_t ra,
                   int64_t ca, int64_t lda)
{
    const bool tri = s->op == OMPWG_L3_TRMM || s->op == OMPWG_L3_TRSM;
    const bool stored_tri = tri || s->op == OMPWG_L3_SYMM;
    const int64_t ka = ra;
    for (int64_t j = 0; j < ca; j++)
        for (int64_t i = 0; i < lda; i++) {
            double v = test_uniform(r);
            if (i >= ra || (stored_tri && (s->upper ? i > j : i < j))) v = NAN;
            else if (tri && i == j && s->unit) v = NAN;
            else if (s->op == OMPWG_L3_TRSM)
                v = i == j ? (v < 0 ? -1.0 : 1.0) * (1.0 + fabs(test_uniform(r)))
                           : v / (2.0 * (double)ka);
            put(p, a, i + j * lda, v);
        }
}

static void fill_b(const prec *p, test_rng *r, void *b, int64_t rb, int64_t cb, int64_t ldb)
{
    for (int64_t j = 0; j < cb; j++)
        for (int64_t i = 0; i < ldb; i++) put(p, b, i + j * ldb, i < rb ? test_uniform(r) : NAN);
}

/* C: SENTINEL where the call must not write, NaN where it must not read
 * (beta == 0; alpha == 0 for TRMM and TRSM). */
static void fill_c(const prec *p, const l3case *k, test_rng *r, void *c, int64_t ldc)
{
    const ompwg_level3_shape *s = &k->s;
    const bool tri = s->op == OMPWG_L3_TRMM || s->op == OMPWG_L3_TRSM;
    const bool unread = tri ? k->alpha == 0 : k->beta == 0;
    for (int64_t j = 0; j < s->n; j++)
        for (int64_t i = 0; i < ldc; i++) {
            double v = !c_written(s, i, j) ? SENTINEL : unread ? NAN : test_uniform(r);
            put(p, c, i + j * ldc, v);
        }
}

/* The error allowed in C: products (elements of magnitude below 1 and kdim
 * terms, twice for SYR2K) to (kdim + 2) u times their absolute sums;
 * TRSM's solution, op(A) being well conditioned, to (ka + 2) u times the
 * largest element of the solution, with room for the condition number. */
static double bound(const prec *p, const l3case *k, double max_ref)
{
    const ompwg_level3_shape *s = &k->s;
    const double ka = (double)(s->left ? s->m : s->n);
    if (s->op == OMPWG_L3_TRSM) return 32.0 * (ka + 2) * p->u * max_ref + 1e-30;
    const double kdim = s->op == OMPWG_L3_SYRK || s->op == OMPWG_L3_SYR2K ? (double)s->k : ka;
    const double terms = s->op == OMPWG_L3_SYR2K ? 2 * kdim : kdim;
    const double beta = s->op == OMPWG_L3_TRMM || s->op == OMPWG_L3_TRSM ? 0 : fabs(k->beta);
    return 2.0 * (terms + 2) * p->u * (fabs(k->alpha) * terms + beta) + 1e-30;
}

/* Compares the gpu's C with the reference's: outputs within the bound,
 * everything else bit for bit as it was. */
static bool compare(const prec *p, const l3case *k, const void *got, const void *want,
                    const void *before, int64_t ldc, char *msg, size_t len)
{
    const ompwg_level3_shape *s = &k->s;
    double max_ref = 0;
    for (int64_t j = 0; j < s->n; j++)
        for (int64_t i = 0; i < s->m; i++)
            if (c_written(s, i, j)) max_ref = fmax(max_ref, fabs(get(p, want, i + j * ldc)));
    const double tol = bound(p, k, max_ref);
    for (int64_t j = 0; j < s->n; j++)
        for (int64_t i = 0; i < ldc; i++) {
            const int64_t e = i + j * ldc;
            if (!c_written(s, i, j)) {
                if (!same_bits(p, got, before, e)) {
                    snprintf(msg, len, "C(%lld, %lld) is not an output but became %g",
                             (long long)i, (long long)j, get(p, got, e));
                    return false;
                }
                continue;
            }
            const double g = get(p, got, e), w = get(p, want, e);
            if (!(fabs(g - w) <= tol)) {
                snprintf(msg, len, "C(%lld, %lld) = %.9g, OpenBLAS %.9g, bound %.3g",
                         (long long)i, (long long)j, g, w, tol);
                return false;
            }
        }
    return true;
}

/* One case on host data (device false) or device data; false with msg on
 * a wrong status, result or write. */
static bool run_case(const prec *p, l3case k, bool device, test_rng *r, char *msg, size_t len)
{
    ompwg_level3_shape *s = &k.s;
    int64_t ra, ca, rb, cb, rc, cc;
    dims(s, &ra, &ca, &rb, &cb, &rc, &cc);
    s->lda = ra + 3;
    s->ldb = rb > 0 ? rb + 2 : 1;
    s->ldc = rc + 5;
    s->device_ptrs = device;
    const size_t na = (size_t)(s->lda * ca), nb = (size_t)(s->ldb * cb),
                 nc = (size_t)(s->ldc * cc);
    void *a = test_malloc(na * p->elem + 1), *b = test_malloc(nb * p->elem + 1);
    void *c = guard_alloc(nc * p->elem), *want = test_malloc(nc * p->elem);
    fill_a(p, s, r, a, ra, ca, s->lda);
    fill_b(p, r, b, rb, cb, s->ldb);
    fill_c(p, &k, r, c, s->ldc);
    void *before = test_copy(c, nc * p->elem);
    memcpy(want, c, nc * p->elem);
    p->reference(s, k.alpha, k.beta, a, s->lda, b, s->ldb, want, s->ldc);

    bool pass = true;
    int st;
    if (!device) {
        st = p->call(s, k.alpha, k.beta, a, b, c);
        const char *where;
        if (!guard_intact(c, &where)) {
            snprintf(msg, len, "written %s C", where);
            pass = false;
        }
    } else {
        /* in host fallback the backend's "device" is the host */
        const int host = omp_get_initial_device();
        int dev = -1;
        if (ompwg_get_gpu_device(&dev) != OMPWG_OK || dev < 0) dev = host;
        const size_t g = DEV_GUARD * p->elem, bytes_c = nc * p->elem + 2 * g;
        void *da = target_alloc(na * p->elem, dev), *db = target_alloc(nb * p->elem, dev);
        char *dc = target_alloc(bytes_c, dev);
        char *image = test_malloc(bytes_c);
        for (size_t i = 0; i < 2 * DEV_GUARD + nc; i++) put(p, image, (int64_t)i, -SENTINEL);
        memcpy(image + g, c, nc * p->elem);
        char *image0 = test_copy(image, bytes_c);
        target_copy(da, a, na * p->elem, dev, host);
        target_copy(db, b, nb * p->elem, dev, host);
        target_copy(dc, image, bytes_c, dev, host);
        st = p->call(s, k.alpha, k.beta, da, db, dc + g);
        target_copy(image, dc, bytes_c, host, dev);
        if (memcmp(image, image0, g) != 0 || memcmp(image + g + nc * p->elem, image0 + g + nc * p->elem, g) != 0) {
            snprintf(msg, len, "written outside C on the device");
            pass = false;
        }
        memcpy(c, image + g, nc * p->elem);
        free(image0);
        free(image);
        target_free(dc, dev);
        target_free(db, dev);
        target_free(da, dev);
    }
    if (pass && st != OMPWG_OK) {
        snprintf(msg, len, "status %d (%s)", st, ompwg_strerror(st));
        pass = false;
    }
    if (pass) pass = compare(p, &k, c, want, before, s->ldc, msg, len);
    free(before);
    free(want);
    guard_free(c);
    free(b);
    free(a);
    return pass;
}

static void describe(const prec *p, const l3case *k, bool device, char *out, size_t len)
{
    const ompwg_level3_shape *s = &k->s;
    snprintf(out, len, "%s%s %s%s%s%s m=%lld n=%lld k=%lld alpha=%g beta=%g on %s data", p->name,
             op_names[s->op], s->left ? "L" : "R", s->upper ? "U" : "L", s->trans ? "T" : "N",
             s->unit ? "U" : "N", (long long)s->m, (long long)s->n, (long long)s->k, k->alpha,
             k->beta, device ? "device" : "host");
}

/* Every case of one variant in one tap line. */
static void variant(const prec *p, const l3case *cases, int count, bool device, const char *what)
{
    test_rng r;
    test_rng_init(&r, (uint64_t)(cases[0].s.op * 64 + cases[0].s.left * 32 + cases[0].s.upper * 16 +
                                 cases[0].s.trans * 8 + cases[0].s.unit * 4 + device * 2 + p->dbl));
    bool pass = true;
    for (int i = 0; i < count && pass; i++) {
        char msg[256] = "";
        if (!run_case(p, cases[i], device, &r, msg, sizeof msg)) {
            char d[160];
            describe(p, &cases[i], device, d, sizeof d);
            tap_diag("%s: %s", d, msg);
            pass = false;
        }
    }
    tap_ok(pass, "%s%s %s on %s data (%d shapes)", p->name, op_names[cases[0].s.op], what,
           device ? "device" : "host", count);
}

/* m x n pairs: 1, the block's edges (31, 32, 33, 67 = 2 * 32 + 3) and the
 * GEMM's team tiles (64, 128) crossed, padded leading dimensions. On a
 * device also (each a minute or more in host fallback's teams of 256
 * threads) 600: TRSM's panels of 128 rows, four whole and a part, in one
 * launch; and for TRSM an order past the rows that one launch solves (1024
 * on the tensor cores), halved into such launches and GEMMs. */
static const int64_t tri_shapes[][2] = { { 1, 1 },   { 31, 5 },   { 32, 33 },  { 33, 32 },
                                         { 67, 9 },  { 7, 67 },   { 200, 37 }, { 37, 200 },
                                         { 129, 65 }, { 600, 70 }, { 70, 600 } };
enum { TRI_SHAPES = sizeof tri_shapes / sizeof tri_shapes[0], TRI_HOST_SHAPES = TRI_SHAPES - 2,
       TRI_LONG = 2100 };

static void triangular(const prec *p, ompwg_level3_op op, bool device)
{
    for (int v = 0; v < 16; v++) {
        l3case cases[TRI_SHAPES + 3];
        int count = 0;
        const ompwg_level3_shape base = { .op = op, .left = v & 1, .upper = v & 2,
                                          .trans = v & 4, .unit = v & 8 };
        const bool on_device = target_on_device();
        for (int i = 0; i < (on_device ? TRI_SHAPES : TRI_HOST_SHAPES); i++)
            cases[count++] = sized(base, tri_shapes[i][0], tri_shapes[i][1], 0,
                                   i % 3 == 1 ? -0.75 : 1.0, 0);
        if (on_device && op == OMPWG_L3_TRSM)
            cases[count++] = sized(base, base.left ? TRI_LONG : 3, base.left ? 3 : TRI_LONG, 0,
                                   -1.5, 0);
        /* alpha == 0: C := 0 without reading C (NaN there) or A */
        cases[count++] = sized(base, 33, 40, 0, 0, 0);
        char what[64];
        snprintf(what, sizeof what, "side %s, %s, %s, %s diagonal", base.left ? "left" : "right",
                 base.upper ? "upper" : "lower", base.trans ? "A^T" : "A",
                 base.unit ? "unit" : "non-unit");
        variant(p, cases, count, device, what);
    }
}

/* n x k pairs for SYRK and SYR2K, and the scalars: beta 0 (NaN in C),
 * both general, alpha 0 (with beta 1: nothing to do), k 0 with beta 0
 * and not. */
static void rank_k(const prec *p, ompwg_level3_op op, bool device)
{
    /* 300 and 600 pass the diagonal blocks of the tiled kernel (256):
     * rectangles by the GEMM, one and two levels of halving */
    static const int64_t shapes[][2] = { { 1, 1 },   { 31, 7 },   { 32, 32 },  { 33, 65 },
                                         { 67, 3 },  { 129, 17 }, { 200, 41 }, { 300, 19 },
                                         { 600, 5 } };
    const int nshapes = (int)(sizeof shapes / sizeof shapes[0]);
    static const double scalars[][2] = { { 1.0, 0.0 }, { -0.75, 1.5 }, { 1.25, -1.0 } };
    for (int v = 0; v < 4; v++) {
        l3case cases[16];
        int count = 0;
        const ompwg_level3_shape base = { .op = op, .upper = v & 1, .trans = v & 2 };
        for (int i = 0; i < nshapes; i++)
            cases[count++] = sized(base, shapes[i][0], shapes[i][0], shapes[i][1],
                                   scalars[i % 3][0], scalars[i % 3][1]);
        cases[count++] = sized(base, 40, 40, 9, 0, 2.0);
        /* nothing to do: C unchanged */
        cases[count++] = sized(base, 36, 36, 4, 0, 1.0);
        cases[count++] = sized(base, 35, 35, 0, 1.0, 0.5);
        cases[count++] = sized(base, 34, 34, 0, 1.0, 0.0);
        char what[64];
        snprintf(what, sizeof what, "%s, %s", base.upper ? "upper" : "lower",
                 base.trans ? "A^T A" : "A A^T");
        variant(p, cases, count, device, what);
    }
}

static void symmetric(const prec *p, bool device)
{
    static const double scalars[][2] = { { 1.0, 0.0 }, { -0.75, 1.5 }, { 1.25, -1.0 } };
    for (int v = 0; v < 4; v++) {
        l3case cases[TRI_SHAPES + 2];
        int count = 0;
        const ompwg_level3_shape base = { .op = OMPWG_L3_SYMM, .left = v & 1, .upper = v & 2 };
        for (int i = 0; i < TRI_SHAPES; i++)
            cases[count++] = sized(base, tri_shapes[i][0], tri_shapes[i][1], 0,
                                   scalars[i % 3][0], scalars[i % 3][1]);
        cases[count++] = sized(base, 33, 31, 0, 0, -2.0);
        cases[count++] = sized(base, 34, 30, 0, 0, 1.0);
        char what[64];
        snprintf(what, sizeof what, "side %s, %s", base.left ? "left" : "right",
                 base.upper ? "upper" : "lower");
        variant(p, cases, count, device, what);
    }
}

int main(void)
{
    tap_init("test_gpu_level3");
    char why[512] = "";
    if (ompwg_set_backend("gpu") != OMPWG_OK) {
        const char *name;
        for (int i = 0; ompwg_backend_info(i, &name, why, sizeof why) >= 0; i++)
            if (strcmp(name, "gpu") == 0) break;
        tap_skip_all("the gpu backend cannot run here: %s", why);
    }
    if (!target_mem_available(why, sizeof why)) tap_skip_all("no device memory calls: %s", why);
    for (int pi = 0; pi < 2; pi++)
        for (int device = 0; device < 2; device++) {
            const prec *p = &precs[pi];
            triangular(p, OMPWG_L3_TRSM, device);
            triangular(p, OMPWG_L3_TRMM, device);
            rank_k(p, OMPWG_L3_SYRK, device);
            rank_k(p, OMPWG_L3_SYR2K, device);
            symmetric(p, device);
        }
    return tap_done();
}
