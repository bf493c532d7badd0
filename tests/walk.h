/* Running one test body on every backend of the library, in one process
 * (the checkasm shape): a backend compiled in but not usable here is a TAP
 * skip with the probe's reason. OMPWG_TEST_BACKENDS=name,name restricts the
 * walk, e.g. to run the GPU kernels alone in host fallback. */
#ifndef OMPWG_TEST_WALK_H
#define OMPWG_TEST_WALK_H

#include <stdbool.h>
#include <stddef.h>

#include "ompwg.h"

/* Whether OMPWG_TEST_BACKENDS lets backend `name` run (always when unset). */
bool walk_wanted(const char *name);

/* Calls body(name, ctx) once per wanted, usable backend, with that backend
 * selected; the selection found at entry is restored at the end. */
void walk_backends(void (*body)(const char *name, void *ctx), void *ctx);

/* A GPU kernel family whose variants a test runs one after another. */
typedef struct walk_variants {
    ompwg_gpu_kernel kernel;
    const char *env;          /* the variable that selects them */
    const char *names[2];
} walk_variants;

/* walk_backends, except that the gpu backend's body runs once per variant
 * of v, with v->env set to it (the selection confirmed through
 * ompwg_gpu_variant) and name "gpu/<variant>"; the variable is restored at
 * the end. */
void walk_backends_variants(void (*body)(const char *name, void *ctx), void *ctx,
                            const walk_variants *v);

/* Sets v->env to variant i and says (as a failing TAP line when not)
 * whether the library now selects it. */
bool walk_select_variant(const walk_variants *v, int i);

/* Puts v->env back as it was before the first walk_select_variant. */
void walk_restore_variant(const walk_variants *v);

/* Whether backend `name` is compiled in and usable; *why (may be NULL)
 * receives the probe's reason or description. */
bool walk_usable(const char *name, char *why, size_t why_len);

#endif
