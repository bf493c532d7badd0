/* The per-precision face of a complex CPU kernel variant, included after
 * prec.h with OMPWG_PREC_C or OMPWG_PREC_Z. The packed panels keep real and
 * imaginary parts apart (each K step: MR real parts, then MR imaginary
 * parts), so that the register tile is four real multiply-adds per complex
 * one on whole vectors, with no shuffles. */
#include <stdbool.h>
#include <stdint.h>

#include "kernel.h"

/* C := alpha * A * B + beta * C for one register tile: A an MR x kc packed
 * panel, B a kc x NR packed panel, C the m x n corner (m <= MR, n <= NR) at
 * c. beta == 0: C is not read; beta == 1: C is not scaled. */
typedef void (*TN(ompwg_cpu_, ukernel_fn))(int64_t kc, T alpha, const TR *a, const TR *b,
                                           T beta, T *c, int64_t ldc, int m, int n);

/* Packs the m x kc block of op(A) at a (op(A) = A^T when trans, A^H when
 * also conj) into MR-row panels, rows past m zeroed. */
typedef void (*TN(ompwg_cpu_, pack_a_fn))(bool trans, bool conj, int64_t m, int64_t kc,
                                          const T *a, int64_t lda, TR *dst);

/* Packs the kc x n block of op(B) at b into NR-column panels, columns past
 * n zeroed. */
typedef void (*TN(ompwg_cpu_, pack_b_fn))(bool trans, bool conj, int64_t kc, int64_t n,
                                          const T *b, int64_t ldb, TR *dst);

typedef struct TN(ompwg_cpu_, kernel) {
    const char *name;
    ompwg_cpu_blocks blocks;
    TN(ompwg_cpu_, ukernel_fn) ukernel;
    TN(ompwg_cpu_, pack_a_fn) pack_a;
    TN(ompwg_cpu_, pack_b_fn) pack_b;
} TN(ompwg_cpu_, kernel);

extern const TN(ompwg_cpu_, kernel) TN(ompwg_cpu_, kernel_generic);
#if OMPWG_CPU_HAVE_AVX2
extern const TN(ompwg_cpu_, kernel) TN(ompwg_cpu_, kernel_avx2);
#endif
#if OMPWG_CPU_HAVE_AVX512
extern const TN(ompwg_cpu_, kernel) TN(ompwg_cpu_, kernel_avx512);
#endif
