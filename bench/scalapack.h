/* The few ScaLAPACK and BLACS entry points the tests and the benchmark call
 * (Debian's libscalapack-openmpi ships no C header). PBLAS's pdgemm_ and
 * psgemm_ are C functions with Fortran-style arguments: everything by
 * reference, matrices through 9-integer descriptors
 * {1, context, m, n, mb, nb, rsrc, csrc, lld}. */
#ifndef OMPWG_BENCH_SCALAPACK_H
#define OMPWG_BENCH_SCALAPACK_H

#include <mpi.h>

int Csys2blacs_handle(MPI_Comm comm);
void Cfree_blacs_system_handle(int handle);
void Cblacs_gridinit(int *context, const char *order, int nprow, int npcol);
void Cblacs_gridinfo(int context, int *nprow, int *npcol, int *myrow, int *mycol);
void Cblacs_gridexit(int context);

void pdgemm_(const char *transa, const char *transb, const int *m, const int *n, const int *k,
             const double *alpha, const double *a, const int *ia, const int *ja,
             const int *desca, const double *b, const int *ib, const int *jb, const int *descb,
             const double *beta, double *c, const int *ic, const int *jc, const int *descc);
void psgemm_(const char *transa, const char *transb, const int *m, const int *n, const int *k,
             const float *alpha, const float *a, const int *ia, const int *ja, const int *desca,
             const float *b, const int *ib, const int *jb, const int *descb, const float *beta,
             float *c, const int *ic, const int *jc, const int *descc);

#endif
