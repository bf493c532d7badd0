/* Argument checks: every bad argument gives its documented status, in the
 * documented order, and the call writes nothing (C, the ratio, the result
 * and the index keep their bytes; no canary is touched). The checks come
 * before a backend is chosen, so this runs on the reference backend, and the
 * *_device functions (same checks, same codes) get only failing calls: their
 * pointers would have to be device pointers otherwise. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "group.h"
#include "guard.h"
#include "ompwg.h"
#include "tap.h"

/* ---- GEMM ---------------------------------------------------------------- */

typedef enum gemm_variant { SGEMM, DGEMM, SGEMM_DEVICE, DGEMM_DEVICE, SGEMM_RATIO, DGEMM_RATIO,
                            GEMM_VARIANTS } gemm_variant;

static const char *const gemm_names[] = {
    "ompwg_sgemm", "ompwg_dgemm", "ompwg_sgemm_device", "ompwg_dgemm_device",
    "ompwg_sgemm_ratio", "ompwg_dgemm_ratio",
};

static bool is_device(gemm_variant v)
{
    return v == SGEMM_DEVICE || v == DGEMM_DEVICE;
}

typedef struct gemm_args {
    int layout, ta, tb;
    int64_t m, n, k, lda, ldb, ldc;
    const void *a, *b, *c0;
    void *c;
    double *ratio;
} gemm_args;

static int gemm_call(gemm_variant v, const gemm_args *g)
{
    ompwg_layout l = (ompwg_layout)g->layout;
    ompwg_trans ta = (ompwg_trans)g->ta, tb = (ompwg_trans)g->tb;
    switch (v) {
    case SGEMM:
        return ompwg_sgemm(l, ta, tb, g->m, g->n, g->k, 0.5f, g->a, g->lda, g->b, g->ldb, 0.5f,
                           g->c, g->ldc);
    case DGEMM:
        return ompwg_dgemm(l, ta, tb, g->m, g->n, g->k, 0.5, g->a, g->lda, g->b, g->ldb, 0.5,
                           g->c, g->ldc);
    case SGEMM_DEVICE:
        return ompwg_sgemm_device(l, ta, tb, g->m, g->n, g->k, 0.5f, g->a, g->lda, g->b, g->ldb,
                                  0.5f, g->c, g->ldc);
    case DGEMM_DEVICE:
        return ompwg_dgemm_device(l, ta, tb, g->m, g->n, g->k, 0.5, g->a, g->lda, g->b, g->ldb,
                                  0.5, g->c, g->ldc);
    case SGEMM_RATIO:
        return ompwg_sgemm_ratio(l, ta, tb, g->m, g->n, g->k, 0.5f, g->a, g->lda, g->b, g->ldb,
                                 0.5f, g->c0, g->c, g->ldc, g->ratio);
    default:
        return ompwg_dgemm_ratio(l, ta, tb, g->m, g->n, g->k, 0.5, g->a, g->lda, g->b, g->ldb,
                                 0.5, g->c0, g->c, g->ldc, g->ratio);
    }
}

/* Room for every shape used here, in either precision. */
#define BUF_BYTES (64 * 64 * sizeof(double))
#define RATIO_SENTINEL (-4242.0)

typedef struct buffers {
    void *a, *b, *c, *c0;
    void *c_copy;
    double ratio;
} buffers;

static void buffers_init(buffers *bf, test_rng *r)
{
    bf->a = guard_alloc(BUF_BYTES);
    bf->b = guard_alloc(BUF_BYTES);
    bf->c = guard_alloc(BUF_BYTES);
    bf->c0 = guard_alloc(BUF_BYTES);
    double *fill[] = { bf->a, bf->b, bf->c, bf->c0 };
    for (int i = 0; i < 4; i++)
        for (size_t j = 0; j < BUF_BYTES / sizeof(double); j++) fill[i][j] = test_uniform(r);
    bf->c_copy = test_copy(bf->c, BUF_BYTES);
    bf->ratio = RATIO_SENTINEL;
}

