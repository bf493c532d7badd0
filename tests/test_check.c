/* Check mode: with ompwg_set_check(1) every call on the cpu backend also
 * runs on OpenBLAS (scans: the sequential reference; transposes: compared
 * with A) and is compared; correct results pass with OMPWG_OK.
 * ompwg_set_check returns the previous setting, and -1 reads OMPWG_CHECK
 * again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "group.h"
#include "guard.h"
#include "ompwg.h"
#include "tap.h"
#include "walk.h"

static void fill_f(float *x, size_t n, test_rng *r)
{
    for (size_t i = 0; i < n; i++) x[i] = test_uniformf(r);
}

static void fill_d(double *x, size_t n, test_rng *r)
{
    for (size_t i = 0; i < n; i++) x[i] = test_uniform(r);
}

static void add(group *grp, const char *what, int st)
{
    char msg[128] = "";
    if (st != OMPWG_OK) snprintf(msg, sizeof msg, "status %d (%s)", st, ompwg_strerror(st));
    group_add(grp, what, st == OMPWG_OK, msg, -1);
}

/* GEMMs of both layouts and all transposes, sizes past the usual blocks,
 * every reduction and scan with both increments' signs, and transposes. */
static void calls_pass(const char *backend)
{
    test_rng r;
    test_rng_init(&r, 700);
    group grp;
    group_init(&grp, NULL);
    static const int64_t dims[][3] = { { 1, 1, 1 }, { 17, 65, 129 }, { 130, 7, 64 }, { 0, 5, 5 } };
    static const ompwg_trans tr[] = { OMPWG_NO_TRANS, OMPWG_TRANS, OMPWG_CONJ_TRANS };
    const size_t cap = 200 * 200;
    float *af = test_malloc(cap * sizeof *af), *bf = test_malloc(cap * sizeof *bf),
          *cf = test_malloc(cap * sizeof *cf);
    double *ad = test_malloc(cap * sizeof *ad), *bd = test_malloc(cap * sizeof *bd),
           *cd = test_malloc(cap * sizeof *cd);
    fill_f(af, cap, &r);
    fill_f(bf, cap, &r);
    fill_f(cf, cap, &r);
    fill_d(ad, cap, &r);
    fill_d(bd, cap, &r);
    fill_d(cd, cap, &r);
    int64_t *li = test_malloc(cap * sizeof *li), *lo = test_malloc(cap * sizeof *lo);
    for (size_t i = 0; i < cap; i++) li[i] = (int64_t)test_rng_next(&r);
    char what[160];
    for (int d = 0; d < 4; d++)
        for (int l = 0; l < 2; l++)
            for (int t = 0; t < 3; t++) {
                ompwg_layout lay = l ? OMPWG_ROW_MAJOR : OMPWG_COL_MAJOR;
                int64_t m = dims[d][0], n = dims[d][1], k = dims[d][2];
                /* leading dimensions large enough for any of the shapes */
                int64_t ld = 140;
                snprintf(what, sizeof what, "sgemm %s %c,%c m=%lld n=%lld k=%lld",
                         l ? "row-major" : "col-major", "NTC"[t], "NTC"[2 - t],
                         (long long)m, (long long)n, (long long)k);
                add(&grp, what, ompwg_sgemm(lay, tr[t], tr[2 - t], m, n, k, 0.7f, af, ld, bf, ld,
                                            1.3f, cf, ld));
                what[0] = 'd';
                add(&grp, what, ompwg_dgemm(lay, tr[t], tr[2 - t], m, n, k, 0.7, ad, ld, bd, ld,
                                            0, cd, ld));
            }
    static const int64_t ns[] = { 1, 1000, 100003 };
    for (int i = 0; i < 3; i++)
        for (int64_t inc = -1; inc <= 1; inc += 2) {
            int64_t n = ns[i] < (int64_t)cap ? ns[i] : (int64_t)cap;
            float vf;
            double vd;
            int64_t idx;
            snprintf(what, sizeof what, "reductions n=%lld inc=%lld", (long long)n, (long long)inc);
            add(&grp, what, ompwg_ssum(n, af, inc, &vf));
            add(&grp, what, ompwg_dsum(n, ad, inc, &vd));
            add(&grp, what, ompwg_sdot(n, af, inc, bf, -inc, &vf));
            add(&grp, what, ompwg_ddot(n, ad, inc, bd, -inc, &vd));
            add(&grp, what, ompwg_sasum(n, af, inc, &vf));
            add(&grp, what, ompwg_dasum(n, ad, inc, &vd));
            add(&grp, what, ompwg_smax(n, af, inc, &vf, &idx));
            add(&grp, what, ompwg_dmax(n, ad, inc, &vd, &idx));
            add(&grp, what, ompwg_smin(n, af, inc, &vf, &idx));
            add(&grp, what, ompwg_dmin(n, ad, inc, &vd, &idx));
            /* scans against the sequential reference, in place too */
            snprintf(what, sizeof what, "scans n=%lld inc=%lld", (long long)n, (long long)inc);
            add(&grp, what, ompwg_sscan(n, af, inc, cf, -inc, 0));
            add(&grp, what, ompwg_dscan(n, ad, inc, cd, inc, OMPWG_SCAN_EXCLUSIVE));
            add(&grp, what, ompwg_dscan(n, cd, inc, cd, inc, 0));
            add(&grp, what, ompwg_i64scan(n, li, inc, lo, inc, OMPWG_SCAN_EXCLUSIVE));
        }
    /* transposes, compared bit for bit */
    for (int l = 0; l < 2; l++) {
        ompwg_layout lay = l ? OMPWG_ROW_MAJOR : OMPWG_COL_MAJOR;
        snprintf(what, sizeof what, "transposes %s 130x70", l ? "row-major" : "col-major");
        add(&grp, what, ompwg_stranspose(lay, 130, 70, af, 140, cf, 140));
        add(&grp, what, ompwg_dtranspose(lay, 130, 70, ad, 140, cd, 140));
    }
    group_report(&grp, "%s: with check mode on, correct calls return OMPWG_OK", backend);
    free(af);
    free(bf);
    free(cf);
    free(ad);
    free(bd);
    free(cd);
    free(li);
    free(lo);
}

