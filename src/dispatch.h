/* Which backend runs a call, shared by the entry points of every operation. */
#ifndef OMPWG_DISPATCH_H
#define OMPWG_DISPATCH_H

#include <stdbool.h>

#include "ompwg.h"
#include "registry.h"

/* The backend every result is checked against. */
static inline bool ompwg_is_reference(const ompwg_backend *be)
{
    return (be->caps & OMPWG_CAP_REFERENCE) != 0;
}

/* The backend for a call: the selected one for host data, the GPU for device
 * data; NULL when it is not usable. */
static inline const ompwg_backend *ompwg_backend_for(bool device)
{
    return device ? ompwg_find_backend_with(OMPWG_CAP_DEVICE_DATA) : ompwg_current_backend();
}

/* A GPU that cannot hold the data hands host-data calls to the CPU when the
 * user allowed it: the CPU backend, or NULL. */
static inline const ompwg_backend *ompwg_fallback_for(int st, bool device)
{
    if (st != OMPWG_ERR_DEVICE_NOMEM || device || !ompwg_fallback_enabled()) return NULL;
    return ompwg_find_backend_with(OMPWG_CAP_FALLBACK);
}

#endif
