/* GEMMs of thin shapes, 1 x 1 x k with k = 2^22 and 2^24, m x 1 x k, 1 x n x k,
 * on the backend the environment selects (meson runs it on the GPU
 * backend in host fallback: OMPWG_BACKEND=gpu, OMP_TARGET_OFFLOAD=DISABLED,
 * with `gpu` as its argument, which it checks),
 * in every transposition, against a sum in a wider type. Their cost must
 * follow their flops: the meson timeout is the guard, no time is measured
 * here. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ompwg.h"
#include "tap.h"

static const char *trans_name(ompwg_trans t)
{
    return t == OMPWG_NO_TRANS ? "N" : "T";
}

/* One checked call per precision: T the type, W the reference's wider
 * type, U its unit roundoff, GEMM the entry point, RAND its generator. */
#define THIN_CASE(name, T, W, U, GEMM, RAND)                                                     \
    static void name(test_rng *r, ompwg_trans ta, ompwg_trans tb, int64_t m, int64_t n,           \
                     int64_t k, T beta)                                                           \
    {                                                                                            \
        const int64_t lda = ta == OMPWG_NO_TRANS ? m : k, ldb = tb == OMPWG_NO_TRANS ? k : n;     \
        const int64_t ldc = m;                                                                   \
        const size_t na = (size_t)(m * k), nb = (size_t)(k * n), nc = (size_t)(m * n);           \
        T *a = malloc(na * sizeof(T)), *b = malloc(nb * sizeof(T)), *c = malloc(nc * sizeof(T)); \
        T *c0 = malloc(nc * sizeof(T));                                                          \
        if (!a || !b || !c || !c0) tap_bail("out of memory");                                    \
        for (size_t i = 0; i < na; i++) a[i] = RAND(r);                                          \
        for (size_t i = 0; i < nb; i++) b[i] = RAND(r);                                          \
        /* beta == 0 never reads C: NaN there must not come through */                          \
        for (size_t i = 0; i < nc; i++) c0[i] = beta == 0 ? (T)NAN : RAND(r);                     \
        memcpy(c, c0, nc * sizeof(T));                                                           \
        const T alpha = (T)1.5;                                                                  \
        const int st = GEMM(OMPWG_COL_MAJOR, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc); \
        int64_t bad = 0, first = -1;                                                             \
        for (int64_t j = 0; j < n && st == OMPWG_OK; j++)                                        \
            for (int64_t i = 0; i < m; i++) {                                                    \
                W sum = 0, mag = 0;                                                              \
                for (int64_t p = 0; p < k; p++) {                                                \
                    const W x = ta == OMPWG_NO_TRANS ? a[i + p * lda] : a[p + i * lda];           \
                    const W y = tb == OMPWG_NO_TRANS ? b[p + j * ldb] : b[j + p * ldb];           \
                    sum += x * y;                                                                \
                    mag += fabsl((long double)(x * y));                                          \
                }                                                                                \
                W want = (W)alpha * sum, bound = (W)fabsl((long double)alpha) * mag;             \
                if (beta != 0) {                                                                 \
                    want += (W)beta * c0[i + j * ldc];                                           \
                    bound += (W)fabsl((long double)(beta * c0[i + j * ldc]));                    \
                }                                                                                \
                const W got = c[i + j * ldc];                                                    \
                if (!(fabsl((long double)(got - want)) <= 16 * (W)(k + 2) * (W)(U) * bound)) {   \
                    if (first < 0) first = i + j * ldc;                                          \
                    bad++;                                                                       \
                }                                                                                \
            }                                                                                    \
        if (!tap_ok(st == OMPWG_OK && bad == 0, "%s %s%s %lld x %lld x %lld, beta %g", #GEMM,   \
                    trans_name(ta), trans_name(tb), (long long)m, (long long)n, (long long)k,    \
                    (double)beta)) {                                                             \
            if (st != OMPWG_OK)                                                                  \
                tap_diag("status %d (%s)", st, ompwg_strerror(st));                              \
            else                                                                                 \
                tap_diag("%lld elements past the bound, the first C[%lld] = %g",                 \
                         (long long)bad, (long long)first, (double)c[first]);                    \
        }                                                                                        \
        free(a);                                                                                 \
        free(b);                                                                                 \
        free(c);                                                                                 \
        free(c0);                                                                                \
    }

THIN_CASE(check_s, float, double, 0x1p-24, ompwg_sgemm, test_uniformf)
THIN_CASE(check_d, double, long double, 0x1p-53, ompwg_dgemm, test_uniform)

/* argv[1], where given: the backend the calls must go to */
int main(int argc, char **argv)
{
    tap_init("thin_gemm");
    const char *backend = ompwg_get_backend();
    if (argc > 1 && !tap_ok(strcmp(backend, argv[1]) == 0, "the calls go to %s", argv[1]))
        tap_diag("they go to %s", backend);
    const ompwg_trans ts[2] = { OMPWG_NO_TRANS, OMPWG_TRANS };
    test_rng r;
    test_rng_init(&r, 1);
    const int64_t long_k = (int64_t)1 << 22;
    for (int x = 0; x < 2; x++)
        for (int y = 0; y < 2; y++) {
            check_s(&r, ts[x], ts[y], 1, 1, long_k, x == y ? 0.0f : 0.5f);
            check_d(&r, ts[x], ts[y], 1, 1, long_k, x == y ? 0.5 : 0.0);
        }
    /* longer still, where a cost that followed the tiles' area would pass the timeout */
    check_s(&r, OMPWG_NO_TRANS, OMPWG_NO_TRANS, 1, 1, (int64_t)1 << 24, 0.5f);
    check_d(&r, OMPWG_TRANS, OMPWG_TRANS, 1, 1, (int64_t)1 << 24, 0.5);
    /* a column of C, a row of C, and a few columns */
    const int64_t shapes[][3] = { { 3000, 1, 3000 }, { 1, 3000, 3000 }, { 1025, 3, 2049 } };
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
        for (int x = 0; x < 2; x++)
            for (int y = 0; y < 2; y++) {
                const int64_t *d = shapes[s];
                check_s(&r, ts[x], ts[y], d[0], d[1], d[2], x == y ? 0.5f : 0.0f);
                check_d(&r, ts[x], ts[y], d[0], d[1], d[2], x == y ? 0.0 : 0.5);
            }
    return tap_done();
}
