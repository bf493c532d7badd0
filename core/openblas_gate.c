/* The fork gate around calls into OpenBLAS (openblas_gate.h).
 *
 * Each thread that calls into OpenBLAS has a slot that counts its calls in
 * flight, written by that thread alone; a fork waits until every other
 * thread's count is 0. A call raises its count and then reads whether a
 * fork is being made; the fork sets that and then reads the counts. For
 * the two to see each other, each side needs a full barrier between its
 * write and its read: the fork's side makes one for every thread of the
 * process with membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED), so that a
 * call needs none, only the compiler's order. Where the kernel refuses
 * membarrier the gate is strict: each call makes its own barrier. Either
 * way an uncontended call writes no cache line that another thread writes
 * (the gate's first version counted every call in one process-wide counter,
 * two locked operations a call on a line all callers share). */
#include "openblas_gate.h"

#include <linux/membarrier.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

typedef ompwg_gate_slot gate_slot;

/* the slots of the threads that have called, guarded by slots_lock; each
 * thread's in its own thread-local memory, `own` once it is in the list */
static gate_slot *slots;
static pthread_mutex_t slots_lock = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local gate_slot own_slot;
static _Thread_local gate_slot *own;
/* its destructor takes an ending thread's slot out (libompwg stays loaded,
 * -z nodelete, so that it can run whenever a thread ends) */
static pthread_key_t slot_key;
static bool slot_key_made;

enum {
    FORKING = 1u, /* from the prepare handler to the parent's or the child's */
    STRICT = 2u,  /* no membarrier: each call makes a full barrier */
};
static atomic_uint state;
/* held by the thread that forks, from its prepare handler on */
static pthread_mutex_t fork_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t gate_once = PTHREAD_ONCE_INIT;

static long membarrier(int cmd)
{
    return syscall(__NR_membarrier, cmd, 0, 0);
}

/* Registers the process for the expedited barrier, or makes the gate
 * strict. */
static void choose_barrier(void)
{
    if (membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED) != 0)
        atomic_fetch_or(&state, STRICT);
}

/* A barrier on every thread of the process: the expedited one, else the
 * global one (slower, and needs no registration), else the gate goes
 * strict from now on and the threads are given time to pass any call that
 * read the state before. */
static void barrier_everywhere(void)
{
    if (atomic_load(&state) & STRICT) return;
    if (membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) == 0) return;
    if (membarrier(MEMBARRIER_CMD_GLOBAL) == 0) return;
    atomic_fetch_or(&state, STRICT);
    nanosleep(&(struct timespec){ .tv_nsec = 10000000 }, NULL);
}

/* Whether a thread other than the caller has a call in flight. */
static bool others_busy(void)
{
    bool busy = false;
    pthread_mutex_lock(&slots_lock);
    for (gate_slot *s = slots; s && !busy; s = s->next)
        busy = s != own && atomic_load(&s->depth) > 0;
    pthread_mutex_unlock(&slots_lock);
    return busy;
}

static void prepare(void)
{
    pthread_mutex_lock(&fork_lock);
    atomic_fetch_or(&state, FORKING);
    barrier_everywhere();
    /* the calls in flight finish (but one this fork is made from);
     * new ones wait in ompwg_openblas_enter */
    while (others_busy()) nanosleep(&(struct timespec){ .tv_nsec = 100000 }, NULL);
    /* the list stays as it is across the fork (held in the child too) */
    pthread_mutex_lock(&slots_lock);
}

static void parent(void)
{
    pthread_mutex_unlock(&slots_lock);
    atomic_fetch_and(&state, ~FORKING);
    pthread_mutex_unlock(&fork_lock);
}

/* In the child the forking thread is the only one: the other slots leave
 * the list (a thread that stepped back from a call may have left its count
 * up). */
static void child(void)
{
    slots = own;
    if (own) own->next = NULL;
    if (!(atomic_load(&state) & STRICT)) choose_barrier();
    parent();
}

/* An ending thread's slot leaves the list (and the thread's pointer, should
 * a later destructor call into OpenBLAS: it then joins again). */
static void leave_list(void *arg)
{
    gate_slot *slot = arg;
    pthread_mutex_lock(&slots_lock);
    for (gate_slot **p = &slots; *p; p = &(*p)->next)
        if (*p == slot) {
            *p = slot->next;
            break;
        }
    pthread_mutex_unlock(&slots_lock);
    own = NULL;
}

/* Once, at the first call into OpenBLAS (after its loading, whose
 * constructor registers OpenBLAS's own fork handler): prepare handlers run
 * in the reverse order of registration, so ours runs first, while
 * OpenBLAS's threads can still finish the calls in flight. */
static void gate_init(void)
{
    choose_barrier();
    slot_key_made = pthread_key_create(&slot_key, leave_list) == 0;
    pthread_atfork(prepare, parent, child);
}

/* The calling thread's slot joins the list, at its first call. Without the
 * destructor that takes it out (no key left), a slot on the heap, never
 * freed, stands in for the thread-local one; without memory for that, the
 * thread-local one is not listed (the thread's calls go without the
 * gate). */
static gate_slot *join(void)
{
    pthread_once(&gate_once, gate_init);
    gate_slot *s = slot_key_made ? &own_slot : calloc(1, sizeof *s);
    if (!s) return own = &own_slot;
    pthread_mutex_lock(&slots_lock);
    s->next = slots;
    slots = s;
    pthread_mutex_unlock(&slots_lock);
    if (slot_key_made) pthread_setspecific(slot_key, s);
    own = s;
    return s;
}

gate_slot *ompwg_openblas_enter(void)
{
    gate_slot *s = own;
    if (!s) s = join();
    const long depth = atomic_load_explicit(&s->depth, memory_order_relaxed);
    /* a call inside another (the outer one holds the gate) */
    if (depth) {
        atomic_store_explicit(&s->depth, depth + 1, memory_order_relaxed);
        return s;
    }
    for (;;) {
        atomic_store_explicit(&s->depth, 1, memory_order_relaxed);
        /* the count before the state, in the compiler's order; the CPU's
         * comes from the fork's barrier on every thread, or here */
        atomic_signal_fence(memory_order_seq_cst);
        unsigned st = atomic_load_explicit(&state, memory_order_relaxed);
        if (!st) return s;
        if (st & STRICT) {
            atomic_thread_fence(memory_order_seq_cst);
            st = atomic_load_explicit(&state, memory_order_relaxed);
        }
        if (!(st & FORKING)) return s;
        /* a fork is under way: step back, and wait until it is done */
        atomic_store_explicit(&s->depth, 0, memory_order_release);
        pthread_mutex_lock(&fork_lock);
        pthread_mutex_unlock(&fork_lock);
    }
}
