/* netlib's renumbering (CBLAS/src/cblas_xerbla.c): GEMM swaps M/N and
 * LDA/LDB, SYMM and HEMM swap M/N, TRMM and TRSM swap M/N; GEMV and GBMV
 * swap M/N (and KL/KU), GER, GERU and GERC swap M/N and incX/incY, HER2 and
 * HPR2 swap incX/incY; SYRK, SYR2K and the others keep theirs. */
#include "cblas_number.h"

#include <string.h>

/* p with a and b swapped */
static int swap(int p, int a, int b)
{
    return p == a ? b : p == b ? a : p;
}

int cblas_row_major_number(int p, const char *rout)
{
    if (strstr(rout, "gemm")) return swap(swap(p, 4, 5), 9, 11);
    if (strstr(rout, "symm") || strstr(rout, "hemm")) return swap(p, 4, 5);
    if (strstr(rout, "trmm") || strstr(rout, "trsm")) return swap(p, 6, 7);
    if (strstr(rout, "gemv")) return swap(p, 3, 4);
    if (strstr(rout, "gbmv")) return swap(swap(p, 3, 4), 5, 6);
    if (strstr(rout, "ger")) return swap(swap(p, 2, 3), 6, 8);
    if ((strstr(rout, "her2") && !strstr(rout, "her2k")) || strstr(rout, "hpr2"))
        return swap(p, 6, 8);
    return p;
}
