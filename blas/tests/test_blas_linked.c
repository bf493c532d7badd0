/* A program linked with libompwg_blas alone, no other BLAS on its link line,
 * calling routines of every level that libompwg_blas forwards to OpenBLAS
 * (and the wrappers it computes itself) under their standard names, with
 * netlib's prototypes declared here as any program declares them. The
 * results are compared with plain loops over small integers, which every
 * correct BLAS computes exactly; outputs sit between guard bands. Also:
 * the complex functions return their value as gfortran does, and
 * openblas_set_num_threads sets ompwg's and OpenBLAS's thread counts, and
 * OpenBLAS's names stay out of the process's global scope. */
#include <complex.h>
#include <dlfcn.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "guard.h"
#include "ompwg.h"
#include "tap.h"

void daxpy_(const int *n, const double *alpha, const double *x, const int *incx, double *y,
            const int *incy);
void dgemv_(const char *trans, const int *m, const int *n, const double *alpha, const double *a,
            const int *lda, const double *x, const int *incx, const double *beta, double *y,
            const int *incy, size_t trans_len);
void dtrsm_(const char *side, const char *uplo, const char *transa, const char *diag,
            const int *m, const int *n, const double *alpha, const double *a, const int *lda,
            double *b, const int *ldb, size_t side_len, size_t uplo_len, size_t transa_len,
            size_t diag_len);
void zgemm_(const char *transa, const char *transb, const int *m, const int *n, const int *k,
            const double complex *alpha, const double complex *a, const int *lda,
            const double complex *b, const int *ldb, const double complex *beta,
            double complex *c, const int *ldc, size_t transa_len, size_t transb_len);
float complex cdotu_(const int *n, const float complex *x, const int *incx,
                     const float complex *y, const int *incy);
double complex zdotc_(const int *n, const double complex *x, const int *incx,
                      const double complex *y, const int *incy);
void zdotcsub_(const int *n, const double complex *x, const int *incx, const double complex *y,
               const int *incy, double complex *dotc);
double dcabs1_(const double complex *z);
double cblas_dcabs1(const void *z);
double cblas_ddot(int n, const double *x, int incx, const double *y, int incy);
void cblas_zgemv(int layout, int trans, int m, int n, const void *alpha, const void *a, int lda,
                 const void *x, int incx, const void *beta, void *y, int incy);
void openblas_set_num_threads(int n);
int openblas_get_num_threads(void);

enum { ROW_MAJOR = 101, CONJ_TRANS = 113 };

/* Element i of a vector of n with increment inc, as BLAS walks it. */
static ptrdiff_t at(int i, int n, int inc)
{
    return inc > 0 ? (ptrdiff_t)i * inc : (ptrdiff_t)(n - 1 - i) * -inc;
}

static bool intact(const void *p)
{
    const char *where;
    if (guard_intact(p, &where)) return true;
    tap_diag("the guard band %s the output was written", where);
    return false;
}

