/* One complex GEMM case with everything around it checked
 * (cgemm_case_tmpl.c), of the precision chosen by OMPWG_TEST_PREC_C or
 * OMPWG_TEST_PREC_Z: the complex GEMM tests and the fuzzer build on it. The
 * fuzzer links both precisions into one program, so the name the linker
 * sees for each extern function carries the precision's letter
 * (TN(name_, ), as prec.h's TN names the library's functions). */
#ifndef OMPWG_TEST_CGEMM_CASE_H
#define OMPWG_TEST_CGEMM_CASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "group.h"
#include "ompwg.h"
#include "tap.h"
#include "verdict.h"

#if defined(OMPWG_TEST_PREC_C) && !defined(OMPWG_TEST_PREC_Z)
typedef ompwg_complex_float cplx;
typedef float part;
#define PREFIX "c"
#define GEMM ompwg_cgemm
#define GEMM_DEVICE ompwg_cgemm_device
#define GEMM_RATIO ompwg_cgemm_ratio
#define RAND_PART test_uniformf
#define TN(pre, post) pre##c##post
#elif defined(OMPWG_TEST_PREC_Z) && !defined(OMPWG_TEST_PREC_C)
typedef ompwg_complex_double cplx;
typedef double part;
#define PREFIX "z"
#define GEMM ompwg_zgemm
#define GEMM_DEVICE ompwg_zgemm_device
#define GEMM_RATIO ompwg_zgemm_ratio
#define RAND_PART test_uniform
#define TN(pre, post) pre##z##post
#else
#error "define exactly one of OMPWG_TEST_PREC_C and OMPWG_TEST_PREC_Z"
#endif

typedef struct ccase {
    ompwg_layout layout;
    ompwg_trans ta, tb;
    int64_t m, n, k;
    int64_t pad_a, pad_b, pad_c;
    cplx alpha, beta;
} ccase;

/* A matrix as stored (see gemm_case_tmpl.c): outer vectors of ld elements,
 * the first inner of each the matrix, the buffer ending at its last
 * element. */
typedef struct cstored {
    int64_t inner, outer, ld;
    size_t len;
    cplx *p, *copy;
} cstored;

typedef struct coperands {
    cstored a, b, c;
} coperands;

/* How a case reaches the library: host pointers, or device copies (which
 * are copied back over the operands before they are checked). */
typedef int ccaller(const ccase *g, coperands *o);

#define is_padding TN(is_padding_, )
#define coperands_init TN(coperands_init_, )
#define coperands_snapshot TN(coperands_snapshot_, )
#define coperands_free TN(coperands_free_, )
#define ccase_describe TN(ccase_describe_, )
#define cstored_kept TN(cstored_kept_, )
#define call_host TN(call_host_, )
#define check_run TN(check_run_, )
#define run_case TN(run_case_, )

/* Whether element idx of s's buffer is padding. */
bool is_padding(const cstored *s, size_t idx);
/* Guarded buffers of g's shape filled from r, a copy of each taken, freed. */
void coperands_init(coperands *o, const ccase *g, test_rng *r);
void coperands_snapshot(coperands *o);
void coperands_free(coperands *o);
void ccase_describe(const ccase *g, char *buf, size_t len);
/* Canaries intact and every byte as before the call (whole) or only the
 * padding. */
bool cstored_kept(const cstored *s, const char *name, bool whole, char *msg, size_t len);
/* The host-pointer GEMM. */
int call_host(const ccase *g, coperands *o);
/* Runs the case on operands already filled (and snapshot), checks what
 * must not change and C against OpenBLAS. */
bool check_run(const ccase *g, ccaller *call, coperands *o, double *ratio, char *msg, size_t len);
/* A case on random operands, added to grp under its description. */
void run_case(group *grp, const ccase *g, ccaller *call, test_rng *r);

#endif
