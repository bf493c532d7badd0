/* libompwg_lapack64 (ILP64) called with a leading dimension of 2^31 + 1 on
 * operands of one column, so that memory stays small: the factors and
 * solutions, and the pivots and INFO written as 64-bit integers (set to a
 * pattern first, so that a routine that writes 32 bits of them is seen).
 * An LP64 LAPACK reads the leading dimension's low 32 bits (negative: the
 * call goes to the error handler) and writes half of each integer, so each
 * case fails on one. The routines ompwg runs for LP64 (DGETRF, DPOTRF,
 * DPOTRS) are OpenBLAS's ILP64 build's here, as every routine of
 * libompwg_lapack64 is; and xerbla_ gets a 64-bit INFO through it. Results
 * are exact (small integers). */
#include <stdint.h>

#include "tap.h"
#include "verdict.h"

void dgetrf_(const int64_t *m, const int64_t *n, double *a, const int64_t *lda, int64_t *ipiv,
             int64_t *info);
void dpotrf_(const char *uplo, const int64_t *n, double *a, const int64_t *lda, int64_t *info,
             size_t uplo_len);
void dpotrs_(const char *uplo, const int64_t *n, const int64_t *nrhs, const double *a,
             const int64_t *lda, double *b, const int64_t *ldb, int64_t *info, size_t uplo_len);

/* 2^31 + 1: its low 32 bits, as an LP64 LAPACK reads them, are negative */
static const int64_t big = ((int64_t)1 << 31) + 1;
/* what an output integer holds before the call */
static const int64_t pattern = INT64_C(0x7777777777777777);

/* The program's own handler, which gets the calls: the last INFO. */
static int64_t handler_info;
static int handler_calls;

void xerbla_(const char *srname, const int64_t *info, size_t srname_len)
{
    (void)srname;
    (void)srname_len;
    handler_calls++;
    handler_info = *info;
}

static bool no_report(void)
{
    if (handler_calls == 0) return true;
    tap_diag("xerbla_ was called (INFO %#llx)", (unsigned long long)handler_info);
    handler_calls = 0;
    return false;
}

int main(void)
{
    tap_init("test_lapack_ilp64");
    const int64_t m = 3, one = 1;

    /* A 3 x 1 = P L U: the pivot is row 2 */
    double lu[3] = { 1, 4, 2 };
    const double want_lu[3] = { 4, 0.25, 0.5 };
    int64_t ipiv = pattern, info = pattern;
    dgetrf_(&m, &one, lu, &big, &ipiv, &info);
    tap_ok(doubles_same(lu, want_lu, 3) && ipiv == 2 && info == 0 && no_report(),
           "dgetrf_ with lda 2^31 + 1: the factors, pivot 2 and INFO 0 in all 64 bits");
    if (ipiv != 2 || info != 0)
        tap_diag("pivot %#llx, INFO %#llx", (unsigned long long)ipiv, (unsigned long long)info);

    /* the Cholesky factor of [9], then the solve of [9] x = [18] with it */
    double p[1] = { 9 }, x[1] = { 18 };
    const double want_p[1] = { 3 }, want_x[1] = { 2 };
    info = pattern;
    dpotrf_("L", &one, p, &big, &info, 1);
    tap_ok(doubles_same(p, want_p, 1) && info == 0 && no_report(),
           "dpotrf_ with lda 2^31 + 1: the factor, and INFO 0 in all 64 bits");
    info = pattern;
    dpotrs_("L", &one, &one, p, &big, x, &big, &info, 1);
    tap_ok(doubles_same(x, want_x, 1) && info == 0 && no_report(),
           "dpotrs_ with lda, ldb 2^31 + 1: the solution, and INFO 0 in all 64 bits");

    /* an illegal m: INFO -1, and xerbla_ gets 1, both 64-bit */
    const int64_t minus = -1;
    info = pattern;
    dgetrf_(&minus, &one, lu, &m, &ipiv, &info);
    tap_ok(info == -1 && handler_calls == 1 && handler_info == 1,
           "dgetrf_ with m -1: INFO -1, and xerbla_ gets 1, as 64-bit integers");
    if (info != -1 || handler_info != 1)
        tap_diag("INFO %#llx, xerbla_'s %#llx", (unsigned long long)info,
                 (unsigned long long)handler_info);
    return tap_done();
}
