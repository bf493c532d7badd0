/* The OpenBLAS backend: the reference every result is checked against. */
#include <cblas.h>
#include <stdio.h>

#include "openblas.h"
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

const ompwg_backend ompwg_backend_openblas = {
    .name = "openblas",
    .probe = probe,
    .caps = OMPWG_CAP_REFERENCE,
    .takes = ompwg_openblas_takes,
    /* OpenBLAS's own blocking is hidden; the tests probe these edges anyway. */
    .sgemm = ompwg_openblas_sgemm,
    .dgemm = ompwg_openblas_dgemm,
    .sreduce = ompwg_openblas_sreduce,
    .dreduce = ompwg_openblas_dreduce,
    /* OpenBLAS has no scan: a call on this backend runs the reference */
    .sscan = NULL,
    .dscan = NULL,
    .i64scan = NULL,
    .stranspose = ompwg_openblas_stranspose,
    .dtranspose = ompwg_openblas_dtranspose,
    .slevel3 = {
        [OMPWG_L3_SYMM] = ompwg_openblas_ssymm, [OMPWG_L3_SYRK] = ompwg_openblas_ssyrk,
        [OMPWG_L3_SYR2K] = ompwg_openblas_ssyr2k, [OMPWG_L3_TRMM] = ompwg_openblas_strmm,
        [OMPWG_L3_TRSM] = ompwg_openblas_strsm,
    },
    .dlevel3 = {
        [OMPWG_L3_SYMM] = ompwg_openblas_dsymm, [OMPWG_L3_SYRK] = ompwg_openblas_dsyrk,
        [OMPWG_L3_SYR2K] = ompwg_openblas_dsyr2k, [OMPWG_L3_TRMM] = ompwg_openblas_dtrmm,
        [OMPWG_L3_TRSM] = ompwg_openblas_dtrsm,
    },
    .cgemm = ompwg_openblas_cgemm,
    .zgemm = ompwg_openblas_zgemm,
    .sfactor = OMPWG_LA_EVERY(ompwg_openblas_sfactor),
    .dfactor = OMPWG_LA_EVERY(ompwg_openblas_dfactor),
};
