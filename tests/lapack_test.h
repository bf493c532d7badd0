/* The LU, Cholesky and QR checks of one precision (lapack_tmpl.c and
 * qr_tmpl.c, compiled once per precision), run by test_lapack.c. `device`: through the *_device
 * forms, A and B copied to buffers from ompwg_device_alloc() and back. */
#ifndef OMPWG_TEST_LAPACK_TEST_H
#define OMPWG_TEST_LAPACK_TEST_H

#include <stdbool.h>

/* GETRF over the shapes: backward error, pivots, guard bands, padding. */
void lu_grid_s(const char *backend, bool device);
void lu_grid_d(const char *backend, bool device);
/* GETRS (every transposition) and GESV: residuals, B's guard bands. */
void lu_solve_s(const char *backend, bool device);
void lu_solve_d(const char *backend, bool device);
/* POTRF, POTRS and POSV, upper and lower. */
void chol_s(const char *backend, bool device);
void chol_d(const char *backend, bool device);
/* Zero pivots and matrices that are not positive definite: info, and B
 * untouched by GESV and POSV. */
void singular_s(const char *backend, bool device);
void singular_d(const char *backend, bool device);
/* NaN and Inf in A: GETRF's status, info, pivots and NaN entries as
 * ompwg_lapack.h documents them (reference DGETF2, IDAMAX's rule; OpenBLAS's
 * LAPACK beside them as a diagnostic); POTRF's and POSV's info at a NaN
 * diagonal, POSV's B untouched. */
void nonfinite_s(const char *backend, bool device);
void nonfinite_d(const char *backend, bool device);
/* Every argument error in the reference order, the quick returns and a
 * NULL info, host and device forms: status, info, nothing written. */
void bad_args_s(void);
void bad_args_d(void);
/* The *_device forms without a usable gpu backend: the documented status,
 * nothing written. */
void device_unusable_s(const char *why);
void device_unusable_d(const char *why);

/* GEQRF over the shapes with ORMQR from both sides: Q R = A, Q Q^T = I,
 * guard bands, padding. */
void qr_factor_s(const char *backend, bool device);
void qr_factor_d(const char *backend, bool device);
/* GELS, N and T, tall and wide: residuals, X against OpenBLAS's. */
void qr_gels_s(const char *backend, bool device);
void qr_gels_d(const char *backend, bool device);
/* GELS of a rank-deficient, a zero and a badly scaled A. */
void qr_gels_special_s(const char *backend, bool device);
void qr_gels_special_d(const char *backend, bool device);
/* The QR routines' argument errors and quick returns, host and device
 * forms; why: NULL, or why the gpu backend is not usable (the device
 * forms then give OMPWG_ERR_UNAVAILABLE). */
void qr_bad_args_s(const char *why);
void qr_bad_args_d(const char *why);

#endif
