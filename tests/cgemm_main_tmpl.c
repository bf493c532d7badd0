/* The complex GEMM of one precision (ompwg_cgemm or ompwg_zgemm) on every
 * usable backend: the grid (cgemm_grid_tmpl.c) and the rules
 * (cgemm_rules_tmpl.c) on each, the larger shapes again in check mode; the
 * argument checks (cgemm_args_tmpl.c); the _device form, on the GPU backend
 * where it is usable. Meson compiles it and its parts (cgemm_test.h) once per
 * precision. */
#include <omp.h>
#include <stdio.h>

#include "cgemm_test.h"
#include "target_mem.h"
#include "walk.h"

static void run_backend(const char *backend, void *ctx)
{
    (void)ctx;
    grid(backend, call_host);
    grid_large(backend, call_host);
    rules(backend);
    /* check mode: each call also compared with OpenBLAS inside the library */
    int was = ompwg_set_check(1);
    char label[64];
    snprintf(label, sizeof label, "%s (check mode)", backend);
    grid_large(label, call_host);
    ompwg_set_check(was);
}

static int device, host;

static int call_device(const ccase *g, coperands *o)
{
    size_t sa = o->a.len * sizeof(cplx), sb = o->b.len * sizeof(cplx),
           sc = o->c.len * sizeof(cplx);
    cplx *a = target_copy_in(o->a.p, sa, device, host);
    cplx *b = target_copy_in(o->b.p, sb, device, host);
    cplx *c = target_copy_in(o->c.p, sc, device, host);
    int st = GEMM_DEVICE(g->layout, g->ta, g->tb, g->m, g->n, g->k, g->alpha, a, o->a.ld, b,
                         o->b.ld, g->beta, c, o->c.ld);
    target_copy_out(o->a.p, a, sa, device, host);
    target_copy_out(o->b.p, b, sb, device, host);
    target_copy_out(o->c.p, c, sc, device, host);
    return st;
}

/* The _device form: on the GPU backend where it is usable, else
 * OMPWG_ERR_UNAVAILABLE with nothing written. */
static void device_form(void)
{
    char why[256];
    if (!walk_wanted("gpu")) {
        tap_skip(PREFIX "gemm_device", "OMPWG_TEST_BACKENDS leaves out gpu");
        return;
    }
    if (!walk_usable("gpu", why, sizeof why)) {
        test_rng r;
        test_rng_init(&r, 600);
        ccase g = { OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_CONJ_TRANS, 9, 7, 5, 0, 0, 0,
                    { 1, 0 }, { 0, 1 } };
        coperands o;
        coperands_init(&o, &g, &r);
        coperands_snapshot(&o);
        int st = GEMM_DEVICE(g.layout, g.ta, g.tb, g.m, g.n, g.k, g.alpha, o.a.p, o.a.ld, o.b.p,
                             o.b.ld, g.beta, o.c.p, o.c.ld);
        char msg[256] = "";
        bool pass = st == OMPWG_ERR_UNAVAILABLE && cstored_kept(&o.c, "C", true, msg, sizeof msg);
        tap_ok(pass, PREFIX "gemm_device without a usable gpu backend (%s): status %d, nothing written %s",
               why, st, msg);
        coperands_free(&o);
        return;
    }
    if (!target_mem_or_skip(PREFIX "gemm_device")) return;
    host = omp_get_initial_device();
    device = omp_get_num_devices() > 0 ? omp_get_default_device() : host;
    grid("gpu device data", call_device);
    grid_large("gpu device data", call_device);
}

int main(void)
{
    tap_init("test_" PREFIX "gemm");
    static const walk_variants cpu_kernels = { .knobs = { "OMPWG_CPU_ARCH" } };
    walk_backends_variants(run_backend, NULL, &cpu_kernels);
    arguments();
    device_form();
    return tap_done();
}