int main(void)
{
    tap_init("test_check");
    int from_env = ompwg_get_check();
    int prev = ompwg_set_check(1);
    if (!tap_ok(prev == from_env, "ompwg_set_check(1) returns the setting from OMPWG_CHECK (%d)",
                from_env))
        tap_diag("returned %d", prev);
    if (walk_wanted("cpu") && walk_usable("cpu", NULL, 0)) {
        int st = ompwg_set_backend("cpu");
        if (tap_ok(st == OMPWG_OK, "ompwg_set_backend(\"cpu\") gives OMPWG_OK")) calls_pass("cpu");
    } else {
        tap_skip("cpu: with check mode on, correct calls return OMPWG_OK",
                 "cpu backend not usable or left out by OMPWG_TEST_BACKENDS");
    }
    prev = ompwg_set_check(0);
    tap_ok(prev == 1, "ompwg_set_check(0) returns 1 after ompwg_set_check(1)");
    prev = ompwg_set_check(0);
    tap_ok(prev == 0, "ompwg_set_check(0) returns 0 after ompwg_set_check(0)");

    ompwg_set_check(1 - from_env);
    ompwg_set_check(-1);
    tap_ok(ompwg_get_check() == from_env,
           "ompwg_set_check(-1) returns to the environment's setting (%d)", from_env);
    prev = ompwg_set_check(5);
    tap_ok(prev == OMPWG_ERR_RANGE && ompwg_get_check() == from_env,
           "ompwg_set_check(5) gives OMPWG_ERR_RANGE and changes nothing");
    return tap_done();
}
