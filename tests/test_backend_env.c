/* The first call takes its backend from OMPWG_BACKEND. meson runs this with
 * OMPWG_BACKEND=openblas; run by hand without it, the program starts itself
 * again with that added to its environment. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ompwg.h"
#include "restart.h"
#include "tap.h"

int main(void)
{
    const char *env = getenv("OMPWG_BACKEND");
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

    float a[4] = { 1, 2, 3, 4 }, b[4] = { 1, 0.5f, -1, 2 }, c[4] = { 0 };
    int st = ompwg_sgemm(OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_NO_TRANS, 2, 2, 2, 1, a, 2, b, 2,
                         0, c, 2);
    /* column-major: C = A B with A = [1 3; 2 4], B = [1 -1; 0.5 2] */
    bool right = c[0] == 2.5f && c[1] == 4 && c[2] == 5 && c[3] == 6;
    if (!tap_ok(st == OMPWG_OK && right, "a call on the selected backend succeeds"))
        tap_diag("status %d (%s), C = [%g %g; %g %g]", st, ompwg_strerror(st), (double)c[0],
                 (double)c[2], (double)c[1], (double)c[3]);

    const char *other = strcmp(want, "cpu") == 0 ? "openblas" : "cpu";
    st = ompwg_set_backend(other);
    tap_ok(st == OMPWG_OK && strcmp(ompwg_get_backend(), other) == 0,
           "ompwg_set_backend(\"%s\") overrides the environment", other);
    st = ompwg_set_backend(NULL);
    if (!tap_ok(st == OMPWG_OK && strcmp(ompwg_get_backend(), want) == 0,
                "ompwg_set_backend(NULL) returns to OMPWG_BACKEND=%s", want))
        tap_diag("status %d, selected %s", st, ompwg_get_backend());
    return tap_done();
}