static void level1(void)
{
    int n = 5, incx = 2, incy = -1;
    double alpha = 3, x[9], *y = guard_alloc(5 * sizeof(double)), want[5];
    for (int i = 0; i < 9; i++) x[i] = i - 4;
    for (int i = 0; i < 5; i++) y[i] = want[i] = 2 * i + 1;
    for (int i = 0; i < n; i++) want[at(i, n, incy)] += alpha * x[at(i, n, incx)];
    daxpy_(&n, &alpha, x, &incx, y, &incy);
    tap_ok(memcmp(y, want, sizeof want) == 0 && intact(y),
           "daxpy_ (n 5, incx 2, incy -1): the plain loop's result");
    guard_free(y);

    double dot = 0;
    for (int i = 0; i < 4; i++) dot += x[at(i, 4, 2)] * x[at(i, 4, -1)];
    tap_ok(cblas_ddot(4, x, 2, x, -1) == dot, "cblas_ddot (incx 2, incy -1): the plain sum");

    float complex cx[3] = { 1 + 2 * I, -3 + I, 2 - 2 * I }, cy[3] = { 2 - I, 1 + I, -1 + 3 * I };
    float complex cdot = 0;
    for (int i = 0; i < 3; i++) cdot += cx[i] * cy[i];
    int three = 3, one = 1;
    float complex cgot = cdotu_(&three, cx, &one, cy, &one);
    if (!tap_ok(cgot == cdot, "cdotu_ returns its complex value by value (gfortran's ABI)"))
        tap_diag("got %g%+gi, expected %g%+gi", crealf(cgot), cimagf(cgot), crealf(cdot),
                 cimagf(cdot));

    double complex zx[3], zy[3], zdot = 0;
    for (int i = 0; i < 3; i++) zx[i] = cx[i], zy[i] = cy[i];
    for (int i = 0; i < 3; i++) zdot += conj(zx[i]) * zy[i];
    double complex zgot = zdotc_(&three, zx, &one, zy, &one), zsub = 0;
    zdotcsub_(&three, zx, &one, zy, &one, &zsub);
    tap_ok(zgot == zdot && zsub == zdot,
           "zdotc_ returns the conjugated dot by value, zdotcsub_ stores it");
    double complex z = -3 + 4 * I;
    tap_ok(dcabs1_(&z) == 7 && cblas_dcabs1(&z) == 7, "dcabs1_ and cblas_dcabs1 give |re| + |im|");
}

static void level2(void)
{
    /* y := alpha A^T x + beta y, A 3 x 4 in a leading dimension of 5 */
    int m = 3, n = 4, lda = 5, one = 1;
    double a[20], x[3] = { 1, -2, 3 }, alpha = 2, beta = -1, want[4];
    double *y = guard_alloc(4 * sizeof(double));
    for (int i = 0; i < 20; i++) a[i] = i % 7 - 3;
    for (int j = 0; j < n; j++) {
        double s = 0;
        for (int i = 0; i < m; i++) s += a[i + j * lda] * x[i];
        y[j] = j;
        want[j] = alpha * s + beta * j;
    }
    dgemv_("T", &m, &n, &alpha, a, &lda, x, &one, &beta, y, &one, 1);
    tap_ok(memcmp(y, want, sizeof want) == 0 && intact(y),
           "dgemv_ ('T', 3 x 4, lda 5): the plain loop's result");
    guard_free(y);

    /* row-major y := alpha A^H x + beta y: A 2 x 3 row-major, lda 4 */
    double complex za[8], zx[2] = { 1 - I, 2 + I }, zalpha = 1 + I, zbeta = 2, zwant[3];
    double complex *zy = guard_alloc(3 * sizeof(double complex));
    for (int i = 0; i < 8; i++) za[i] = (i % 3 - 1) + (i % 2) * I;
    for (int j = 0; j < 3; j++) {
        double complex s = 0;
        for (int i = 0; i < 2; i++) s += conj(za[i * 4 + j]) * zx[i];
        zy[j] = j - I;
        zwant[j] = zalpha * s + zbeta * zy[j];
    }
    cblas_zgemv(ROW_MAJOR, CONJ_TRANS, 2, 3, &zalpha, za, 4, zx, 1, &zbeta, zy, 1);
    tap_ok(memcmp(zy, zwant, sizeof zwant) == 0 && intact(zy),
           "cblas_zgemv (row-major, conjugate transpose): the plain loop's result");
    guard_free(zy);
}

