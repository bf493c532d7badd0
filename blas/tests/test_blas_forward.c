/* The forwarders' look-up (blas/forward.c), built here with a table of
 * names of the test's own: a routine OpenBLAS defines resolves to
 * OpenBLAS's own definition, once; a routine it lacks resolves to NULL
 * (the forwarder then returns without writing) and is reported on stderr
 * once, naming the routine. Built three times: with libompwg_blas's
 * look-up (OpenBLAS's LP64 build), with libompwg_blas64's
 * (OMPWG_BLAS_ILP64: its ILP64 build), and over an OpenBLAS that cannot be
 * loaded (OMPWG_OPENBLAS_OBJECT_SONAME, core/openblas_object.c): every
 * routine then resolves to NULL, reported once each with the reason. */
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

/* The lines of text. */
static int lines_of(const char *text)
{
    int lines = 0;
    for (const char *p = text; *p; p++) lines += *p == '\n';
    return lines;
}

#ifdef OMPWG_OPENBLAS_OBJECT_SONAME
int main(void)
{
    tap_init("test_blas_forward (no OpenBLAS: %s)", OMPWG_OPENBLAS_OBJECT_SONAME);
    void *got[2];
    char text[1024];
    capture(FWD_daxpy_, 2, got, text, sizeof text);
    tap_ok(got[0] == NULL && got[1] == NULL, "daxpy_ resolves to NULL");
    if (!tap_ok(lines_of(text) == 1 && strstr(text, "daxpy_") &&
                    strstr(text, "returns without computing") &&
                    strstr(text, OMPWG_OPENBLAS_OBJECT_SONAME " could not be loaded"),
                "two calls of it: one message on stderr, naming it and the library not loaded"))
        tap_diag("stderr: \"%s\"", text);
    capture(FWD_cblas_zgemv, 1, got, text, sizeof text);
    if (!tap_ok(got[0] == NULL && lines_of(text) == 1 && strstr(text, "cblas_zgemv"),
                "cblas_zgemv: NULL, and its own message"))
        tap_diag("stderr: \"%s\"", text);
    return tap_done();
}
#else
#ifdef OMPWG_BLAS_ILP64
#define SONAME OMPWG_OPENBLAS64_SONAME
#else
#define SONAME OMPWG_OPENBLAS_SONAME
#endif

int main(void)
{
    tap_init("test_blas_forward (%s)", SONAME);
    void *got[2];
    char text[512];

    capture(0, 2, got, text, sizeof text);
    tap_ok(got[0] == NULL && got[1] == NULL, "a routine OpenBLAS lacks resolves to NULL");
    if (!tap_ok(lines_of(text) == 1 && strstr(text, "ompwg_no_such_routine_") &&
                    strstr(text, "returns without computing"),
                "two calls of it: one message on stderr, naming the routine"))
        tap_diag("stderr: \"%s\"", text);

    /* OpenBLAS's own daxpy_, in the object the library loaded */
    void *object = dlopen(SONAME, RTLD_LAZY | RTLD_NOLOAD);
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
#endif
