/* The drop-in cost benchmark's calls: every BLAS routine of levels 1, 2
 * and 3 that libompwg_blas exports under its Fortran name, each called
 * through a pointer to a definition found at run time with the operands of
 * one bench_dropin_args. The table is written at build time from the list
 * the drop-in's own forwarders are written from (tools/gen-dropin-calls.py,
 * tools/blas-prototypes.txt). */
#ifndef OMPWG_BENCH_DROPIN_CALLS_H
#define OMPWG_BENCH_DROPIN_CALLS_H

#include <stddef.h>

/* How a routine's operands are stored, and so how they are sized and
 * filled (dropin_operands.h). Options are the plainest: trans N, uplo L,
 * side L, diag N. */
typedef enum bench_dropin_kind {
    BENCH_DROPIN_SCALAR, /* level 1 without a length: rotg, rotmg, cabs1 */
    BENCH_DROPIN_VEC,    /* level 1: vectors of n */
    BENCH_DROPIN_GE,     /* general n x n, lda = n: gemv, ger */
    BENCH_DROPIN_GB,     /* general band, kl = ku, lda = kl + ku + 1: gbmv */
    BENCH_DROPIN_SY,     /* symmetric or Hermitian n x n, lda = n */
    BENCH_DROPIN_SB,     /* symmetric or Hermitian band, lda = k + 1 */
    BENCH_DROPIN_SP,     /* symmetric or Hermitian packed */
    BENCH_DROPIN_TR,     /* triangular n x n, lda = n */
    BENCH_DROPIN_TB,     /* triangular band, lda = k + 1 */
    BENCH_DROPIN_TP,     /* triangular packed */
    BENCH_DROPIN_GEMM,   /* C (m x n) -= A (m x k) B (k x n), lda = m, ldb = k, ldc = m */
    BENCH_DROPIN_SYMM,   /* C (m x n) -= A (m x m, symmetric) B, lda = ldb = ldc = m */
    BENCH_DROPIN_SYRK,   /* C (n x n, lower) -= A (n x k) A' (B'), lda = ldb = ldc = n */
    BENCH_DROPIN_TRXM,   /* B (m x n) = A (m x m, triangular)^(-1) B, lda = ldb = m */
} bench_dropin_kind;

/* A number of each element type, for an argument of that type. */
typedef struct bench_dropin_scalar {
    float s;
    double d;
    float _Complex c;
    double _Complex z;
} bench_dropin_scalar;

/* Every operand a call may take, by the names of the routines' arguments. */
typedef struct bench_dropin_args {
    int n, m, k, kl, ku, lda, ldb, ldc, inc;
    bench_dropin_scalar alpha, beta, cos, sin;
    float param_s[5];
    double param_d[5];
    void *a, *b, *c, *x, *y;
} bench_dropin_args;

typedef struct bench_dropin_routine {
    const char *name; /* "ddot_" */
    int level;        /* 1, 2, 3 */
    char prec;        /* its data's element type: s, d, c, z */
    bench_dropin_kind kind;
    /* calls fn, a definition of the routine, with a's operands */
    void (*call)(void *fn, bench_dropin_args *a);
} bench_dropin_routine;

extern const bench_dropin_routine bench_dropin_routines[];
extern const int bench_dropin_routine_count;

#endif
