/* Option values the `ompwg` commands share the syntax of. */
#ifndef OMPWG_CLI_OPTIONS_H
#define OMPWG_CLI_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

/* A comma-separated list of positive sizes ("256,0x400") into out[0..max);
 * 0, or -1 when the list is empty, malformed or longer than max. */
int cli_parse_sizes(const char *s, int64_t *out, int *n, int max);

/* Whether the comma-separated list names `name`. */
bool cli_listed(const char *list, const char *name);

#endif
