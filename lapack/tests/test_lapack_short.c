/* The drop-in LAPACK's short calls (lapack_tmpl.c, docs/drop-in.md#short-calls):
 * every routine ompwg runs (GETRF, GETRS, GESV, POTRF, POTRS, POSV, GEQRF,
 * ORMQR, GELS; s and d), called by name as a program linked with
 * -lompwg_lapack calls it, at every order from 0 to 33 (the bound is 32), on
 * the same input with short calls on and off (ompwg_set_short_calls): the
 * outputs (A, B, pivots, tau, info) bit for bit the same, and an invalid
 * argument the same xerbla_ report either way. Where short calls are not in
 * effect (a usable GPU, another backend) both runs take the planner's path
 * and the comparison still holds. TAP on stdout. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ompwg.h"

#define MAXN 33
#define NRHS 3
#define LW (64 * MAXN)

/* xerbla_'s last report, where this program's own takes the calls */
static char xname[8];
static int xpos;
void xerbla_(const char *name, const int *info, size_t len);
void xerbla_(const char *name, const int *info, size_t len)
{
    snprintf(xname, sizeof xname, "%.*s", (int)(len < 6 ? len : 6), name);
    xpos = *info;
}

static int count, failures;

static void ok(int pass, const char *what)
{
    count++;
    if (!pass) failures++;
    printf("%s %d - %s\n", pass ? "ok" : "not ok", count, what);
}

static unsigned state = 12345;
static double entry(void)
{
    state = state * 1664525u + 1013904223u;
    return (double)(state >> 8) / (double)(1u << 23) - 1.0;
}

