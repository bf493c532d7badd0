#ifndef OMPWG_OPENBLAS_H
#define OMPWG_OPENBLAS_H
#include <cblas.h>

#include "backend.h"

ompwg_sgemm_sig ompwg_openblas_sgemm;
ompwg_dgemm_sig ompwg_openblas_dgemm;
ompwg_sreduce_sig ompwg_openblas_sreduce;
ompwg_dreduce_sig ompwg_openblas_dreduce;
ompwg_stranspose_sig ompwg_openblas_stranspose;
ompwg_dtranspose_sig ompwg_openblas_dtranspose;

/* SYMM, SYRK, SYR2K, TRMM, TRSM (openblas_level3_tmpl.c), indexed by
 * ompwg_level3_op in the table. */
ompwg_slevel3_sig ompwg_openblas_ssymm;
ompwg_dlevel3_sig ompwg_openblas_dsymm;
ompwg_slevel3_sig ompwg_openblas_ssyrk;
ompwg_dlevel3_sig ompwg_openblas_dsyrk;
ompwg_slevel3_sig ompwg_openblas_ssyr2k;
ompwg_dlevel3_sig ompwg_openblas_dsyr2k;
ompwg_slevel3_sig ompwg_openblas_strmm;
ompwg_dlevel3_sig ompwg_openblas_dtrmm;
ompwg_slevel3_sig ompwg_openblas_strsm;
ompwg_dlevel3_sig ompwg_openblas_dtrsm;
/* GETRF, GETRS, POTRF, POTRS on OpenBLAS's LAPACK (openblas_lapack_tmpl.c),
 * every slot of the table's factor arrays. */
ompwg_sfactor_sig ompwg_openblas_sfactor;
ompwg_dfactor_sig ompwg_openblas_dfactor;
ompwg_cgemm_sig ompwg_openblas_cgemm;
ompwg_zgemm_sig ompwg_openblas_zgemm;

/* Whether OpenBLAS's 32-bit interface takes a call of this shape
 * (fits.c); the backend's `takes`. */
bool ompwg_openblas_fits_cgemm(const ompwg_gemm_shape *s);
bool ompwg_openblas_fits_vec(const ompwg_vec_shape *s);
bool ompwg_openblas_fits_transpose(const ompwg_transpose_shape *s);
bool ompwg_openblas_fits_level3(const ompwg_level3_shape *s);
bool ompwg_openblas_fits_factor(const ompwg_factor_shape *s);
bool ompwg_openblas_takes(ompwg_shape_kind kind, const void *shape);

/* The CBLAS functions the backend calls, typed as cblas.h declares them
 * (the library is opened at run time, so they are reached by pointer).
 * cblas_cgemm and cblas_zgemm take alpha, beta and the arrays as void *;
 * TRMM and TRSM have the same arguments. */
typedef __typeof__(cblas_sgemm) ompwg_cblas_sgemm_fn;
typedef __typeof__(cblas_dgemm) ompwg_cblas_dgemm_fn;
typedef __typeof__(cblas_cgemm) ompwg_cblas_xgemm_fn;
typedef __typeof__(cblas_sdot) ompwg_cblas_sdot_fn;
typedef __typeof__(cblas_ddot) ompwg_cblas_ddot_fn;
typedef __typeof__(cblas_sasum) ompwg_cblas_sasum_fn;
typedef __typeof__(cblas_dasum) ompwg_cblas_dasum_fn;
typedef __typeof__(cblas_somatcopy) ompwg_cblas_somatcopy_fn;
typedef __typeof__(cblas_domatcopy) ompwg_cblas_domatcopy_fn;
typedef __typeof__(cblas_ssymm) ompwg_cblas_ssymm_fn;
typedef __typeof__(cblas_ssyrk) ompwg_cblas_ssyrk_fn;
typedef __typeof__(cblas_ssyr2k) ompwg_cblas_ssyr2k_fn;
typedef __typeof__(cblas_strsm) ompwg_cblas_strxm_fn;
typedef __typeof__(cblas_dsymm) ompwg_cblas_dsymm_fn;
typedef __typeof__(cblas_dsyrk) ompwg_cblas_dsyrk_fn;
typedef __typeof__(cblas_dsyr2k) ompwg_cblas_dsyr2k_fn;
typedef __typeof__(cblas_dtrsm) ompwg_cblas_dtrxm_fn;

typedef struct ompwg_openblas_fns {
    ompwg_cblas_sgemm_fn *sgemm;
    ompwg_cblas_dgemm_fn *dgemm;
    ompwg_cblas_xgemm_fn *cgemm;
    ompwg_cblas_xgemm_fn *zgemm;
    ompwg_cblas_sdot_fn *sdot;
    ompwg_cblas_ddot_fn *ddot;
    ompwg_cblas_sasum_fn *sasum;
    ompwg_cblas_dasum_fn *dasum;
    ompwg_cblas_somatcopy_fn *somatcopy;
    ompwg_cblas_domatcopy_fn *domatcopy;
    ompwg_cblas_ssymm_fn *ssymm;
    ompwg_cblas_dsymm_fn *dsymm;
    ompwg_cblas_ssyrk_fn *ssyrk;
    ompwg_cblas_dsyrk_fn *dsyrk;
    ompwg_cblas_ssyr2k_fn *ssyr2k;
    ompwg_cblas_dsyr2k_fn *dsyr2k;
    ompwg_cblas_strxm_fn *strmm, *strsm;
    ompwg_cblas_dtrxm_fn *dtrmm, *dtrsm;
} ompwg_openblas_fns;

/* OpenBLAS's own definitions of those functions, never an interposed
 * BLAS's (symbols.c says why). */
const ompwg_openblas_fns *ompwg_openblas(void);

/* Whether OpenBLAS could not be loaded or lacks one of those functions
 * (then why says so, and the table must not be used). */
bool ompwg_openblas_missing(char *why, size_t len);
#endif
