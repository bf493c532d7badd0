/* One GEMM call with everything around it checked (gemm_case_tmpl.c,
 * compiled once per precision): the GEMM tests, the device tests and the
 * fuzzer build their cases on it. */
#ifndef OMPWG_TEST_GEMM_CASE_H
#define OMPWG_TEST_GEMM_CASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "group.h"
#include "real.h"

typedef struct gemm_case {
    ompwg_layout layout;
    ompwg_trans ta, tb;
    int64_t m, n, k;
    int64_t pad_a, pad_b, pad_c;  /* leading dimension minus its minimum */
    real alpha, beta;
} gemm_case;

/* A matrix as stored: `outer` vectors of `ld` elements, the first `inner` of
 * each belonging to the matrix and the rest padding. The buffer ends right
 * after the last element, as BLAS allows, so the canary follows at once. */
typedef struct stored {
    int64_t inner, outer, ld;
    size_t len;
    real *p;     /* guarded */
    real *copy;  /* the contents before the call */
} stored;

/* The three operands of a case, as the caller stores them. */
typedef struct operands {
    stored a, b, c;
} operands;

/* How a GEMM reaches the library: with host pointers (call_gemm in
 * gemm_grid_tmpl.c) or through device copies (device_gemm in device_tmpl.c).
 * A caller may replace the operands' contents with what the library left in
 * them, so that changes show. */
typedef int gemm_caller(const gemm_case *g, operands *o);

#define is_padding TN(is_padding_, )
#define operands_init TN(operands_init_, )
#define operands_fill TN(operands_fill_, )
#define operands_snapshot TN(operands_snapshot_, )
#define operands_free TN(operands_free_, )
#define case_describe TN(case_describe_, )
#define stored_kept TN(stored_kept_, )
#define operands_kept TN(operands_kept_, )
#define call_checked TN(call_checked_, )
#define gemm_run TN(gemm_run_, )
#define gemm_add TN(gemm_add_, )

/* Whether element idx of s's buffer is padding. */
bool is_padding(const stored *s, size_t idx);
/* Guarded buffers of g's shape, filled with random values, a copy of each
 * taken, freed. */
void operands_init(operands *o, const gemm_case *g);
void operands_fill(operands *o, test_rng *r);
void operands_snapshot(operands *o);
void operands_free(operands *o);
void case_describe(const gemm_case *g, char *buf, size_t len);
/* The canaries of s are intact and, when whole is set, every byte is as
 * before the call; otherwise only the padding is. */
bool stored_kept(const stored *s, const char *name, bool whole, char *msg, size_t len);
/* Everything outside C's elements is as before the call. */
bool operands_kept(const operands *o, char *msg, size_t len);
/* Calls the GEMM on operands already filled and snapshot, and checks what
 * must not change and C against OpenBLAS; *ratio gets the netlib ratio (0
 * when not computed). */
bool call_checked(const gemm_case *g, gemm_caller *call, operands *o, double *ratio, char *msg,
                  size_t len);
/* Runs one case on random operands, compares with OpenBLAS (call_checked)
 * and adds it to grp (gemm_add). */
void gemm_run(group *grp, const gemm_case *g, gemm_caller *call, test_rng *r);
/* Adds one case to a group under its description. */
void gemm_add(group *grp, const gemm_case *g, bool pass, double ratio, const char *msg);

#endif
