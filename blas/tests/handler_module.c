/* A module with its own BLAS error handlers, as NumPy's lapack_lite has:
 * opened with dlopen(RTLD_LOCAL), linked with the system's -lblas, it calls
 * BLAS routines with illegal arguments and records what its handlers see.
 * handler_client.c runs it with libompwg_blas preloaded. */
#include <stddef.h>
#include <stdio.h>

/* what the handlers saw: calls, and the last routine and number */
typedef struct module_seen {
    int calls;
    int number;
    char name[40];
} module_seen;

static module_seen fortran_seen, cblas_seen;

__attribute__((visibility("default"))) void xerbla_(const char *srname, const int *info,
                                                    size_t srname_len)
{
    fortran_seen.calls++;
    fortran_seen.number = *info;
    int len = srname_len < sizeof fortran_seen.name ? (int)srname_len : 39;
    snprintf(fortran_seen.name, sizeof fortran_seen.name, "%.*s", len, srname);
}

__attribute__((visibility("default"))) void cblas_xerbla(int p, const char *rout,
                                                         const char *form, ...)
{
    (void)form;
    cblas_seen.calls++;
    cblas_seen.number = p;
    snprintf(cblas_seen.name, sizeof cblas_seen.name, "%s", rout);
}

void dgemv_(const char *trans, const int *m, const int *n, const double *alpha,
            const double *a, const int *lda, const double *x, const int *incx,
            const double *beta, double *y, const int *incy, size_t trans_len);
void dgemm_(const char *transa, const char *transb, const int *m, const int *n, const int *k,
            const double *alpha, const double *a, const int *lda, const double *b,
            const int *ldb, const double *beta, double *c, const int *ldc, size_t transa_len,
            size_t transb_len);
void cblas_dgemm(int layout, int transa, int transb, int m, int n, int k, double alpha,
                 const double *a, int lda, const double *b, int ldb, double beta, double *c,
                 int ldc);

/* Which call to make: 0 dgemv_ with trans 'X' (INFO 1), 1 dgemm_ with
 * m = -1 (INFO 3), 2 cblas_dgemm with layout 0 (parameter 1). What the
 * handlers saw comes back in *fortran and *cblas. */
__attribute__((visibility("default"))) void module_call(int which, module_seen *fortran,
                                                        module_seen *cblas)
{
    double a[4] = { 0 }, x[2] = { 0 }, y[2] = { 0 }, one = 1;
    int two = 2, minus = -1, inc = 1;
    fortran_seen = (module_seen){ 0 };
    cblas_seen = (module_seen){ 0 };
    if (which == 0) dgemv_("X", &two, &two, &one, a, &two, x, &inc, &one, y, &inc, 1);
    if (which == 1)
        dgemm_("N", "N", &minus, &two, &two, &one, a, &two, a, &two, &one, y, &two, 1, 1);
    if (which == 2) cblas_dgemm(0, 111, 111, 2, 2, 2, 1, a, 2, a, 2, 1, y, 2);
    *fortran = fortran_seen;
    *cblas = cblas_seen;
}
