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

bool walk_gpu_built(void)
{
    return (ompwg_backend_roles("gpu") & OMPWG_ROLE_DEVICE_DATA) != 0;
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

/* The settings of the knobs a walk changed, as they were before. */
static struct {
    const char *env;
    char value[256];
} before[8];

/* The knob's setting now, as text; false when the library has no such knob. */
static bool knob_value(const char *env, char *buf, size_t len)
{
    for (int i = 0; i < ompwg_config_count(); i++) {
        ompwg_knob_info k;
        if (ompwg_config_describe(i, &k) == OMPWG_OK && strcmp(k.env, env) == 0) {
            snprintf(buf, len, "%s", k.value);
            return true;
        }
    }
    return false;
}

int walk_variant_names(const char *env, const char **names, int max)
{
    int n = 0;
    for (int i = 0; i < ompwg_variant_count() && n < max; i++) {
        ompwg_variant v;
        if (ompwg_variant_info(i, &v) == OMPWG_OK && strcmp(v.env, env) == 0 && v.runnable)
            names[n++] = v.name;
    }
    return n;
}

bool walk_select_variant(const char *env, const char *name)
{
    size_t slot = 0;
    while (slot < sizeof before / sizeof before[0] && before[slot].env &&
           strcmp(before[slot].env, env) != 0)
        slot++;
    if (slot < sizeof before / sizeof before[0] && !before[slot].env &&
        knob_value(env, before[slot].value, sizeof before[slot].value))
        before[slot].env = env;
    int st = ompwg_config_set(env, name);
    char got[256] = "";
    knob_value(env, got, sizeof got);
    if (st == OMPWG_OK && strcmp(got, name) == 0) return true;
    tap_ok(false, "ompwg_config_set(\"%s\", \"%s\") selects that variant", env, name);
    tap_diag("status %d (%s), the knob reads %s", st, ompwg_strerror(st), got);
    return false;
}

void walk_restore_variant(const char *env)
{
    for (size_t i = 0; i < sizeof before / sizeof before[0]; i++)
        if (before[i].env && strcmp(before[i].env, env) == 0) {
            int st = ompwg_config_set(env, before[i].value);
            if (st != OMPWG_OK)
                tap_ok(false, "%s put back to %s: status %d", env, before[i].value, st);
            before[i].env = NULL;
        }
}

/* The knob of v whose variants backend `name` runs, NULL for none. */
static const char *knob_of(const walk_variants *v, const char *name)
{
    for (int k = 0; v && k < 4 && v->knobs[k]; k++)
        for (int i = 0; i < ompwg_variant_count(); i++) {
            ompwg_variant var;
            if (ompwg_variant_info(i, &var) == OMPWG_OK && strcmp(var.env, v->knobs[k]) == 0 &&
                strcmp(var.backend, name) == 0)
                return v->knobs[k];
        }
    return NULL;
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
        const char *knob = knob_of(v, name);
        const char *names[8];
        int count = knob ? walk_variant_names(knob, names, 8) : 0;
        if (count == 0) {
            body(name, ctx);
            continue;
        }
        for (int k = 0; k < count; k++) {
            if (!walk_select_variant(knob, names[k])) continue;
            char label[64];
            snprintf(label, sizeof label, "%s/%s", name, names[k]);
            body(label, ctx);
        }
        walk_restore_variant(knob);
    }
    /* "none" (nothing usable was selected at start) is no backend name */
    if (strcmp(saved, "none") != 0) ompwg_set_backend(saved);
}
