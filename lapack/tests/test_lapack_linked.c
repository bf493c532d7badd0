/* libompwg_lapack as a program linked with -lompwg_lapack -lompwg_blas alone
 * (no OpenBLAS, no system LAPACK or BLAS) calls it: LU (dgetrf_, dgetrs_,
 * dgesv_), Cholesky (dpotrf_, dpotrs_), QR (dgeqrf_, with dorgqr_ forming Q)
 * and a routine only ever forwarded to OpenBLAS, dgesvd_, each checked on a
 * small matrix: residuals ||A x - b|| / (||A|| ||x|| n eps) below 30, as
 * LAPACK's testers take them, and singular values against matrices whose
 * singular values are known. TAP on stdout; the prototypes are gfortran's
 * (LP64, a hidden length per CHARACTER argument). */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void dgetrf_(const int *m, const int *n, double *a, const int *lda, int *ipiv, int *info);
void dgetrs_(const char *trans, const int *n, const int *nrhs, const double *a, const int *lda,
             const int *ipiv, double *b, const int *ldb, int *info, size_t trans_len);
void dgesv_(const int *n, const int *nrhs, double *a, const int *lda, int *ipiv, double *b,
            const int *ldb, int *info);
void dpotrf_(const char *uplo, const int *n, double *a, const int *lda, int *info, size_t uplo_len);
void dpotrs_(const char *uplo, const int *n, const int *nrhs, const double *a, const int *lda,
             double *b, const int *ldb, int *info, size_t uplo_len);
void dgeqrf_(const int *m, const int *n, double *a, const int *lda, double *tau, double *work,
             const int *lwork, int *info);
void dorgqr_(const int *m, const int *n, const int *k, double *a, const int *lda,
             const double *tau, double *work, const int *lwork, int *info);
void dgesvd_(const char *jobu, const char *jobvt, const int *m, const int *n, double *a,
             const int *lda, double *s, double *u, const int *ldu, double *vt, const int *ldvt,
             double *work, const int *lwork, int *info, size_t jobu_len, size_t jobvt_len);

#define N 40
#define NRHS 3
#define LIMIT 30.0

static int count, failures;

static int ok(int pass, const char *what, double value)
{
    count++;
    if (!pass) failures++;
    printf("%s %d - %s (%.3g)\n", pass ? "ok" : "not ok", count, what, value);
    return pass;
}

/* a deterministic matrix of entries in [-1, 1) */
static double entry(unsigned *state)
{
    *state = *state * 1664525u + 1013904223u;
    return (double)(*state >> 8) / (double)(1u << 23) - 1.0;
}

static double norm_inf(int m, int n, const double *a, int lda)
{
    double best = 0;
    for (int i = 0; i < m; i++) {
        double row = 0;
        for (int j = 0; j < n; j++) row += fabs(a[i + (size_t)j * lda]);
        if (row > best) best = row;
    }
    return best;
}

/* max over the columns of ||A x - b||_inf / (||A||_inf ||x||_inf n eps) */
static double residual(int n, int nrhs, const double *a, const double *x, const double *b)
{
    double anorm = norm_inf(n, n, a, n), worst = 0;
    for (int r = 0; r < nrhs; r++) {
        double res = 0, xnorm = 0;
        for (int i = 0; i < n; i++) {
            double sum = -b[i + (size_t)r * n];
            for (int j = 0; j < n; j++) sum += a[i + (size_t)j * n] * x[j + (size_t)r * n];
            if (fabs(sum) > res) res = fabs(sum);
            if (fabs(x[i + (size_t)r * n]) > xnorm) xnorm = fabs(x[i + (size_t)r * n]);
        }
        double ratio = res / (anorm * xnorm * n * DBL_EPSILON);
        if (ratio > worst) worst = ratio;
    }
    return worst;
}

