/* What the LAPACK tests of one precision share (lapack_tmpl.c, qr_tmpl.c;
 * Meson compiles each once per precision, OMPWG_TEST_PREC_S or _D): TT the
 * type, TF(name) a file's extern function for it, LA(name) the API
 * function; matrices with padding rows and guard bands, their device copies
 * between margins, and the checks every routine's test makes. */
#ifndef OMPWG_TEST_LAPACK_MAT_H
#define OMPWG_TEST_LAPACK_MAT_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "ompwg.h"
#include "tap.h"
#include "walk.h"

#if defined(OMPWG_TEST_PREC_S) && !defined(OMPWG_TEST_PREC_D)
#define TT float
#define TF(name) name##s
#define TT_PREFIX "s"
#define TT_EPS 0x1.0p-24
#define TT_DOUBLE 0
#define LA(name) ompwg_s##name
#elif defined(OMPWG_TEST_PREC_D) && !defined(OMPWG_TEST_PREC_S)
#define TT double
#define TF(name) name##d
#define TT_PREFIX "d"
#define TT_EPS 0x1.0p-53
#define TT_DOUBLE 1
#define LA(name) ompwg_d##name
#else
#error "define exactly one of OMPWG_TEST_PREC_S and OMPWG_TEST_PREC_D"
#endif

/* LAPACK's testers' threshold for their ratios. */
#define LIMIT 30.0

/* ---- matrices ------------------------------------------------------------ */

/* rows x cols, column-major, leading dimension ld; orig: the input. */
typedef struct mat {
    int64_t rows, cols, ld;
    size_t len;
    TT *p, *orig;
} mat;

static inline size_t span(int64_t rows, int64_t cols, int64_t ld)
{
    return rows > 0 && cols > 0 ? (size_t)(ld * (cols - 1) + rows) : 0;
}

static inline TT uniform(test_rng *r)
{
    return (TT)test_uniform(r);
}

/* Random entries in [-1, 1), padding included. */
static inline void mat_init(mat *a, int64_t rows, int64_t cols, int64_t ld, test_rng *r)
{
    a->rows = rows;
    a->cols = cols;
    a->ld = ld;
    a->len = span(rows, cols, ld);
    a->p = guard_alloc(a->len * sizeof(TT));
    for (size_t i = 0; i < a->len; i++) a->p[i] = uniform(r);
    a->orig = test_copy(a->p, a->len * sizeof(TT));
}

/* orig := p (after the test changed the input). */
static inline void mat_snapshot(mat *a)
{
    memcpy(a->orig, a->p, a->len * sizeof(TT));
}

static inline void mat_free(mat *a)
{
    guard_free(a->p);
    free(a->orig);
    a->p = a->orig = NULL;
}

#define AT(a, i, j) ((a)->p[(size_t)(i) + (size_t)(j) * (size_t)(a)->ld])
#define ORIG(a, i, j) ((a)->orig[(size_t)(i) + (size_t)(j) * (size_t)(a)->ld])

/* ---- device copies ------------------------------------------------------- */

/* Elements either side of a device copy that the call may not write. */
#define DG 64

static inline TT margin_value(size_t i)
{
    return (TT)(-1000.0 - (double)(i % 97));
}

/* Whether the device copies' margins were kept since margins_reset(), and
 * if not, which. */
static bool margins_kept = true;
static char margins_msg[128];

static inline void margins_reset(void)
{
    margins_kept = true;
    margins_msg[0] = '\0';
}

/* A's address for the call: a->p, or with device a copy in a buffer from
 * ompwg_device_alloc() between margins. */
static inline TT *stage_in(const mat *a, bool device)
{
    if (!a) return NULL;
    if (!device) return a->p;
    const size_t n = a->len + 2 * DG;
    TT *h = test_malloc(n * sizeof(TT));
    for (size_t i = 0; i < DG; i++) {
        h[i] = margin_value(i);
        h[DG + a->len + i] = margin_value(DG + i);
    }
    memcpy(h + DG, a->p, a->len * sizeof(TT));
    void *d = NULL;
    int st = ompwg_device_alloc(n * sizeof(TT), &d);
    if (st != OMPWG_OK) tap_bail("ompwg_device_alloc(%zu): status %d (%s)", n * sizeof(TT), st,
                                 ompwg_strerror(st));
    st = ompwg_device_copy(d, h, n * sizeof(TT), OMPWG_HOST_TO_DEVICE);
    if (st != OMPWG_OK) tap_bail("ompwg_device_copy to the device: status %d", st);
    free(h);
    return (TT *)d + DG;
}