static void level3(void)
{
    /* A X = alpha B, A upper triangular 3 x 3 with powers of two on its
     * diagonal: the solve is exact */
    int m = 3, n = 2, lda = 3, ldb = 4;
    double a[9] = { 2, 0, 0, 1, 4, 0, -1, 2, 1 }, alpha = 2, x[6] = { 1, -1, 2, 3, 0, -2 };
    double *b = guard_alloc(8 * sizeof(double));
    for (int j = 0; j < n; j++)
        for (int i = 0; i < ldb; i++) {
            double s = 0;
            for (int l = i; l < m && i < m; l++) s += a[i + l * lda] * x[l + j * m];
            b[i + j * ldb] = i < m ? s / alpha : 99;
        }
    dtrsm_("L", "U", "N", "N", &m, &n, &alpha, a, &lda, b, &ldb, 1, 1, 1, 1);
    bool pass = intact(b);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < ldb; i++) pass &= b[i + j * ldb] == (i < m ? x[i + j * m] : 99);
    tap_ok(pass, "dtrsm_ ('L', 'U', 'N', 'N'): the solution, and nothing past m rows written");
    guard_free(b);

    /* C := alpha A B^H + beta C, 2 x 3 x 2 */
    int zm = 2, zn = 3, zk = 2;
    double complex za[4] = { 1 + I, 2, -1, 3 - I }, zb[6], zalpha = 2 - I, zbeta = -1, zwant[6];
    double complex *zc = guard_alloc(6 * sizeof(double complex));
    for (int i = 0; i < 6; i++) zb[i] = (i - 2) + (i % 2) * I;
    for (int j = 0; j < zn; j++)
        for (int i = 0; i < zm; i++) {
            double complex s = 0;
            for (int l = 0; l < zk; l++) s += za[i + l * zm] * conj(zb[j + l * zn]);
            zc[i + j * zm] = i - j * I;
            zwant[i + j * zm] = zalpha * s + zbeta * zc[i + j * zm];
        }
    zgemm_("N", "C", &zm, &zn, &zk, &zalpha, za, &zm, zb, &zn, &zbeta, zc, &zm, 1, 1);
    tap_ok(memcmp(zc, zwant, sizeof zwant) == 0 && intact(zc),
           "zgemm_ ('N', 'C', 2 x 3 x 2): the plain loop's result");
    guard_free(zc);
}

typedef int get_threads_fn(void);

static void threads(void)
{
    openblas_set_num_threads(3);
    int ours = ompwg_get_num_threads(), reported = openblas_get_num_threads();
    /* OpenBLAS's own count, read in the object the library loaded */
    void *object = dlopen(OMPWG_OPENBLAS_SONAME, RTLD_LAZY | RTLD_NOLOAD);
    get_threads_fn *openblas_get =
        object ? (get_threads_fn *)dlsym(object, "openblas_get_num_threads") : NULL;
    int theirs = openblas_get ? openblas_get() : -1;
    if (!tap_ok(ours == 3 && reported == 3 && theirs == 3,
                "openblas_set_num_threads(3): ompwg's CPU backend and OpenBLAS both run 3 "
                "threads"))
        tap_diag("ompwg_get_num_threads %d, openblas_get_num_threads %d, OpenBLAS's own %d",
                 ours, reported, theirs);
    openblas_set_num_threads(0);
    ompwg_set_num_threads(0);
    tap_ok(ompwg_get_num_threads() >= 1, "ompwg_set_num_threads(0) gives the default back (%d)",
           ompwg_get_num_threads());
    tap_ok(ompwg_set_num_threads(5000) == OMPWG_ERR_RANGE, "ompwg_set_num_threads(5000) is "
           "OMPWG_ERR_RANGE");
    if (object) dlclose(object);
}

/* OpenBLAS defines all of LAPACK: in the global scope, its routines would
 * take the calls of a LAPACK the program loads itself. (dpotrf_ and the
 * other factorisations ompwg runs are this library's own: see
 * ompwg_lapack.h.) */
static void scope(void)
{
    static const char *const names[] = { "dlaswp_", "dgetrf2_", "dpotf2_", "openblas_get_config" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        tap_ok(dlsym(RTLD_DEFAULT, names[i]) == NULL,
               "%s (OpenBLAS's) is not in the process's global scope", names[i]);
}

int main(void)
{
    tap_init("test_blas_linked");
    scope();
    level1();
    level2();
    level3();
    threads();
    return tap_done();
}