static void buffers_free(buffers *bf)
{
    guard_free(bf->a);
    guard_free(bf->b);
    guard_free(bf->c);
    guard_free(bf->c0);
    free(bf->c_copy);
}

/* Valid arguments of a 5x7x3 product (distinct sizes, so a leading
 * dimension checked against the wrong size shows). */
static gemm_args valid_args(buffers *bf, int layout, int ta, int tb)
{
    int64_t m = 5, n = 7, k = 3;
    bool col = layout == OMPWG_COL_MAJOR;
    bool a_t = ta != OMPWG_NO_TRANS, b_t = tb != OMPWG_NO_TRANS;
    gemm_args g = {
        .layout = layout, .ta = ta, .tb = tb, .m = m, .n = n, .k = k,
        .lda = col ? (a_t ? k : m) : (a_t ? m : k),
        .ldb = col ? (b_t ? n : k) : (b_t ? k : n),
        .ldc = col ? m : n,
        .a = bf->a, .b = bf->b, .c = bf->c, .c0 = bf->c0, .ratio = &bf->ratio,
    };
    return g;
}

/* Calls v with g, expects status want and that nothing was written. */
static void gemm_expect(group *grp, gemm_variant v, const gemm_args *g, int want, buffers *bf,
                        const char *what)
{
    int st = gemm_call(v, g);
    char msg[256] = "", desc[256];
    snprintf(desc, sizeof desc, "%s(layout %d, %d, %d, m=%lld n=%lld k=%lld, lda=%lld ldb=%lld ldc=%lld): %s",
             gemm_names[v], g->layout, g->ta, g->tb, (long long)g->m, (long long)g->n,
             (long long)g->k, (long long)g->lda, (long long)g->ldb, (long long)g->ldc, what);
    bool pass = st == want;
    if (!pass) snprintf(msg, sizeof msg, "status %d (%s), want %d (%s)", st, ompwg_strerror(st),
                        want, ompwg_strerror(want));
    const char *where = NULL;
    void *bufs[] = { bf->a, bf->b, bf->c, bf->c0 };
    for (int i = 0; pass && i < 4; i++)
        if (!guard_intact(bufs[i], &where)) {
            snprintf(msg, sizeof msg, "wrote %s buffer %d", where, i);
            pass = false;
        }
    if (pass && want != OMPWG_OK) {
        long long d = test_first_difference(bf->c, bf->c_copy, BUF_BYTES);
        if (d >= 0) {
            snprintf(msg, sizeof msg, "failed, but wrote C (byte %lld)", d);
            pass = false;
        } else if (bf->ratio != RATIO_SENTINEL) {
            snprintf(msg, sizeof msg, "failed, but wrote the ratio (%g)", bf->ratio);
            pass = false;
        }
    }
    /* a successful call may write; start the next from a known state */
    memcpy(bf->c, bf->c_copy, BUF_BYTES);
    bf->ratio = RATIO_SENTINEL;
    group_add(grp, desc, pass, msg, -1);
}

static const int layouts[] = { OMPWG_COL_MAJOR, OMPWG_ROW_MAJOR };
static const int transes[] = { OMPWG_NO_TRANS, OMPWG_TRANS, OMPWG_CONJ_TRANS };

static void gemm_bad_enums(group *grp, gemm_variant v, buffers *bf)
{
    static const int bad[] = { 0, -1, 100, 103, 110, 114, 0x7fffffff };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gemm_args g = valid_args(bf, OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS);
        g.layout = bad[i];
        gemm_expect(grp, v, &g, OMPWG_ERR_LAYOUT, bf, "bad layout");
        g = valid_args(bf, OMPWG_ROW_MAJOR, OMPWG_NO_TRANS, OMPWG_TRANS);
        g.ta = bad[i];
        gemm_expect(grp, v, &g, OMPWG_ERR_TRANS, bf, "bad transa");
        g = valid_args(bf, OMPWG_COL_MAJOR, OMPWG_TRANS, OMPWG_NO_TRANS);
        g.tb = bad[i];
        gemm_expect(grp, v, &g, OMPWG_ERR_TRANS, bf, "bad transb");
    }
}

