/* Complex arithmetic on the ompwg_complex_* structs, written out in real
 * and imaginary parts (no _Complex multiply and its C99 Annex G libcalls),
 * included once per complex precision after prec.h. */
#include <stdbool.h>

static inline bool TN(cplx_is_zero_, )(T x)
{
    return x.re == 0 && x.im == 0;
}

static inline bool TN(cplx_is_one_, )(T x)
{
    return x.re == 1 && x.im == 0;
}

/* x * y, as reference BLAS's Fortran computes it (no NaN recovery). */
static inline T TN(cplx_mul_, )(T x, T y)
{
    T r = { x.re * y.re - x.im * y.im, x.re * y.im + x.im * y.re };
    return r;
}

static inline T TN(cplx_conj_, )(T x)
{
    T r = { x.re, -x.im };
    return r;
}

/* |re x| + |im x|: BLAS's CABS1, the norm the complex GEMM bound uses. */
static inline double TN(cplx_abs1_, )(T x)
{
    double re = x.re < 0 ? -(double)x.re : (double)x.re;
    double im = x.im < 0 ? -(double)x.im : (double)x.im;
    return re + im;
}
