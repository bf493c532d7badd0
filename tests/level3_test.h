/* The parts of the per-precision level-3 test (test_slevel3,
 * test_dlevel3): one checked call (level3_case_tmpl.c), the size grid
 * (level3_grid_tmpl.c) and the rules (level3_rules_tmpl.c), run by
 * level3_main_tmpl.c. */
#ifndef OMPWG_TEST_LEVEL3_TEST_H
#define OMPWG_TEST_LEVEL3_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "group.h"
#include "real.h"

typedef enum l3_op { L3_SYMM, L3_SYRK, L3_SYR2K, L3_TRMM, L3_TRSM, L3_OPS } l3_op;

static const char *const l3_op_names[L3_OPS] = { "symm", "syrk", "syr2k", "trmm", "trsm" };

typedef struct l3_case {
    l3_op op;
    ompwg_layout layout;
    ompwg_side side;
    ompwg_uplo uplo;
    ompwg_trans trans;
    ompwg_diag diag;
    int64_t m, n, k;              /* SYRK, SYR2K: n and k; the others: m and n */
    int64_t pad_a, pad_b, pad_c;  /* leading dimension minus its minimum */
    real alpha, beta;
} l3_case;

/* A matrix as the caller stores it: rows x cols, logical element (i, j) at
 * p[i + j * ld] (column-major) or p[i * ld + j] (row-major). The buffer
 * ends right after the last element, so the canary follows at once. */
typedef struct mat {
    bool col;
    int64_t rows, cols, ld;
    size_t len;
    real *p;     /* guarded */
    real *copy;  /* the contents before the call */
} mat;

/* The matrices of a case: A, B (SYMM, SYR2K) and the output C (TRMM, TRSM:
 * the B of the call). */
typedef struct l3_mats {
    mat a, b, c;
    bool has_b;
} l3_mats;

/* How a case reaches the library (host pointers, or device copies); it may
 * replace the matrices' contents with what the library left in them. */
typedef int l3_caller(const l3_case *g, l3_mats *o, bool device);

size_t mat_index(const mat *x, int64_t i, int64_t j);
real mat_at(const mat *x, int64_t i, int64_t j);
bool l3_syr(const l3_case *g);
/* Whether the call writes output element (i, j). */
bool l3_written(const l3_case *g, int64_t i, int64_t j);
void l3_mats_init(l3_mats *o, const l3_case *g);
void l3_mats_free(l3_mats *o);
/* Random contents with the poison the rules call for; TRSM's A diagonally
 * dominant, so that the solve is well conditioned. */
void l3_mats_fill(l3_mats *o, const l3_case *g, test_rng *r);
void l3_mats_snapshot(l3_mats *o);
/* The public function of g's operation on these operands, the _device form
 * when device is set. */
int l3_call(const l3_case *g, real *a, real *b, real *c, int64_t lda, int64_t ldb, int64_t ldc,
            bool device);
/* l3_call on the matrices as they are (host pointers). */
int l3_call_host(const l3_case *g, l3_mats *o, bool device);
/* Runs one case; *worst gets the largest error over its bound. */
bool l3_run(const l3_case *g, l3_caller *call, bool device, test_rng *r, double *worst,
            char *msg, size_t len);
/* l3_run with host pointers, the case added to grp under its description. */
void l3_run_host(group *grp, const l3_case *g, test_rng *r);

void l3_grid(const char *backend, l3_op op);
void l3_large(const char *backend);

void l3_rule_args(void);
void l3_rule_side_by_side(void);
void l3_rule_device(void);
void l3_rule_inf(const char *backend);
void l3_rule_wide_ld(const char *backend);

#endif