static void gemm_bad_sizes(group *grp, gemm_variant v, buffers *bf)
{
    static const int64_t bad[] = { -1, -1000, INT64_MIN };
    for (size_t i = 0; i < 3; i++)
        for (int which = 0; which < 3; which++) {
            gemm_args g = valid_args(bf, layouts[which % 2], transes[which], OMPWG_NO_TRANS);
            int64_t *dim = which == 0 ? &g.m : which == 1 ? &g.n : &g.k;
            *dim = bad[i];
            gemm_expect(grp, v, &g, OMPWG_ERR_SIZE, bf, which == 0 ? "negative m"
                                                         : which == 1 ? "negative n" : "negative k");
        }
}

/* Each leading dimension one below its minimum, for both layouts and all
 * transposes; at the minimum the call succeeds (host data only). Also the
 * max(1, ...) floor: 0 is too small even for an empty matrix. */
static void gemm_bad_ld(group *grp, gemm_variant v, buffers *bf)
{
    for (int l = 0; l < 2; l++)
        for (int ia = 0; ia < 3; ia++)
            for (int ib = 0; ib < 3; ib++) {
                gemm_args ok = valid_args(bf, layouts[l], transes[ia], transes[ib]);
                for (int which = 0; which < 3; which++) {
                    gemm_args g = ok;
                    int64_t *ld = which == 0 ? &g.lda : which == 1 ? &g.ldb : &g.ldc;
                    *ld -= 1;
                    gemm_expect(grp, v, &g, OMPWG_ERR_LD, bf,
                                which == 0 ? "lda one below its minimum"
                                : which == 1 ? "ldb one below its minimum" : "ldc one below its minimum");
                }
                if (!is_device(v)) gemm_expect(grp, v, &ok, OMPWG_OK, bf, "every ld at its minimum");
                gemm_args z = ok;
                z.m = z.n = z.k = 0;
                for (int which = 0; which < 3; which++) {
                    gemm_args g = z;
                    g.lda = g.ldb = g.ldc = 1;
                    int64_t *ld = which == 0 ? &g.lda : which == 1 ? &g.ldb : &g.ldc;
                    *ld = 0;
                    gemm_expect(grp, v, &g, OMPWG_ERR_LD, bf, "ld 0 with m = n = k = 0");
                }
            }
}

/* Each pointer in turn; c0 and ratio only where the call has them. */
static void gemm_null(group *grp, gemm_variant v, buffers *bf)
{
    static const char *const what[] = { "a = NULL", "b = NULL", "c = NULL", "c0 = NULL",
                                        "ratio = NULL" };
    int pointers = v == SGEMM_RATIO || v == DGEMM_RATIO ? 5 : 3;
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < pointers; i++) {
            gemm_args g = valid_args(bf, layouts[l], i == 0 ? OMPWG_TRANS : OMPWG_NO_TRANS,
                                     i == 1 ? OMPWG_TRANS : OMPWG_NO_TRANS);
            switch (i) {
            case 0: g.a = NULL; break;
            case 1: g.b = NULL; break;
            case 2: g.c = NULL; break;
            case 3: g.c0 = NULL; break;
            default: g.ratio = NULL; break;
            }
            gemm_expect(grp, v, &g, OMPWG_ERR_NULL, bf, what[i]);
        }
}

/* ompwg.h: layout, then transa, transb, then m, n, k, then lda, ldb, ldc,
 * then pointers. Each case breaks two neighbours in that list. */
