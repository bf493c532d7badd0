/* The transposes of one precision, exact and with guard bands. Meson
 * compiles this file once per precision (OMPWG_TEST_PREC_S, _D;
 * transpose_test.h): TT is the type, TN(name, ) the name of this file's
 * extern function for it (as prec.h's TN), TRANSPOSE and TRANSPOSE_DEVICE
 * the API functions. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "group.h"
#include "guard.h"
#include "ompwg.h"
#include "target_mem.h"
#include "transpose_test.h"

#if defined(OMPWG_TEST_PREC_S) && !defined(OMPWG_TEST_PREC_D)
#define TT float
#define TN(pre, post) pre##s##post
#define TT_PREFIX "s"
#define TRANSPOSE ompwg_stranspose
#define TRANSPOSE_DEVICE ompwg_stranspose_device
#elif defined(OMPWG_TEST_PREC_D) && !defined(OMPWG_TEST_PREC_S)
#define TT double
#define TN(pre, post) pre##d##post
#define TT_PREFIX "d"
#define TRANSPOSE ompwg_dtranspose
#define TRANSPOSE_DEVICE ompwg_dtranspose_device
#else
#error "define exactly one of OMPWG_TEST_PREC_S and OMPWG_TEST_PREC_D"
#endif

/* rows x cols in `layout` with leading dimension ld (its minimum + pad). */
typedef struct mat {
    int64_t inner, outer, ld;
    size_t len;
    TT *p, *copy;
} mat;

static void mat_init(mat *a, ompwg_layout layout, int64_t rows, int64_t cols,
                          int64_t pad, test_rng *r)
{
    bool col = layout == OMPWG_COL_MAJOR;
    a->inner = col ? rows : cols;
    a->outer = col ? cols : rows;
    a->ld = (a->inner > 1 ? a->inner : 1) + pad;
    a->len = a->outer > 0 && a->inner > 0 ? (size_t)(a->ld * (a->outer - 1) + a->inner) : 0;
    a->p = guard_alloc(a->len * sizeof(TT));
    for (size_t i = 0; i < a->len; i++) a->p[i] = (TT)test_uniform(r);
    a->copy = test_copy(a->p, a->len * sizeof(TT));
}

static void mat_free(mat *a)
{
    guard_free(a->p);
    free(a->copy);
}

/* Element (i, j) of a rows x cols matrix in layout with leading dimension ld. */
static size_t at(ompwg_layout layout, int64_t i, int64_t j, int64_t ld)
{
    return (size_t)(layout == OMPWG_COL_MAJOR ? i + j * ld : i * ld + j);
}

/* With device pointers A and B lie shift_a and shift_b elements into their
 * device buffers (a float one element in: 4-byte but not 8-byte aligned). */
static int call_transpose(bool device, ompwg_layout layout, int64_t rows, int64_t cols, mat *a,
                          mat *b, int shift_a, int shift_b)
{
    if (!device) return TRANSPOSE(layout, rows, cols, a->p, a->ld, b->p, b->ld);
    int dev = target_data_device(), host = omp_get_initial_device();
    size_t ab = a->len * sizeof(TT), bb = b->len * sizeof(TT);
    TT *da = target_alloc(ab + (size_t)shift_a * sizeof(TT) + 1, dev);
    TT *db = target_alloc(bb + (size_t)shift_b * sizeof(TT) + 1, dev);
    target_copy(da + shift_a, a->p, ab, dev, host);
    target_copy(db + shift_b, b->p, bb, dev, host);
    int st = TRANSPOSE_DEVICE(layout, rows, cols, da + shift_a, a->ld, db + shift_b, b->ld);
    target_copy(a->p, da + shift_a, ab, host, dev);
    target_copy(b->p, db + shift_b, bb, host, dev);
    target_free(da, dev);
    target_free(db, dev);
    return st;
}

/* One transpose: B must hold A^T bit for bit, its padding and A unchanged. */
static bool check(bool device, ompwg_layout layout, int64_t rows, int64_t cols,
                       int64_t pad_a, int64_t pad_b, int shift_a, int shift_b, test_rng *r,
                       char *msg, size_t len)
{
    mat a, b;
    mat_init(&a, layout, rows, cols, pad_a, r);
    mat_init(&b, layout, cols, rows, pad_b, r);
    int st = call_transpose(device, layout, rows, cols, &a, &b, shift_a, shift_b);
    bool pass = st == OMPWG_OK;
    if (!pass) snprintf(msg, len, "status %d (%s)", st, ompwg_strerror(st));
    const char *where = NULL;
    if (pass && (!guard_intact(a.p, &where) || !guard_intact(b.p, &where))) {
        snprintf(msg, len, "wrote %s a buffer", where);
        pass = false;
    }
    if (pass && test_first_difference(a.p, a.copy, a.len * sizeof(TT)) >= 0) {
        snprintf(msg, len, "changed A");
        pass = false;
    }
    for (int64_t i = 0; pass && i < rows; i++)
        for (int64_t j = 0; j < cols; j++)
            if (memcmp(&b.p[at(layout, j, i, b.ld)], &a.p[at(layout, i, j, a.ld)],
                       sizeof(TT)) != 0) {
                snprintf(msg, len, "B(%lld,%lld) = %.17g is not A(%lld,%lld) = %.17g",
                         (long long)j, (long long)i, (double)b.p[at(layout, j, i, b.ld)],
                         (long long)i, (long long)j, (double)a.p[at(layout, i, j, a.ld)]);
                pass = false;
                break;
            }
    for (size_t k = 0; pass && k < b.len; k++)
        if ((int64_t)(k % (size_t)b.ld) >= b.inner && memcmp(&b.p[k], &b.copy[k], sizeof(TT))) {
            snprintf(msg, len, "wrote B's padding at element %zu", k);
            pass = false;
        }
    mat_free(&a);
    mat_free(&b);
    return pass;
}

