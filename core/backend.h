/* The dispatch table every backend fills, and the normalised call arguments
 * the framework hands it. Argument checks, layout normalisation and quick
 * returns happen in src/ before a backend is called, so a backend only sees
 * column-major GEMMs with m > 0 and n > 0, and vectors with n > 0 whose
 * element i is x[i * incx] (incx may be negative: the base pointer has been
 * moved to logical element 0). */
#ifndef OMPWG_BACKEND_H
#define OMPWG_BACKEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ompwg.h"

typedef struct ompwg_gemm_shape {
    bool transa, transb;  /* op(A) = A^T, op(B) = B^T */
    bool conja, conjb;    /* complex GEMM: with trans, op(A) = A^H, op(B) = B^H; real GEMM
                           * ignores them */
    int64_t m, n, k;      /* m > 0, n > 0, k >= 0 */
    int64_t lda, ldb, ldc;
    bool device_ptrs;     /* a, b, c are device pointers of the GPU backend's device */
} ompwg_gemm_shape;

typedef enum ompwg_reduce_op {
    OMPWG_REDUCE_SUM,
    OMPWG_REDUCE_DOT,
    OMPWG_REDUCE_ASUM,
    OMPWG_REDUCE_MAX,
    OMPWG_REDUCE_MIN,
} ompwg_reduce_op;

#define OMPWG_REDUCE_OP_COUNT 5

typedef struct ompwg_vec_shape {
    ompwg_reduce_op op;
    int64_t n;            /* n > 0 */
    int64_t incx, incy;   /* nonzero; incy only for DOT */
    bool device_ptrs;
} ompwg_vec_shape;

/* Each operation's signature (a backend declares its function with it:
 * `ompwg_sgemm_sig ompwg_cpu_sgemm;`) and its slot in the table (_fn). */
typedef int ompwg_sgemm_sig(const ompwg_gemm_shape *s, float alpha, const float *a,
                            const float *b, float beta, float *c);
typedef ompwg_sgemm_sig *ompwg_sgemm_fn;
typedef int ompwg_dgemm_sig(const ompwg_gemm_shape *s, double alpha, const double *a,
                            const double *b, double beta, double *c);
typedef ompwg_dgemm_sig *ompwg_dgemm_fn;
typedef int ompwg_cgemm_sig(const ompwg_gemm_shape *s, ompwg_complex_float alpha,
                            const ompwg_complex_float *a, const ompwg_complex_float *b,
                            ompwg_complex_float beta, ompwg_complex_float *c);
typedef ompwg_cgemm_sig *ompwg_cgemm_fn;
typedef int ompwg_zgemm_sig(const ompwg_gemm_shape *s, ompwg_complex_double alpha,
                            const ompwg_complex_double *a, const ompwg_complex_double *b,
                            ompwg_complex_double beta, ompwg_complex_double *c);
typedef ompwg_zgemm_sig *ompwg_zgemm_fn;
/* value: the sum, or the extremum; index: the extremum's index (MAX/MIN only). */
typedef int ompwg_sreduce_sig(const ompwg_vec_shape *s, const float *x, const float *y,
                              float *value, int64_t *index);
typedef ompwg_sreduce_sig *ompwg_sreduce_fn;
typedef int ompwg_dreduce_sig(const ompwg_vec_shape *s, const double *x, const double *y,
                              double *value, int64_t *index);
typedef ompwg_dreduce_sig *ompwg_dreduce_fn;

typedef struct ompwg_scan_shape {
    int64_t n;            /* n > 0 */
    int64_t incx, incy;   /* nonzero; x and y point at logical element 0 */
    bool exclusive;
    bool device_ptrs;
} ompwg_scan_shape;

/* B (n x m) := A^T for a column-major m x n A: a row-major call arrives as
 * the transpose of its column-major view. */
typedef struct ompwg_transpose_shape {
    int64_t m, n;         /* m > 0, n > 0 */
    int64_t lda, ldb;     /* lda >= m, ldb >= n */
    bool device_ptrs;
} ompwg_transpose_shape;

typedef int ompwg_sscan_sig(const ompwg_scan_shape *s, const float *x, float *y);
typedef ompwg_sscan_sig *ompwg_sscan_fn;
typedef int ompwg_dscan_sig(const ompwg_scan_shape *s, const double *x, double *y);
typedef ompwg_dscan_sig *ompwg_dscan_fn;
typedef int ompwg_i64scan_sig(const ompwg_scan_shape *s, const int64_t *x, int64_t *y);
typedef ompwg_i64scan_sig *ompwg_i64scan_fn;
typedef int ompwg_stranspose_sig(const ompwg_transpose_shape *s, const float *a, float *b);
typedef ompwg_stranspose_sig *ompwg_stranspose_fn;
typedef int ompwg_dtranspose_sig(const ompwg_transpose_shape *s, const double *a, double *b);
typedef ompwg_dtranspose_sig *ompwg_dtranspose_fn;

