/* A program as a user's code calls LAPACK: dgetrf_, dpotrf_ and dgeqrf_ by
 * name, resolved by the dynamic linker against the LAPACK it was linked with
 * (-llapack), so that a preloaded libompwg_blas takes the routines it
 * defines. Prints the median of `reps` calls per routine and order, each on
 * a fresh copy of the same matrix, and the check of each result (the
 * residual of one solve against a random vector for getrf and potrf; info
 * for geqrf). Run it with and without LD_PRELOAD to compare:
 *     bench_dropin_lapack [n ...]       (default 1024 4096 8192; reps 3)
 * OMPWG_VERBOSE=2 shows where each of ompwg's calls ran. */
#include <float.h>
#include <stdbool.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void dgetrf_(const int *m, const int *n, double *a, const int *lda, int *ipiv, int *info);
void dgetrs_(const char *t, const int *n, const int *nrhs, const double *a, const int *lda,
             const int *ipiv, double *b, const int *ldb, int *info, size_t len);
void dpotrf_(const char *uplo, const int *n, double *a, const int *lda, int *info, size_t len);
void dpotrs_(const char *uplo, const int *n, const int *nrhs, const double *a, const int *lda,
             double *b, const int *ldb, int *info, size_t len);
void dgeqrf_(const int *m, const int *n, double *a, const int *lda, double *tau, double *work,
             const int *lwork, int *info);

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmp(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

/* ||A x - b||_inf / (||A||_inf ||x||_inf n eps) for the solve x of A x = b. */
static double residual(int n, const double *a, const double *x, const double *b, bool sym_lower)
{
    double r = 0, an = 0, xn = 0;
    for (int i = 0; i < n; i++) {
        double s = 0, row = 0;
        for (int j = 0; j < n; j++) {
            const double v = sym_lower && j > i ? a[j + (size_t)i * n] : a[i + (size_t)j * n];
            s += v * x[j];
            row += fabs(v);
        }
        r = fmax(r, fabs(s - b[i]));
        an = fmax(an, row);
        xn = fmax(xn, fabs(x[i]));
    }
    return r / (an * xn * n * DBL_EPSILON);
}

int main(int argc, char **argv)
{
    int sizes[16] = { 1024, 4096, 8192 }, count = 3;
    const int reps = 3;
    if (argc > 1) {
        count = 0;
        for (int i = 1; i < argc && count < 16; i++) sizes[count++] = atoi(argv[i]);
    }
    printf("%-7s %6s %12s %10s %s\n", "routine", "n", "median_s", "GFLOP/s", "check");
    for (int s = 0; s < count; s++) {
        const int n = sizes[s], one = 1;
        const size_t nn = (size_t)n * n;
        double *a = malloc(nn * sizeof *a), *spd = malloc(nn * sizeof *a),
               *f = malloc(nn * sizeof *a), *b = malloc((size_t)n * sizeof *b),
               *x = malloc((size_t)n * sizeof *x), *tau = malloc((size_t)n * sizeof *tau);
        int *ipiv = malloc((size_t)n * sizeof *ipiv);
        if (!a || !spd || !f || !b || !x || !tau || !ipiv) return 1;
        srand(1);
        for (size_t i = 0; i < nn; i++) a[i] = rand() / (double)RAND_MAX - 0.5;
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++)
                spd[i + (size_t)j * n] = i == j ? n : (i > j ? a[i + (size_t)j * n] : a[j + (size_t)i * n]);
        for (int i = 0; i < n; i++) b[i] = rand() / (double)RAND_MAX;
        int lwork = -1, info;
        double wq;
        dgeqrf_(&n, &n, f, &n, tau, &wq, &lwork, &info);
        lwork = (int)wq;
        double *work = malloc((size_t)lwork * sizeof *work);
        const char *names[3] = { "dgetrf", "dpotrf", "dgeqrf" };
        const double flops[3] = { 2.0 / 3 * n * (double)n * n, 1.0 / 3 * n * (double)n * n,
                                  4.0 / 3 * n * (double)n * n };
        for (int r = 0; r < 3; r++) {
            double t[8];
            char check[64] = "";
            for (int k = 0; k < reps; k++) {
                memcpy(f, r == 1 ? spd : a, nn * sizeof *f);
                const double t0 = now();
                if (r == 0) dgetrf_(&n, &n, f, &n, ipiv, &info);
                else if (r == 1) dpotrf_("L", &n, f, &n, &info, 1);
                else dgeqrf_(&n, &n, f, &n, tau, work, &lwork, &info);
                t[k] = now() - t0;
            }
            memcpy(x, b, (size_t)n * sizeof *x);
            if (r == 0) {
                dgetrs_("N", &n, &one, f, &n, ipiv, x, &n, &info, 1);
                snprintf(check, sizeof check, "info %d, residual %.3g", info, residual(n, a, x, b, false));
            } else if (r == 1) {
                dpotrs_("L", &n, &one, f, &n, x, &n, &info, 1);
                snprintf(check, sizeof check, "info %d, residual %.3g", info, residual(n, spd, x, b, true));
            } else {
                snprintf(check, sizeof check, "info %d", info);
            }
            qsort(t, (size_t)reps, sizeof t[0], cmp);
            printf("%-7s %6d %12.6f %10.1f %s\n", names[r], n, t[reps / 2],
                   flops[r] / t[reps / 2] * 1e-9, check);
            fflush(stdout);
        }
        free(work);
        free(a);
        free(spd);
        free(f);
        free(b);
        free(x);
        free(tau);
        free(ipiv);
    }
    return 0;
}
