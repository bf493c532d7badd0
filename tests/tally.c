#include "tally.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void tally_fail(tally *t, int thread, const char *what, const char *fmt, ...)
{
    if (t->failures++ > 0) return;
    char detail[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    snprintf(t->first_failure, sizeof t->first_failure, "thread %d: %s: %s", thread, what, detail);
}

void tally_add(tally *total, const tally *part)
{
    if (part->failures && !total->failures)
        memcpy(total->first_failure, part->first_failure, sizeof total->first_failure);
    total->calls += part->calls;
    total->failures += part->failures;
}
