/* `ompwg info`: where auto places the common factorisations on host data,
 * with the planner's estimates, and the order from which the GPU takes
 * them (ompwg_plan_factor()). */
#include <stdio.h>

#include "cli.h"
#include "ompwg.h"
#include "ompwg_lapack.h"

/* The estimates of a plan, " (gpu 9.1 ms, openblas 7.2 ms)"; nothing
 * where the planner had no choice to weigh. */
static void print_estimates(const ompwg_plan *p)
{
    const char *sep = " (";
    for (int i = 0; i < ompwg_backend_count() && i < OMPWG_MODEL_BACKENDS; i++) {
        const char *name;
        char why[8];
        ompwg_backend_info(i, &name, why, sizeof why);
        if (p->estimate[i] < 0) continue;
        printf("%s%s %.3g ms", sep, name, p->estimate[i] * 1e3);
        sep = ", ";
    }
    if (sep[0] == ',') printf(")");
}

/* The smallest order in [lo, hi] at which routine goes to the backend it
 * takes at hi, by bisection (placement changes once over the orders). */
static long long first_order(const char *routine, long long lo, long long hi, const char *at_hi)
{
    while (lo < hi) {
        const long long mid = lo + (hi - lo) / 2;
        ompwg_plan p;
        if (ompwg_plan_factor(NULL, routine, mid, mid, 1, &p) != OMPWG_OK) return -1;
        if (p.backend == at_hi) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

void ompwg_cli_print_factor_plans(void)
{
    static const char *const routines[] = { "dgetrf", "dpotrf", "dgeqrf", "sgetrf", "spotrf" };
    static const long long orders[] = { 1024, 4096, 8192 };
    const long long top = 16384;
    printf("factorisations on host data (auto; estimates):\n");
    for (size_t r = 0; r < sizeof routines / sizeof routines[0]; r++) {
        ompwg_plan big;
        if (ompwg_plan_factor(NULL, routines[r], top, top, 1, &big) != OMPWG_OK) {
            printf("  %s: no plan\n", routines[r]);
            continue;
        }
        printf("  %s", routines[r]);
        for (size_t i = 0; i < sizeof orders / sizeof orders[0]; i++) {
            ompwg_plan p;
            if (ompwg_plan_factor(NULL, routines[r], orders[i], orders[i], 1, &p) != OMPWG_OK)
                continue;
            printf("  n=%lld: %s", orders[i], p.backend);
            print_estimates(&p);
        }
        ompwg_plan small;
        if (ompwg_plan_factor(NULL, routines[r], 64, 64, 1, &small) == OMPWG_OK &&
            small.backend != big.backend)
            printf("; %s from n = %lld", big.backend, first_order(routines[r], 64, top, big.backend));
        printf("\n");
    }
}
