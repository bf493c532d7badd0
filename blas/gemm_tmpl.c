/* cblas_xgemm and xgemm_, real and complex, compiled once per precision
 * (prec.h, OMPWG_PREC_C and OMPWG_PREC_Z included): the reference checks
 * and quick return here, the product in ompwg, or for a short call on
 * OpenBLAS (short.h). */
#include "prec.h"

#include "shim.h"
#include "short.h"

/* the names XERBLA gets, and those of the symbols for other messages */
static const char fortran_name[] = T_PREFIX_UPPER "GEMM ";
static const char fortran_symbol[] = T_PREFIX "gemm_";
static const char cblas_name[] = "cblas_" T_PREFIX "gemm";

/* TR, the real part's type, is defined for the complex precisions only; a
 * complex 'C' is the conjugate transpose, a real one the transpose. */
#ifdef TR
#include "complex_tmpl.h"

static bool is_zero(T x)
{
    return cplx_is_zero(x);
}

static bool is_one(T x)
{
    return cplx_is_one(x);
}

static ompwg_trans trans_of_char(const char *c)
{
    return ompwg_blas_ctrans_of_char(c);
}

/* OpenBLAS's cblas_cgemm and cblas_zgemm (alpha and beta by address) */
typedef void short_gemm_fn(ompwg_layout, ompwg_trans, ompwg_trans, int, int, int, const void *,
                           const void *, int, const void *, int, const void *, void *, int);

/* The openblas backend's call (backends/openblas/complex_tmpl.c): a
 * transpose as given ('C' the conjugate one), and A and B as they are
 * where they are not read. */
static void short_run(short_gemm_fn *fn, bool reads_ab, ompwg_trans transa,
                      ompwg_trans transb, int m, int n, int k, T alpha, const T *a, int lda,
                      const T *b, int ldb, T beta, T *c, int ldc)
{
    fn(OMPWG_COL_MAJOR, transa, transb, m, n, reads_ab ? k : 0, &alpha, a, lda, b, ldb, &beta,
       c, ldc);
}
#else
static bool is_zero(T x)
{
    return x == 0;
}

static bool is_one(T x)
{
    return x == 1;
}

static ompwg_trans trans_of_char(const char *c)
{
    return ompwg_blas_trans_of_char(c);
}

/* OpenBLAS's cblas_sgemm and cblas_dgemm */
typedef void short_gemm_fn(ompwg_layout, ompwg_trans, ompwg_trans, int, int, int, T, const T *,
                           int, const T *, int, T, T *, int);

/* The leading dimension the openblas backend gives an operand of one
 * column, where it is never used: its rows. */
static int short_ld(int ld, int rows, int cols)
{
    return cols == 1 ? (rows > 1 ? rows : 1) : ld;
}

/* The openblas backend's call (backends/openblas/openblas_tmpl.c): 'C' is
 * the transpose; where A and B are not read, C stands in for them with
 * alpha 0 and no depth (OpenBLAS's small-matrix kernels would form
 * alpha * 0). */
static void short_run(short_gemm_fn *fn, bool reads_ab, ompwg_trans transa,
                      ompwg_trans transb, int m, int n, int k, T alpha, const T *a, int lda,
                      const T *b, int ldb, T beta, T *c, int ldc)
{
    if (!reads_ab) {
        fn(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, m, n, 0, 0, c, m, c, 1, beta, c,
           short_ld(ldc, m, n));
        return;
    }
    const bool ta = transa != OMPWG_NO_TRANS, tb = transb != OMPWG_NO_TRANS;
    fn(OMPWG_COL_MAJOR, ta ? OMPWG_TRANS : OMPWG_NO_TRANS, tb ? OMPWG_TRANS : OMPWG_NO_TRANS, m,
       n, k, alpha, a, ta ? short_ld(lda, k, m) : short_ld(lda, m, k), b,
       tb ? short_ld(ldb, n, k) : short_ld(ldb, k, n), beta, c, short_ld(ldc, m, n));
}
#endif

