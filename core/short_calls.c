/* The word that says whether the drop-in BLAS's short calls may skip the
 * planner (short_calls.h); src/registry.c keeps it. */
#include "short_calls.h"

atomic_uint ompwg_short_calls_blocked = OMPWG_SHORT_UNSET;
