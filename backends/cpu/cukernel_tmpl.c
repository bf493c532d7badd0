/* The complex register-tile kernel and its packing routines, compiled once
 * per complex precision and instruction set, with the same generic vector
 * types as ukernel_tmpl.c. Each K step multiplies MR complex values of A by
 * NR of B as four real multiply-adds on split real and imaginary parts:
 *   cr += ar * br - ai * bi,   ci += ar * bi + ai * br,
 * each accumulator one complex element of the product (not four real
 * products summed apart, which would round differently). */
#include "prec.h"

#include <string.h>

#include "ckernel_tmpl.h"

/* VEC_BYTES: the vector width; NR columns; one vector of real parts and one
 * of imaginary parts per column (MR = VEC_BYTES / sizeof(TR)), so 2 * NR
 * accumulators, two loads of A and two broadcasts of B fit the register
 * file. Blocks in bytes as the real kernels' (isa.h): MC x KC of A in L2,
 * KC x NR of B in L1, KC x NC of B in L3. */
#if defined(OMPWG_CPU_ISA_AVX512)
#define ISA_NAME "avx512"
#define VEC_BYTES 64
#define NR 12
#define KC 128
#define NC 3072
#define KERNEL TN(ompwg_cpu_, kernel_avx512)
#elif defined(OMPWG_CPU_ISA_AVX2)
#define ISA_NAME "avx2"
#define VEC_BYTES 32
#define NR 6
#define KC 128
#define NC 4080
#define KERNEL TN(ompwg_cpu_, kernel_avx2)
#elif defined(OMPWG_CPU_ISA_GENERIC)
#define ISA_NAME "generic"
#define VEC_BYTES 16
#define NR 4
#define KC 128
#define NC 4096
#define KERNEL TN(ompwg_cpu_, kernel_generic)
#else
#error "define one of OMPWG_CPU_ISA_AVX512, OMPWG_CPU_ISA_AVX2, OMPWG_CPU_ISA_GENERIC"
#endif

typedef TR vec __attribute__((vector_size(VEC_BYTES)));

#define MR ((int)(VEC_BYTES / sizeof(TR)))
/* an A block of about 240 KiB (float) or 480 KiB (double), whole panels */
#define MC (MR * (int)((T_IS_DOUBLE ? 491520 : 245760) / (2 * (int)sizeof(TR) * KC * MR)))
#define PREFETCH_STEPS 8

