#include "options.h"

#include <stdlib.h>
#include <string.h>

int cli_parse_sizes(const char *s, int64_t *out, int *n, int max)
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

bool cli_listed(const char *list, const char *name)
{
    size_t len = strlen(name);
    for (const char *p = list; (p = strstr(p, name)); p += len)
        if ((p == list || p[-1] == ',') && (p[len] == ',' || p[len] == '\0')) return true;
    return false;
}
