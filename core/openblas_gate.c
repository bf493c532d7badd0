/* The fork gate around calls into OpenBLAS (openblas_gate.h). */
#include "openblas_gate.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <time.h>

/* calls in flight, outermost ones only (on any thread) */
static atomic_long active;
/* set while a fork is being made (from the prepare handler to the parent's
 * or the child's), with fork_lock held by the thread that forks */
static atomic_bool forking;
static pthread_mutex_t fork_lock = PTHREAD_MUTEX_INITIALIZER;
/* this thread's calls in flight, nested ones included */
static _Thread_local long depth;
static pthread_once_t handlers_once = PTHREAD_ONCE_INIT;

static void prepare(void)
{
    /* a fork from inside a call: that call is not waited for */
    if (depth) atomic_fetch_sub(&active, 1);
    pthread_mutex_lock(&fork_lock);
    atomic_store(&forking, true);
    /* the calls in flight finish; new ones wait in ompwg_openblas_enter */
    while (atomic_load(&active) > 0) nanosleep(&(struct timespec){ .tv_nsec = 100000 }, NULL);
}

static void done(void)
{
    atomic_store(&forking, false);
    if (depth) atomic_fetch_add(&active, 1);
    pthread_mutex_unlock(&fork_lock);
}

/* Registered once OpenBLAS is in the process (the first call into it comes
 * after its loading, whose constructor registers OpenBLAS's own handler):
 * prepare handlers run in the reverse order of registration, so ours runs
 * first, while OpenBLAS's threads can still finish the calls in flight. */
static void register_handlers(void)
{
    pthread_atfork(prepare, done, done);
}

void ompwg_openblas_enter(void)
{
    if (depth++) return;
    pthread_once(&handlers_once, register_handlers);
    for (;;) {
        atomic_fetch_add(&active, 1);
        if (!atomic_load(&forking)) return;
        /* a fork is under way: step back, and wait until it is done */
        atomic_fetch_sub(&active, 1);
        pthread_mutex_lock(&fork_lock);
        pthread_mutex_unlock(&fork_lock);
    }
}

void ompwg_openblas_leave(void)
{
    if (--depth) return;
    atomic_fetch_sub(&active, 1);
}
