/* LU, Cholesky and QR (ompwg_lapack.h; lapack_tmpl.c and qr_tmpl.c,
 * compiled once per precision) on every usable backend in one process:
 * GETRF over shapes around the GPU's panel width and recursion, GETRS and
 * GESV, POTRF, POTRS and POSV, GEQRF, ORMQR and GELS, zero pivots and matrices that are not positive definite, NaN
 * and Inf against OpenBLAS's LAPACK; on the gpu backend the *_device forms
 * too, on buffers from ompwg_device_alloc(), and the QR under each way of
 * applying its reflectors (OMPWG_GPU_QR); every argument error; and the
 * *_device forms' status where the gpu backend is not usable. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "lapack_test.h"
#include "ompwg.h"
#include "tap.h"
#include "walk.h"

static void run_forms(const char *backend, bool device)
{
    lu_grid_s(backend, device);
    lu_grid_d(backend, device);
    lu_solve_s(backend, device);
    lu_solve_d(backend, device);
    chol_s(backend, device);
    chol_d(backend, device);
    singular_s(backend, device);
    singular_d(backend, device);
    nonfinite_s(backend, device);
    nonfinite_d(backend, device);
    qr_factor_s(backend, device);
    qr_factor_d(backend, device);
    qr_gels_s(backend, device);
    qr_gels_d(backend, device);
    qr_gels_special_s(backend, device);
    qr_gels_special_d(backend, device);
}

static void run_backend(const char *backend, void *ctx)
{
    (void)ctx;
    run_forms(backend, false);
    /* check mode judges each result by its backward error and passes
     * correct ones, on the tests' shapes */
    char label[64];
    snprintf(label, sizeof label, "%s in check mode", backend);
    const int was = ompwg_set_check(1);
    lu_grid_d(label, false);
    lu_solve_s(label, false);
    chol_d(label, false);
    qr_factor_s(label, false);
    qr_gels_d(label, false);
    ompwg_set_check(was);
    if (strcmp(backend, "gpu") != 0) return;
    /* the GPU QR's merged block reflectors, which its default takes only
     * on matrices of 8192 and more, on the tests' shapes */
    if (walk_select_variant("OMPWG_GPU_QR", "merged")) {
        snprintf(label, sizeof label, "%s, QR updates merged", backend);
        qr_factor_s(label, false);
        qr_factor_d(label, false);
        qr_gels_s(label, false);
        qr_gels_d(label, false);
    }
    walk_restore_variant("OMPWG_GPU_QR");
    void *probe = NULL;
    int st = ompwg_device_alloc(1, &probe);
    if (st != OMPWG_OK) {
        tap_skip("the *_device forms", "ompwg_device_alloc gives status %d (%s)", st,
                 ompwg_strerror(st));
        return;
    }
    ompwg_device_free(probe);
    run_forms(backend, true);
}

/* The program's body: main() below, and the lapack_module library's entry
 * for bench/late_load (compute-sanitizer, tools/gpu-check.sh). */
int late_load_main(int argc, char **argv);

int late_load_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    tap_init("test_lapack");
    bad_args_s();
    bad_args_d();
    walk_backends(run_backend, NULL);
    char why[256];
    if (walk_usable("gpu", why, sizeof why)) {
        tap_skip("*_device without a usable gpu backend", "the gpu backend is usable here");
        qr_bad_args_s(NULL);
        qr_bad_args_d(NULL);
    } else {
        device_unusable_s(why);
        device_unusable_d(why);
        qr_bad_args_s(why);
        qr_bad_args_d(why);
    }
    return tap_done();
}

#ifndef OMPWG_TEST_MODULE
int main(int argc, char **argv)
{
    return late_load_main(argc, argv);
}
#endif
