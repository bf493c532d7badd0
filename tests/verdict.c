#include "verdict.h"

#include <stdio.h>
#include <string.h>

#include "ompwg.h"
#include "tap.h"

bool status_ok(int st, char *msg, size_t len)
{
    if (st == OMPWG_OK) return true;
    snprintf(msg, len, "status %d (%s)", st, ompwg_strerror(st));
    return false;
}

bool gemm_ratio_ok(int st, double ratio, char *msg, size_t len)
{
    if (st != OMPWG_OK) {
        snprintf(msg, len, "the checker failed: status %d (%s)", st, ompwg_strerror(st));
        return false;
    }
    if (!(ratio < GEMM_RATIO_LIMIT)) {
        snprintf(msg, len, "netlib ratio %g >= %g", ratio, GEMM_RATIO_LIMIT);
        return false;
    }
    return true;
}

bool gemm_ratio_refused(const char *prefix, int st, int want, double ratio, char *msg,
                        size_t len)
{
    if (st == want && ratio == -1) return true;
    snprintf(msg, len, "ompwg_%sgemm_ratio: status %d, ratio %g", prefix, st, ratio);
    return false;
}

bool doubles_same(const double *got, const double *want, int n)
{
    if (memcmp(got, want, (size_t)n * sizeof *got) == 0) return true;
    for (int i = 0; i < n; i++) tap_diag("element %d: %g, want %g", i, got[i], want[i]);
    return false;
}
