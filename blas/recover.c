/* Run-time failures of a backend: a BLAS routine has no status to return,
 * so a call that failed runs again on another backend, for the calling
 * thread only, and what cannot be recovered is said on stderr. */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "shim.h"

/* The backends a failed call runs on next, in this order: those with the
 * fallback role (no device needed), then the reference (not even memory of
 * ompwg's). Returns the name of the i-th, or NULL past the last. */
static const char *fallback(int i)
{
    static const unsigned order[] = { OMPWG_ROLE_FALLBACK, OMPWG_ROLE_REFERENCE };
    int n = ompwg_backend_count();
    for (int o = 0; o < (int)(sizeof order / sizeof order[0]); o++) {
        for (int b = 0; b < n; b++) {
            const char *name = NULL;
            ompwg_backend_info(b, &name, NULL, 0);
            unsigned roles = ompwg_backend_roles(name);
            if ((roles & order[o]) && !(roles & OMPWG_ROLE_DEVICE_DATA) && i-- == 0) return name;
        }
    }
    return NULL;
}

/* Statuses whose first fallback has been reported (one bit each), so that
 * a loop of calls does not repeat the message. */
static atomic_uint reported;

/* Failures a run on another backend can recover from; those that may
 * have written part of the output only when it may be written again. */
static bool recoverable(int st, bool rerun_ok)
{
    switch (st) {
    case OMPWG_ERR_UNAVAILABLE:
    case OMPWG_ERR_NOMEM:
    case OMPWG_ERR_DEVICE_NOMEM:
    case OMPWG_ERR_TOO_LARGE:
    case OMPWG_ERR_UNSUPPORTED:
        return true;
    case OMPWG_ERR_DEVICE:
        return rerun_ok;
    default:
        return false;
    }
}

static bool finish(ompwg_blas_attempt *at)
{
    if (at->switched) ompwg_set_thread_backend(at->own_choice);
    at->switched = false;
    return false;
}

static void report_fallback(const ompwg_blas_attempt *at, const char *failed, const char *next,
                            int st)
{
    unsigned bit = 1u << (st & 31);
    if (atomic_fetch_or(&reported, bit) & bit) return;
    fprintf(stderr,
            OMPWG_BLAS_LIBRARY ": %s: backend %s: %s; the call runs on %s instead "
                               "(later fallbacks for this reason are not reported)\n",
            at->routine, failed, ompwg_strerror(st), next);
}

bool ompwg_blas_retry(ompwg_blas_attempt *at, int st, bool rerun_ok)
{
    if (st == OMPWG_OK || st == OMPWG_ERR_CHECK) return finish(at);
    if (recoverable(st, rerun_ok)) {
        char failed[32];
        snprintf(failed, sizeof failed, "%s", ompwg_get_backend());
        const char *next;
        while ((next = fallback(at->next_fallback++))) {
            if (strcmp(next, failed) == 0) continue;
            if (!at->switched) at->own_choice = ompwg_get_thread_backend();
            if (ompwg_set_thread_backend(next) != OMPWG_OK) continue;
            at->switched = true;
            report_fallback(at, failed, next, st);
            return true;
        }
    }
    fprintf(stderr,
            OMPWG_BLAS_LIBRARY
            ": %s: backend %s: %s; the call failed and its result is not valid\n",
            at->routine, ompwg_get_backend(), ompwg_strerror(st));
    return finish(at);
}