/* Sizes around the GPU's tiles (32 x 32 double, 64 x 64 float) and the
 * CPU's blocks in both positions, both layouts, padded leading dimensions,
 * the float GPU kernels' split between whole and partial tiles, and a few
 * long and thin shapes. */
void TN(grid_, )(const char *backend, bool device)
{
    static const int64_t sizes[] = { 1, 2, 3, 5, 7, 15, 16, 17, 31, 32, 33, 63, 64, 65,
                                     127, 128, 129, 257 };
    static const int64_t odd[][2] = { { 1000, 1003 }, { 3, 100000 }, { 100000, 3 },
                                      { 1, 70000 }, { 513, 257 } };
    /* The GPU's float transpose moves the whole 64 x 64 tiles as 8-byte
     * pairs where both leading dimensions are even and both pointers 8-byte
     * aligned, and the partial tiles below and right of them with bound
     * checks (host data goes to the device packed: even rows and columns
     * suffice). { rows, cols, pad_a, pad_b, shift_a, shift_b }: partial
     * tiles on both sides, on one side only (in either layout), none; an
     * odd lda or ldb; a device pointer one element into its buffer. */
    static const int64_t pair_cases[][6] = {
        { 130, 200, 2, 4, 0, 0 }, { 130, 128, 2, 0, 0, 0 }, { 192, 64, 2, 0, 0, 0 },
        { 64, 128, 0, 2, 0, 0 },  { 130, 200, 1, 4, 0, 0 }, { 130, 200, 2, 1, 0, 0 },
        { 130, 200, 2, 4, 1, 0 }, { 130, 200, 2, 4, 0, 1 },
    };
    const int ns = (int)(sizeof sizes / sizeof sizes[0]);
    test_rng r;
    test_rng_init(&r, 1200 + (uint64_t)sizeof(TT) + 7 * (uint64_t)device);
    group grp;
    group_init(&grp, NULL);
    for (int l = 0; l < 2; l++) {
        ompwg_layout layout = l ? OMPWG_ROW_MAJOR : OMPWG_COL_MAJOR;
        for (int i = 0; i < ns; i++)
            for (int k = 0; k < (device ? 3 : ns); k++) {
                int64_t rows = sizes[i], cols = sizes[(i * 5 + k * 7 + l) % ns];
                int64_t pad_a = (i + k) % 3 == 0 ? 3 : 0, pad_b = (i + 2 * k) % 2;
                char msg[256] = "", what[160];
                bool pass = check(device, layout, rows, cols, pad_a, pad_b, 0, 0, &r, msg,
                                       sizeof msg);
                snprintf(what, sizeof what, "%stranspose%s %s %lldx%lld lda+%lld ldb+%lld",
                         TT_PREFIX, device ? "_device" : "", l ? "row-major" : "col-major",
                         (long long)rows, (long long)cols, (long long)pad_a, (long long)pad_b);
                group_add(&grp, what, pass, msg, -1);
            }
        for (size_t i = 0; i < sizeof pair_cases / sizeof pair_cases[0]; i++) {
            const int64_t *e = pair_cases[i];
            /* host data ignores the shifts: those cases are device ones */
            if (!device && (e[4] || e[5])) continue;
            char msg[256] = "", what[160];
            bool pass = check(device, layout, e[0], e[1], e[2], e[3], (int)e[4], (int)e[5], &r,
                              msg, sizeof msg);
            snprintf(what, sizeof what,
                     "%stranspose%s %s %lldx%lld lda+%lld ldb+%lld a+%lld b+%lld", TT_PREFIX,
                     device ? "_device" : "", l ? "row-major" : "col-major", (long long)e[0],
                     (long long)e[1], (long long)e[2], (long long)e[3], (long long)e[4],
                     (long long)e[5]);
            group_add(&grp, what, pass, msg, -1);
        }
        for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
            char msg[256] = "", what[160];
            bool pass = check(device, layout, odd[i][0], odd[i][1], (int64_t)i % 2, 1, 0, 0,
                                   &r, msg, sizeof msg);
            snprintf(what, sizeof what, "%stranspose%s %s %lldx%lld", TT_PREFIX,
                     device ? "_device" : "", l ? "row-major" : "col-major",
                     (long long)odd[i][0], (long long)odd[i][1]);
            group_add(&grp, what, pass, msg, -1);
        }
    }
    group_report(&grp, "%s %stranspose%s: both layouts, sizes around every tile edge, padded "
                 "leading dimensions; exact, padding and A untouched", backend, TT_PREFIX,
                 device ? "_device (device pointers)" : "");
}

