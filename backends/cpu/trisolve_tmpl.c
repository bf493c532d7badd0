/* The loops of TRMM's and TRSM's diagonal blocks (tri_tmpl.c), compiled
 * once per precision and instruction set (isa.h) like the GEMM kernel.
 * A left-side block works on OMPWG_CPU_TRI_COLS columns of B at once, so
 * that the substitution runs across them, a vector per row of a row-major
 * copy, instead of along one column's short, dependent rows; a right-side
 * block runs down contiguous rows of B's columns. */
#include "prec.h"
#include "isa.h"

#include "kernel_tmpl.h"

#define W OMPWG_CPU_TRI_COLS

/* Columns [0, cols) (cols <= W) of a left-side block of len rows at x
 * (leading dimension ldc): x := op(D)^-1 alpha x (solve) or op(D) alpha x,
 * through a row-major copy in which row i holds the columns' elements i
 * side by side; each column sees the reference's order of operations. */
static void left(const T *d, int64_t len, bool lower, bool solve, T alpha, T *x, int64_t ldc,
                 int64_t cols)
{
    T t[OMPWG_CPU_TRI_LEAF * W];
    /* column by column: the columns' rows i lie a leading dimension apart,
     * often a multiple of the cache's set stride */
    for (int64_t c = 0; c < W; c++)
        for (int64_t i = 0; i < len; i++) t[i * W + c] = c < cols ? alpha * x[i + c * ldc] : 0;
    for (int64_t step = 0; step < len; step++) {
        /* solve: forward for lower; multiply: backward for lower */
        int64_t k = lower == solve ? step : len - 1 - step;
        T *tk = t + k * W;
        const T *dk = d + k * len;
        int64_t i0 = lower ? k + 1 : 0, i1 = lower ? len : k;
        if (solve)
            for (int64_t c = 0; c < W; c++) tk[c] /= dk[k];
        T xk[W];
        for (int64_t c = 0; c < W; c++) xk[c] = tk[c];
        /* the vectors run across the W columns of a row: left to itself the
         * compiler would run them down the rows, gathering every element */
        if (solve)
#pragma clang loop vectorize(disable)
            for (int64_t i = i0; i < i1; i++)
                for (int64_t c = 0; c < W; c++) t[i * W + c] -= dk[i] * xk[c];
        else
#pragma clang loop vectorize(disable)
            for (int64_t i = i0; i < i1; i++)
                for (int64_t c = 0; c < W; c++) t[i * W + c] += dk[i] * xk[c];
        if (!solve)
            for (int64_t c = 0; c < W; c++) tk[c] = xk[c] * dk[k];
    }
    for (int64_t c = 0; c < cols; c++)
        for (int64_t i = 0; i < len; i++) x[i + c * ldc] = t[i * W + c];
}

/* Rows [i0, i1) of a right-side block (len columns from col, leading
 * dimension ldc): X := alpha X op(D)^-1 (solve) or alpha X op(D). */
static void right(const T *d, int64_t len, bool lower, bool solve, T alpha, T *col, int64_t ldc,
                  int64_t i0, int64_t i1)
{
    for (int64_t step = 0; step < len; step++) {
        /* solve: op(D) upper runs forward; multiply: backward */
        int64_t j = (!lower == solve) ? step : len - 1 - step;
        T *cj = col + j * ldc;
        const T *dj = d + j * len;
        int64_t k0 = lower ? j + 1 : 0, k1 = lower ? len : j;
        if (solve) {
            if (alpha != 1)
                for (int64_t i = i0; i < i1; i++) cj[i] *= alpha;
            for (int64_t k = k0; k < k1; k++) {
                T f = dj[k];
                if (f == 0) continue;
                const T *ck = col + k * ldc;
                for (int64_t i = i0; i < i1; i++) cj[i] -= f * ck[i];
            }
            T djj = dj[j];
            for (int64_t i = i0; i < i1; i++) cj[i] /= djj;
        } else {
            T f = alpha * dj[j];
            for (int64_t i = i0; i < i1; i++) cj[i] *= f;
            for (int64_t k = k0; k < k1; k++) {
                T g = alpha * dj[k];
                if (g == 0) continue;
                const T *ck = col + k * ldc;
                for (int64_t i = i0; i < i1; i++) cj[i] += g * ck[i];
            }
        }
    }
}

const TN(ompwg_cpu_, tri) TRI_FNS = {
    .left = left,
    .right = right,
};
