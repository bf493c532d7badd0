/* Per-precision names for the *_tmpl.c files. The includer defines
 * OMPWG_PREC_S (float), OMPWG_PREC_D (double), for the scans only
 * OMPWG_PREC_L (int64_t), or for the complex GEMM OMPWG_PREC_C
 * (ompwg_complex_float) or OMPWG_PREC_Z (ompwg_complex_double), where T is
 * the complex struct, TR its real part's type and TRN() names the
 * functions of that real precision (T_PREFIX_UPPER: the BLAS routines'
 * letter, as XERBLA names them); the header may be included again for another
 * precision in the same translation unit (the GPU kernels keep all of
 * theirs in one unit). ACC_ADD adds in the accumulation type (int64_t sums
 * wrap around instead of overflowing), TEAM_T(name) and TEAM_ACC(name)
 * name the ompwg/team.h collective of T and of the accumulation type. */
#undef T
#undef ACC
#undef ACC_ADD
#undef TEAM_ACC
#undef TEAM_T
#undef T_EPS
#undef TN
#undef T_ABS
#undef T_NAME
#undef T_PREFIX
#undef T_PREFIX_UPPER
#undef T_IS_DOUBLE
#undef T_FLOATING
#undef TR
#undef TRN

#if defined(OMPWG_PREC_C) && !defined(OMPWG_PREC_Z) && !defined(OMPWG_PREC_S) && !defined(OMPWG_PREC_D)
#include <float.h>
#include "ompwg.h"
#define T ompwg_complex_float
#define TR float
#define T_EPS FLT_EPSILON
#define T_NAME "complex float"
#define T_PREFIX "c"
#define T_PREFIX_UPPER "C"
#define T_IS_DOUBLE 0
#define T_FLOATING 1
#define TN(pre, post) pre##c##post
#define TRN(pre, post) pre##s##post
#elif defined(OMPWG_PREC_Z) && !defined(OMPWG_PREC_C) && !defined(OMPWG_PREC_S) && !defined(OMPWG_PREC_D)
#include <float.h>
#include "ompwg.h"
#define T ompwg_complex_double
#define TR double
#define T_EPS DBL_EPSILON
#define T_NAME "complex double"
#define T_PREFIX "z"
#define T_PREFIX_UPPER "Z"
#define T_IS_DOUBLE 1
#define T_FLOATING 1
#define TN(pre, post) pre##z##post
#define TRN(pre, post) pre##d##post
#elif defined(OMPWG_PREC_L) && !defined(OMPWG_PREC_S) && !defined(OMPWG_PREC_D)
#include <stdint.h>
#define T int64_t
#define ACC int64_t
#define ACC_ADD(a, b) ((int64_t)((uint64_t)(a) + (uint64_t)(b)))
#define TEAM_ACC(name) name##_l
#define TEAM_T(name) name##_l
#define T_EPS 0
#define T_NAME "int64"
#define T_PREFIX "i64"
#define T_IS_DOUBLE 1
#define T_FLOATING 0
#define TN(pre, post) pre##i64##post
#elif defined(OMPWG_PREC_S) && !defined(OMPWG_PREC_D) && !defined(OMPWG_PREC_L)
#include <float.h>
#define T float
/* float sums accumulate in double: see the accumulation note in ompwg.h */
#define ACC double
#define T_EPS FLT_EPSILON
#define T_ABS fabsf
#define T_NAME "float"
#define T_PREFIX "s"
#define T_PREFIX_UPPER "S"
#define T_IS_DOUBLE 0
#define T_FLOATING 1
#define ACC_ADD(a, b) ((a) + (b))
#define TEAM_ACC(name) name##_d
#define TEAM_T(name) name##_f
#define TN(pre, post) pre##s##post
#elif defined(OMPWG_PREC_D) && !defined(OMPWG_PREC_S) && !defined(OMPWG_PREC_L)
#include <float.h>
#define T double
#define ACC double
#define T_EPS DBL_EPSILON
#define T_ABS fabs
#define T_NAME "double"
#define T_PREFIX "d"
#define T_PREFIX_UPPER "D"
#define T_IS_DOUBLE 1
#define T_FLOATING 1
#define ACC_ADD(a, b) ((a) + (b))
#define TEAM_ACC(name) name##_d
#define TEAM_T(name) name##_d
#define TN(pre, post) pre##d##post
#else
#error "define exactly one of OMPWG_PREC_S, OMPWG_PREC_D, OMPWG_PREC_L, OMPWG_PREC_C and OMPWG_PREC_Z before including prec.h"
#endif
