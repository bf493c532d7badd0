#include "compare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ompwg.h"

double ompwg_compare_ratio(double c, double cref, double den)
{
    if (isnan(c) || isnan(cref)) return isnan(c) && isnan(cref) ? 0 : INFINITY;
    if (isinf(c) || isinf(cref)) return c == cref ? 0 : INFINITY;
    double diff = fabs(c - cref);
    if (diff == 0) return 0;
    return den > 0 ? diff / den : INFINITY;
}

void *ompwg_compare_dense_copy(const void *src, int64_t rows, int64_t cols, int64_t ld,
                               size_t elem)
{
    char *dst = malloc((size_t)(rows * cols > 0 ? rows * cols : 1) * elem);
    if (!dst) return NULL;
    const size_t column = (size_t)rows * elem;
    for (int64_t j = 0; rows > 0 && j < cols; j++)
        memcpy(dst + (size_t)(j * rows) * elem, (const char *)src + (size_t)(j * ld) * elem,
               column);
    return dst;
}

int ompwg_compare_verdict(const char *prec_name, const char *op, const char *backend,
                          int64_t m, int64_t n, int64_t k, const char *measure, double ratio,
                          double limit)
{
    if (ratio < limit) return OMPWG_OK;
    fprintf(stderr, "ompwg: check: %s %s on backend %s differs from OpenBLAS "
            "(m=%lld n=%lld k=%lld): %s %g >= %g\n", prec_name, op, backend, (long long)m,
            (long long)n, (long long)k, measure, ratio, limit);
    return OMPWG_ERR_CHECK;
}
