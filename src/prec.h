/* Per-precision names for the *_tmpl.c files. The includer defines
 * OMPWG_PREC_S (float) or OMPWG_PREC_D (double); the header may be included
 * again for the other precision in the same translation unit (the GPU
 * kernels keep both in one unit). */
#undef T
#undef ACC
#undef T_EPS
#undef TN
#undef T_ABS
#undef T_NAME

#if defined(OMPWG_PREC_S) && !defined(OMPWG_PREC_D)
#include <float.h>
#define T float
/* float sums accumulate in double: see the accumulation note in ompwg.h */
#define ACC double
#define T_EPS FLT_EPSILON
#define T_ABS fabsf
#define T_NAME "float"
#define TN(pre, post) pre##s##post
#elif defined(OMPWG_PREC_D) && !defined(OMPWG_PREC_S)
#include <float.h>
#define T double
#define ACC double
#define T_EPS DBL_EPSILON
#define T_ABS fabs
#define T_NAME "double"
#define TN(pre, post) pre##d##post
#else
#error "define exactly one of OMPWG_PREC_S and OMPWG_PREC_D before including prec.h"
#endif
