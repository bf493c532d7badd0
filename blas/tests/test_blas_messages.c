/* What libompwg_blas says on stderr when it has no status to return: the
 * default xerbla_ and cblas_xerbla print the reference messages and RETURN
 * (the process goes on, C untouched); a backend that fails at run time
 * (here: OMPWG_BACKEND names none, so ompwg returns OMPWG_ERR_UNAVAILABLE)
 * is replaced for the call, said once, and the result is right; a NULL
 * array is said every time, never followed; a thread count past what ompwg
 * takes is said and changes nothing. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ompwg_blas.h"
#include "restart.h"
#include "tap.h"

/* stderr into a temporary file between capture_begin and capture_end */
static FILE *capture_file;
static int saved_stderr = -1;

static void capture_begin(void)
{
    fflush(stderr);
    capture_file = tmpfile();
    saved_stderr = dup(2);
    if (!capture_file || saved_stderr < 0 || dup2(fileno(capture_file), 2) < 0)
        tap_bail("cannot redirect stderr to a temporary file");
}

static void capture_end(char *text, size_t len)
{
    fflush(stderr);
    dup2(saved_stderr, 2);
    close(saved_stderr);
    rewind(capture_file);
    size_t got = fread(text, 1, len - 1, capture_file);
    text[got] = '\0';
    fclose(capture_file);
}

static bool report_text(const char *what, const char *text, const char *want)
{
    bool pass = strcmp(text, want) == 0;
    if (!tap_ok(pass, "%s", what)) tap_diag("printed:  \"%s\"\nexpected: \"%s\"", text, want);
    return pass;
}

static void default_xerbla(void)
{
    float a[16] = { 0 }, b[16] = { 0 }, c[16], c0[16];
    double ad[16] = { 0 }, bd[16] = { 0 }, cd[16], cd0[16];
    for (int i = 0; i < 16; i++) c[i] = c0[i] = (float)i, cd[i] = cd0[i] = i;
    int four = 4, three = 3;
    float one = 1, zero = 0;
    double oned = 1, zerod = 0;
    char text[512];

    capture_begin();
    sgemm_("N", "N", &four, &four, &four, &one, a, &three, b, &four, &zero, c, &four, 1, 1);
    capture_end(text, sizeof text);
    report_text("sgemm_ with lda < m: the reference XERBLA message on stderr, and sgemm_ returns",
                text, " ** On entry to SGEMM parameter number  8 had an illegal value\n");

    capture_begin();
    dgemm_("x", "N", &four, &four, &four, &oned, ad, &four, bd, &four, &zerod, cd, &three, 1, 1);
    capture_end(text, sizeof text);
    report_text("dgemm_ with transa 'x': parameter number  1", text,
                " ** On entry to DGEMM parameter number  1 had an illegal value\n");

    capture_begin();
    sgemm_("T", "N", &four, &four, &four, &one, a, &four, b, &four, &zero, c, &three, 1, 1);
    capture_end(text, sizeof text);
    report_text("sgemm_ with ldc < m: parameter number 13", text,
                " ** On entry to SGEMM parameter number 13 had an illegal value\n");

    capture_begin();
    cblas_sgemm(OMPWG_ROW_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, 4, 4, 4, 1, a, 4, b, 3, 0, c, 4);
    capture_end(text, sizeof text);
    report_text("cblas_sgemm row-major with ldb < n: netlib's cblas_xerbla message, parameter 11",
                text, "Parameter 11 to routine cblas_sgemm was incorrect\n");

    capture_begin();
    cblas_dgemm(0, OMPWG_NO_TRANS, OMPWG_NO_TRANS, 4, 4, 4, 1, ad, 4, bd, 4, 0, cd, 4);
    capture_end(text, sizeof text);
    report_text("cblas_dgemm with layout 0: parameter 1 and netlib's form", text,
                "Parameter 1 to routine cblas_dgemm was incorrect\nIllegal layout setting, 0\n");

    tap_ok(memcmp(c, c0, sizeof c) == 0 && memcmp(cd, cd0, sizeof cd) == 0,
           "the process went on after every report, and C is untouched");
}

/* OMPWG_BACKEND=gpu where the gpu backend is not usable leaves ompwg with
 * no backend: every call of the library returns OMPWG_ERR_UNAVAILABLE, and
 * the BLAS routines run on the CPU backend instead. (A name that is no
 * backend is ignored, auto used: configuration.md.) */
