/* The register-tile kernel and the packing routines of the packed GEMM,
 * compiled once per precision and instruction set (isa.h). Written with the
 * compiler's generic vector types so that the same source becomes AVX-512,
 * AVX2 or SSE2 code through the flags alone. */
#include "prec.h"
#include "isa.h"

#include <string.h>

#include "kernel_tmpl.h"

typedef T vec __attribute__((vector_size(VEC_BYTES)));

#define VL ((int)(VEC_BYTES / sizeof(T)))
#define MR (MV * VL)
/* How many K steps ahead the kernel asks for its packed panels. */
#define PREFETCH_STEPS 8
#define LINE 64

/* memcpy is how C says "unaligned vector load/store" without breaking the
 * aliasing rules; it compiles to one instruction. */
static inline vec load(const T *p)
{
    vec v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline void store(T *p, vec v)
{
    memcpy(p, &v, sizeof v);
}

static void ukernel(int64_t kc, T alpha, const T *restrict a, const T *restrict b, T beta,
                    T *restrict c, int64_t ldc, int m, int n)
{
    /* C is touched only after the whole K loop: start its cache misses now so
     * that they overlap the arithmetic */
    for (int j = 0; j < n; j++) {
        const T *cj = c + j * ldc;
        for (int i = 0; i < m; i += LINE / (int)sizeof(T)) __builtin_prefetch(cj + i, 1, 3);
        __builtin_prefetch(cj + m - 1, 1, 3);
    }

    vec acc[NR][MV];
#pragma GCC unroll 32
    for (int j = 0; j < NR; j++)
#pragma GCC unroll 4
        for (int i = 0; i < MV; i++) acc[j][i] = (vec){ 0 };

#pragma GCC unroll 4
    for (int64_t p = 0; p < kc; p++) {
        /* the A panel streams from L2 and the B panel, the first time, from
         * L3: ask for both a few steps ahead (a row of B by its first and its
         * last value, which covers it as long as it fits two lines) */
#pragma GCC unroll 4
        for (int off = 0; off < MR; off += LINE / (int)sizeof(T))
            __builtin_prefetch(a + PREFETCH_STEPS * MR + off, 0, 3);
        __builtin_prefetch(b + PREFETCH_STEPS * NR, 0, 3);
        __builtin_prefetch(b + PREFETCH_STEPS * NR + NR - 1, 0, 3);
        vec av[MV];
#pragma GCC unroll 4
        for (int i = 0; i < MV; i++) av[i] = load(a + i * VL);
#pragma GCC unroll 32
        for (int j = 0; j < NR; j++) {
            T bj = b[j];
#pragma GCC unroll 4
            for (int i = 0; i < MV; i++) acc[j][i] += av[i] * bj;
        }
        a += MR;
        b += NR;
    }

    if (m == MR && n == NR) {
#pragma GCC unroll 32
        for (int j = 0; j < NR; j++) {
            T *cj = c + j * ldc;
#pragma GCC unroll 4
            for (int i = 0; i < MV; i++) {
                vec r = acc[j][i] * alpha;
                /* beta == 0 must not read C: a NaN there may not survive */
                if (beta != 0) r += load(cj + i * VL) * beta;
                store(cj + i * VL, r);
            }
        }
        return;
    }

    /* An edge tile: only the m x n corner exists in C. */
    T tile[NR * MR];
#pragma GCC unroll 32
    for (int j = 0; j < NR; j++)
#pragma GCC unroll 4
        for (int i = 0; i < MV; i++) store(tile + j * MR + i * VL, acc[j][i] * alpha);
    for (int j = 0; j < n; j++) {
        T *cj = c + j * ldc;
        const T *tj = tile + j * MR;
        if (beta == 0)
            for (int i = 0; i < m; i++) cj[i] = tj[i];
        else
            for (int i = 0; i < m; i++) cj[i] = tj[i] + beta * cj[i];
    }
}

static void pack_a(bool trans, int64_t m, int64_t kc, const T *a, int64_t lda, T *dst)
{
    for (int64_t i0 = 0; i0 < m; i0 += MR, dst += MR * kc) {
        int rows = m - i0 < MR ? (int)(m - i0) : MR;
        if (!trans) {
            const T *src = a + i0;
            if (rows == MR) {
                for (int64_t p = 0; p < kc; p++)
#pragma GCC unroll 4
                    for (int i = 0; i < MV; i++)
                        store(dst + p * MR + i * VL, load(src + p * lda + i * VL));
            } else {
                for (int64_t p = 0; p < kc; p++) {
                    T *d = dst + p * MR;
                    for (int i = 0; i < rows; i++) d[i] = src[p * lda + i];
                    for (int i = rows; i < MR; i++) d[i] = 0;
                }
            }
        } else {
            /* op(A)(i, p) = A(p, i): row i of op(A) is contiguous in memory */
            for (int i = 0; i < rows; i++) {
                const T *src = a + (i0 + i) * lda;
                for (int64_t p = 0; p < kc; p++) dst[p * MR + i] = src[p];
            }
            for (int i = rows; i < MR; i++)
                for (int64_t p = 0; p < kc; p++) dst[p * MR + i] = 0;
        }
    }
}

static void pack_b(bool trans, int64_t kc, int64_t n, const T *b, int64_t ldb, T *dst)
{
    for (int64_t j0 = 0; j0 < n; j0 += NR, dst += NR * kc) {
        int cols = n - j0 < NR ? (int)(n - j0) : NR;
        if (!trans) {
            for (int j = 0; j < cols; j++) {
                const T *src = b + (j0 + j) * ldb;
                for (int64_t p = 0; p < kc; p++) dst[p * NR + j] = src[p];
            }
        } else {
            /* op(B)(p, j) = B(j, p): NR values of one row of op(B) lie together */
            for (int64_t p = 0; p < kc; p++) {
                const T *src = b + j0 + p * ldb;
                T *d = dst + p * NR;
                for (int j = 0; j < cols; j++) d[j] = src[j];
            }
        }
        for (int j = cols; j < NR; j++)
            for (int64_t p = 0; p < kc; p++) dst[p * NR + j] = 0;
    }
}

const TN(ompwg_cpu_, kernel) KERNEL = {
    .name = ISA_NAME,
    .blocks = { .mr = MR, .nr = NR, .mc = MC, .kc = KC, .nc = NC },
    .ukernel = ukernel,
    .pack_a = pack_a,
    .pack_b = pack_b,
    .lanes = &LANES_FNS,
    .tri = &TRI_FNS,
};
