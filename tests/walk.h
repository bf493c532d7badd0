/* Running one test body on every backend of the library, in one process
 * (the checkasm shape): a backend compiled in but not usable here is a TAP
 * skip with the probe's reason. OMPWG_TEST_BACKENDS=name,name restricts the
 * walk, e.g. to run the GPU kernels alone in host fallback. */
#ifndef OMPWG_TEST_WALK_H
#define OMPWG_TEST_WALK_H

#include <stdbool.h>
#include <stddef.h>

/* Whether OMPWG_TEST_BACKENDS lets backend `name` run (always when unset). */
bool walk_wanted(const char *name);

/* Calls body(name, ctx) once per wanted, usable backend, with that backend
 * selected; the selection found at entry is restored at the end. */
void walk_backends(void (*body)(const char *name, void *ctx), void *ctx);

/* Whether backend `name` is compiled in and usable; *why (may be NULL)
 * receives the probe's reason or description. */
bool walk_usable(const char *name, char *why, size_t why_len);

#endif
