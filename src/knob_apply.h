/* src/'s half of the table of knobs (core/knob_table.c): how each knob is
 * applied through its public setter and how its setting is shown. The
 * setters call the registry and the backends, which sit above the store. */
#ifndef OMPWG_KNOB_APPLY_H
#define OMPWG_KNOB_APPLY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "knob.h"

typedef struct ompwg_knob_apply {
    /* Applies a value through the typed setter: text NULL reads the
     * environment again; else num (or share) is text parsed. */
    int (*apply)(ompwg_knob k, const char *text, int64_t num, double share);
    void (*show)(ompwg_knob k, char *buf, size_t len);
    /* for apply_number and show_number: the typed setter, the value that
     * makes it read the environment again, whether it returns the previous
     * setting rather than a status, and the getter */
    int (*set_number)(int value);
    int again;
    bool gives_previous;
    int (*get_number)(void);
} ompwg_knob_apply;

/* One row per knob, in the order of ompwg_knob. */
extern const ompwg_knob_apply ompwg_knob_appliers[OMPWG_KNOB_COUNT];

/* Has knob k's choices named where a backend names them: the backends name
 * theirs when they are probed. */
void ompwg_knob_name_choices(ompwg_knob k);

#endif
