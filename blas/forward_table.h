/* A table of OpenBLAS's own definitions, for a library's generated
 * forwarders (libompwg_blas's blas/forward/, libompwg_lapack's
 * lapack/forward/): all its names are looked up in OpenBLAS's own object
 * (openblas_object.h) on the first forwarded call, so that a forwarder costs
 * one indirect call and never a dlsym. */
#ifndef OMPWG_FORWARD_TABLE_H
#define OMPWG_FORWARD_TABLE_H

#include <stdatomic.h>
#include <stdbool.h>

typedef struct ompwg_forward_table {
    /* the library, for messages ("ompwg_blas") */
    const char *library;
    /* count names (NULL for an index never asked for), count slots for the
     * definitions and count flags for the routines already reported */
    const char *const *names;
    void **definitions;
    atomic_bool *reported;
    int count;
    /* set once the definitions are looked up; false to begin with */
    atomic_bool ready;
} ompwg_forward_table;

/* OpenBLAS's own definition of table's routine id (never one interposed
 * before it, such as the library's), looked up once for all routines of the
 * table. NULL when OpenBLAS has none: the first such call of each routine
 * says so on stderr, and the forwarder returns without writing anything
 * (functions return 0). */
void *ompwg_forward_definition(ompwg_forward_table *table, int id);

/* The look-up of all the table's routines, once (ompwg_forward_own). */
void ompwg_forward_look_up(ompwg_forward_table *table);

/* The same definition, NULL when there is none, without a word. */
static inline void *ompwg_forward_own(ompwg_forward_table *table, int id)
{
    if (!atomic_load_explicit(&table->ready, memory_order_acquire)) ompwg_forward_look_up(table);
    return table->definitions[id];
}

/* Defines the static table named table for the library lib ("ompwg_blas"),
 * of the count names of the array names, with its slots and flags:
 *     OMPWG_FORWARD_TABLE(table, "ompwg_blas", ompwg_blas_forward_names, FWD_COUNT);
 * and the library's look-up returns ompwg_forward_definition(&table, id). */
#define OMPWG_FORWARD_TABLE(table, lib, names_, count_)                                            \
    static void *table##_definitions[count_];                                                      \
    static atomic_bool table##_reported[count_];                                                   \
    static ompwg_forward_table table = { .library = (lib),                                         \
                                         .names = (names_),                                        \
                                         .definitions = table##_definitions,                       \
                                         .reported = table##_reported,                             \
                                         .count = (count_) }

#endif
