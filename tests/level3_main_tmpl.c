/* The level-3 test of one precision (SYMM, SYRK, SYR2K, TRMM, TRSM), on
 * every usable backend in one process: the size grid and the large orders
 * against plain loops with guard bands, then the rules.
 * Meson compiles it and its parts (level3_test.h) once per precision. */
#include <stdio.h>

#include "level3_test.h"
#include "walk.h"

static void run_backend(const char *backend, void *ctx)
{
    (void)ctx;
    for (int op = 0; op < L3_OPS; op++) l3_grid(backend, (l3_op)op);
    l3_large(backend);
    /* check mode compares with OpenBLAS and passes correct results; its
     * bound must hold where the tests' own does */
    char label[64];
    snprintf(label, sizeof label, "%s in check mode", backend);
    int was = ompwg_set_check(1);
    l3_large(label);
    l3_grid(label, L3_SYRK);
    ompwg_set_check(was);
    l3_rule_side_by_side();
    l3_rule_inf(backend);
    l3_rule_wide_ld(backend);
}

int main(void)
{
    tap_init("test_%slevel3", api.prefix);
    walk_backends(run_backend, NULL);
    l3_rule_args();
    l3_rule_device();
    return tap_done();
}