static void gemm_order(group *grp, gemm_variant v, buffers *bf)
{
    gemm_args g = valid_args(bf, OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS);
    g.layout = 0;
    g.ta = 0;
    gemm_expect(grp, v, &g, OMPWG_ERR_LAYOUT, bf, "bad layout and bad transa");
    g = valid_args(bf, OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS);
    g.ta = 0;
    g.tb = 114;
    g.m = -1;
    gemm_expect(grp, v, &g, OMPWG_ERR_TRANS, bf, "bad transa, bad transb and negative m");
    g = valid_args(bf, OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS);
    g.tb = 0;
    g.k = -1;
    gemm_expect(grp, v, &g, OMPWG_ERR_TRANS, bf, "bad transb and negative k");
    g = valid_args(bf, OMPWG_ROW_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS);
    g.n = -1;
    g.lda = 0;
    gemm_expect(grp, v, &g, OMPWG_ERR_SIZE, bf, "negative n and lda 0");
    g = valid_args(bf, OMPWG_ROW_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS);
    g.ldc = 0;
    g.a = g.b = NULL;
    g.c = NULL;
    gemm_expect(grp, v, &g, OMPWG_ERR_LD, bf, "ldc 0 and NULL pointers");
    g = valid_args(bf, OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS);
    g.m = 0;
    g.lda = 0;
    gemm_expect(grp, v, &g, OMPWG_ERR_LD, bf, "m = 0 with lda 0: the check comes before the quick return");
}

/* Each family of bad arguments, and what it must give. */
static const struct gemm_check {
    void (*run)(group *grp, gemm_variant v, buffers *bf);
    const char *claim;
} gemm_checks[] = {
    { gemm_bad_enums,
      "bad layout gives OMPWG_ERR_LAYOUT, bad transa/transb OMPWG_ERR_TRANS; nothing written" },
    { gemm_bad_sizes, "negative m, n or k gives OMPWG_ERR_SIZE; nothing written" },
    { gemm_bad_ld,
      "a leading dimension below max(1, BLAS minimum) gives OMPWG_ERR_LD; nothing written" },
    { gemm_null, "NULL where the call reads or writes gives OMPWG_ERR_NULL; nothing written" },
    { gemm_order, "checks in the documented order" },
};

/* ---- reductions ------------------------------------------------------------ */

typedef enum red_op { SUM, DOT, ASUM, MAX, MIN, RED_OPS } red_op;
static const char *const red_names[] = { "sum", "dot", "asum", "max", "min" };

typedef struct red_args {
    int64_t n, incx, incy;
    const void *x, *y;
    void *value;     /* a float or a double */
    int64_t *index;
} red_args;

static int red_call(bool dbl, bool device, red_op op, const red_args *r)
{
    const float *xf = r->x, *yf = r->y;
    const double *xd = r->x, *yd = r->y;
    float *vf = r->value;
    double *vd = r->value;
    switch (op) {
    case SUM:
        return dbl ? (device ? ompwg_dsum_device : ompwg_dsum)(r->n, xd, r->incx, vd)
                   : (device ? ompwg_ssum_device : ompwg_ssum)(r->n, xf, r->incx, vf);
    case DOT:
        return dbl ? (device ? ompwg_ddot_device : ompwg_ddot)(r->n, xd, r->incx, yd, r->incy, vd)
                   : (device ? ompwg_sdot_device : ompwg_sdot)(r->n, xf, r->incx, yf, r->incy, vf);
    case ASUM:
        return dbl ? (device ? ompwg_dasum_device : ompwg_dasum)(r->n, xd, r->incx, vd)
                   : (device ? ompwg_sasum_device : ompwg_sasum)(r->n, xf, r->incx, vf);
    case MAX:
        return dbl ? (device ? ompwg_dmax_device : ompwg_dmax)(r->n, xd, r->incx, vd, r->index)
                   : (device ? ompwg_smax_device : ompwg_smax)(r->n, xf, r->incx, vf, r->index);
    default:
        return dbl ? (device ? ompwg_dmin_device : ompwg_dmin)(r->n, xd, r->incx, vd, r->index)
                   : (device ? ompwg_smin_device : ompwg_smin)(r->n, xf, r->incx, vf, r->index);
    }
}

