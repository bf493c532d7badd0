/* Running one test body on every backend of the library, in one process
 * (the checkasm shape): a backend compiled in but not usable here is a TAP
 * skip with the probe's reason. OMPWG_TEST_BACKENDS=name,name restricts the
 * walk, e.g. to run the GPU kernels alone in host fallback. */
#ifndef OMPWG_TEST_WALK_H
#define OMPWG_TEST_WALK_H

#include <stdbool.h>
#include <stddef.h>

#include "ompwg.h"

/* Whether this build has the GPU backend: clang >= 19 builds it; another
 * compiler (gcc) only its table, which is never usable and says why
 * (backends/gpu/absent.c) and takes no role, device data included. */
bool walk_gpu_built(void);

/* Whether OMPWG_TEST_BACKENDS lets backend `name` run (always when unset). */
bool walk_wanted(const char *name);

/* Calls body(name, ctx) once per wanted, usable backend, with that backend
 * selected; the selection found at entry is restored at the end. */
void walk_backends(void (*body)(const char *name, void *ctx), void *ctx);

/* The knobs whose kernel variants a walk runs, e.g. OMPWG_GPU_GEMM and
 * OMPWG_CPU_ARCH; NULL ends the list. */
typedef struct walk_variants {
    const char *knobs[4];
} walk_variants;

/* walk_backends, except that a backend with variants among v's knobs
 * (ompwg_variant_info: those this machine runs) runs the body once per
 * variant, selected through ompwg_config_set() (and confirmed) with name
 * "<backend>/<variant>"; each knob is put back at the end. */
void walk_backends_variants(void (*body)(const char *name, void *ctx), void *ctx,
                            const walk_variants *v);

/* The variants of knob env this machine runs, into names (at most max);
 * returns their count. */
int walk_variant_names(const char *env, const char **names, int max);

/* Selects variant `name` of knob env and says (as a failing TAP line when
 * not) whether the library now reports it. */
bool walk_select_variant(const char *env, const char *name);

/* Puts knob env back as it was before the first walk_select_variant. */
void walk_restore_variant(const char *env);

/* Whether backend `name` is compiled in and usable; *why (may be NULL)
 * receives the probe's reason or description. */
bool walk_usable(const char *name, char *why, size_t why_len);

#endif
