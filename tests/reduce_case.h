/* The reduction checks of one precision (reduce_vec_tmpl.c: strided vectors
 * with guard bands; reduce_check_tmpl.c: the oracles and the checks), shared
 * by the reduction tests, the device tests and the fuzzer. */
#ifndef OMPWG_TEST_REDUCE_CASE_H
#define OMPWG_TEST_REDUCE_CASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "group.h"
#include "real.h"

static const int64_t vec_sizes[] = {
    0, 1, 2, 3, 7, 31, 32, 33, 1000, 4097, 100003, ((int64_t)1 << 20) + 3,
};
#define VEC_SIZES ((int)(sizeof vec_sizes / sizeof vec_sizes[0]))
static const int64_t vec_incs[] = { 1, 2, 3, -1, -3 };
#define VEC_INCS ((int)(sizeof vec_incs / sizeof vec_incs[0]))

/* Logical element i lives at p[i * inc] for inc > 0 and at
 * p[(n - 1 - i) * |inc|] for inc < 0; p is what the caller passes. The
 * elements between the strided ones are random too, so reading them shows. */
typedef struct vec {
    int64_t n, inc;
    size_t len;
    real *p;     /* guarded */
    real *copy;  /* the contents before the call */
} vec;

/* A result that must not be written: a value no reduction returns here. */
#define UNTOUCHED_VALUE ((real)-12345.0)
#define UNTOUCHED_INDEX ((int64_t)-777)

typedef enum sum_kind { SUM, DOT, ASUM } sum_kind;

/* How a reduction reaches the library. Each function may replace the
 * contents of x (and y) with what the library saw afterwards, so that a
 * change to the inputs shows. */
typedef struct reducer {
    int (*sum)(sum_kind k, vec *x, vec *y, real *result);
    int (*extremum)(bool want_max, vec *x, real *value, int64_t *index);
} reducer;

#define vec_get TN(vec_get_, )
#define vec_set TN(vec_set_, )
#define vec_init TN(vec_init_, )
#define vec_snapshot TN(vec_snapshot_, )
#define vec_free TN(vec_free_, )
#define vec_kept TN(vec_kept_, )
#define sum_name TN(sum_name_, )
#define host_reducer TN(host_reducer_, )
#define sum_check TN(sum_check_, )
#define extremum_check TN(extremum_check_, )
#define sum_describe TN(sum_describe_, )
#define extremum_add TN(extremum_add_, )
#define sum_case TN(sum_case_, )
#define extremum_case TN(extremum_case_, )

real vec_get(const vec *v, int64_t i);
void vec_set(vec *v, int64_t i, real x);
/* n elements inc apart in a guarded buffer of random values. */
void vec_init(vec *v, int64_t n, int64_t inc, test_rng *r);
void vec_snapshot(vec *v);
void vec_free(vec *v);
/* Canaries intact and every byte as at the snapshot. */
bool vec_kept(const vec *v, const char *name, char *msg, size_t len);

const char *sum_name(sum_kind k);
/* The public functions with host pointers. */
extern const reducer host_reducer;
/* Calls the reduction on x (and y) and compares with the oracle; *measure
 * gets |error| / bound. */
bool sum_check(const reducer *via, const char *backend, sum_kind k, vec *x, vec *y,
               double *measure, char *msg, size_t len);
/* Calls max or min on x and compares value and index with the oracle's. */
bool extremum_check(const reducer *via, bool want_max, vec *x, char *msg, size_t len);
void sum_describe(char *buf, size_t len, sum_kind k, int64_t n, int64_t incx, int64_t incy);
void extremum_add(group *grp, bool want_max, const vec *x, bool pass, const char *msg,
                  const char *note);
/* A sum of kind k of x (and y, for DOT) through via, checked and added to
 * grp under its description; frees x (and y). */
void sum_case(group *grp, const reducer *via, const char *backend, sum_kind k, vec *x, vec *y);
/* max or min of x through via, checked and added to grp with the note;
 * frees x. */
void extremum_case(group *grp, const reducer *via, bool want_max, vec *x, const char *note);

#endif
