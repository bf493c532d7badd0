/* Calls into OpenBLAS made safe for fork(). OpenBLAS's own fork handler
 * (pthread_atfork) stops its worker threads, and waits for ever where one of
 * them is busy with a call another thread made: the parent hangs in fork(),
 * and the child in its first call. Every call ompwg makes into OpenBLAS (the
 * openblas backend, libompwg_blas's and libompwg_lapack's forwarders, the
 * thread-count setter) is therefore held between ompwg_openblas_enter() and
 * ompwg_openblas_leave(), and a fork handler of ompwg's, which runs before
 * OpenBLAS's, waits until no such call is in flight and keeps new ones out
 * until the fork is done, in the parent and in the child.
 *
 * A call writes only its own thread's count (no locked operation, no cache
 * line another thread writes: openblas_gate.c says how the fork still sees
 * it). A call made inside another (OpenBLAS's LAPACK calling the BLAS by
 * name, which are libompwg_blas's) passes on the outer one's count, and a
 * fork made from inside a call (a callback, an error handler) does not wait
 * for the call it is made from. Defined in libompwg and exported (under these names
 * only) so that the three libraries share one count; not part of the API. */
#ifndef OMPWG_OPENBLAS_GATE_H
#define OMPWG_OPENBLAS_GATE_H

#include <stdatomic.h>

#define OMPWG_GATE_EXPORT __attribute__((visibility("default")))

/* A thread's calls in flight, nested ones included, which only that thread
 * writes, on a cache line of its own (openblas_gate.c keeps the list). */
typedef struct ompwg_gate_slot {
    _Alignas(64) atomic_long depth;
    struct ompwg_gate_slot *next;
} ompwg_gate_slot;

/* Before a call into OpenBLAS: waits while a fork is being made. Returns
 * the calling thread's slot for ompwg_openblas_leave. A thread's first call
 * puts its slot in the list (a lock, no allocation). */
OMPWG_GATE_EXPORT ompwg_gate_slot *ompwg_openblas_enter(void);

/* After it, with what ompwg_openblas_enter returned. */
static inline void ompwg_openblas_leave(ompwg_gate_slot *slot)
{
    const long depth = atomic_load_explicit(&slot->depth, memory_order_relaxed);
    atomic_store_explicit(&slot->depth, depth - 1, memory_order_release);
}

#endif
