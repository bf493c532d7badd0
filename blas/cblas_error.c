/* netlib CBLAS's error state: RowMajorStrg and CBLAS_CallFromC, globals of
 * netlib's library that its routines set around a call and that error
 * handlers read (the CBLAS testers' cblas_xerbla renumbers the parameters
 * of a row-major call by RowMajorStrg, as netlib's own does). A program may
 * define them itself (the testers do): references here go through the
 * dynamic symbol, so they reach the program's copy. */
#include "shim.h"

OMPWG_BLAS_EXPORT int RowMajorStrg;
OMPWG_BLAS_EXPORT int CBLAS_CallFromC;

/* Stored atomically, so that calls from several threads do not race;
 * netlib sets them as plain ints. */
static void set_state(int *flag, int v)
{
    __atomic_store_n(flag, v, __ATOMIC_RELAXED);
}

void ompwg_blas_cblas_report(bool row_major, int p, const char *rout, const char *form,
                             int value)
{
    set_state(&CBLAS_CallFromC, 1);
    set_state(&RowMajorStrg, row_major);
    cblas_xerbla(p, rout, form, value);
    set_state(&CBLAS_CallFromC, 0);
    set_state(&RowMajorStrg, 0);
}

int ompwg_blas_row_major_state(void)
{
    return __atomic_load_n(&RowMajorStrg, __ATOMIC_RELAXED);
}