static void fallback(void)
{
    if (strcmp(ompwg_get_backend(), "none") != 0) {
        tap_skip("a selected backend that is not usable",
                 "OMPWG_BACKEND=gpu selects %s here (a usable gpu backend, or none built)",
                 ompwg_get_backend());
        return;
    }
    /* small integers: every backend gets the exact product */
    float a[4] = { 1, 2, 3, 4 }, b[4] = { 5, 6, 7, 8 }, c[4] = { 0 };
    const float want[4] = { 23, 34, 31, 46 };
    int two = 2;
    float one = 1, zero = 0;
    char text[1024];

    capture_begin();
    sgemm_("N", "N", &two, &two, &two, &one, a, &two, b, &two, &zero, c, &two, 1, 1);
    capture_end(text, sizeof text);
    bool said = strstr(text, "ompwg_blas: sgemm_: backend none: ") &&
                strstr(text, "the call runs on cpu instead");
    if (!tap_ok(said && memcmp(c, want, sizeof c) == 0,
                "a backend that is not there: sgemm_ says so on stderr and runs on cpu, exactly"))
        tap_diag("stderr: \"%s\"\nC = %g %g %g %g", text, c[0], c[1], c[2], c[3]);
    const char *own = ompwg_get_thread_backend();
    tap_ok(strcmp(ompwg_get_backend(), "none") == 0 && !own,
           "afterwards the thread follows the process-wide selection again (none)");

    memset(c, 0, sizeof c);
    capture_begin();
    sgemm_("N", "N", &two, &two, &two, &one, a, &two, b, &two, &zero, c, &two, 1, 1);
    float dot = sdot_(&two, a, &two, b, &two);
    int where = isamax_(&two, b, &two);
    capture_end(text, sizeof text);
    if (!tap_ok(!strstr(text, "ompwg_blas") && memcmp(c, want, sizeof c) == 0 && dot == 26 &&
                    where == 2,
                "the next calls (sgemm_, sdot_, isamax_) fall back too, without saying it again"))
        tap_diag("stderr: \"%s\"; dot %g, isamax %d", text, (double)dot, where);
}

static void null_arrays(void)
{
    float x[3] = { 1, 2, 3 };
    int two = 2, three = 3, one_i = 1;
    float one = 1, zero = 0;
    char text[1024];
    capture_begin();
    sgemm_("N", "N", &two, &two, &two, &one, x, &two, x, &two, &zero, NULL, &two, 1, 1);
    float dot = sdot_(&three, NULL, &one_i, x, &one_i);
    capture_end(text, sizeof text);
    const char *null_text = ompwg_strerror(OMPWG_ERR_NULL);
    bool both = strstr(text, "ompwg_blas: sgemm_: ") && strstr(text, "ompwg_blas: sdot: ") &&
                strstr(text, null_text);
    if (!tap_ok(both && isnan(dot),
                "a NULL C (sgemm_) or x (sdot_ returns NaN) is said on stderr, never followed"))
        tap_diag("stderr: \"%s\"; dot %g", text, (double)dot);
}

/* openblas_set_num_threads has no status: a count ompwg refuses is said on
 * stderr and changes neither count. */
static void thread_counts(void)
{
    openblas_set_num_threads(2);
    const int before = openblas_get_num_threads();
    char text[512];
    capture_begin();
    openblas_set_num_threads(100000);
    capture_end(text, sizeof text);
    const int after = openblas_get_num_threads();
    const bool said = strstr(text, "openblas_set_num_threads(100000)") && strstr(text, "ignored") &&
                      strchr(text, '\n') == text + strlen(text) - 1;
    if (!tap_ok(said && after == before, "openblas_set_num_threads(100000): one line on stderr, "
                "the count stays %d", before))
        tap_diag("printed: \"%s\", count %d", text, after);
    openblas_set_num_threads(0);
}

int main(void)
{
    /* in the environment of the library's first use, which reads it */
    if (!restart_with("OMPWG_BACKEND=gpu")) tap_bail("cannot start again with OMPWG_BACKEND=gpu");
    tap_init("test_blas_messages");
    default_xerbla();
    fallback();
    null_arrays();
    thread_counts();
    return tap_done();
}
