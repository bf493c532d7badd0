/* The per-precision face of a CPU kernel variant, included after prec.h
 * (possibly once for each precision). */
#include <stdbool.h>
#include <stdint.h>

#include "kernel.h"

/* C := alpha * A * B + beta * C for one register tile: A is an MR x kc packed
 * panel, B a kc x NR packed panel, C the m x n corner (m <= MR, n <= NR) at c
 * with leading dimension ldc. beta == 0: C is not read. */
typedef void (*TN(ompwg_cpu_, ukernel_fn))(int64_t kc, T alpha, const T *a, const T *b,
                                           T beta, T *c, int64_t ldc, int m, int n);

/* Packs the m x kc block of op(A) at a (op(A) = A^T when trans) into MR-row
 * panels, each kc columns of MR contiguous values, rows past m zeroed. */
typedef void (*TN(ompwg_cpu_, pack_a_fn))(bool trans, int64_t m, int64_t kc, const T *a,
                                          int64_t lda, T *dst);

/* Packs the kc x n block of op(B) at b into NR-column panels, each kc rows of
 * NR contiguous values, columns past n zeroed. */
typedef void (*TN(ompwg_cpu_, pack_b_fn))(bool trans, int64_t kc, int64_t n, const T *b,
                                          int64_t ldb, T *dst);

/* The reductions' loops over a contiguous slice of n values (lanes_tmpl.c):
 * sum of x, of |x|, of x * y, accumulated in ACC. Every variant gives the
 * same bits. */
typedef struct TN(ompwg_cpu_, lanes) {
    ACC (*sum)(const T *x, int64_t n);
    ACC (*asum)(const T *x, int64_t n);
    ACC (*dot)(const T *x, const T *y, int64_t n);
} TN(ompwg_cpu_, lanes);

/* The loops of TRMM's and TRSM's diagonal blocks (trisolve_tmpl.c): d is
 * op(A)'s block, len x len (len <= OMPWG_CPU_TRI_LEAF), dense, its triangle
 * lower or upper; solve: X := op(D)^-1 alpha X, else X := alpha op(D) X
 * (left) or alpha X op(D) (right).
 * left: columns [0, cols) of X (len rows, cols <= OMPWG_CPU_TRI_COLS);
 * right: rows [i0, i1) of X (len columns). */
#define OMPWG_CPU_TRI_LEAF 64
#define OMPWG_CPU_TRI_COLS 16
typedef struct TN(ompwg_cpu_, tri) {
    void (*left)(const T *d, int64_t len, bool lower, bool solve, T alpha, T *x, int64_t ldx,
                 int64_t cols);
    void (*right)(const T *d, int64_t len, bool lower, bool solve, T alpha, T *x, int64_t ldx,
                  int64_t i0, int64_t i1);
} TN(ompwg_cpu_, tri);

typedef struct TN(ompwg_cpu_, kernel) {
    const char *name;
    ompwg_cpu_blocks blocks;
    TN(ompwg_cpu_, ukernel_fn) ukernel;
    TN(ompwg_cpu_, pack_a_fn) pack_a;
    TN(ompwg_cpu_, pack_b_fn) pack_b;
    const TN(ompwg_cpu_, lanes) *lanes;
    const TN(ompwg_cpu_, tri) *tri;
} TN(ompwg_cpu_, kernel);

extern const TN(ompwg_cpu_, kernel) TN(ompwg_cpu_, kernel_generic);
extern const TN(ompwg_cpu_, lanes) TN(ompwg_cpu_, lanes_generic);
extern const TN(ompwg_cpu_, tri) TN(ompwg_cpu_, tri_generic);
#if OMPWG_CPU_HAVE_AVX2
extern const TN(ompwg_cpu_, kernel) TN(ompwg_cpu_, kernel_avx2);
extern const TN(ompwg_cpu_, lanes) TN(ompwg_cpu_, lanes_avx2);
extern const TN(ompwg_cpu_, tri) TN(ompwg_cpu_, tri_avx2);
#endif
#if OMPWG_CPU_HAVE_AVX512
extern const TN(ompwg_cpu_, kernel) TN(ompwg_cpu_, kernel_avx512);
extern const TN(ompwg_cpu_, lanes) TN(ompwg_cpu_, lanes_avx512);
extern const TN(ompwg_cpu_, tri) TN(ompwg_cpu_, tri_avx512);
#endif

/* The variant of this precision that ompwg_cpu_arch_pick() chose; NULL when
 * none is usable. */
const TN(ompwg_cpu_, kernel) *TN(ompwg_cpu_, kernel_pick)(void);