static inline vec load(const TR *p)
{
    vec v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline void store(TR *p, vec v)
{
    memcpy(p, &v, sizeof v);
}

/* Column cj (m elements) := alpha * (re, im) + beta * cj, the beta rules of
 * ckernel_tmpl.h; one loop per rule, so that each vectorises. */
static inline void finish(T *restrict cj, const TR *restrict re, const TR *restrict im, int m,
                          T alpha, T beta)
{
    const TR ar = alpha.re, ai = alpha.im, br = beta.re, bi = beta.im;
    if (br == 0 && bi == 0) {
        for (int i = 0; i < m; i++) {
            cj[i].re = ar * re[i] - ai * im[i];
            cj[i].im = ar * im[i] + ai * re[i];
        }
    } else if (br == 1 && bi == 0) {
        for (int i = 0; i < m; i++) {
            cj[i].re += ar * re[i] - ai * im[i];
            cj[i].im += ar * im[i] + ai * re[i];
        }
    } else {
        for (int i = 0; i < m; i++) {
            const TR cr = cj[i].re, ci = cj[i].im;
            cj[i].re = (ar * re[i] - ai * im[i]) + (br * cr - bi * ci);
            cj[i].im = (ar * im[i] + ai * re[i]) + (br * ci + bi * cr);
        }
    }
}

static void ukernel(int64_t kc, T alpha, const TR *restrict a, const TR *restrict b, T beta,
                    T *restrict c, int64_t ldc, int m, int n)
{
    for (int j = 0; j < n; j++) {
        __builtin_prefetch(c + j * ldc, 1, 3);
        __builtin_prefetch(c + j * ldc + m - 1, 1, 3);
    }
    vec cr[NR], ci[NR];
#pragma GCC unroll 32
    for (int j = 0; j < NR; j++) cr[j] = ci[j] = (vec){ 0 };

#pragma GCC unroll 2
    for (int64_t p = 0; p < kc; p++) {
        __builtin_prefetch(a + PREFETCH_STEPS * 2 * MR, 0, 3);
        __builtin_prefetch(b + PREFETCH_STEPS * 2 * NR, 0, 3);
        vec ar = load(a), ai = load(a + MR);
#pragma GCC unroll 32
        for (int j = 0; j < NR; j++) {
            TR br = b[j], bi = b[NR + j];
            cr[j] += ar * br;
            ci[j] += ar * bi;
            cr[j] -= ai * bi;
            ci[j] += ai * br;
        }
        a += 2 * MR;
        b += 2 * NR;
    }

    TR tr[NR * MR], ti[NR * MR];
#pragma GCC unroll 32
    for (int j = 0; j < NR; j++) {
        store(tr + j * MR, cr[j]);
        store(ti + j * MR, ci[j]);
    }
    for (int j = 0; j < n; j++) finish(c + j * ldc, tr + j * MR, ti + j * MR, m, alpha, beta);
}

/* Packs a len x kc block (len across a panel, kc along K) into panels of
 * width w, real parts then imaginary parts per K step: element (i, p) at
 * dst[p * 2 * w + i] and dst[p * 2 * w + w + i], read from src[i + p * ld]
 * (w values of one K step lie together) or src[p + i * ld], its imaginary
 * part times sign; the panel's entries past len zeroed. */
static void pack_panels(bool across_contiguous, TR sign, int64_t len, int64_t kc, const T *src,
                        int64_t ld, int w, TR *dst)
{
    for (int64_t i0 = 0; i0 < len; i0 += w, dst += 2 * w * kc) {
        int width = len - i0 < w ? (int)(len - i0) : w;
        if (across_contiguous) {
            for (int64_t p = 0; p < kc; p++) {
                const T *col = src + i0 + p * ld;
                TR *d = dst + p * 2 * w;
                for (int i = 0; i < width; i++) {
                    d[i] = col[i].re;
                    d[w + i] = sign * col[i].im;
                }
            }
        } else {
            for (int i = 0; i < width; i++) {
                const T *row = src + (i0 + i) * ld;
                for (int64_t p = 0; p < kc; p++) {
                    dst[p * 2 * w + i] = row[p].re;
                    dst[p * 2 * w + w + i] = sign * row[p].im;
                }
            }
        }
        for (int i = width; i < w; i++)
            for (int64_t p = 0; p < kc; p++) dst[p * 2 * w + i] = dst[p * 2 * w + w + i] = 0;
    }
}

/* op(A) = A^T when trans, A^H when also conj: row i of op(A) is column i
 * of A. */
static void pack_a(bool trans, bool conj, int64_t m, int64_t kc, const T *a, int64_t lda,
                   TR *dst)
{
    pack_panels(!trans, trans && conj ? -1 : 1, m, kc, a, lda, MR, dst);
}

/* op(B)(p, j) = B(j, p) when trans: NR values of one row of op(B) lie
 * together. */
static void pack_b(bool trans, bool conj, int64_t kc, int64_t n, const T *b, int64_t ldb,
                   TR *dst)
{
    pack_panels(trans, trans && conj ? -1 : 1, n, kc, b, ldb, NR, dst);
}

const TN(ompwg_cpu_, kernel) KERNEL = {
    .name = ISA_NAME,
    .blocks = { .mr = MR, .nr = NR, .mc = MC, .kc = KC, .nc = NC },
    .ukernel = ukernel,
    .pack_a = pack_a,
    .pack_b = pack_b,
};
