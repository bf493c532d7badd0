#include "walk.h"

#include <stdio.h>
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

/* The value each family's variable had before the walk changed it. */
static struct {
    bool saved, set;
    char value[64];
} before[OMPWG_GPU_KERNEL_GEMM_TILE + 1];

bool walk_select_variant(const walk_variants *v, int i)
{
    if (!before[v->kernel].saved) {
        const char *old = getenv(v->env);
        before[v->kernel].saved = true;
        before[v->kernel].set = old != NULL;
        snprintf(before[v->kernel].value, sizeof before[v->kernel].value, "%s", old ? old : "");
    }
    setenv(v->env, v->names[i], 1);
    const char *got = NULL;
    int st = ompwg_gpu_variant(v->kernel, &got);
    if (st == OMPWG_OK && got && strcmp(got, v->names[i]) == 0) return true;
    tap_ok(false, "%s=%s selects the %s variant", v->env, v->names[i], v->names[i]);
    tap_diag("ompwg_gpu_variant: status %d, %s", st, got ? got : "(null)");
    return false;
}

void walk_restore_variant(const walk_variants *v)
{
    if (!before[v->kernel].saved) return;
    if (before[v->kernel].set)
        setenv(v->env, before[v->kernel].value, 1);
    else
        unsetenv(v->env);
    before[v->kernel].saved = false;
}

void walk_backends(void (*body)(const char *name, void *ctx), void *ctx)
{
    walk_backends_variants(body, ctx, NULL);
}

void walk_backends_variants(void (*body)(const char *name, void *ctx), void *ctx,
                            const walk_variants *v)
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
        if (!v || strcmp(name, "gpu") != 0) {
            body(name, ctx);
            continue;
        }
        for (int k = 0; k < 2; k++) {
            if (!walk_select_variant(v, k)) continue;
            char label[64];
            snprintf(label, sizeof label, "%s/%s", name, v->names[k]);
            body(label, ctx);
        }
        walk_restore_variant(v);
    }
    /* "none" (nothing usable was selected at start) is no backend name */
    if (strcmp(saved, "none") != 0) ompwg_set_backend(saved);
}
