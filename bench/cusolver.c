#include "cusolver.h"
#include "runtime_lib.h"

#include <dlfcn.h>
#include <glob.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void *handle_t;
/* cublasFillMode_t, cudaMemcpyKind */
enum { FILL_LOWER = 0, MEMCPY_DEFAULT = 4 };

static struct {
    void *lib, *rt;
    handle_t h;
    bench_runtime_lib loaded;
    char rt_path[PATH_MAX];
    int (*create)(handle_t *);
    int (*dgetrf_size)(handle_t, int, int, double *, int, int *);
    int (*sgetrf_size)(handle_t, int, int, float *, int, int *);
    int (*dgetrf)(handle_t, int, int, double *, int, double *, int *, int *);
    int (*sgetrf)(handle_t, int, int, float *, int, float *, int *, int *);
    int (*dpotrf_size)(handle_t, int, int, double *, int, int *);
    int (*spotrf_size)(handle_t, int, int, float *, int, int *);
    int (*dpotrf)(handle_t, int, int, double *, int, double *, int, int *);
    int (*spotrf)(handle_t, int, int, float *, int, float *, int, int *);
    int (*dgeqrf_size)(handle_t, int, int, double *, int, int *);
    int (*sgeqrf_size)(handle_t, int, int, float *, int, int *);
    int (*dgeqrf)(handle_t, int, int, double *, int, double *, double *, int, int *);
    int (*sgeqrf)(handle_t, int, int, float *, int, float *, float *, int, int *);
    int (*device_count)(int *);
    int (*set_device)(int);
    int (*malloc)(void **, size_t);
    int (*free)(void *);
    int (*memcpy)(void *, const void *, size_t, int);
    int (*sync)(void);
    const char *(*error_string)(int);
} cs = { .loaded.once = PTHREAD_ONCE_INIT };

static void *try_glob(const char *pattern, char *path, size_t path_len)
{
    glob_t g;
    void *h = NULL;
    if (glob(pattern, 0, NULL, &g) == 0)
        for (size_t j = 0; j < g.gl_pathc && !h; j++) {
            h = dlopen(g.gl_pathv[j], RTLD_NOW | RTLD_LOCAL);
            if (h && path) snprintf(path, path_len, "%s", g.gl_pathv[j]);
        }
    globfree(&g);
    return h;
}

static void *open_cusolver(void)
{
    static const char *const names[] = { "libcusolver.so.12", "libcusolver.so.11",
                                         "libcusolver.so" };
    const size_t count = sizeof names / sizeof names[0];
    void *h = bench_cuda_lib_open("OMPWG_CUSOLVER", "libcusolver", names, count, cs.loaded.path,
                                  sizeof cs.loaded.path);
    if (h) return h;
    /* the toolkit's copy needs its neighbours (cuBLAS, cuSPARSE, nvJitLink)
     * where the loader's path does not list the toolkit: loaded first, the
     * loader finds them by their names */
    static const char *const deps[] = { "libnvJitLink", "libcublasLt", "libcublas",
                                        "libcusparse" };
    for (size_t i = 0; i < sizeof deps / sizeof deps[0]; i++) {
        char pattern[PATH_MAX];
        snprintf(pattern, sizeof pattern, "/usr/local/cuda/lib64/%s.so.*[0-9]", deps[i]);
        try_glob(pattern, NULL, 0);
    }
    return bench_cuda_lib_open("OMPWG_CUSOLVER", "libcusolver", names, count, cs.loaded.path,
                               sizeof cs.loaded.path);
}

/* The CUDA runtime: OMPWG_CUDART; else the one beside libcusolver (the
 * toolkit's folder, or the Python packages' cuda_runtime beside cusolver);
 * else where the loader or the toolkit has one. */
