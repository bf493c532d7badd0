#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int bench_parse_sizes(const char *s, int64_t *out, int *n, int max)
{
    *n = 0;
    while (*s) {
        char *end;
        long long v = strtoll(s, &end, 0);
        if (end == s || v < 1 || *n == max || (*end && *end != ',')) return -1;
        out[(*n)++] = v;
        s = *end ? end + 1 : end;
    }
    return *n ? 0 : -1;
}

bool bench_listed(const char *list, const char *name)
{
    size_t len = strlen(name);
    for (const char *p = list; (p = strstr(p, name)); p += len)
        if ((p == list || p[-1] == ',') && (p[len] == ',' || p[len] == '\0')) return true;
    return false;
}

/* A number >= 1 and <= max, all of s; -1 when it is not. */
static long long positive(const char *s, long long max)
{
    char *end;
    long long v = strtoll(s, &end, 0);
    return end != s && *end == '\0' && v >= 1 && v <= max ? v : -1;
}

/* Stores value into o's variable: false when it is not one of o's kind. */
static bool store(const bench_option *o, const char *value)
{
    switch (o->kind) {
    case BENCH_OPTION_FLAG: *(bool *)o->value = true; return true;
    case BENCH_OPTION_COUNT: {
        long long v = positive(value, 1000000000);
        if (v < 0) return false;
        *(int *)o->value = (int)v;
        return true;
    }
    case BENCH_OPTION_SIZE: {
        long long v = positive(value, INT64_MAX);
        if (v < 0) return false;
        *(int64_t *)o->value = v;
        return true;
    }
    case BENCH_OPTION_SIZES: {
        bench_sizes *s = o->value, parsed;
        if (bench_parse_sizes(value, parsed.n, &parsed.count, BENCH_MAX_SIZES)) return false;
        *s = parsed;
        return true;
    }
    case BENCH_OPTION_TEXT: *(const char **)o->value = value; return true;
    }
    return false;
}

int bench_parse_options(const char *program, void (*usage)(FILE *f), int argc, char **argv,
                        const bench_option *opts, int count)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 1;
        }
        const bench_option *o = NULL;
        for (int k = 0; k < count && !o; k++)
            if (!strcmp(a, opts[k].name)) o = &opts[k];
        const char *value = NULL;
        if (o && o->kind != BENCH_OPTION_FLAG) value = i + 1 < argc ? argv[++i] : NULL;
        if (!o || (o->kind != BENCH_OPTION_FLAG && !value) || !store(o, value)) {
            fprintf(stderr, "%s: bad option or value: %s %s\n", program, a, value ? value : "");
            usage(stderr);
            return 2;
        }
    }
    return 0;
}
