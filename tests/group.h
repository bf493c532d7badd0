/* The cases behind one TAP line: one line per group keeps the output
 * readable, and a failing line names its first failure and the worst case. */
#ifndef OMPWG_TEST_GROUP_H
#define OMPWG_TEST_GROUP_H

#include <stdbool.h>

#include "tap.h"

typedef struct group {
    const char *measure;  /* what `worst` measures ("ratio", "err/bound"), or NULL */
    long cases, failures;
    double worst;
    char worst_case[256];
    char first_failure[768];
} group;

void group_init(group *g, const char *measure);

/* One case: its description, whether it passed, why not, and its measure
 * (negative when it has none). */
void group_add(group *g, const char *what, bool pass, const char *why, double measure);

/* The TAP line: ok when the group ran at least one case and none failed. */
bool group_report(const group *g, const char *fmt, ...) TAP_PRINTF(2, 3);

#endif
