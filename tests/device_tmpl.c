/* The *_device functions of one precision. Where the gpu backend is usable
 * they get pointers from omp_target_alloc: on the default device when the
 * offload runtime has one, else on the initial device (host fallback, where
 * the GPU kernels run on host threads). The results, copied back, are held
 * to the checks of the host-pointer tests; A, B, x and y are copied back too
 * and must be unchanged. Where the gpu backend is not usable every call
 * returns OMPWG_ERR_UNAVAILABLE and writes nothing. GEMM and reductions run
 * once per GPU kernel variant. Meson compiles it once per precision. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

#include "gemm_case.h"
#include "reduce_case.h"
#include "target_mem.h"
#include "walk.h"

static int device, host;

static int device_gemm(const gemm_case *g, operands *o)
{
    size_t sa = o->a.len * sizeof(real), sb = o->b.len * sizeof(real),
           sc = o->c.len * sizeof(real);
    real *a = target_copy_in(o->a.p, sa, device, host);
    real *b = target_copy_in(o->b.p, sb, device, host);
    real *c = target_copy_in(o->c.p, sc, device, host);
    int st = api.gemm_device(g->layout, g->ta, g->tb, g->m, g->n, g->k, g->alpha, a, o->a.ld, b,
                             o->b.ld, g->beta, c, o->c.ld);
    target_copy_out(o->a.p, a, sa, device, host);
    target_copy_out(o->b.p, b, sb, device, host);
    target_copy_out(o->c.p, c, sc, device, host);
    return st;
}

static int device_sum(sum_kind k, vec *x, vec *y, real *result)
{
    size_t sx = x->len * sizeof(real), sy = y ? y->len * sizeof(real) : 0;
    real *dx = target_copy_in(x->p, sx, device, host);
    real *dy = y ? target_copy_in(y->p, sy, device, host) : NULL;
    int st;
    switch (k) {
    case SUM: st = api.sum_device(x->n, dx, x->inc, result); break;
    case DOT: st = api.dot_device(x->n, dx, x->inc, dy, y->inc, result); break;
    default: st = api.asum_device(x->n, dx, x->inc, result); break;
    }
    target_copy_out(x->p, dx, sx, device, host);
    if (y) target_copy_out(y->p, dy, sy, device, host);
    return st;
}

static int device_extremum(bool want_max, vec *x, real *value, int64_t *index)
{
    size_t sx = x->len * sizeof(real);
    real *dx = target_copy_in(x->p, sx, device, host);
    int st = (want_max ? api.max_device : api.min_device)(x->n, dx, x->inc, value, index);
    target_copy_out(x->p, dx, sx, device, host);
    return st;
}

static const reducer device_reducer = { device_sum, device_extremum };

/* Shapes across the block edges, every transposition in both layouts. */
static void gemms(group *grp, test_rng *r)
{
    static const int64_t sizes[] = { 1, 2, 15, 16, 17, 63, 64, 65, 127, 128, 129, 257 };
    const int ns = (int)(sizeof sizes / sizeof sizes[0]);
    static const ompwg_trans tr[] = { OMPWG_NO_TRANS, OMPWG_TRANS, OMPWG_CONJ_TRANS };
    int idx = 0;
    for (int l = 0; l < 2; l++)
        for (int ia = 0; ia < 3; ia++)
            for (int ib = 0; ib < 3; ib++)
                for (int i = 0; i < ns; i++, idx++) {
                    gemm_case g = {
                        .layout = l ? OMPWG_ROW_MAJOR : OMPWG_COL_MAJOR, .ta = tr[ia], .tb = tr[ib],
                        .m = sizes[i], .n = sizes[(5 * i + idx) % ns], .k = sizes[(7 * i + 2 * idx) % ns],
                        .pad_a = idx % 3 == 0 ? 3 : 0, .pad_b = idx % 3 == 1 ? 1 : 0,
                        .pad_c = idx % 2 ? 3 : 0,
                        .alpha = (real)(idx % 4 == 0 ? 1 : 0.7), .beta = (real)(idx % 3 == 0 ? 0 : 1.3),
                    };
                    gemm_run(grp, &g, device_gemm, r);
                }
}

static void sums(group *grp, test_rng *r)
{
    for (int k = SUM; k <= ASUM; k++)
        for (int s = 0; s < VEC_SIZES; s++)
            for (int ic = 0; ic < VEC_INCS; ic++) {
                vec x, y;
                int64_t incy = vec_incs[(ic + s) % VEC_INCS];
                vec_init(&x, vec_sizes[s], vec_incs[ic], r);
                if (k == DOT) vec_init(&y, vec_sizes[s], incy, r);
                sum_case(grp, &device_reducer, "gpu", (sum_kind)k, &x, &y);
            }
}

static void extrema(group *grp, test_rng *r)
{
    for (int want_max = 0; want_max < 2; want_max++)
        for (int s = 0; s < VEC_SIZES; s++)
            for (int ic = 0; ic < VEC_INCS; ic++) {
                vec x;
                vec_init(&x, vec_sizes[s], vec_incs[ic], r);
                /* equal extrema either side of the middle, and a NaN later in
                 * every other case */
                if (x.n >= 2) {
                    vec_set(&x, x.n / 2 - 1 + (x.n == 2), want_max ? 2 : -2);
                    vec_set(&x, x.n - 1, want_max ? 2 : -2);
                }
                bool nan = (s + ic) % 2 && x.n >= 3;
                if (nan) vec_set(&x, x.n - 2, (real)NAN);
                extremum_case(grp, &device_reducer, want_max, &x, nan ? ", ties and a NaN" : ", ties");
            }
}

/* Each family of device cases: the knob whose variants it runs under, its
 * random stream, what its group measures, and the functions and claim of
 * its report. */