/* A short call (short.h) of a column-major GEMM, arguments checked and not
 * a quick return: run on OpenBLAS when the path is open, true; false where
 * it goes through ompwg (not short, the path closed, a NULL array it reads,
 * C sharing an element with A or B: the planner's path refuses those). */
static bool short_gemm(ompwg_trans transa, ompwg_trans transb, int m, int n, int k, T alpha,
                       const T *a, int lda, const T *b, int ldb, T beta, T *c, int ldc)
{
    if (!ompwg_blas_short_work(m, n, k, 1) || !ompwg_short_calls_open()) return false;
    const bool reads_ab = !is_zero(alpha) && k > 0;
    if (!c || (reads_ab && (!a || !b))) return false;
    const bool ta = transa != OMPWG_NO_TRANS, tb = transb != OMPWG_NO_TRANS;
    if (reads_ab &&
        (ompwg_blas_short_overlap(c, m, n, ldc, a, ta ? k : m, ta ? m : k, lda, sizeof(T)) ||
         ompwg_blas_short_overlap(c, m, n, ldc, b, tb ? n : k, tb ? k : n, ldb, sizeof(T))))
        return false;
    short_gemm_fn *fn = (short_gemm_fn *)ompwg_blas_short_routine(TN(SHORT_, gemm));
    if (!fn) return false;
    ompwg_gate_slot *gate = ompwg_openblas_enter();
    short_run(fn, reads_ab, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    ompwg_openblas_leave(gate);
    return true;
}

/* C := alpha op(A) op(B) + beta C, column-major, arguments checked. */
static void run_gemm(const char *routine, ompwg_trans transa, ompwg_trans transb, ompwg_blas_int m,
                     ompwg_blas_int n, ompwg_blas_int k, T alpha, const T *a, ompwg_blas_int lda,
                     const T *b, ompwg_blas_int ldb, T beta, T *c, ompwg_blas_int ldc)
{
    /* the reference's quick return: nothing is read or written */
    if (m == 0 || n == 0 || ((is_zero(alpha) || k == 0) && is_one(beta))) return;
    if (OMPWG_BLAS_SHORT_CALLS &&
        short_gemm(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc))
        return;
    ompwg_blas_attempt at = { .routine = routine };
    int st;
    do
        st = TN(ompwg_, gemm)(OMPWG_COL_MAJOR, transa, transb, m, n, k, alpha, a, lda, b, ldb,
                              beta, c, ldc);
    /* with beta == 0, C is written whole again */
    while (ompwg_blas_retry(&at, st, is_zero(beta)));
}

/* netlib's cblas_xgemm (LP64 or ILP64): checks and numbering as netlib's (illegal
 * arguments go to cblas_xerbla); then a row-major call is the column-major
 * one on B and A (with their conjugations), as netlib makes it. */
static void cblas_gemm(ompwg_layout layout, ompwg_trans transa, ompwg_trans transb,
                       ompwg_blas_int m, ompwg_blas_int n, ompwg_blas_int k, T alpha, const T *a,
                       ompwg_blas_int lda, const T *b, ompwg_blas_int ldb, T beta, T *c,
                       ompwg_blas_int ldc)
{
    if (!ompwg_blas_cblas_gemm_ok(cblas_name, layout, transa, transb, m, n, k, lda, ldb, ldc))
        return;
    if (layout == OMPWG_COL_MAJOR)
        run_gemm(cblas_name, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    else
        run_gemm(cblas_name, transb, transa, n, m, k, alpha, b, ldb, a, lda, beta, c, ldc);
}

/**
 * The Fortran xGEMM (LP64 or ILP64): C := alpha op(A) op(B) + beta C, column-major,
 * with the reference checks (illegal arguments go to xerbla_ with the
 * reference INFO) and quick returns; op 'N', 'T' or 'C' (the conjugate
 * transpose for CGEMM and ZGEMM); see ompwg_blas.h.
 */
static void fortran_gemm(const char *transa, const char *transb, const ompwg_blas_int *m,
                         const ompwg_blas_int *n, const ompwg_blas_int *k, const T *alpha,
                         const T *a, const ompwg_blas_int *lda, const T *b,
                         const ompwg_blas_int *ldb, const T *beta, T *c, const ompwg_blas_int *ldc,
                         size_t transa_len, size_t transb_len)
{
    /* only the first character counts, as in LSAME */
    (void)transa_len;
    (void)transb_len;
    ompwg_trans ta = trans_of_char(transa), tb = trans_of_char(transb);
    ompwg_blas_int mm, nn, kk;
    int info = ompwg_blas_gemm_fortran_info(ta, tb, m, n, k, lda, ldb, ldc, &mm, &nn, &kk);
    if (!ompwg_blas_fortran_args_ok(fortran_name, info, alpha, 6, beta, 11)) return;
    run_gemm(fortran_symbol, ta, tb, mm, nn, kk, *alpha, a, *lda, b, *ldb, *beta, c, *ldc);
}

/* The exported names, each precision's spelled out (ompwg_blas.h declares
 * them): their parameters, and those passed on. netlib's cblas_cgemm and
 * cblas_zgemm take alpha and beta by address. */
#define FORTRAN_PARAMS                                                                             \
    const char *transa, const char *transb, const ompwg_blas_int *m, const ompwg_blas_int *n,      \
        const ompwg_blas_int *k, const T *alpha, const T *a, const ompwg_blas_int *lda,            \
        const T *b, const ompwg_blas_int *ldb, const T *beta, T *c, const ompwg_blas_int *ldc,     \
        size_t transa_len, size_t transb_len
#define FORTRAN_ARGS                                                                               \
    transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, transa_len, transb_len
#ifdef TR
#define CBLAS_PARAMS                                                                               \
    ompwg_layout layout, ompwg_trans transa, ompwg_trans transb, ompwg_blas_int m,                 \
        ompwg_blas_int n, ompwg_blas_int k, const void *alpha, const void *a, ompwg_blas_int lda,  \
        const void *b, ompwg_blas_int ldb, const void *beta, void *c, ompwg_blas_int ldc
#define CBLAS_ARGS                                                                                 \
    layout, transa, transb, m, n, k, *(const T *)alpha, a, lda, b, ldb, *(const T *)beta, c, ldc
#else
#define CBLAS_PARAMS                                                                               \
    ompwg_layout layout, ompwg_trans transa, ompwg_trans transb, ompwg_blas_int m,                 \
        ompwg_blas_int n, ompwg_blas_int k, T alpha, const T *a, ompwg_blas_int lda, const T *b,   \
        ompwg_blas_int ldb, T beta, T *c, ompwg_blas_int ldc
#define CBLAS_ARGS layout, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc
#endif

#if defined(OMPWG_PREC_S)
OMPWG_BLAS_EXPORT void sgemm_(FORTRAN_PARAMS) { fortran_gemm(FORTRAN_ARGS); }
OMPWG_BLAS_EXPORT void cblas_sgemm(CBLAS_PARAMS) { cblas_gemm(CBLAS_ARGS); }
#elif defined(OMPWG_PREC_D)
OMPWG_BLAS_EXPORT void dgemm_(FORTRAN_PARAMS) { fortran_gemm(FORTRAN_ARGS); }
OMPWG_BLAS_EXPORT void cblas_dgemm(CBLAS_PARAMS) { cblas_gemm(CBLAS_ARGS); }
#elif defined(OMPWG_PREC_C)
OMPWG_BLAS_EXPORT void cgemm_(FORTRAN_PARAMS) { fortran_gemm(FORTRAN_ARGS); }
OMPWG_BLAS_EXPORT void cblas_cgemm(CBLAS_PARAMS) { cblas_gemm(CBLAS_ARGS); }
#elif defined(OMPWG_PREC_Z)
OMPWG_BLAS_EXPORT void zgemm_(FORTRAN_PARAMS) { fortran_gemm(FORTRAN_ARGS); }
OMPWG_BLAS_EXPORT void cblas_zgemm(CBLAS_PARAMS) { cblas_gemm(CBLAS_ARGS); }
#else
#error "gemm_tmpl.c: no exported names for this precision"
#endif
