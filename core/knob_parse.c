/* A knob's text as the table says it takes it, and why not when it is
 * not. */
#include "knob.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int ompwg_knob_parse(const ompwg_knob_def *k, const char *text, int64_t *num, double *share,
                     const char **what)
{
    char *end;
    switch (k->kind) {
    case OMPWG_KIND_TEXT:
        *what = "is too long";
        return strlen(text) < OMPWG_KNOB_TEXT_MAX ? OMPWG_OK : OMPWG_ERR_RANGE;
    case OMPWG_KIND_FLAG:
    case OMPWG_KIND_NUMBER: {
        int64_t lo = k->kind == OMPWG_KIND_FLAG ? 0 : k->lo, hi = k->kind == OMPWG_KIND_FLAG ? 1 : k->hi;
        errno = 0;
        long long v = strtoll(text, &end, 10);
        *what = "is not 0 or 1";
        if (end == text || *end || errno || v < lo || v > hi) return OMPWG_ERR_RANGE;
        *num = v;
        return OMPWG_OK;
    }
    case OMPWG_KIND_SHARE: {
        double v = strtod(text, &end);
        *what = "is not a number between 0 and 1";
        if (end == text || *end || !(v > 0 && v < 1)) return OMPWG_ERR_RANGE;
        *share = v;
        return OMPWG_OK;
    }
    case OMPWG_KIND_CHOICE: {
        const char *const *c = ompwg_knob_choices(k);
        for (int i = 0; c && c[i]; i++)
            if (strcasecmp(text, c[i]) == 0) {
                *num = i;
                return OMPWG_OK;
            }
        return OMPWG_ERR_FLAGS;
    }
    }
    return OMPWG_ERR_FLAGS;
}

void ompwg_knob_why(const ompwg_knob_def *k, const char *what, char *buf, size_t len)
{
    if (k->kind == OMPWG_KIND_NUMBER)
        snprintf(buf, len, "is not a whole number from %" PRId64 " to %" PRId64, k->lo, k->hi);
    else if (k->kind == OMPWG_KIND_CHOICE)
        snprintf(buf, len, "is not %s", ompwg_knob_values(k));
    else
        snprintf(buf, len, "%s", what);
}
