/* Solves a 2 x 2 system through the C API and through the drop-in's dgesv_;
 * prints "ok" when both give the exact answer. */
#include <stdio.h>

#include "ompwg.h"
#include "ompwg_lapack.h"

void dgesv_(const int *n, const int *nrhs, double *a, const int *lda, int *ipiv, double *b,
            const int *ldb, int *info);

int main(void)
{
    double a[4] = { 2, 1, 1, 3 }, b[2] = { 3, 5 };
    int64_t ipiv[2], info = -1;
    ompwg_status st = ompwg_dgesv(2, 1, a, 2, ipiv, b, 2, &info);
    double a2[4] = { 2, 1, 1, 3 }, b2[2] = { 3, 5 };
    int n = 2, one = 1, piv[2], inf = -1;
    dgesv_(&n, &one, a2, &n, piv, b2, &n, &inf);
    /* A = [2 1; 1 3] (column-major), b = (3, 5): x = (0.8, 1.4) */
    const int good = st == OMPWG_OK && info == 0 && inf == 0 && b[0] > 0.7999999 &&
                     b[0] < 0.8000001 && b[1] > 1.3999999 && b[1] < 1.4000001 &&
                     b2[0] == b[0] && b2[1] == b[1];
    printf("%s: ompwg %s, x = (%g, %g), dgesv_ x = (%g, %g)\n", good ? "ok" : "wrong",
           ompwg_version_string(), b[0], b[1], b2[0], b2[1]);
    return good ? 0 : 1;
}
