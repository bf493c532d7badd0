/* The table of knobs (knob_table.c) and what the files of the settings
 * store share about it: how a knob's text is parsed (knob_parse.c), the
 * state of config.c. How each knob is applied through its public setter and
 * shown is src/'s (src/knob_apply.h). */
#ifndef OMPWG_KNOB_H
#define OMPWG_KNOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"

/* the longest text a knob takes, terminator included (as long as the
 * longest model file path ompwg_set_model_file takes) */
#define OMPWG_KNOB_TEXT_MAX 4096

typedef enum ompwg_knob_kind {
    OMPWG_KIND_TEXT,   /* a name or a path, checked by its setter */
    OMPWG_KIND_NUMBER, /* a whole number in [lo, hi] */
    OMPWG_KIND_FLAG,   /* 0 or 1 */
    OMPWG_KIND_SHARE,  /* a number in (0, 1) */
    OMPWG_KIND_CHOICE, /* one of choices[] (any case), kept as its index; a family of a
                        * backend's kernels has none here: the backend names them */
} ompwg_knob_kind;

typedef struct ompwg_knob_def {
    const char *env;
    ompwg_knob_kind kind;
    int64_t lo, hi;
    const char *const *choices; /* NULL-terminated; NULL: named by a backend */
    int64_t fallback;           /* the default number, flag or choice index */
    const char *values;         /* what it takes, as the README's table says it (NULL: the
                                 * choices a backend names) */
    const char *fallback_text;  /* the default, in words (NULL: the default choice's name) */
    const char *doc;
    const char *setter;
    /* a family of kernel variants: its name, and the first choice that is
     * a kernel (CPU_ARCH's "auto" is none) */
    const char *family;
    const char *backend;
    int first_variant;
    unsigned runnable_at_start; /* choices taken as runnable until a backend offers */
} ompwg_knob_def;

/* One row per knob, in the order of ompwg_knob. */
extern const ompwg_knob_def ompwg_knobs[OMPWG_KNOB_COUNT];

/* The choices of choice knob k (NULL while a backend has not named them),
 * what it takes and its default, in words. */
const char *const *ompwg_knob_choices(const ompwg_knob_def *k);
const char *ompwg_knob_values(const ompwg_knob_def *k);
const char *ompwg_knob_fallback_text(const ompwg_knob_def *k);

/* Parses text as knob k takes it. OMPWG_OK, or the status a setter gives
 * for it, with *what saying why in a few words. */
int ompwg_knob_parse(const ompwg_knob_def *k, const char *text, int64_t *num, double *share,
                     const char **what);
/* Why text (which ompwg_knob_parse refused, saying what) is not a value of
 * knob k, in a few words, into buf. */
void ompwg_knob_why(const ompwg_knob_def *k, const char *what, char *buf, size_t len);

/* Reads the environment, the first time only. */
void ompwg_config_read(void);
/* Sets the setting this module keeps for knob k (a choice's index or a
 * number). */
void ompwg_config_keep(ompwg_knob k, int64_t num);
/* The choices of knob k that this machine runs (bit i: choice i). */
unsigned ompwg_config_runnable(ompwg_knob k);

/* A choice of a kept knob by name: NULL reads the environment again. */
int ompwg_config_set_choice(ompwg_knob k, const char *name);

#endif