static void red_expect(group *grp, bool dbl, bool device, red_op op, red_args r, int want,
                       const char *what)
{
    double value_bytes = -4242.0;  /* room for either type; compared as bytes */
    double value_copy = value_bytes;
    int64_t index = -4242;
    if (r.value) r.value = &value_bytes;
    if (r.index) r.index = &index;
    int st = red_call(dbl, device, op, &r);
    char desc[160], msg[160] = "";
    snprintf(desc, sizeof desc, "ompwg_%c%s%s(n=%lld, incx=%lld, incy=%lld): %s", dbl ? 'd' : 's',
             red_names[op], device ? "_device" : "", (long long)r.n, (long long)r.incx,
             (long long)r.incy, what);
    bool pass = st == want;
    if (!pass)
        snprintf(msg, sizeof msg, "status %d (%s), want %d (%s)", st, ompwg_strerror(st), want,
                 ompwg_strerror(want));
    else if (memcmp(&value_bytes, &value_copy, sizeof value_bytes) != 0 || index != -4242)
        snprintf(msg, sizeof msg, "failed, but wrote the result"), pass = false;
    group_add(grp, desc, pass, msg, -1);
}

static void red_bad(bool dbl, bool device, red_op op, const void *x, const void *y)
{
    group grp;
    group_init(&grp, NULL);
    bool ext = op == MAX || op == MIN;
    int64_t index_room;
    char value_room[8];
    red_args ok = { .n = 5, .incx = 1, .incy = 1, .x = x, .y = op == DOT ? y : NULL,
                    .value = value_room, .index = ext ? &index_room : NULL };
    red_args r = ok;
    r.n = -1;
    red_expect(&grp, dbl, device, op, r, OMPWG_ERR_SIZE, "negative n");
    r.n = INT64_MIN;
    red_expect(&grp, dbl, device, op, r, OMPWG_ERR_SIZE, "n = INT64_MIN");
    r = ok;
    r.incx = 0;
    red_expect(&grp, dbl, device, op, r, OMPWG_ERR_INC, "incx = 0");
    if (op == DOT) {
        r = ok;
        r.incy = 0;
        red_expect(&grp, dbl, device, op, r, OMPWG_ERR_INC, "incy = 0");
        r = ok;
        r.y = NULL;
        red_expect(&grp, dbl, device, op, r, OMPWG_ERR_NULL, "y = NULL");
    }
    r = ok;
    r.x = NULL;
    red_expect(&grp, dbl, device, op, r, OMPWG_ERR_NULL, "x = NULL");
    r = ok;
    r.value = NULL;
    red_expect(&grp, dbl, device, op, r, OMPWG_ERR_NULL, ext ? "value = NULL" : "result = NULL");
    if (ext) {
        r = ok;
        r.index = NULL;
        red_expect(&grp, dbl, device, op, r, OMPWG_ERR_NULL, "index = NULL");
    }
    group_report(&grp, "ompwg_%c%s%s: n < 0, zero increment and NULL pointers give their status; nothing written",
                 dbl ? 'd' : 's', red_names[op], device ? "_device" : "");
}

int main(void)
{
    tap_init("test_args");
    /* the checks come before any backend; the reference is usable wherever
     * the library is */
    int st = ompwg_set_backend("openblas");
    if (st != OMPWG_OK) tap_bail("ompwg_set_backend(\"openblas\"): %s", ompwg_strerror(st));
    test_rng r;
    test_rng_init(&r, 600);
    buffers bf;
    buffers_init(&bf, &r);
    for (int v = 0; v < GEMM_VARIANTS; v++) {
        for (size_t i = 0; i < sizeof gemm_checks / sizeof gemm_checks[0]; i++) {
            group grp;
            group_init(&grp, NULL);
            gemm_checks[i].run(&grp, (gemm_variant)v, &bf);
            group_report(&grp, "%s: %s", gemm_names[v], gemm_checks[i].claim);
        }
    }
    for (int dbl = 0; dbl < 2; dbl++)
        for (int device = 0; device < 2; device++)
            for (int op = 0; op < RED_OPS; op++) red_bad(dbl, device, (red_op)op, bf.a, bf.b);
    buffers_free(&bf);
    return tap_done();
}
