/* Complex arithmetic on the ompwg_complex_* structs, written out in real
 * and imaginary parts (no _Complex multiply and its C99 Annex G libcalls),
 * included once per complex precision after prec.h (by files Meson compiles
 * once per precision, so the names need no precision in them). */
#include <stdbool.h>

static inline bool cplx_is_zero(T x)
{
    return x.re == 0 && x.im == 0;
}

static inline bool cplx_is_one(T x)
{
    return x.re == 1 && x.im == 0;
}

/* x * y, as reference BLAS's Fortran computes it (no NaN recovery). */
static inline T cplx_mul(T x, T y)
{
    T r = { x.re * y.re - x.im * y.im, x.re * y.im + x.im * y.re };
    return r;
}

static inline T cplx_conj(T x)
{
    T r = { x.re, -x.im };
    return r;
}

/* |re x| + |im x|: BLAS's CABS1, the norm the complex GEMM bound uses. */
static inline double cplx_abs1(T x)
{
    double re = x.re < 0 ? -(double)x.re : (double)x.re;
    double im = x.im < 0 ? -(double)x.im : (double)x.im;
    return re + im;
}
