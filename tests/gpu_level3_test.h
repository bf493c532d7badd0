/* One precision's calls of test_gpu_level3 (gpu_level3_calls_tmpl.c,
 * compiled once per precision): the array arguments hold float (_s) or
 * double (_d), as the program's `prec` says; alpha and beta are converted
 * to that type. */
#ifndef OMPWG_TEST_GPU_LEVEL3_TEST_H
#define OMPWG_TEST_GPU_LEVEL3_TEST_H

#include <stdint.h>

#include "backend.h"

/* s's operation through the public API (ompwg_dtrsm, ompwg_dtrsm_device,
 * ...) in s's column-major form, host or device pointers as s says. */
int gpu_level3_call_s(const ompwg_level3_shape *s, double alpha, double beta, const void *a,
                      const void *b, void *c);
int gpu_level3_call_d(const ompwg_level3_shape *s, double alpha, double beta, const void *a,
                      const void *b, void *c);

/* The same on OpenBLAS's CBLAS, on host arrays with leading dimensions
 * lda, ldb and ldc. */
void gpu_level3_reference_s(const ompwg_level3_shape *s, double alpha, double beta,
                            const void *a, int64_t lda, const void *b, int64_t ldb, void *c,
                            int64_t ldc);
void gpu_level3_reference_d(const ompwg_level3_shape *s, double alpha, double beta,
                            const void *a, int64_t lda, const void *b, int64_t ldb, void *c,
                            int64_t ldc);

#endif
