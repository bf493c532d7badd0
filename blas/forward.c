/* The OpenBLAS definitions the forwarders call: all looked up in OpenBLAS's
 * own object on the first forwarded call, so that a forwarder costs one
 * indirect call and never a dlsym. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

#include "forward.h"
#include "openblas_object.h"

static void *definitions[FWD_COUNT];
static pthread_once_t definitions_once = PTHREAD_ONCE_INIT;
/* routines whose missing definition has been reported */
static atomic_bool reported[FWD_COUNT];

static void look_up(void)
{
    void *object = ompwg_openblas_object();
    for (int i = 0; i < FWD_COUNT; i++) {
        const char *name = ompwg_blas_forward_names[i];
        definitions[i] = name ? ompwg_openblas_own(object, name) : NULL;
    }
}

void *ompwg_blas_forward(ompwg_blas_fwd id)
{
    pthread_once(&definitions_once, look_up);
    void *fn = definitions[id];
    if (!fn && !atomic_exchange(&reported[id], true))
        fprintf(stderr,
                "ompwg_blas: %s: %s does not define it; the call returns without computing "
                "(later calls are not reported)\n",
                ompwg_blas_forward_names[id] ? ompwg_blas_forward_names[id] : "(unnamed)",
                ompwg_openblas_file());
    return fn;
}
