/* libompwg_blas preloaded into a program that opens a module with its own
 * BLAS error handlers (handler_module.c) with dlopen(RTLD_LOCAL): the
 * preloaded xerbla_ and cblas_xerbla come first in the process's lookup, yet
 * the module's handlers must get the module's errors, whether ompwg's own
 * routine (dgemm_, cblas_dgemm) or OpenBLAS's (dgemv_, forwarded) found the
 * error; the program itself, which has no handler, gets the library's
 * printed message. Run as: LD_PRELOAD=libompwg_blas.so handler_client MODULE */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"

typedef struct module_seen {
    int calls;
    int number;
    char name[40];
} module_seen;

typedef void module_call_fn(int which, module_seen *fortran, module_seen *cblas);

void dgemm_(const char *transa, const char *transb, const int *m, const int *n, const int *k,
            const double *alpha, const double *a, const int *lda, const double *b,
            const int *ldb, const double *beta, double *c, const int *ldc, size_t transa_len,
            size_t transb_len);

static const char *object_of(const char *name)
{
    void *p = dlsym(RTLD_DEFAULT, name);
    Dl_info info;
    return p && dladdr(p, &info) && info.dli_fname ? info.dli_fname : "(none)";
}

int main(int argc, char **argv)
{
    tap_init("handler_client");
    if (argc < 2) tap_bail("usage: handler_client MODULE");
    const char *xerbla_from = object_of("xerbla_");
    if (!strstr(xerbla_from, "libompwg_blas"))
        tap_bail("xerbla_ comes from %s: run with LD_PRELOAD=libompwg_blas.so", xerbla_from);
    tap_ok(true, "the preloaded libompwg_blas defines the process's xerbla_ (%s)", xerbla_from);

    void *module = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!module) tap_bail("dlopen %s: %s", argv[1], dlerror());
    module_call_fn *call = (module_call_fn *)dlsym(module, "module_call");
    if (!call) tap_bail("no module_call in %s", argv[1]);

    static const struct {
        const char *what;
        bool fortran;
        const char *name;
        int number;
    } cases[] = {
        { "dgemv_ with trans 'X' (OpenBLAS's, forwarded)", true, "DGEMV ", 1 },
        { "dgemm_ with m < 0 (ompwg's)", true, "DGEMM ", 3 },
        { "cblas_dgemm with layout 0 (ompwg's)", false, "cblas_dgemm", 1 },
    };
    for (int i = 0; i < 3; i++) {
        module_seen f, c;
        call(i, &f, &c);
        const module_seen *got = cases[i].fortran ? &f : &c;
        const module_seen *other = cases[i].fortran ? &c : &f;
        bool pass = got->calls == 1 && other->calls == 0 && got->number == cases[i].number &&
                    strcmp(got->name, cases[i].name) == 0;
        if (!tap_ok(pass, "%s from the RTLD_LOCAL module: the module's own %s gets it",
                    cases[i].what, cases[i].fortran ? "xerbla_" : "cblas_xerbla"))
            tap_diag("seen: %d call(s) of (\"%s\", %d), %d of the other handler", got->calls,
                     got->name, got->number, other->calls);
    }

    /* the program's own call: no handler of its own, so the library's */
    char text[256] = "";
    FILE *capture = tmpfile();
    int saved = dup(2);
    if (!capture || saved < 0) tap_bail("cannot redirect stderr");
    fflush(stderr);
    dup2(fileno(capture), 2);
    double a[4] = { 0 }, c[4] = { 0 }, one = 1;
    int two = 2, minus = -1;
    dgemm_("N", "N", &two, &minus, &two, &one, a, &two, a, &two, &one, c, &two, 1, 1);
    fflush(stderr);
    dup2(saved, 2);
    rewind(capture);
    text[fread(text, 1, sizeof text - 1, capture)] = '\0';
    const char *want = " ** On entry to DGEMM parameter number  4 had an illegal value\n";
    if (!tap_ok(strcmp(text, want) == 0,
                "dgemm_ with n < 0 from the program, which has no handler: the library's "
                "reference message, and the call returns"))
        tap_diag("printed: \"%s\"", text);
    return tap_done();
}
