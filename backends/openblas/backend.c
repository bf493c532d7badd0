/* The OpenBLAS backend: the reference every result is checked against. */
#include <cblas.h>
#include <stdio.h>

#include "openblas.h"
#include "openblas_gate.h"
#include "openblas_object.h"

typedef char *text_fn(void);
typedef int count_fn(void);

static ompwg_probe_result probe(char *why, size_t len)
{
    if (ompwg_openblas_missing(why, len)) return OMPWG_PROBE_UNUSABLE;
    void *object = ompwg_openblas_object();
    text_fn *config = (text_fn *)ompwg_openblas_own(object, "openblas_get_config");
    text_fn *core = (text_fn *)ompwg_openblas_own(object, "openblas_get_corename");
    count_fn *threads = (count_fn *)ompwg_openblas_own(object, "openblas_get_num_threads");
    snprintf(why, len, "OpenBLAS (%s), kernel %s, %d threads", config ? config() : "?",
             core ? core() : "?", threads ? threads() : 0);
    return OMPWG_PROBE_USABLE;
}

/* Each entry of the table held in the fork gate (openblas_gate.h) for as
 * long as it runs: fn##_gated calls fn with the arguments params names. */
#define GATED(fn, params, args)                                                                    \
    static int fn##_gated params                                                                   \
    {                                                                                              \
        ompwg_gate_slot *gate = ompwg_openblas_enter();                                            \
        int st = fn args;                                                                          \
        ompwg_openblas_leave(gate);                                                                \
        return st;                                                                                 \
    }
/* GEMM and the other level-3 operations (shape S, element T) */
#define GATED_L3(fn, S, T)                                                                         \
    GATED(fn, (const S *s, T alpha, const T *a, const T *b, T beta, T *c),                       \
          (s, alpha, a, b, beta, c))
#define GATED_PREC(p, T)                                                                           \
    GATED_L3(ompwg_openblas_##p##gemm, ompwg_gemm_shape, T)                                        \
    GATED_L3(ompwg_openblas_##p##symm, ompwg_level3_shape, T)                                      \
    GATED_L3(ompwg_openblas_##p##syrk, ompwg_level3_shape, T)                                      \
    GATED_L3(ompwg_openblas_##p##syr2k, ompwg_level3_shape, T)                                     \
    GATED_L3(ompwg_openblas_##p##trmm, ompwg_level3_shape, T)                                      \
    GATED_L3(ompwg_openblas_##p##trsm, ompwg_level3_shape, T)                                      \
    GATED(ompwg_openblas_##p##reduce,                                                              \
          (const ompwg_vec_shape *s, const T *x, const T *y, T *value, int64_t *index),           \
          (s, x, y, value, index))                                                                 \
    GATED(ompwg_openblas_##p##transpose, (const ompwg_transpose_shape *s, const T *a, T *b),       \
          (s, a, b))                                                                               \
    GATED(ompwg_openblas_##p##factor,                                                              \
          (const ompwg_factor_shape *s, T *a, int64_t *ipiv, T *tau, T *b, int64_t *info),        \
          (s, a, ipiv, tau, b, info))

GATED_PREC(s, float)
GATED_PREC(d, double)
GATED_L3(ompwg_openblas_cgemm, ompwg_gemm_shape, ompwg_complex_float)
GATED_L3(ompwg_openblas_zgemm, ompwg_gemm_shape, ompwg_complex_double)

const ompwg_backend ompwg_backend_openblas = {
    .name = "openblas",
    .probe = probe,
    .caps = OMPWG_CAP_REFERENCE,
    .takes = ompwg_openblas_takes,
    /* OpenBLAS's own blocking is hidden; the tests probe these edges anyway. */
    .sgemm = ompwg_openblas_sgemm_gated,
    .dgemm = ompwg_openblas_dgemm_gated,
    .sreduce = ompwg_openblas_sreduce_gated,
    .dreduce = ompwg_openblas_dreduce_gated,
    /* OpenBLAS has no scan: a call on this backend runs the reference */
    .sscan = NULL,
    .dscan = NULL,
    .i64scan = NULL,
    .stranspose = ompwg_openblas_stranspose_gated,
    .dtranspose = ompwg_openblas_dtranspose_gated,
    .slevel3 = {
        [OMPWG_L3_SYMM] = ompwg_openblas_ssymm_gated, [OMPWG_L3_SYRK] = ompwg_openblas_ssyrk_gated,
        [OMPWG_L3_SYR2K] = ompwg_openblas_ssyr2k_gated,
        [OMPWG_L3_TRMM] = ompwg_openblas_strmm_gated, [OMPWG_L3_TRSM] = ompwg_openblas_strsm_gated,
    },
    .dlevel3 = {
        [OMPWG_L3_SYMM] = ompwg_openblas_dsymm_gated, [OMPWG_L3_SYRK] = ompwg_openblas_dsyrk_gated,
        [OMPWG_L3_SYR2K] = ompwg_openblas_dsyr2k_gated,
        [OMPWG_L3_TRMM] = ompwg_openblas_dtrmm_gated, [OMPWG_L3_TRSM] = ompwg_openblas_dtrsm_gated,
    },
    .cgemm = ompwg_openblas_cgemm_gated,
    .zgemm = ompwg_openblas_zgemm_gated,
    .sfactor = OMPWG_LA_EVERY(ompwg_openblas_sfactor_gated),
    .dfactor = OMPWG_LA_EVERY(ompwg_openblas_dfactor_gated),
};
