/* prec.h's per-precision names, and the MPI datatype of T. */
#include "prec.h"

#undef T_MPI
#if defined(OMPWG_PREC_S)
#define T_MPI MPI_FLOAT
#else
#define T_MPI MPI_DOUBLE
#endif
