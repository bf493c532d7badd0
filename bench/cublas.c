#include "cublas.h"
#include "runtime_lib.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void *handle_t;
enum { OP_N = 0, OP_T = 1, DEFAULT_MATH = 0 };
/* cublasSideMode_t, cublasFillMode_t, cublasDiagType_t */
enum { SIDE_LEFT = 0, FILL_LOWER = 0, DIAG_NON_UNIT = 0 };

static struct {
    void *lib, *cuda;
    handle_t h;
    bench_runtime_lib loaded;
    int (*create)(handle_t *);
    int (*set_math_mode)(handle_t, int);
    int (*sgemm)(handle_t, int, int, int, int, int, const float *, const float *, int,
                 const float *, int, const float *, float *, int);
    int (*dgemm)(handle_t, int, int, int, int, int, const double *, const double *, int,
                 const double *, int, const double *, double *, int);
    /* complex GEMM: optional, looked up after the rest */
    int (*cgemm)(handle_t, int, int, int, int, int, const void *, const void *, int, const void *,
                 int, const void *, void *, int);
    int (*zgemm)(handle_t, int, int, int, int, int, const void *, const void *, int, const void *,
                 int, const void *, void *, int);
    int (*sdot)(handle_t, int, const float *, int, const float *, int, float *);
    int (*ddot)(handle_t, int, const double *, int, const double *, int, double *);
    int (*sasum)(handle_t, int, const float *, int, float *);
    int (*dasum)(handle_t, int, const double *, int, double *);
    int (*isamax)(handle_t, int, const float *, int, int *);
    int (*idamax)(handle_t, int, const double *, int, int *);
    int (*sgeam)(handle_t, int, int, int, int, const float *, const float *, int, const float *,
                 const float *, int, float *, int);
    int (*dgeam)(handle_t, int, int, int, int, const double *, const double *, int,
                 const double *, const double *, int, double *, int);
    int (*dtrsm)(handle_t, int, int, int, int, int, int, const double *, const double *, int,
                 double *, int);
    int (*dsyrk)(handle_t, int, int, int, int, const double *, const double *, int,
                 const double *, double *, int);
    int (*ctx_sync)(void);
} cb = { .loaded.once = PTHREAD_ONCE_INIT };

static void *open_cublas(void)
{
    static const char *const names[] = { "libcublas.so.13", "libcublas.so.12", "libcublas.so" };
    return bench_cuda_lib_open("OMPWG_CUBLAS", "libcublas", names, sizeof names / sizeof names[0],
                               cb.loaded.path, sizeof cb.loaded.path);
}

static bool sym(void *lib, const char *name, void *fn_ptr)
{
    void *p = dlsym(lib, name);
    memcpy(fn_ptr, &p, sizeof p);
    if (!p) snprintf(cb.loaded.why, sizeof cb.loaded.why, "%s lacks %s", cb.loaded.path, name);
    return p != NULL;
}

static void load(void)
{
    cb.lib = open_cublas();
    if (!cb.lib) {
        snprintf(cb.loaded.why, sizeof cb.loaded.why,
                 "libcublas not found (set OMPWG_CUBLAS=/path/libcublas.so)");
        return;
    }
    cb.cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!cb.cuda) {
        snprintf(cb.loaded.why, sizeof cb.loaded.why, "libcuda.so.1 not loadable");
        return;
    }
    if (!sym(cb.lib, "cublasCreate_v2", &cb.create) ||
        !sym(cb.lib, "cublasSetMathMode", &cb.set_math_mode) ||
        !sym(cb.lib, "cublasSgemm_v2", &cb.sgemm) || !sym(cb.lib, "cublasDgemm_v2", &cb.dgemm) ||
        !sym(cb.lib, "cublasSdot_v2", &cb.sdot) || !sym(cb.lib, "cublasDdot_v2", &cb.ddot) ||
        !sym(cb.lib, "cublasSasum_v2", &cb.sasum) || !sym(cb.lib, "cublasDasum_v2", &cb.dasum) ||
        !sym(cb.lib, "cublasIsamax_v2", &cb.isamax) ||
        !sym(cb.lib, "cublasIdamax_v2", &cb.idamax) ||
        !sym(cb.lib, "cublasSgeam", &cb.sgeam) || !sym(cb.lib, "cublasDgeam", &cb.dgeam) ||
        !sym(cb.lib, "cublasDtrsm_v2", &cb.dtrsm) || !sym(cb.lib, "cublasDsyrk_v2", &cb.dsyrk) ||
        !sym(cb.cuda, "cuCtxSynchronize", &cb.ctx_sync))
        return;
    void *p = dlsym(cb.lib, "cublasCgemm_v2");
    memcpy(&cb.cgemm, &p, sizeof p);
    p = dlsym(cb.lib, "cublasZgemm_v2");
    memcpy(&cb.zgemm, &p, sizeof p);
    int st = cb.create(&cb.h);
    if (st != 0) {
        snprintf(cb.loaded.why, sizeof cb.loaded.why, "cublasCreate failed (status %d)", st);
        return;
    }
    /* plain FP32/FP64 arithmetic: no TF32 tensor cores for SGEMM */
    cb.set_math_mode(cb.h, DEFAULT_MATH);
    cb.loaded.ok = true;
}