static void *open_cudart(void)
{
    static const char *const names[] = { "libcudart.so.13", "libcudart.so.12",
                                         "libcudart.so.11.0", "libcudart.so" };
    const size_t count = sizeof names / sizeof names[0];
    const char *named = getenv("OMPWG_CUDART");
    if (!(named && named[0])) {
        Dl_info info;
        void *sym = dlsym(cs.lib, "cusolverDnCreate");
        char *real = sym && dladdr(sym, &info) && info.dli_fname ? realpath(info.dli_fname, NULL)
                                                                  : NULL;
        char *slash = real ? strrchr(real, '/') : NULL;
        if (slash) {
            *slash = '\0';
            char pattern[PATH_MAX + 64];
            snprintf(pattern, sizeof pattern, "%s/libcudart.so.*[0-9]", real);
            void *h = try_glob(pattern, cs.rt_path, sizeof cs.rt_path);
            if (!h) {
                snprintf(pattern, sizeof pattern, "%s/../../cuda_runtime/lib/libcudart.so.*[0-9]",
                         real);
                h = try_glob(pattern, cs.rt_path, sizeof cs.rt_path);
            }
            if (h) {
                free(real);
                return h;
            }
        }
        free(real);
    }
    return bench_cuda_lib_open("OMPWG_CUDART", "libcudart", names, count, cs.rt_path,
                               sizeof cs.rt_path);
}

static bool sym(void *lib, const char *file, const char *name, void *fn_ptr)
{
    void *p = dlsym(lib, name);
    memcpy(fn_ptr, &p, sizeof p);
    if (!p) snprintf(cs.loaded.why, sizeof cs.loaded.why, "%s lacks %s", file, name);
    return p != NULL;
}

static const char *cuda_error(int st)
{
    const char *s = cs.error_string ? cs.error_string(st) : NULL;
    return s ? s : "?";
}

static int device_to_use;

/* Why library `lib` (named by environment variable `env`) is missing. */
static void not_loadable(const char *lib, const char *env)
{
    const char *err = dlerror();
    snprintf(cs.loaded.why, sizeof cs.loaded.why, "%s not loadable (set %s=/path/%s.so.N)%s%s",
             lib, env, lib, err ? ": " : "", err ? err : "");
}

static void load(void)
{
    cs.lib = open_cusolver();
    if (!cs.lib) {
        not_loadable("libcusolver", "OMPWG_CUSOLVER");
        return;
    }
    cs.rt = open_cudart();
    if (!cs.rt) {
        not_loadable("libcudart", "OMPWG_CUDART");
        return;
    }
    const char *lib = cs.loaded.path, *rt = cs.rt_path;
    if (!sym(cs.lib, lib, "cusolverDnCreate", &cs.create) ||
        !sym(cs.lib, lib, "cusolverDnDgetrf_bufferSize", &cs.dgetrf_size) ||
        !sym(cs.lib, lib, "cusolverDnSgetrf_bufferSize", &cs.sgetrf_size) ||
        !sym(cs.lib, lib, "cusolverDnDgetrf", &cs.dgetrf) ||
        !sym(cs.lib, lib, "cusolverDnSgetrf", &cs.sgetrf) ||
        !sym(cs.lib, lib, "cusolverDnDpotrf_bufferSize", &cs.dpotrf_size) ||
        !sym(cs.lib, lib, "cusolverDnSpotrf_bufferSize", &cs.spotrf_size) ||
        !sym(cs.lib, lib, "cusolverDnDpotrf", &cs.dpotrf) ||
        !sym(cs.lib, lib, "cusolverDnSpotrf", &cs.spotrf) ||
        !sym(cs.lib, lib, "cusolverDnDgeqrf_bufferSize", &cs.dgeqrf_size) ||
        !sym(cs.lib, lib, "cusolverDnSgeqrf_bufferSize", &cs.sgeqrf_size) ||
        !sym(cs.lib, lib, "cusolverDnDgeqrf", &cs.dgeqrf) ||
        !sym(cs.lib, lib, "cusolverDnSgeqrf", &cs.sgeqrf) ||
        !sym(cs.rt, rt, "cudaGetDeviceCount", &cs.device_count) ||
        !sym(cs.rt, rt, "cudaSetDevice", &cs.set_device) ||
        !sym(cs.rt, rt, "cudaMalloc", &cs.malloc) || !sym(cs.rt, rt, "cudaFree", &cs.free) ||
        !sym(cs.rt, rt, "cudaMemcpy", &cs.memcpy) ||
        !sym(cs.rt, rt, "cudaDeviceSynchronize", &cs.sync))
        return;
    void *p = dlsym(cs.rt, "cudaGetErrorString");
    memcpy(&cs.error_string, &p, sizeof p);
    int count = 0, st = cs.device_count(&count);
    if (st != 0 || count < 1) {
        snprintf(cs.loaded.why, sizeof cs.loaded.why,
                 "no CUDA device (cudaGetDeviceCount: %d devices, status %d: %s)", count, st,
                 st ? cuda_error(st) : "none");
        return;
    }
    if (device_to_use >= 0 && (st = cs.set_device(device_to_use)) != 0) {
        snprintf(cs.loaded.why, sizeof cs.loaded.why, "cudaSetDevice(%d): status %d: %s",
                 device_to_use, st, cuda_error(st));
        return;
    }
    st = cs.create(&cs.h);
    if (st != 0) {
        snprintf(cs.loaded.why, sizeof cs.loaded.why, "cusolverDnCreate failed (status %d)", st);
        return;
    }
    cs.loaded.ok = true;
}