/* The level-3 operations besides GEMM, normalised to column-major (a
 * row-major call arrives as its column-major transpose: side and uplo
 * flipped; for SYRK/SYR2K trans flipped). Reference BLAS semantics:
 *   SYMM : C := alpha A B + beta C (left) or alpha B A + beta C (right), A
 *          symmetric, m x m (left) or n x n (right), its `upper` triangle
 *          read; C m x n.
 *   SYRK : C := alpha A A^T + beta C (trans false, A n x k) or
 *          alpha A^T A + beta C (trans true, A k x n); only C's `upper` (or
 *          lower) triangle is read and written; b unused.
 *   SYR2K: C := alpha (A B^T + B A^T) + beta C, or with ^T on the left
 *          operands when trans; triangle of C as for SYRK.
 *   TRMM : C := alpha op(A) C (left) or alpha C op(A) (right); TRSM solves
 *          op(A) X = alpha C (left) or X op(A) = alpha C (right) and writes X
 *          over C. A triangular (`upper`, `unit` diagonal not read), C m x n,
 *          b unused, beta unused.
 * m > 0, n > 0; k >= 0 (SYRK/SYR2K only; m == n there). */
typedef enum ompwg_level3_op {
    OMPWG_L3_SYMM,
    OMPWG_L3_SYRK,
    OMPWG_L3_SYR2K,
    OMPWG_L3_TRMM,
    OMPWG_L3_TRSM,
} ompwg_level3_op;

#define OMPWG_L3_OP_COUNT 5

typedef struct ompwg_level3_shape {
    ompwg_level3_op op;
    bool left;            /* SYMM, TRMM, TRSM: A multiplies from the left */
    bool upper;           /* the stored triangle of A (SYMM, TRMM, TRSM) or of C */
    bool trans;           /* TRMM, TRSM: op(A) = A^T; SYRK, SYR2K: the A^T A form */
    bool unit;            /* TRMM, TRSM: A's diagonal is taken as ones */
    int64_t m, n, k;
    int64_t lda, ldb, ldc;
    bool device_ptrs;
} ompwg_level3_shape;

typedef int ompwg_slevel3_sig(const ompwg_level3_shape *s, float alpha, const float *a,
                              const float *b, float beta, float *c);
typedef ompwg_slevel3_sig *ompwg_slevel3_fn;
typedef int ompwg_dlevel3_sig(const ompwg_level3_shape *s, double alpha, const double *a,
                              const double *b, double beta, double *c);
typedef ompwg_dlevel3_sig *ompwg_dlevel3_fn;

/* LU, Cholesky and QR (ompwg_lapack.h), normalised in src/: m > 0, n > 0
 * (m == n for the square solves), nrhs > 0 for the solves, lda and ldb
 * valid. One signature for all: a is A (read only by the solves), ipiv
 * min(m, n) 1-based pivots in host memory (GETRF writes them, GETRS reads
 * them, NULL otherwise), tau the QR reflectors' scalars in host memory
 * (GEQRF writes min(m, n), ORMQR reads k, NULL otherwise), b the
 * right-hand sides of the solves or ORMQR's C (NULL otherwise), info (host
 * memory, the factorisations; GESV and POSV solve only when it is 0) 0 or
 * the 1-based column of the first zero pivot (GETRF: the factorisation
 * completed), the order of the first leading minor not positive definite
 * (POTRF: stopped there) or the first zero diagonal element of R (GELS: no
 * solution computed). */
typedef enum ompwg_factor_op {
    OMPWG_LA_GETRF,
    OMPWG_LA_GETRS,
    OMPWG_LA_GESV,        /* GETRF, then GETRS when info == 0 */
    OMPWG_LA_POTRF,
    OMPWG_LA_POTRS,
    OMPWG_LA_POSV,        /* POTRF, then POTRS when info == 0 */
    OMPWG_LA_GEQRF,       /* A = Q R, Q's reflectors below R and in tau */
    OMPWG_LA_ORMQR,       /* C := op(Q) C or C op(Q), Q of k reflectors of GEQRF */
    OMPWG_LA_GELS,        /* least squares or minimum norm by QR (trans: by A^T) */
} ompwg_factor_op;

#define OMPWG_LA_OP_COUNT 9