/* With device: the copy d back over a->p, its margins checked, freed. */
static inline void stage_out(mat *a, TT *d, bool device, const char *name)
{
    if (!a || !device) return;
    const size_t n = a->len + 2 * DG;
    TT *h = test_malloc(n * sizeof(TT));
    int st = ompwg_device_copy(h, d - DG, n * sizeof(TT), OMPWG_DEVICE_TO_HOST);
    if (st != OMPWG_OK) tap_bail("ompwg_device_copy to the host: status %d", st);
    for (size_t i = 0; i < 2 * DG && margins_kept; i++) {
        const size_t at = i < DG ? i : a->len + i;
        const TT want = margin_value(i);
        if (memcmp(&h[at], &want, sizeof(TT)) != 0) {
            margins_kept = false;
            snprintf(margins_msg, sizeof margins_msg, "wrote the device copy of %s %s it", name,
                     i < DG ? "before" : "after");
        }
    }
    memcpy(a->p, h + DG, a->len * sizeof(TT));
    free(h);
    ompwg_device_free(d - DG);
}

/* ---- checks -------------------------------------------------------------- */

static inline bool status_ok(int st, char *msg, size_t len)
{
    if (st == OMPWG_OK) return true;
    snprintf(msg, len, "status %d (%s)", st, ompwg_strerror(st));
    return false;
}

static inline bool info_is(int64_t info, int64_t want, char *msg, size_t len)
{
    if (info == want) return true;
    snprintf(msg, len, "info %lld, want %lld", (long long)info, (long long)want);
    return false;
}

/* The guard bands of A (and B, ipiv where not NULL) and the device copies'
 * margins kept. */
static inline bool outside_kept(const mat *a, const mat *b, const int64_t *ipiv, char *msg, size_t len)
{
    if (!margins_kept) {
        snprintf(msg, len, "%s", margins_msg);
        return false;
    }
    return guard_canaries_kept(a->p, "A", msg, len) &&
           (!b || guard_canaries_kept(b->p, "B", msg, len)) &&
           (!ipiv || guard_canaries_kept(ipiv, "ipiv", msg, len));
}

/* Rows rows..ld - 1 of every column but the last bit for bit as before. */
static inline bool padding_kept(const mat *a, const char *name, char *msg, size_t len)
{
    if (a->len == 0) return true;
    for (int64_t j = 0; j + 1 < a->cols; j++)
        for (int64_t i = a->rows; i < a->ld; i++)
            if (memcmp(&AT(a, i, j), &ORIG(a, i, j), sizeof(TT)) != 0) {
                snprintf(msg, len, "wrote %s's padding at (%lld, %lld)", name, (long long)i,
                         (long long)j);
                return false;
            }
    return true;
}

static inline bool unchanged(const mat *a, const char *name, char *msg, size_t len)
{
    long long d = test_first_difference(a->p, a->orig, a->len * sizeof(TT));
    if (d < 0) return true;
    size_t e = (size_t)d / sizeof(TT);
    snprintf(msg, len, "wrote %s at (%zu, %zu)", name, e % (size_t)a->ld, e / (size_t)a->ld);
    return false;
}

/* ||A||_1 (trans false) or ||A^T||_1 = ||A||_inf of the input. */
static inline double orig_norm(const mat *a, bool trans)
{
    double best = 0;
    if (!trans) {
        for (int64_t j = 0; j < a->cols; j++) {
            double s = 0;
            for (int64_t i = 0; i < a->rows; i++) s += fabs((double)ORIG(a, i, j));
            if (s > best) best = s;
        }
        return best;
    }
    for (int64_t i = 0; i < a->rows; i++) {
        double s = 0;
        for (int64_t j = 0; j < a->cols; j++) s += fabs((double)ORIG(a, i, j));
        if (s > best) best = s;
    }
    return best;
}

static inline double ratio_of(double err, double norm, double n)
{
    if (err == 0) return 0;
    return err / (norm * n * TT_EPS);
}

static inline bool below_limit(double ratio, const char *what, char *msg, size_t len)
{
    if (ratio < LIMIT) return true;
    snprintf(msg, len, "%s %.3g, not below %.0f", what, ratio, LIMIT);
    return false;
}

static inline const char *form(bool device)
{
    return device ? "_device" : "";
}

#endif