bool bench_cusolver_load(int device, char *why, size_t len)
{
    device_to_use = device;
    return bench_runtime_lib_ready(&cs.loaded, load, why, len);
}

const char *bench_cusolver_path(void)
{
    return bench_runtime_lib_path(&cs.loaded);
}

const char *bench_cudart_path(void)
{
    return cs.loaded.ok ? cs.rt_path : "";
}

void *bench_cuda_alloc(size_t bytes)
{
    void *p = NULL;
    if (!cs.loaded.ok || bytes == 0) return NULL;
    int st = cs.malloc(&p, bytes);
    if (st != 0) {
        fprintf(stderr, "bench: cudaMalloc of %zu bytes: status %d: %s\n", bytes, st,
                cuda_error(st));
        return NULL;
    }
    return p;
}

void bench_cuda_free(void *p)
{
    if (p && cs.loaded.ok) cs.free(p);
}

int bench_cuda_copy(void *dst, const void *src, size_t bytes)
{
    if (!cs.loaded.ok) return -1;
    int st = cs.memcpy(dst, src, bytes, MEMCPY_DEFAULT);
    int sync = cs.sync();
    return st ? st : sync;
}

int bench_cusolver_lwork(bench_factorisation f, bool dbl, int n, void *a, int *lwork)
{
    if (!cs.loaded.ok || n < 1) return -1;
    *lwork = 0;
    switch (f) {
    case BENCH_CHOLESKY:
        return dbl ? cs.dpotrf_size(cs.h, FILL_LOWER, n, a, n, lwork)
                   : cs.spotrf_size(cs.h, FILL_LOWER, n, a, n, lwork);
    case BENCH_QR:
        return dbl ? cs.dgeqrf_size(cs.h, n, n, a, n, lwork)
                   : cs.sgeqrf_size(cs.h, n, n, a, n, lwork);
    default:
        return dbl ? cs.dgetrf_size(cs.h, n, n, a, n, lwork)
                   : cs.sgetrf_size(cs.h, n, n, a, n, lwork);
    }
}

int bench_cusolver_factor(bench_factorisation f, bool dbl, int n, void *a, void *work, int lwork,
                          int *ipiv, void *tau, int *info)
{
    if (!cs.loaded.ok || n < 1) return -1;
    int st;
    switch (f) {
    case BENCH_CHOLESKY:
        st = dbl ? cs.dpotrf(cs.h, FILL_LOWER, n, a, n, work, lwork, info)
                 : cs.spotrf(cs.h, FILL_LOWER, n, a, n, work, lwork, info);
        break;
    case BENCH_QR:
        st = dbl ? cs.dgeqrf(cs.h, n, n, a, n, tau, work, lwork, info)
                 : cs.sgeqrf(cs.h, n, n, a, n, tau, work, lwork, info);
        break;
    default:
        st = dbl ? cs.dgetrf(cs.h, n, n, a, n, work, ipiv, info)
                 : cs.sgetrf(cs.h, n, n, a, n, work, ipiv, info);
    }
    int sync = cs.sync();
    return st ? st : sync;
}
