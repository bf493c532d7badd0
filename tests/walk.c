#include "walk.h"

#include <stdlib.h>
#include <string.h>

#include "ompwg.h"
#include "tap.h"

static bool list_has(const char *list, const char *name)
{
    size_t len = strlen(name);
    for (const char *p = list; *p;) {
        const char *end = strchr(p, ',');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n == len && strncmp(p, name, len) == 0) return true;
        p += n + (end ? 1 : 0);
    }
    return false;
}

bool walk_wanted(const char *name)
{
    const char *list = getenv("OMPWG_TEST_BACKENDS");
    return !list || !list[0] || list_has(list, name);
}

bool walk_usable(const char *name, char *why, size_t why_len)
{
    for (int i = 0; i < ompwg_backend_count(); i++) {
        const char *n = NULL;
        char buf[256] = "";
        int u = ompwg_backend_info(i, &n, buf, sizeof buf);
        if (n && strcmp(n, name) == 0) {
            if (why && why_len) {
                strncpy(why, buf, why_len - 1);
                why[why_len - 1] = '\0';
            }
            return u == 1;
        }
    }
    if (why && why_len) {
        strncpy(why, "not compiled in", why_len - 1);
        why[why_len - 1] = '\0';
    }
    return false;
}

/* A name in OMPWG_TEST_BACKENDS that matches no backend would silently test
 * nothing. */
static void check_filter(void)
{
    const char *list = getenv("OMPWG_TEST_BACKENDS");
    if (!list || !list[0]) return;
    char copy[256];
    strncpy(copy, list, sizeof copy - 1);
    copy[sizeof copy - 1] = '\0';
    char *save = NULL;
    for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        bool known = false;
        for (int i = 0; i < ompwg_backend_count(); i++) {
            const char *n = NULL;
            ompwg_backend_info(i, &n, NULL, 0);
            if (n && strcmp(n, tok) == 0) known = true;
        }
        if (!known) tap_ok(false, "OMPWG_TEST_BACKENDS names a backend that is not compiled in: %s", tok);
    }
}

void walk_backends(void (*body)(const char *name, void *ctx), void *ctx)
{
    check_filter();
    char saved[64];
    strncpy(saved, ompwg_get_backend(), sizeof saved - 1);
    saved[sizeof saved - 1] = '\0';
    for (int i = 0; i < ompwg_backend_count(); i++) {
        const char *name = NULL;
        char why[256] = "";
        int usable = ompwg_backend_info(i, &name, why, sizeof why);
        if (!name) {
            tap_ok(false, "ompwg_backend_info(%d) gave no name", i);
            continue;
        }
        if (!walk_wanted(name)) {
            tap_diag("backend %s: left out by OMPWG_TEST_BACKENDS", name);
            continue;
        }
        if (usable != 1) {
            tap_skip(name, "backend %s not usable here: %s", name, why);
            continue;
        }
        tap_diag("backend %s: %s", name, why);
        int st = ompwg_set_backend(name);
        if (!tap_ok(st == OMPWG_OK, "%s: ompwg_set_backend(\"%s\") gives OMPWG_OK", name, name)) {
            tap_diag("status %d: %s", st, ompwg_strerror(st));
            continue;
        }
        body(name, ctx);
    }
    /* "none" (nothing usable was selected at start) is no backend name */
    if (strcmp(saved, "none") != 0) ompwg_set_backend(saved);
}