static void test_lu(void)
{
    static double a[N * N], lu[N * N], b[N * NRHS], x[N * NRHS];
    int ipiv[N], info = -1, n = N, nrhs = NRHS;
    unsigned state = 1;
    for (int i = 0; i < N * N; i++) a[i] = entry(&state);
    for (int i = 0; i < N * NRHS; i++) b[i] = entry(&state);

    memcpy(lu, a, sizeof a);
    dgetrf_(&n, &n, lu, &n, ipiv, &info);
    ok(info == 0, "dgetrf_: info 0 on a random 40 x 40 matrix", info);
    memcpy(x, b, sizeof b);
    info = -1;
    dgetrs_("N", &n, &nrhs, lu, &n, ipiv, x, &n, &info, 1);
    double r = residual(N, NRHS, a, x, b);
    ok(info == 0 && r < LIMIT, "dgetrs_: ||A x - b|| / (||A|| ||x|| n eps) < 30", r);

    memcpy(lu, a, sizeof a);
    memcpy(x, b, sizeof b);
    info = -1;
    dgesv_(&n, &nrhs, lu, &n, ipiv, x, &n, &info);
    r = residual(N, NRHS, a, x, b);
    ok(info == 0 && r < LIMIT, "dgesv_: ||A x - b|| / (||A|| ||x|| n eps) < 30", r);

    /* a zero column: U(n,n) = 0, info n */
    memcpy(lu, a, sizeof a);
    for (int i = 0; i < N; i++) lu[i + (size_t)(N - 1) * N] = 0;
    dgetrf_(&n, &n, lu, &n, ipiv, &info);
    ok(info == N, "dgetrf_: info n on a matrix whose last column is zero", info);
}

static void test_cholesky(void)
{
    static double m[N * N], a[N * N], l[N * N], b[N * NRHS], x[N * NRHS];
    int info = -1, n = N, nrhs = NRHS;
    unsigned state = 2;
    for (int i = 0; i < N * N; i++) m[i] = entry(&state);
    /* A = M^T M + n I, symmetric positive definite */
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double sum = i == j ? N : 0;
            for (int k = 0; k < N; k++) sum += m[k + (size_t)i * N] * m[k + (size_t)j * N];
            a[i + (size_t)j * N] = sum;
        }
    for (int i = 0; i < N * NRHS; i++) b[i] = entry(&state);

    memcpy(l, a, sizeof a);
    dpotrf_("L", &n, l, &n, &info, 1);
    /* ||L L^T - A|| / (||A|| n eps), over the lower triangle */
    double worst = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j <= i; j++) {
            double sum = -a[i + (size_t)j * N];
            for (int k = 0; k <= j; k++) sum += l[i + (size_t)k * N] * l[j + (size_t)k * N];
            if (fabs(sum) > worst) worst = fabs(sum);
        }
    double r = worst / (norm_inf(N, N, a, N) * N * DBL_EPSILON);
    ok(info == 0 && r < LIMIT, "dpotrf_: ||L L^T - A|| / (||A|| n eps) < 30", r);
    memcpy(x, b, sizeof b);
    info = -1;
    dpotrs_("L", &n, &nrhs, l, &n, x, &n, &info, 1);
    r = residual(N, NRHS, a, x, b);
    ok(info == 0 && r < LIMIT, "dpotrs_: ||A x - b|| / (||A|| ||x|| n eps) < 30", r);

    /* not positive definite at the third leading minor */
    memcpy(l, a, sizeof a);
    l[2 + 2 * N] = -1;
    dpotrf_("L", &n, l, &n, &info, 1);
    ok(info == 3, "dpotrf_: info 3 where the third leading minor is not positive definite", info);
}