/* One precision's routines, prototypes and checks, for T and prefix P. */
#define SHORT_TESTS(T, P)                                                                        \
    void P##getrf_(const int *, const int *, T *, const int *, int *, int *);                    \
    void P##getrs_(const char *, const int *, const int *, const T *, const int *, const int *,  \
                   T *, const int *, int *, size_t);                                              \
    void P##gesv_(const int *, const int *, T *, const int *, int *, T *, const int *, int *);    \
    void P##potrf_(const char *, const int *, T *, const int *, int *, size_t);                  \
    void P##potrs_(const char *, const int *, const int *, const T *, const int *, T *,           \
                   const int *, int *, size_t);                                                   \
    void P##posv_(const char *, const int *, const int *, T *, const int *, T *, const int *,    \
                  int *, size_t);                                                                 \
    void P##geqrf_(const int *, const int *, T *, const int *, T *, T *, const int *, int *);    \
    void P##ormqr_(const char *, const char *, const int *, const int *, const int *, const T *,  \
                   const int *, const T *, T *, const int *, T *, const int *, int *, size_t,    \
                   size_t);                                                                       \
    void P##gels_(const char *, const int *, const int *, const int *, T *, const int *, T *,    \
                  const int *, T *, const int *, int *, size_t);                                  \
                                                                                                 \
    /* All routines at order n (A n x n, lda n + 1, B n x NRHS; A made            \
     * diagonally dominant and symmetric so that POTRF succeeds), outputs into   \
     * out (A, B, tau, then pivots and infos as T). */                            \
    static size_t P##run_all(int n, T *out)                                                      \
    {                                                                                            \
        const int lda = n + 1, ldb = n + 1, nrhs = NRHS, lw = LW;                               \
        T a0[(MAXN + 1) * MAXN], b0[(MAXN + 1) * NRHS], a[(MAXN + 1) * MAXN],                   \
            b[(MAXN + 1) * NRHS], tau[MAXN], work[LW];                                            \
        int ipiv[MAXN], info;                                                                     \
        size_t o = 0;                                                                            \
        unsigned keep = state;                                                                   \
        for (int j = 0; j < n; j++)                                                              \
            for (int i = 0; i <= j; i++)                                                         \
                a0[i + j * lda] = a0[j + i * lda] = (T)(i == j ? n + 2 : entry());               \
        for (int i = 0; i < ldb * NRHS; i++) b0[i] = (T)entry();                                 \
        state = keep;                                                                            \
        memcpy(a, a0, sizeof a0);                                                                \
        P##getrf_(&n, &n, a, &lda, ipiv, &info);                                                 \
        memcpy(out + o, a, sizeof(T) * (size_t)lda * n); o += (size_t)lda * n;                  \
        for (int i = 0; i < n; i++) out[o++] = (T)ipiv[i];                                       \
        out[o++] = (T)info;                                                                      \
        memcpy(b, b0, sizeof b0);                                                                \
        P##getrs_("T", &n, &nrhs, a, &lda, ipiv, b, &ldb, &info, 1);                             \
        memcpy(out + o, b, sizeof(T) * (size_t)ldb * NRHS); o += (size_t)ldb * NRHS;            \
        out[o++] = (T)info;                                                                      \
        memcpy(a, a0, sizeof a0); memcpy(b, b0, sizeof b0);                                      \
        P##gesv_(&n, &nrhs, a, &lda, ipiv, b, &ldb, &info);                                      \
        memcpy(out + o, b, sizeof(T) * (size_t)ldb * NRHS); o += (size_t)ldb * NRHS;            \
        out[o++] = (T)info;                                                                      \
        memcpy(a, a0, sizeof a0);                                                                \
        P##potrf_("U", &n, a, &lda, &info, 1);                                                   \
        memcpy(out + o, a, sizeof(T) * (size_t)lda * n); o += (size_t)lda * n;                  \
        out[o++] = (T)info;                                                                      \
        memcpy(b, b0, sizeof b0);                                                                \
        P##potrs_("U", &n, &nrhs, a, &lda, b, &ldb, &info, 1);                                   \
        memcpy(out + o, b, sizeof(T) * (size_t)ldb * NRHS); o += (size_t)ldb * NRHS;            \
        memcpy(a, a0, sizeof a0); memcpy(b, b0, sizeof b0);                                      \
        P##posv_("L", &n, &nrhs, a, &lda, b, &ldb, &info, 1);                                    \
        memcpy(out + o, b, sizeof(T) * (size_t)ldb * NRHS); o += (size_t)ldb * NRHS;            \
        out[o++] = (T)info;                                                                      \
        memcpy(a, a0, sizeof a0);                                                                \
        P##geqrf_(&n, &n, a, &lda, tau, work, &lw, &info);                                       \
        memcpy(out + o, a, sizeof(T) * (size_t)lda * n); o += (size_t)lda * n;                  \
        memcpy(out + o, tau, sizeof(T) * (size_t)n); o += (size_t)n;                             \
        memcpy(b, b0, sizeof b0);                                                                \
        P##ormqr_("L", "T", &n, &nrhs, &n, a, &lda, tau, b, &ldb, work, &lw, &info, 1, 1);       \
        memcpy(out + o, b, sizeof(T) * (size_t)ldb * NRHS); o += (size_t)ldb * NRHS;            \
        out[o++] = (T)info;                                                                      \
        memcpy(a, a0, sizeof a0); memcpy(b, b0, sizeof b0);                                      \
        P##gels_("N", &n, &n, &nrhs, a, &lda, b, &ldb, work, &lw, &info, 1);                     \
        memcpy(out + o, b, sizeof(T) * (size_t)ldb * NRHS); o += (size_t)ldb * NRHS;            \
        out[o++] = (T)info;                                                                      \
        return o;                                                                                \
    }                                                                                            \
                                                                                                 \
    static void P##check(void)                                                                   \
    {                                                                                            \
        static T on[8 * (MAXN + 1) * (MAXN + NRHS + 4)], off[8 * (MAXN + 1) * (MAXN + NRHS + 4)]; \
        int differ = -1;                                                                         \
        for (int n = 0; n <= MAXN && differ < 0; n++) {                                          \
            ompwg_set_short_calls(1);                                                            \
            const size_t a = P##run_all(n, on);                                                  \
            ompwg_set_short_calls(0);                                                            \
            const size_t b = P##run_all(n, off);                                                 \
            if (a != b || memcmp(on, off, a * sizeof(T)) != 0) differ = n;                       \
        }                                                                                        \
        ompwg_set_short_calls(-1);                                                               \
        char what[160];                                                                          \
        snprintf(what, sizeof what,                                                              \
                 #P "getrf/getrs/gesv/potrf/potrs/posv/geqrf/ormqr/gels, n = 0..%d: short calls "  \
                 "on and off give the same outputs bit for bit%s",                                \
                 MAXN, differ >= 0 ? " (they differ)" : "");                                    \
        ok(differ < 0, what);                                                                    \
        /* an invalid lda: the same report either way */                                       \
        const int n = 4, bad = 3, nrhs = 1;                                                      \
        T a[16] = { 0 }, b[4] = { 0 };                                                           \
        int ipiv[4], info_on = 0, info_off = 0, pos_on, pos_off;                                 \
        ompwg_set_short_calls(1);                                                                \
        xpos = 0;                                                                                \
        P##gesv_(&n, &nrhs, a, &bad, ipiv, b, &n, &info_on);                                     \
        pos_on = xpos;                                                                           \
        ompwg_set_short_calls(0);                                                                \
        xpos = 0;                                                                                \
        P##gesv_(&n, &nrhs, a, &bad, ipiv, b, &n, &info_off);                                    \
        pos_off = xpos;                                                                          \
        ompwg_set_short_calls(-1);                                                               \
        snprintf(what, sizeof what,                                                              \
                 #P "gesv_ with lda < n: info %d and xerbla_ position %d with short calls on, "   \
                 "%d and %d off (want -4, 4)", info_on, pos_on, info_off, pos_off);               \
        ok(info_on == -4 && pos_on == 4 && info_off == -4 && pos_off == 4, what);                \
    }

SHORT_TESTS(double, d)
SHORT_TESTS(float, s)

int main(void)
{
    dcheck();
    scheck();
    printf("1..%d\n", count);
    return failures != 0;
}