/* The routines' names by op, as an initializer: P before each LAPACK name
 * and S after it (T_PREFIX and "" for a trace, "" for a message, T_PREFIX
 * and "_" for the Fortran symbol). */
#define OMPWG_LA_NAMES(P, S)                                                                    \
    {                                                                                           \
        [OMPWG_LA_GETRF] = P "getrf" S, [OMPWG_LA_GETRS] = P "getrs" S,                       \
        [OMPWG_LA_GESV] = P "gesv" S,   [OMPWG_LA_POTRF] = P "potrf" S,                       \
        [OMPWG_LA_POTRS] = P "potrs" S, [OMPWG_LA_POSV] = P "posv" S,                         \
        [OMPWG_LA_GEQRF] = P "geqrf" S, [OMPWG_LA_ORMQR] = P "ormqr" S,                       \
        [OMPWG_LA_GELS] = P "gels" S,                                                         \
    }

/* A factor slot table whose every op is fn (a backend with one routine
 * that switches on s->op). */
#define OMPWG_LA_EVERY(fn) { fn, fn, fn, fn, fn, fn, fn, fn, fn }

typedef struct ompwg_factor_shape {
    ompwg_factor_op op;
    bool upper;           /* POTRF, POTRS: A = U^T U, else L L^T */
    bool trans;           /* GETRS, GELS: with A^T; ORMQR: apply Q^T */
    bool left;            /* ORMQR: Q from the left (C is m x n, A m x k), else the right */
    int64_t m, n, nrhs;
    int64_t k;            /* ORMQR: the reflectors */
    int64_t lda, ldb;
    bool device_ptrs;     /* a and b are device pointers (ipiv and info never are) */
} ompwg_factor_shape;

/* The extents of A and B in the call s (B: the right-hand sides, or
 * ORMQR's C), and which the call writes. */
typedef struct ompwg_factor_extents {
    int64_t a_rows, a_cols, b_rows, b_cols;
    bool a_written, has_b;
} ompwg_factor_extents;

static inline ompwg_factor_extents ompwg_factor_extents_of(const ompwg_factor_shape *s)
{
    ompwg_factor_extents x = { .a_rows = s->m, .a_cols = s->n, .b_rows = s->n,
                               .b_cols = s->nrhs,
                               .a_written = s->op != OMPWG_LA_GETRS && s->op != OMPWG_LA_POTRS,
                               .has_b = s->op != OMPWG_LA_GETRF && s->op != OMPWG_LA_POTRF &&
                                        s->op != OMPWG_LA_GEQRF };
    if (s->op == OMPWG_LA_ORMQR) {
        x.a_rows = s->left ? s->m : s->n;
        x.a_cols = s->k;
        x.a_written = false;
        x.b_rows = s->m;
        x.b_cols = s->n;
    } else if (s->op == OMPWG_LA_GELS) {
        x.b_rows = s->m > s->n ? s->m : s->n;
    }
    return x;
}

typedef int ompwg_sfactor_sig(const ompwg_factor_shape *s, float *a, int64_t *ipiv, float *tau,
                              float *b, int64_t *info);
typedef ompwg_sfactor_sig *ompwg_sfactor_fn;
typedef int ompwg_dfactor_sig(const ompwg_factor_shape *s, double *a, int64_t *ipiv,
                              double *tau, double *b, int64_t *info);
typedef ompwg_dfactor_sig *ompwg_dfactor_fn;

/* Which shape a call has, for a backend's `takes`: the shape structure
 * above that goes with it (the real and the complex GEMM share
 * ompwg_gemm_shape). */
typedef enum ompwg_shape_kind {
    OMPWG_SHAPE_GEMM,       /* sgemm, dgemm */
    OMPWG_SHAPE_CGEMM,      /* cgemm, zgemm */
    OMPWG_SHAPE_VEC,        /* the reductions */
    OMPWG_SHAPE_SCAN,
    OMPWG_SHAPE_TRANSPOSE,
    OMPWG_SHAPE_LEVEL3,
    OMPWG_SHAPE_FACTOR,
} ompwg_shape_kind;

/* What a probe found. */
typedef enum ompwg_probe_result {
    OMPWG_PROBE_UNUSABLE = 0,
    OMPWG_PROBE_USABLE = 1,
    /* usable when named, never chosen by "auto" (e.g. GPU kernels in host fallback) */
    OMPWG_PROBE_EXPLICIT_ONLY = 2,
} ompwg_probe_result;

/* Says whether the backend can run here. Writes a reason when it cannot, or
 * a short description of what it runs on when it can. Called once, under the
 * registry's pthread_once. */
typedef ompwg_probe_result (*ompwg_probe_fn)(char *why, size_t len);

