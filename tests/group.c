#include "group.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void group_init(group *g, const char *measure)
{
    memset(g, 0, sizeof *g);
    g->measure = measure;
}

void group_add(group *g, const char *what, bool pass, const char *why, double measure)
{
    g->cases++;
    if (!pass && g->failures++ == 0)
        snprintf(g->first_failure, sizeof g->first_failure, "%s: %s", what, why);
    if (measure > g->worst || isnan(measure)) {
        g->worst = measure;
        snprintf(g->worst_case, sizeof g->worst_case, "%s", what);
    }
}

bool group_report(const group *g, const char *fmt, ...)
{
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    char tail[64] = "";
    if (g->measure) snprintf(tail, sizeof tail, ", worst %s %.3g", g->measure, g->worst);
    bool pass = tap_ok(g->failures == 0 && g->cases > 0, "%s: %ld cases%s", what, g->cases, tail);
    if (!pass) {
        if (g->cases == 0) tap_diag("no case ran");
        else tap_diag("%ld of %ld cases failed; the first: %s", g->failures, g->cases,
                      g->first_failure);
        if (g->measure && g->worst > 0) tap_diag("worst %s %g: %s", g->measure, g->worst, g->worst_case);
    }
    return pass;
}
