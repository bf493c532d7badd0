/* The command lines of the benchmark programs and of `ompwg bench`: one
 * parser over a table of options, and the values they take. */
#ifndef OMPWG_BENCH_OPTIONS_H
#define OMPWG_BENCH_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* the most sizes a list option takes */
#define BENCH_MAX_SIZES 32

typedef struct bench_sizes {
    int64_t n[BENCH_MAX_SIZES];
    int count;
} bench_sizes;

typedef enum bench_option_kind {
    BENCH_OPTION_FLAG,  /* bool: true when given */
    BENCH_OPTION_COUNT, /* int: a number >= 1 */
    BENCH_OPTION_SIZE,  /* int64_t: a number >= 1 */
    BENCH_OPTION_SIZES, /* bench_sizes: a comma-separated list of numbers >= 1 */
    BENCH_OPTION_TEXT,  /* const char *: the argument as given */
} bench_option_kind;

typedef struct bench_option {
    const char *name; /* "--reps" */
    bench_option_kind kind;
    void *value;      /* of the type the kind names */
} bench_option;

/* The number of entries of an array, for the count of an option table. */
#define BENCH_LEN(array) ((int)(sizeof(array) / sizeof((array)[0])))

/* Reads argv[1..argc) against opts[0..count): 0 when every argument is one
 * of them with a valid value; 1 for --help or -h, after usage(stdout); 2
 * for anything else, said on stderr as "<program>: bad option or value:
 * ..." before usage(stderr). An option not given keeps the value the caller
 * put there; one given twice, the last. */
int bench_parse_options(const char *program, void (*usage)(FILE *f), int argc, char **argv,
                        const bench_option *opts, int count);

/* A comma-separated list of positive sizes ("256,0x400") into out[0..max);
 * 0, or -1 when the list is empty, malformed or longer than max. */
int bench_parse_sizes(const char *s, int64_t *out, int *n, int max);

/* Whether the comma-separated list names `name`. */
bool bench_listed(const char *list, const char *name);

#endif
