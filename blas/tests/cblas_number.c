/* netlib's renumbering (CBLAS/src/cblas_xerbla.c) for the level-3 routines:
 * GEMM swaps M/N and LDA/LDB, SYMM and HEMM swap M/N, TRMM and TRSM swap
 * M/N; SYRK and SYR2K keep theirs. */
#include "cblas_number.h"

#include <string.h>

int cblas_row_major_number(int p, const char *rout)
{
    if (strstr(rout, "gemm")) {
        switch (p) {
        case 4: return 5;
        case 5: return 4;
        case 9: return 11;
        case 11: return 9;
        default: return p;
        }
    }
    if (strstr(rout, "symm") || strstr(rout, "hemm")) return p == 4 ? 5 : p == 5 ? 4 : p;
    if (strstr(rout, "trmm") || strstr(rout, "trsm")) return p == 6 ? 7 : p == 7 ? 6 : p;
    return p;
}