/* Every argument error gives its status and writes nothing. */
void TN(bad_args_, )(void)
{
    test_rng r;
    test_rng_init(&r, 1250);
    mat a, b;
    mat_init(&a, OMPWG_COL_MAJOR, 8, 8, 0, &r);
    mat_init(&b, OMPWG_COL_MAJOR, 8, 8, 0, &r);
    typedef struct bad {
        int layout;
        int64_t rows, cols, lda, ldb;
        int a_at, b_at; /* offsets into a.p (-1: NULL); b_at <= -2: into a.p at -2 - b_at */
        int want;
        const char *what;
    } bad;
    static const bad cases[] = {
        { 0, 3, 4, 3, 4, 0, 0, OMPWG_ERR_LAYOUT, "layout 0" },
        { 103, -1, 4, 0, 4, 0, 0, OMPWG_ERR_LAYOUT, "bad layout before negative rows, lda 0" },
        { OMPWG_COL_MAJOR, -1, 4, 3, 4, 0, 0, OMPWG_ERR_SIZE, "rows < 0" },
        { OMPWG_ROW_MAJOR, 3, -4, 0, 0, 0, 0, OMPWG_ERR_SIZE, "cols < 0 before lda 0" },
        { OMPWG_COL_MAJOR, 3, 4, 2, 4, 0, 0, OMPWG_ERR_LD, "col-major lda < rows" },
        { OMPWG_COL_MAJOR, 3, 4, 3, 3, 0, 0, OMPWG_ERR_LD, "col-major ldb < cols" },
        { OMPWG_ROW_MAJOR, 3, 4, 3, 3, 0, 0, OMPWG_ERR_LD, "row-major lda < cols" },
        { OMPWG_ROW_MAJOR, 3, 4, 4, 2, 0, 0, OMPWG_ERR_LD, "row-major ldb < rows" },
        { OMPWG_COL_MAJOR, 0, 0, 0, 1, 0, 0, OMPWG_ERR_LD, "lda 0 with an empty matrix" },
        { OMPWG_COL_MAJOR, 3, 4, 3, 4, -1, 0, OMPWG_ERR_NULL, "a = NULL" },
        { OMPWG_ROW_MAJOR, 3, 4, 4, 3, 0, -1, OMPWG_ERR_NULL, "b = NULL" },
        { OMPWG_COL_MAJOR, 3, 3, 3, 3, 0, -2, OMPWG_ERR_OVERLAP, "b = a (in place)" },
        { OMPWG_COL_MAJOR, 3, 4, 3, 4, 0, -2 - 11, OMPWG_ERR_OVERLAP, "b at a's last element" },
        { OMPWG_COL_MAJOR, 0, 4, 1, 4, -1, -1, OMPWG_OK, "rows = 0 with NULL pointers" },
        { OMPWG_ROW_MAJOR, 4, 0, 1, 4, -1, -1, OMPWG_OK, "cols = 0 with NULL pointers" },
    };
    group grp;
    group_init(&grp, NULL);
    for (int device = 0; device < 2; device++)
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            const bad *c = &cases[i];
            const TT *pa = c->a_at < 0 ? NULL : a.p + c->a_at;
            TT *pb = c->b_at == -1 ? NULL : c->b_at <= -2 ? a.p + (-2 - c->b_at) : b.p + c->b_at;
            int st = (device ? TRANSPOSE_DEVICE : TRANSPOSE)((ompwg_layout)c->layout, c->rows,
                                                             c->cols, pa, c->lda, pb, c->ldb);
            char msg[256] = "", what[200];
            void *const bufs[] = { a.p, b.p }, *const copies[] = { a.copy, b.copy };
            const size_t bytes[] = { a.len * sizeof(TT), b.len * sizeof(TT) };
            bool pass = guard_status_untouched(st, c->want, 2, bufs, copies, bytes, msg, sizeof msg);
            snprintf(what, sizeof what, "%stranspose%s(layout %d, %lldx%lld, lda %lld, ldb %lld): %s",
                     TT_PREFIX, device ? "_device" : "", c->layout, (long long)c->rows,
                     (long long)c->cols, (long long)c->lda, (long long)c->ldb, c->what);
            group_add(&grp, what, pass, msg, -1);
        }
    group_report(&grp, "%stranspose and %stranspose_device: layout, sizes, leading dimensions, "
                 "NULL and overlap give their status in the documented order; nothing written",
                 TT_PREFIX, TT_PREFIX);
    mat_free(&a);
    mat_free(&b);
}