static void test_qr(void)
{
    enum { M = 50 };
    static double a[M * N], qr[M * N], tau[N];
    int m = M, n = N, info = -1, lwork = -1;
    unsigned state = 3;
    for (int i = 0; i < M * N; i++) a[i] = entry(&state);
    memcpy(qr, a, sizeof a);
    double query;
    dgeqrf_(&m, &n, qr, &m, tau, &query, &lwork, &info);
    /* room for dorgqr_ too (at least n) */
    lwork = 4 * (int)fmax(query, N);
    double *work = malloc(sizeof *work * (size_t)lwork);
    info = -1;
    dgeqrf_(&m, &n, qr, &m, tau, work, &lwork, &info);
    ok(info == 0, "dgeqrf_: info 0 on a random 50 x 40 matrix", info);
    static double r[N * N], q[M * N];
    for (int j = 0; j < N; j++)
        for (int i = 0; i < N; i++) r[i + (size_t)j * N] = i <= j ? qr[i + (size_t)j * M] : 0;
    memcpy(q, qr, sizeof q);
    dorgqr_(&m, &n, &n, q, &m, tau, work, &lwork, &info);
    free(work);
    /* ||A - Q R|| / (||A|| m eps) and ||Q^T Q - I|| / (m eps) */
    double worst = 0, orth = 0;
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            double sum = -a[i + (size_t)j * M];
            for (int k = 0; k <= j; k++) sum += q[i + (size_t)k * M] * r[k + (size_t)j * N];
            if (fabs(sum) > worst) worst = fabs(sum);
        }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double sum = i == j ? -1.0 : 0.0;
            for (int k = 0; k < M; k++) sum += q[k + (size_t)i * M] * q[k + (size_t)j * M];
            if (fabs(sum) > orth) orth = fabs(sum);
        }
    double ratio = worst / (norm_inf(M, N, a, M) * M * DBL_EPSILON);
    ok(info == 0 && ratio < LIMIT, "dgeqrf_ + dorgqr_: ||A - Q R|| / (||A|| m eps) < 30", ratio);
    ratio = orth / (M * DBL_EPSILON);
    ok(ratio < LIMIT, "dorgqr_: ||Q^T Q - I|| / (m eps) < 30", ratio);
}

/* the singular values of a (m x n, column-major, overwritten) in s,
 * descending; info */
static int svd_values(int m, int n, double *a, double *s)
{
    int lwork = -1, info = -1, one = 1;
    double query, dummy;
    dgesvd_("N", "N", &m, &n, a, &m, s, &dummy, &one, &dummy, &one, &query, &lwork, &info, 1, 1);
    if (info != 0) return info;
    lwork = (int)query;
    double *work = malloc(sizeof *work * (size_t)lwork);
    dgesvd_("N", "N", &m, &n, a, &m, s, &dummy, &one, &dummy, &one, work, &lwork, &info, 1, 1);
    free(work);
    return info;
}

/* the Householder reflection I - 2 v v^T / (v^T v), n x n */
static void reflection(int n, const double *v, double *h)
{
    double vv = 0;
    for (int i = 0; i < n; i++) vv += v[i] * v[i];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) h[i + (size_t)j * n] = (i == j) - 2 * v[i] * v[j] / vv;
}

static void test_svd(void)
{
    /* [[3, 0], [4, 5]]: A^T A = [[25, 20], [20, 25]], singular values
     * sqrt(45) and sqrt(5) */
    double a2[4] = {3, 4, 0, 5}, s2[2];
    int info = svd_values(2, 2, a2, s2);
    double err = fmax(fabs(s2[0] - sqrt(45.0)), fabs(s2[1] - sqrt(5.0))) / (sqrt(45.0) * DBL_EPSILON);
    ok(info == 0 && err < LIMIT, "dgesvd_: [[3, 0], [4, 5]] has singular values sqrt(45), sqrt(5)", err);

    /* U diag(6, 5, ..., 1) V^T, U and V reflections */
    enum { K = 6 };
    double u[K * K], v[K * K], a[K * K], s[K], x[K], y[K];
    for (int i = 0; i < K; i++) {
        x[i] = i + 1.0;
        y[i] = (i % 2 ? -1.0 : 1.0) / (i + 1.0);
    }
    reflection(K, x, u);
    reflection(K, y, v);
    for (int i = 0; i < K; i++)
        for (int j = 0; j < K; j++) {
            double sum = 0;
            for (int k = 0; k < K; k++) sum += u[i + k * K] * (K - k) * v[j + k * K];
            a[i + j * K] = sum;
        }
    info = svd_values(K, K, a, s);
    err = 0;
    for (int k = 0; k < K; k++) err = fmax(err, fabs(s[k] - (K - k)));
    err /= K * K * DBL_EPSILON;
    ok(info == 0 && err < LIMIT, "dgesvd_: U diag(6, ..., 1) V^T has singular values 6, ..., 1", err);
}

int main(void)
{
    test_lu();
    test_cholesky();
    test_qr();
    test_svd();
    printf("1..%d\n", count);
    return failures ? 1 : 0;
}