bool bench_cublas_load(char *why, size_t len)
{
    return bench_runtime_lib_ready(&cb.loaded, load, why, len);
}

const char *bench_cublas_path(void)
{
    return bench_runtime_lib_path(&cb.loaded);
}

static int finish(int st)
{
    int sync = cb.ctx_sync();
    return st ? st : sync;
}

static bool fits(int64_t n)
{
    return cb.loaded.ok && n > 0 && n <= INT_MAX;
}

int bench_cublas_sgemm(int64_t n, float alpha, const float *a, const float *b, float beta, float *c)
{
    if (!fits(n)) return -1;
    int m = (int)n;
    return finish(cb.sgemm(cb.h, OP_N, OP_N, m, m, m, &alpha, a, m, b, m, &beta, c, m));
}

int bench_cublas_dgemm(int64_t n, double alpha, const double *a, const double *b, double beta,
                       double *c)
{
    if (!fits(n)) return -1;
    int m = (int)n;
    return finish(cb.dgemm(cb.h, OP_N, OP_N, m, m, m, &alpha, a, m, b, m, &beta, c, m));
}

int bench_cublas_cgemm(int64_t n, const void *alpha, const void *a, const void *b,
                       const void *beta, void *c)
{
    if (!fits(n) || !cb.cgemm) return -1;
    int m = (int)n;
    return finish(cb.cgemm(cb.h, OP_N, OP_N, m, m, m, alpha, a, m, b, m, beta, c, m));
}

int bench_cublas_zgemm(int64_t n, const void *alpha, const void *a, const void *b,
                       const void *beta, void *c)
{
    if (!fits(n) || !cb.zgemm) return -1;
    int m = (int)n;
    return finish(cb.zgemm(cb.h, OP_N, OP_N, m, m, m, alpha, a, m, b, m, beta, c, m));
}

int bench_cublas_sdot(int64_t n, const float *x, const float *y, float *result)
{
    return fits(n) ? finish(cb.sdot(cb.h, (int)n, x, 1, y, 1, result)) : -1;
}

int bench_cublas_ddot(int64_t n, const double *x, const double *y, double *result)
{
    return fits(n) ? finish(cb.ddot(cb.h, (int)n, x, 1, y, 1, result)) : -1;
}

int bench_cublas_sasum(int64_t n, const float *x, float *result)
{
    return fits(n) ? finish(cb.sasum(cb.h, (int)n, x, 1, result)) : -1;
}

int bench_cublas_dasum(int64_t n, const double *x, double *result)
{
    return fits(n) ? finish(cb.dasum(cb.h, (int)n, x, 1, result)) : -1;
}

int bench_cublas_siamax(int64_t n, const float *x, int64_t *index)
{
    int i = 0;
    int st = fits(n) ? finish(cb.isamax(cb.h, (int)n, x, 1, &i)) : -1;
    *index = i - 1;
    return st;
}

int bench_cublas_diamax(int64_t n, const double *x, int64_t *index)
{
    int i = 0;
    int st = fits(n) ? finish(cb.idamax(cb.h, (int)n, x, 1, &i)) : -1;
    *index = i - 1;
    return st;
}

/* C := 1 * A^T + 0 * B with B = C (transb N, ldb = ldc: allowed in place) */
int bench_cublas_stranspose(int64_t m, int64_t n, const float *a, float *b)
{
    if (!fits(m) || !fits(n)) return -1;
    const float one = 1, zero = 0;
    return finish(cb.sgeam(cb.h, OP_T, OP_N, (int)n, (int)m, &one, a, (int)m, &zero, b, (int)n,
                           b, (int)n));
}

int bench_cublas_dtranspose(int64_t m, int64_t n, const double *a, double *b)
{
    if (!fits(m) || !fits(n)) return -1;
    const double one = 1, zero = 0;
    return finish(cb.dgeam(cb.h, OP_T, OP_N, (int)n, (int)m, &one, a, (int)m, &zero, b, (int)n,
                           b, (int)n));
}

int bench_cublas_dtrsm_lower(int64_t n, double alpha, const double *a, double *c)
{
    if (!fits(n)) return -1;
    const int m = (int)n;
    return finish(cb.dtrsm(cb.h, SIDE_LEFT, FILL_LOWER, OP_N, DIAG_NON_UNIT, m, m, &alpha, a, m, c,
                           m));
}

int bench_cublas_dsyrk_lower(int64_t n, double alpha, const double *a, double beta, double *c)
{
    if (!fits(n)) return -1;
    const int m = (int)n;
    return finish(cb.dsyrk(cb.h, FILL_LOWER, OP_N, m, m, &alpha, a, m, &beta, c, m));
}
