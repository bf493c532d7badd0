/* Which backend runs a call, shared by the entry points of every operation:
 * the description of a call the planner (place.h) weighs, and the roles the
 * backends' capabilities give them. */
#ifndef OMPWG_DISPATCH_H
#define OMPWG_DISPATCH_H

#include <stdbool.h>

#include "args.h"
#include "ompwg.h"
#include "place.h"
#include "registry.h"

/* ompwg_plan_factor() for one precision (lapack_api_tmpl.c): op the
 * routine, its sizes as ompwg_plan_factor() takes them. */
int ompwg_plan_sfactor_op(const ompwg_model *model, int op, int64_t m, int64_t n, int64_t nrhs,
                          ompwg_plan *out);
int ompwg_plan_dfactor_op(const ompwg_model *model, int op, int64_t m, int64_t n, int64_t nrhs,
                          ompwg_plan *out);

/* The backend every result is checked against. */
static inline bool ompwg_is_reference(const ompwg_backend *be)
{
    return (be->caps & OMPWG_CAP_REFERENCE) != 0;
}

/* A GPU that cannot hold the data hands host-data calls to the CPU when the
 * user allowed it: the CPU backend, or NULL. */
static inline const ompwg_backend *ompwg_fallback_for(int st, bool device)
{
    if (st != OMPWG_ERR_DEVICE_NOMEM || device || !ompwg_get_fallback()) return NULL;
    return ompwg_find_backend_with(OMPWG_CAP_FALLBACK);
}

/* Places a call on the operands at ptr[0] and ptr[1] (NULL: none): the
 * backend that runs it, or NULL with *st the reason none can. On mapped
 * data the pointers move to the device copies and *device becomes true. */
static inline const ompwg_backend *ompwg_place_pair(const ompwg_call *call, void *ptr[2],
                                                    bool *device, int *st)
{
    ompwg_placement pl;
    *st = ompwg_place_call(call, &pl, ptr);
    if (*st != OMPWG_OK) return NULL;
    *device |= pl.mapped;
    return pl.be;
}

/* A column-major rows x cols matrix (leading dimension ld) as an operand:
 * what it spans, and what crosses the link when it is read (in) or written
 * (out) by a device. */
static inline ompwg_operand ompwg_matrix_operand(const void *p, int64_t rows, int64_t cols,
                                                 int64_t ld, size_t elem, bool in, bool out)
{
    size_t block = (size_t)rows * (size_t)cols * elem;
    ompwg_operand o = { .low = p, .span = p ? (size_t)ompwg_matrix_span(rows, cols, ld) * elem : 0,
                        .bytes_in = in ? block : 0, .bytes_out = out ? block : 0 };
    return o;
}

/* A vector (x at logical element 0, increment inc) as an operand. */
static inline ompwg_operand ompwg_vector_operand(const void *x, int64_t n, int64_t inc,
                                                 size_t elem, bool in, bool out)
{
    const char *low = (const char *)x + (inc < 0 ? (n - 1) * inc * (int64_t)elem : 0);
    size_t bytes = (size_t)n * elem;
    ompwg_operand o = { .low = low, .span = (size_t)ompwg_vec_span(n, inc) * elem,
                        .bytes_in = in ? bytes : 0, .bytes_out = out ? bytes : 0 };
    return o;
}

#endif
