/* The forwarders' look-up (blas/forward.c), built here with a table of
 * names of the test's own: a routine OpenBLAS defines resolves to
 * OpenBLAS's own definition, once; a routine it lacks resolves to NULL
 * (the forwarder then returns without writing) and is reported on stderr
 * once, naming the routine. */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "forward.h"
#include "ompwg_config.h"
#include "tap.h"

/* three of the names blas/forward/names.c gives (the others stay NULL and
 * are never asked for), the first replaced by one no BLAS defines */
const char *const ompwg_blas_forward_names[FWD_COUNT] = {
    [0] = "ompwg_no_such_routine_",
    [FWD_daxpy_] = "daxpy_",
    [FWD_cblas_zgemv] = "cblas_zgemv",
};

static void capture(int which, int times, void **got, char *text, size_t len)
{
    FILE *file = tmpfile();
    int saved = dup(2);
    if (!file || saved < 0) tap_bail("cannot redirect stderr");
    fflush(stderr);
    dup2(fileno(file), 2);
    for (int i = 0; i < times; i++) got[i] = ompwg_blas_forward((ompwg_blas_fwd)which);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(file);
    text[fread(text, 1, len - 1, file)] = '\0';
    fclose(file);
}

int main(void)
{
    tap_init("test_blas_forward");
    void *got[2];
    char text[512];

    capture(0, 2, got, text, sizeof text);
    tap_ok(got[0] == NULL && got[1] == NULL, "a routine OpenBLAS lacks resolves to NULL");
    int lines = 0;
    for (const char *p = text; *p; p++) lines += *p == '\n';
    if (!tap_ok(lines == 1 && strstr(text, "ompwg_no_such_routine_") &&
                    strstr(text, "returns without computing"),
                "two calls of it: one message on stderr, naming the routine"))
        tap_diag("stderr: \"%s\"", text);

    /* OpenBLAS's own daxpy_, in the object the library loaded */
    void *object = dlopen(OMPWG_OPENBLAS_SONAME, RTLD_LAZY | RTLD_NOLOAD);
    void *daxpy = object ? dlsym(object, "daxpy_") : NULL;
    void *zgemv = object ? dlsym(object, "cblas_zgemv") : NULL;
    capture(FWD_daxpy_, 2, got, text, sizeof text);
    tap_ok(daxpy && got[0] == daxpy && got[1] == daxpy && !text[0],
           "daxpy_ resolves to OpenBLAS's own definition, silently");
    capture(FWD_cblas_zgemv, 1, got, text, sizeof text);
    tap_ok(zgemv && got[0] == zgemv, "cblas_zgemv resolves to OpenBLAS's own definition");
    if (object) dlclose(object);
    return tap_done();
}
