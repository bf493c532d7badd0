/* A GEMM call's description as every thread of a team holds it, for one
 * precision: shared by the tiled kernels of every tile size
 * (gemm_tmpl.c) and the sub-group kernel (gemm_subgroup_tmpl.c), which
 * fill it in. Included by gemm.c once per precision. */
#include "prec.h"

/* One call's arguments, as every thread of a team holds them. */
typedef struct TN(gemm_job_, ) {
    int64_t m, n, k;
    /* strides of op(A) along m and k, of op(B) along n and k */
    int64_t sla, ska, slb, skb;
    int64_t ldc;
    const T *a, *b;
    T *c;
    T alpha, beta;
    /* consecutive threads read consecutive addresses: along m for op(A) when
     * A is not transposed, along n for op(B) when B is */
    bool a_long_fast, b_long_fast;
    int64_t tiles_m, tiles_n, ntiles, nk;
} TN(gemm_job_, );