/* What a backend is for, read by the dispatcher and the planner instead of
 * its name; the public ompwg_backend_role bits (ompwg_backend_roles()). */
enum {
    /* every result is checked against this one (OMPWG_CHECK) */
    OMPWG_CAP_REFERENCE = OMPWG_ROLE_REFERENCE,
    /* takes device pointers; host data crosses a link (see ompwg_device_ops) */
    OMPWG_CAP_DEVICE_DATA = OMPWG_ROLE_DEVICE_DATA,
    /* runs a host-data call that a device backend could not hold */
    OMPWG_CAP_FALLBACK = OMPWG_ROLE_FALLBACK,
};

/* Device memory and the link, for a backend with OMPWG_CAP_DEVICE_DATA: the
 * planner measures the link and the kernels through these, and finds data
 * the caller mapped. Every function works on the backend's current device. */
typedef struct ompwg_device_ops {
    /* Device memory (reused across calls): OMPWG_OK or OMPWG_ERR_DEVICE_NOMEM. */
    int (*alloc)(size_t bytes, void **out);
    void (*free)(void *p);
    /* Copies through the path host-data calls take (page-locked staging for
     * pageable memory): OMPWG_OK or OMPWG_ERR_DEVICE. */
    int (*to_device)(void *dst, const void *src, size_t bytes);
    int (*to_host)(void *dst, const void *src, size_t bytes);
    /* Page-locked host memory; NULL when there is none (host fallback). */
    void *(*alloc_pinned)(size_t bytes);
    void (*free_pinned)(void *p);
    /* Whether host memory at p is page-locked (copied at the pinned rate). */
    bool (*is_pinned)(const void *p);
    /* The device address of host bytes [p, p + bytes) when the OpenMP data
     * environment maps all of them, in one piece, on the current device;
     * NULL otherwise. */
    void *(*mapped)(const void *p, size_t bytes);
    /* Bytes host-data calls moved each way since the process started. */
    void (*traffic)(uint64_t *to_device, uint64_t *to_host);
    /* A host-data GEMM overlaps its transfers with its kernels. */
    bool overlaps;
} ompwg_device_ops;

/* GEMM and the reductions every backend has (the registry refuses a table
 * without them). The operations after them are optional, in the way of
 * dav1d's function tables, where the reference fills the table first and a
 * backend overrides what it has a kernel for: NULL means the backend has
 * no kernel of its own, and the registry fills the slot (table_fill.h) with
 * one that runs host data on the reference: the sequential reference in
 * src/ (reference.h) for the scans and transposes, the reference backend's
 * routine for the others. A filled slot cannot take device pointers: such a
 * call is OMPWG_ERR_UNSUPPORTED. */
typedef struct ompwg_backend {
    const char *name;
    ompwg_probe_fn probe;
    unsigned caps;                   /* OMPWG_CAP_* */
    /* Whether the backend's own routine takes a host-data call of this
     * shape (`shape` points at the kind's structure); a call it does not
     * take is OMPWG_ERR_TOO_LARGE there, and "auto" places it elsewhere.
     * NULL: every call (OpenBLAS's 32-bit interface is the one limit). */
    bool (*takes)(ompwg_shape_kind kind, const void *shape);
    const ompwg_device_ops *device;  /* with OMPWG_CAP_DEVICE_DATA, else NULL */
    ompwg_sgemm_fn sgemm;
    ompwg_dgemm_fn dgemm;
    ompwg_sreduce_fn sreduce;
    ompwg_dreduce_fn dreduce;
    ompwg_sscan_fn sscan;
    ompwg_dscan_fn dscan;
    ompwg_i64scan_fn i64scan;
    ompwg_stranspose_fn stranspose;
    ompwg_dtranspose_fn dtranspose;
    /* indexed by ompwg_level3_op; a NULL entry runs on the reference
     * backend (host data, mapped data included: on its host copies) or is
     * OMPWG_ERR_UNSUPPORTED (device data) */
    ompwg_slevel3_fn slevel3[OMPWG_L3_OP_COUNT];
    ompwg_dlevel3_fn dlevel3[OMPWG_L3_OP_COUNT];
    /* complex GEMM; NULL: as for the level-3 entries */
    ompwg_cgemm_fn cgemm;
    ompwg_zgemm_fn zgemm;
    /* indexed by ompwg_factor_op; NULL: as for the level-3 entries */
    ompwg_sfactor_fn sfactor[OMPWG_LA_OP_COUNT];
    ompwg_dfactor_fn dfactor[OMPWG_LA_OP_COUNT];
} ompwg_backend;

#endif