static const struct device_family {
    const char *knob;
    void (*run)(group *grp, test_rng *r);
    uint64_t seed;
    const char *measure;
    const char *functions;
    const char *claim;
} families[] = {
    { "OMPWG_GPU_GEMM", gemms, 900, "ratio", "gemm_device",
      "every transposition, both layouts, block edges" },
    { "OMPWG_GPU_REDUCE", sums, 901, "error/bound", "sum/dot/asum_device",
      "every size and increment, within the bound" },
    { "OMPWG_GPU_REDUCE", extrema, 902, NULL, "max/min_device",
      "every size and increment, ties and NaN" },
};
#define FAMILIES (sizeof families / sizeof families[0])

/* The families of knob, once per variant of it. */
static void run_variants(const char *knob)
{
    const char *names[8];
    int count = walk_variant_names(knob, names, 8);
    for (int k = 0; k < count; k++) {
        if (!walk_select_variant(knob, names[k])) continue;
        for (size_t i = 0; i < FAMILIES; i++) {
            if (strcmp(families[i].knob, knob) != 0) continue;
            test_rng r;
            test_rng_init(&r, families[i].seed);
            group grp;
            group_init(&grp, families[i].measure);
            families[i].run(&grp, &r);
            group_report(&grp, "%s%s (%s) on device %d: %s", api.prefix, families[i].functions,
                         names[k], device, families[i].claim);
        }
    }
    walk_restore_variant(knob);
}

/* Without a usable gpu backend: OMPWG_ERR_UNAVAILABLE, nothing written.
 * Nothing may be read either, so host pointers are safe to pass. */
static void device_unavailable(const char *why)
{
    test_rng r;
    test_rng_init(&r, 903);
    group grp;
    group_init(&grp, NULL);
    gemm_case g = { OMPWG_COL_MAJOR, OMPWG_NO_TRANS, OMPWG_TRANS, 17, 9, 5, 0, 0, 3, 0.7f, 1.3f };
    for (int l = 0; l < 2; l++) {
        g.layout = l ? OMPWG_ROW_MAJOR : OMPWG_COL_MAJOR;
        operands o;
        operands_init(&o, &g);
        operands_fill(&o, &r);
        operands_snapshot(&o);
        int st = api.gemm_device(g.layout, g.ta, g.tb, g.m, g.n, g.k, g.alpha, o.a.p, o.a.ld,
                                 o.b.p, o.b.ld, g.beta, o.c.p, o.c.ld);
        char msg[512] = "";
        bool pass = st == OMPWG_ERR_UNAVAILABLE;
        if (!pass) snprintf(msg, sizeof msg, "status %d (%s)", st, ompwg_strerror(st));
        else pass = stored_kept(&o.a, "A", true, msg, sizeof msg) &&
                    stored_kept(&o.b, "B", true, msg, sizeof msg) &&
                    stored_kept(&o.c, "C", true, msg, sizeof msg);
        gemm_add(&grp, &g, pass, -1, msg);
        operands_free(&o);
    }
    for (int op = 0; op < 5; op++) {
        vec x, y;
        vec_init(&x, 1000, 1, &r);
        vec_init(&y, 1000, -2, &r);
        real value = UNTOUCHED_VALUE;
        int64_t index = UNTOUCHED_INDEX;
        int st;
        switch (op) {
        case 0: st = api.sum_device(x.n, x.p, x.inc, &value); break;
        case 1: st = api.dot_device(x.n, x.p, x.inc, y.p, y.inc, &value); break;
        case 2: st = api.asum_device(x.n, x.p, x.inc, &value); break;
        case 3: st = api.max_device(x.n, x.p, x.inc, &value, &index); break;
        default: st = api.min_device(x.n, x.p, x.inc, &value, &index); break;
        }
        static const char *const names[] = { "sum", "dot", "asum", "max", "min" };
        char what[64], msg[128] = "";
        snprintf(what, sizeof what, "%s%s_device n=1000", api.prefix, names[op]);
        bool pass = st == OMPWG_ERR_UNAVAILABLE;
        if (!pass) snprintf(msg, sizeof msg, "status %d (%s)", st, ompwg_strerror(st));
        else if (value != UNTOUCHED_VALUE || index != UNTOUCHED_INDEX)
            snprintf(msg, sizeof msg, "failed, but wrote the result"), pass = false;
        group_add(&grp, what, pass, msg, -1);
        vec_free(&x);
        vec_free(&y);
    }
    group_report(&grp, "%s*_device without a usable gpu backend (%s): OMPWG_ERR_UNAVAILABLE, nothing written",
                 api.prefix, why);
}

int main(void)
{
    tap_init("test_%sdevice", api.prefix);
    if (!walk_wanted("gpu")) tap_skip_all("OMPWG_TEST_BACKENDS leaves out gpu");
    char why[256];
    if (!walk_usable("gpu", why, sizeof why)) {
        device_unavailable(why);
        tap_skip("device pointers: GEMM and reductions", "gpu backend not usable here: %s", why);
        return tap_done();
    }
    if (!target_mem_or_skip("device pointers: GEMM and reductions")) return tap_done();
    host = omp_get_initial_device();
    device = omp_get_num_devices() > 0 ? omp_get_default_device() : host;
    tap_diag("gpu backend: %s; data on device %d (%s)", why, device,
             device == host ? "the initial device: host fallback" : "the default device");
    tap_skip("*_device without a usable gpu backend gives OMPWG_ERR_UNAVAILABLE",
             "the gpu backend is usable here");
    run_variants("OMPWG_GPU_GEMM");
    run_variants("OMPWG_GPU_REDUCE");
    return tap_done();
}
