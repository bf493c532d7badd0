/* What netlib's cblas_xerbla, and the CBLAS testers' own handlers, make of
 * the number a row-major level-2 or level-3 call passes while RowMajorStrg is 1: the
 * position of the argument in the row-major call, from its position in the
 * column-major call netlib makes of it. A test's own cblas_xerbla reads the
 * number through this, as netlib's handlers do. */
#ifndef OMPWG_BLAS_TEST_CBLAS_NUMBER_H
#define OMPWG_BLAS_TEST_CBLAS_NUMBER_H

int cblas_row_major_number(int p, const char *rout);

#endif
