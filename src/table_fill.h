/* A backend's table with its empty slots filled at registration, in the way
 * of dav1d's function tables (the reference first, a backend's own kernels
 * over it), so that no call site tests a slot for NULL. */
#ifndef OMPWG_TABLE_FILL_H
#define OMPWG_TABLE_FILL_H

#include "backend.h"

/* Fills the NULL optional slots of t (backend.h) from `reference` (the
 * compiled table with OMPWG_CAP_REFERENCE, or NULL when there is none).
 * The scans and transposes come from the sequential reference (reference.h).
 * A level-3 or complex GEMM slot of a backend without device data is the
 * reference's own; a device backend's, and any slot the reference lacks
 * too, is a routine that returns OMPWG_ERR_UNSUPPORTED for device pointers
 * and runs host data on the reference (OMPWG_ERR_UNAVAILABLE without one).
 * Every call passes the same reference. */
void ompwg_table_fill(ompwg_backend *t, const ompwg_backend *reference);

#endif
