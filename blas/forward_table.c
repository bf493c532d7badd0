/* The look-up of a table of forwarded routines (forward_table.h). */
#include <pthread.h>
#include <stdio.h>

#include "forward_table.h"
#include "openblas_object.h"

/* one look-up at a time, of any table */
static pthread_mutex_t look_up_lock = PTHREAD_MUTEX_INITIALIZER;

void ompwg_forward_look_up(ompwg_forward_table *table)
{
    pthread_mutex_lock(&look_up_lock);
    if (!atomic_load_explicit(&table->ready, memory_order_relaxed)) {
        void *object = ompwg_openblas_object();
        for (int i = 0; i < table->count; i++) {
            const char *name = table->names[i];
            table->definitions[i] = name ? ompwg_openblas_own(object, name) : NULL;
        }
        atomic_store_explicit(&table->ready, true, memory_order_release);
    }
    pthread_mutex_unlock(&look_up_lock);
}

void *ompwg_forward_definition(ompwg_forward_table *table, int id)
{
    void *fn = ompwg_forward_own(table, id);
    if (fn || atomic_exchange(&table->reported[id], true)) return fn;
    const char *name = table->names[id] ? table->names[id] : "(unnamed)";
    /* no OpenBLAS at all (libopenblas64-0 not installed, say): the file
     * says why */
    if (!ompwg_openblas_object())
        fprintf(stderr,
                "%s: %s: the call returns without computing: it runs on %s "
                "(later calls are not reported)\n",
                table->library, name, ompwg_openblas_file());
    else
        fprintf(stderr,
                "%s: %s: %s does not define it; the call returns without computing "
                "(later calls are not reported)\n",
                table->library, name, ompwg_openblas_file());
    return NULL;
}
