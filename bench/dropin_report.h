/* The drop-in cost benchmark's rows: each routine's time per call through
 * libompwg_blas and through OpenBLAS alone, against the target (at most
 * 1.05 times OpenBLAS's time, or 0.05 us more, whichever is larger), as an
 * aligned table, a summary of the misses, CSV and JSON (a missing value is
 * an empty CSV field and a JSON null, as in the other benchmarks). */
#ifndef OMPWG_BENCH_DROPIN_REPORT_H
#define OMPWG_BENCH_DROPIN_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "dropin_calls.h"

/* the target: the larger of OpenBLAS's time times this ... */
#define BENCH_DROPIN_TARGET_RATIO 1.05
/* ... and OpenBLAS's time plus this, in seconds */
#define BENCH_DROPIN_TARGET_EXTRA 0.05e-6

typedef struct bench_dropin_row {
    const bench_dropin_routine *routine;
    int n;             /* the order; 0 for a routine without one (rotg) */
    const char *shape; /* bench_dropin_shape() */
    int m, k;          /* a level-3 call's other dimensions; 0 elsewhere */
    int rounds;
    long calls_dropin, calls_openblas;   /* calls per sample */
    double dropin_s, openblas_s;         /* median time per call */
    double dropin_min_s, openblas_min_s; /* the fastest sample's, per call */
    bool sound;                          /* the operands stayed finite and normal */
} bench_dropin_row;

typedef struct bench_dropin_report {
    bench_dropin_row *rows;
    int count, capacity;
} bench_dropin_report;

/* The shape column of r's call at order n: vector, scalar, full, band,
 * packed, square or k=64 (rank). */
const char *bench_dropin_shape(const bench_dropin_routine *r, bool rank);

/* The largest time per call the target allows next to OpenBLAS's. */
double bench_dropin_target(double openblas_s);
bool bench_dropin_within(const bench_dropin_row *row);

/* Appends a row; false when out of memory. */
bool bench_dropin_report_add(bench_dropin_report *r, const bench_dropin_row *row);
void bench_dropin_report_free(bench_dropin_report *r);

void bench_dropin_print_header(FILE *f);
void bench_dropin_print_row(FILE *f, const bench_dropin_row *row);
/* The misses by level, order and shape: how many, their ratios and extra
 * time; and what each shape's operands are. */
void bench_dropin_print_summary(FILE *f, const bench_dropin_report *r);

/* 0 or an errno value. */
int bench_dropin_write_csv(const bench_dropin_report *r, const char *path);
int bench_dropin_write_json(const bench_dropin_report *r, const char *path,
                            const char *context_json);

#endif
