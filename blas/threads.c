/* OpenBLAS's thread-count functions, which programs written for OpenBLAS
 * call: the count applies to ompwg's CPU backend and to OpenBLAS itself,
 * which runs the forwarded routines and the `openblas` backend. */
#include <pthread.h>
#include <stdio.h>

#include "openblas_gate.h"
#include "openblas_object.h"
#include "shim.h"

typedef void set_threads_fn(int n);

/* OpenBLAS's own goto_set_num_threads, which does the work: its
 * openblas_set_num_threads calls goto_set_num_threads through the dynamic
 * symbol, which is this library's when it is preloaded or linked first, so
 * calling that one from here would come back here, endlessly. An OpenBLAS
 * without goto_set_num_threads gets its openblas_set_num_threads. */
static set_threads_fn *openblas_set;
static pthread_once_t openblas_set_once = PTHREAD_ONCE_INIT;

static void look_up(void)
{
    void *object = ompwg_openblas_object();
    openblas_set = (set_threads_fn *)ompwg_openblas_own(object, "goto_set_num_threads");
    if (!openblas_set)
        openblas_set = (set_threads_fn *)ompwg_openblas_own(object, "openblas_set_num_threads");
}

/* A count ompwg_set_num_threads() refuses (more than 4096) changes neither
 * count: there is no status to return, so it is said on stderr, as a
 * knob's bad value is. */
static void set_both(const char *name, int n)
{
    if (ompwg_set_num_threads(n) != OMPWG_OK) {
        fprintf(stderr, "ompwg: %s(%d) is more threads than ompwg takes (4096): ignored, the "
                        "thread counts stay as they were\n", name, n);
        return;
    }
    pthread_once(&openblas_set_once, look_up);
    if (!openblas_set) return;
    /* OpenBLAS starts or stops its threads: not while a fork is made */
    ompwg_gate_slot *gate = ompwg_openblas_enter();
    openblas_set(n);
    ompwg_openblas_leave(gate);
}

/** OpenBLAS's openblas_set_num_threads: n threads for ompwg's CPU backend
 *  (ompwg_set_num_threads) and for OpenBLAS; n <= 0 gives both their
 *  defaults back as each defines them; n > 4096 is said on stderr and
 *  changes neither. */
OMPWG_BLAS_EXPORT void openblas_set_num_threads(int n)
{
    set_both("openblas_set_num_threads", n);
}

/** GotoBLAS's name of openblas_set_num_threads. */
OMPWG_BLAS_EXPORT void goto_set_num_threads(int n)
{
    set_both("goto_set_num_threads", n);
}

/** The CPU backend's thread count (ompwg_get_num_threads). */
OMPWG_BLAS_EXPORT int openblas_get_num_threads(void)
{
    return ompwg_get_num_threads();
}
