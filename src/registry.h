/* The backends compiled in, what their probes found, and which one runs. */
#ifndef OMPWG_REGISTRY_H
#define OMPWG_REGISTRY_H

#include "backend.h"

/* Adds b after the compiled-in backends, before any other call into the
 * library (single-threaded): it is then probed, filled and listed like
 * them. For a program linked with the library's objects (a test of a
 * backend outside backends/); not exported. OMPWG_OK; OMPWG_ERR_NULL;
 * OMPWG_ERR_UNAVAILABLE once the backends are set up; OMPWG_ERR_RANGE when
 * there is no room left. */
int ompwg_register_backend(const ompwg_backend *b);

/* The backend the calling thread's calls go to now: its own choice
 * (ompwg_set_thread_backend), else the process-wide one; NULL when that is
 * not usable (its reason was printed to stderr once). */
const ompwg_backend *ompwg_current_backend(void);

/* The first usable backend (explicit-only counts) whose caps include all of
 * `caps`, in the order of preference; NULL when there is none. */
const ompwg_backend *ompwg_find_backend_with(unsigned caps);

/* Whether the calling thread's calls are placed one by one ("auto"). */
bool ompwg_current_is_auto(void);

/* The first backend with all of `caps` that "auto" may choose (usable, not
 * explicit-only); NULL when there is none. */
const ompwg_backend *ompwg_auto_candidate(unsigned caps);

/* The backends "auto" may run host data on without a device (usable, not
 * explicit-only), in the order of preference: how many were put in out. */
int ompwg_auto_hosts(const ompwg_backend **out, int max);

/* The first compiled-in backend with all of `caps`, usable here or not. */
const ompwg_backend *ompwg_compiled_backend_with(unsigned caps);

/* A compiled-in backend by name, usable here or not; NULL if none. */
const ompwg_backend *ompwg_compiled_backend_named(const char *name);

/* b's position in the table (ompwg_backend_info order), or -1. */
int ompwg_backend_index(const ompwg_backend *b);

/* Computes the word that says whether the drop-in BLAS's short calls may
 * skip the planner (short_calls.h) again: for the setters of the settings
 * it depends on that are kept outside this file (the trace's level, the
 * split share), after they stored the new setting. Before the backends are
 * set up it does nothing: their setting up computes the word. */
void ompwg_short_calls_refresh(void);

/* Whether host arrays are looked up as mapped data now
 * (ompwg_set_mapped_data): one relaxed load. */
bool ompwg_mapped_lookups(void);

#endif
