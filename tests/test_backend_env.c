/* The first call takes its backend from OMPWG_BACKEND. meson runs this with
 * OMPWG_BACKEND=openblas; run by hand without it, the program starts itself
 * again with that added to its environment. With OMPWG_BACKEND=bogus (meson
 * runs that too), a name that is no backend is a bad value like any knob's:
 * one line on stderr, the default (auto) used. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ompwg.h"
#include "restart.h"
#include "tap.h"

static bool sgemm_2x2(void)
{
    float a[4] = { 1, 2, 3, 4 }, b[4] = { 1, 0.5f, -1, 2 }, c[4] = { 0 };
    int st = ompwg_sgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, 2, 2, 2, 1, a, 2, b, 2,
                         0, c, 2);
    /* column-major: C = A B with A = [1 3; 2 4], B = [1 -1; 0.5 2] */
    bool right = c[0] == 2.5f && c[1] == 4 && c[2] == 5 && c[3] == 6;
    if (st != OMPWG_OK || !right)
        tap_diag("status %d (%s), C = [%g %g; %g %g]", st, ompwg_strerror(st), (double)c[0],
                 (double)c[2], (double)c[1], (double)c[3]);
    return st == OMPWG_OK && right;
}

/* OMPWG_BACKEND=bogus: the first calls, with stderr kept in a file of the
 * working directory, then what they said. */
static int unknown_name(void)
{
    char log[] = "backend-env-stderr-XXXXXX";
    int fd = mkstemp(log), saved = dup(2);
    if (fd < 0 || saved < 0) tap_bail("a file for stderr");
    fflush(stderr);
    dup2(fd, 2);
    const char *got = ompwg_get_backend();
    bool call = sgemm_2x2();
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    char text[4096] = "";
    ssize_t n = pread(fd, text, sizeof text - 1, 0);
    text[n > 0 ? n : 0] = 0;
    close(fd);
    unlink(log);

    int lines = 0;
    for (const char *p = text; (p = strstr(p, "OMPWG_BACKEND=bogus")); p++) lines++;
    if (!tap_ok(lines == 1 && strstr(text, "ignored, using the default (auto)"),
                "OMPWG_BACKEND=bogus: one line on stderr, the default used"))
        tap_diag("stderr: %s", text);
    tap_ok(call, "a call succeeds on the default backend (%s)", got);
    char first[32];
    snprintf(first, sizeof first, "%s", got);
    int st = ompwg_set_backend("auto");
    tap_ok(st == OMPWG_OK && strcmp(first, ompwg_get_backend()) == 0,
           "the backend selected is auto's (%s)", ompwg_get_backend());
    st = ompwg_set_backend("bogus");
    tap_ok(st == OMPWG_ERR_BACKEND, "ompwg_set_backend(\"bogus\") still returns OMPWG_ERR_BACKEND");
    st = ompwg_set_backend(NULL);
    tap_ok(st == OMPWG_OK && strcmp(first, ompwg_get_backend()) == 0,
           "ompwg_set_backend(NULL) reads OMPWG_BACKEND=bogus again: the default (status %d)", st);
    return tap_done();
}

int main(void)
{
    const char *env = getenv("OMPWG_BACKEND");
    if (env && strcmp(env, "bogus") == 0) {
        tap_init("test_backend_env (OMPWG_BACKEND=bogus)");
        return unknown_name();
    }
    if (!env || !env[0]) {
        restart_with("OMPWG_BACKEND=openblas");
        tap_init("test_backend_env");
        tap_skip_all("OMPWG_BACKEND is unset and the program could not start itself with it");
    }
    tap_init("test_backend_env");
    if (strcmp(env, "openblas") != 0 && strcmp(env, "cpu") != 0)
        tap_skip_all("OMPWG_BACKEND=%s: this test needs a host backend (openblas or cpu)", env);
    char want[32];
    snprintf(want, sizeof want, "%s", env);

    /* the first call into the library, so the one that reads the environment */
    const char *got = ompwg_get_backend();
    if (!tap_ok(strcmp(got, want) == 0, "the first call selects OMPWG_BACKEND=%s", want))
        tap_diag("selected %s", got);

    tap_ok(sgemm_2x2(), "a call on the selected backend succeeds");

    const char *other = strcmp(want, "cpu") == 0 ? "openblas" : "cpu";
    int st = ompwg_set_backend(other);
    tap_ok(st == OMPWG_OK && strcmp(ompwg_get_backend(), other) == 0,
           "ompwg_set_backend(\"%s\") overrides the environment", other);
    st = ompwg_set_backend(NULL);
    if (!tap_ok(st == OMPWG_OK && strcmp(ompwg_get_backend(), want) == 0,
                "ompwg_set_backend(NULL) returns to OMPWG_BACKEND=%s", want))
        tap_diag("status %d, selected %s", st, ompwg_get_backend());
    return tap_done();
}
