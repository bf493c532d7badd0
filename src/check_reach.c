/* Which calls check mode can compare: those the reference backend takes.
 * A call OpenBLAS's 32-bit interface cannot take runs unchecked, and its
 * result is the backend's, with its status; the first such call says so. */
#include <stdatomic.h>
#include <stdio.h>

#include "check.h"
#include "registry.h"

static atomic_bool said;

bool ompwg_check_reaches(ompwg_shape_kind kind, const void *shape, const char *what)
{
    const ompwg_backend *ref = ompwg_find_backend_with(OMPWG_CAP_REFERENCE);
    if (!ref || !ref->takes || ref->takes(kind, shape)) return true;
    if (!atomic_exchange(&said, true))
        fprintf(stderr, "ompwg: check: %s not compared: %s cannot take its sizes (32-bit); "
                        "such calls run unchecked (said once)\n", what, ref->name);
    return false;
}
