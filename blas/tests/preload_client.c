/* A program built against the system BLAS (-lblas) that knows nothing of
 * ompwg: preload.sh runs it as it is and with LD_PRELOAD=libompwg_blas.so
 * and compares what it prints. It prints which object each BLAS name
 * resolved to (dlsym(RTLD_DEFAULT): the lookup the program's own calls went
 * through) and the results of calls on small integers, which every correct
 * BLAS computes exactly, so the two runs must agree bit for bit. */
#include <dlfcn.h>
#include <stdio.h>

#include "ompwg_blas.h"

/* two names libompwg_blas forwards to OpenBLAS */
void saxpy_(const int *n, const float *alpha, const float *x, const int *incx, float *y,
            const int *incy);
double dnrm2_(const int *n, const double *x, const int *incx);

static void provider(const char *name)
{
    void *p = dlsym(RTLD_DEFAULT, name);
    Dl_info info;
    const char *file = p && dladdr(p, &info) && info.dli_fname ? info.dli_fname : "(none)";
    printf("provider %s %s\n", name, file);
}

enum { M = 3, N = 4, K = 5, LD = 6 };

/* A (M x K or K x M), B, C with leading dimension LD, small integers. */
static void fill(float *a, float *b, float *c, double *ad, double *bd, double *cd)
{
    for (int i = 0; i < LD * LD; i++) {
        a[i] = (float)(i % 7 - 3);
        b[i] = (float)(i % 11 - 5);
        c[i] = (float)(i % 3);
        ad[i] = a[i];
        bd[i] = b[i];
        cd[i] = c[i];
    }
}

static void print_matrix(const char *what, const float *c, const double *cd)
{
    printf("result %s", what);
    for (int i = 0; i < LD * LD; i++) printf(" %g/%g", (double)c[i], cd[i]);
    printf("\n");
}

static void gemms(void)
{
    static const char *const pairs[][2] = { { "N", "N" }, { "T", "n" }, { "c", "T" }, { "t", "C" } };
    float a[LD * LD], b[LD * LD], c[LD * LD], alpha = 2, beta = -1;
    double ad[LD * LD], bd[LD * LD], cd[LD * LD], alphad = 2, betad = -1;
    int m = M, n = N, k = K, ld = LD;
    for (int p = 0; p < 4; p++) {
        fill(a, b, c, ad, bd, cd);
        sgemm_(pairs[p][0], pairs[p][1], &m, &n, &k, &alpha, a, &ld, b, &ld, &beta, c, &ld, 1, 1);
        dgemm_(pairs[p][0], pairs[p][1], &m, &n, &k, &alphad, ad, &ld, bd, &ld, &betad, cd, &ld,
               1, 1);
        char what[32];
        snprintf(what, sizeof what, "gemm_%s%s", pairs[p][0], pairs[p][1]);
        print_matrix(what, c, cd);
    }
    fill(a, b, c, ad, bd, cd);
    cblas_sgemm(OMPWG_ROW_MAJOR, OMPWG_NO_TRANS, OMPWG_TRANS, M, N, K, 2, a, LD, b, LD, -1, c, LD);
    cblas_dgemm(OMPWG_ROW_MAJOR, OMPWG_NO_TRANS, OMPWG_TRANS, M, N, K, 2, ad, LD, bd, LD, -1, cd,
                LD);
    print_matrix("cblas_gemm_row_NT", c, cd);
    fill(a, b, c, ad, bd, cd);
    cblas_sgemm(OMPWG_COL_MAJOR, OMPWG_TRANS, OMPWG_NO_TRANS, M, N, K, 1, a, LD, b, LD, 0, c, LD);
    cblas_dgemm(OMPWG_COL_MAJOR, OMPWG_TRANS, OMPWG_NO_TRANS, M, N, K, 1, ad, LD, bd, LD, 0, cd,
                LD);
    print_matrix("cblas_gemm_col_TN", c, cd);
}

static void level1(void)
{
    float x[12] = { 3, -7, 2, 7, 0, -1, 5, -5, 4, 1, -2, 6 };
    double xd[12];
    for (int i = 0; i < 12; i++) xd[i] = x[i];
    int n = 6, five = 5, one = 1, two = 2, minus_two = -2, three = 3, twelve = 12;
    /* every vector within its 12 elements: xd + 2 with increment 2 has 5 */
    printf("result dot %g %g %g %g\n", (double)sdot_(&n, x, &minus_two, x + 1, &one),
           ddot_(&five, xd, &one, xd + 2, &two), (double)cblas_sdot(4, x, 3, x, -2),
           cblas_ddot(6, xd, -1, xd, 2));
    printf("result asum %g %g %g %g\n", (double)sasum_(&twelve, x, &one),
           dasum_(&n, xd, &two), (double)cblas_sasum(4, x, 3), cblas_dasum(12, xd, -1));
    printf("result iamax %d %d %d %d %zu %zu %zu %zu\n", isamax_(&twelve, x, &one),
           idamax_(&n, xd, &two), isamax_(&three, x, &three), idamax_(&n, xd, &minus_two),
           cblas_isamax(12, x, 1), cblas_idamax(4, xd, 3), cblas_isamax(0, x, 1),
           cblas_idamax(5, xd, 0));
    /* names libompwg_blas forwards to OpenBLAS */
    float y[6] = { 1, 1, 1, 1, 1, 1 }, alpha = 3;
    double v[2] = { 3, 4 };
    saxpy_(&n, &alpha, x, &two, y, &one);
    printf("result saxpy %g %g %g %g %g %g\n", y[0], y[1], y[2], y[3], y[4], y[5]);
    printf("result dnrm2 %g\n", dnrm2_(&two, v, &one));
}

int main(void)
{
    static const char *const names[] = {
        "sgemm_", "dgemm_", "cblas_sgemm", "cblas_dgemm", "sdot_", "ddot_", "cblas_sdot",
        "cblas_ddot", "sasum_", "dasum_", "cblas_sasum", "cblas_dasum", "isamax_", "idamax_",
        "cblas_isamax", "cblas_idamax", "saxpy_", "dnrm2_", "cblas_daxpy",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) provider(names[i]);
    gemms();
    level1();
    return 0;
}
