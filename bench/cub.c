#include "cub.h"
#include "runtime_lib.h"

#include <dlfcn.h>
#include <libgen.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MODULE "libompwg_bench_cub.so"

static struct {
    void *lib, *cuda;
    bench_runtime_lib loaded;
    int (*init)(void);
    const char *(*error_string)(int);
    int (*ssum)(int64_t, const float *, float *);
    int (*dsum)(int64_t, const double *, double *);
    int (*sdot)(int64_t, const float *, const float *, float *);
    int (*ddot)(int64_t, const double *, const double *, double *);
    int (*smax)(int64_t, const float *, float *, int64_t *);
    int (*dmax)(int64_t, const double *, double *, int64_t *);
    int (*sscan)(int64_t, const float *, float *);
    int (*dscan)(int64_t, const double *, double *);
    int (*i64scan)(int64_t, const int64_t *, int64_t *);
} cub = { .loaded.once = PTHREAD_ONCE_INIT };

/* Opens path when the file is there; a file that is there but does not
 * load leaves its dlerror() in cub.loaded.why. */
static void *try_open(const char *path)
{
    if (access(path, F_OK) != 0) return NULL;
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        snprintf(cub.loaded.why, sizeof cub.loaded.why, "%s", dlerror());
        return NULL;
    }
    if (!realpath(path, cub.loaded.path))
        snprintf(cub.loaded.path, sizeof cub.loaded.path, "%s", path);
    return h;
}

/* The build folder moves between machines, so the module is looked for
 * relative to the running program: bench_gpu sits beside it in bench/,
 * `ompwg` in cli/, a folder beside bench/. */
static void *open_module(void)
{
    const char *env = getenv("OMPWG_CUB");
    if (env && env[0]) {
        void *h = try_open(env);
        if (!h && !cub.loaded.why[0])
            snprintf(cub.loaded.why, sizeof cub.loaded.why, "OMPWG_CUB=%s: no such file", env);
        return h;
    }
    char exe[PATH_MAX], path[PATH_MAX + sizeof "/../bench/" MODULE];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len <= 0) {
        snprintf(cub.loaded.why, sizeof cub.loaded.why,
                 "cannot read /proc/self/exe (set OMPWG_CUB=/path/%s)", MODULE);
        return NULL;
    }
    exe[len] = '\0';
    const char *dir = dirname(exe);
    static const char *const places[] = { "", "/../bench" };
    for (size_t i = 0; i < sizeof places / sizeof places[0]; i++) {
        snprintf(path, sizeof path, "%s%s/%s", dir, places[i], MODULE);
        void *h = try_open(path);
        if (h) return h;
    }
    if (!cub.loaded.why[0])
        snprintf(cub.loaded.why, sizeof cub.loaded.why,
                 "%s not found in %s or %s/../bench (a build with the GPU backend and nvcc "
                 "makes it; set OMPWG_CUB=/path/%s)",
                 MODULE, dir, dir, MODULE);
    return NULL;
}

static bool sym(const char *name, void *fn_ptr)
{
    void *p = dlsym(cub.lib, name);
    memcpy(fn_ptr, &p, sizeof p);
    if (!p) snprintf(cub.loaded.why, sizeof cub.loaded.why, "%s lacks %s", cub.loaded.path, name);
    return p != NULL;
}

static void load(void)
{
    cub.lib = open_module();
    if (!cub.lib) return;
    if (!sym("ompwg_bench_cub_init", &cub.init) ||
        !sym("ompwg_bench_cub_error_string", &cub.error_string) ||
        !sym("ompwg_bench_cub_ssum", &cub.ssum) || !sym("ompwg_bench_cub_dsum", &cub.dsum) ||
        !sym("ompwg_bench_cub_sdot", &cub.sdot) || !sym("ompwg_bench_cub_ddot", &cub.ddot) ||
        !sym("ompwg_bench_cub_smax", &cub.smax) || !sym("ompwg_bench_cub_dmax", &cub.dmax) ||
        !sym("ompwg_bench_cub_sscan", &cub.sscan) || !sym("ompwg_bench_cub_dscan", &cub.dscan) ||
        !sym("ompwg_bench_cub_i64scan", &cub.i64scan))
        return;
    /* the module's CUDA runtime would only say "insufficient driver" */
    cub.cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!cub.cuda) {
        snprintf(cub.loaded.why, sizeof cub.loaded.why,
                 "%s: libcuda.so.1 not loadable (no NVIDIA driver)", cub.loaded.path);
        return;
    }
    int st = cub.init();
    if (st != 0) {
        snprintf(cub.loaded.why, sizeof cub.loaded.why, "%s: CUDA error %d (%s)", cub.loaded.path,
                 st, cub.error_string(st));
        return;
    }
    cub.loaded.ok = true;
}

bool bench_cub_load(char *why, size_t len)
{
    return bench_runtime_lib_ready(&cub.loaded, load, why, len);
}

const char *bench_cub_path(void)
{
    return bench_runtime_lib_path(&cub.loaded);
}

int bench_cub_ssum(int64_t n, const float *x, float *result)
{
    return cub.loaded.ok ? cub.ssum(n, x, result) : -1;
}

int bench_cub_dsum(int64_t n, const double *x, double *result)
{
    return cub.loaded.ok ? cub.dsum(n, x, result) : -1;
}

int bench_cub_sdot(int64_t n, const float *x, const float *y, float *result)
{
    return cub.loaded.ok ? cub.sdot(n, x, y, result) : -1;
}

int bench_cub_ddot(int64_t n, const double *x, const double *y, double *result)
{
    return cub.loaded.ok ? cub.ddot(n, x, y, result) : -1;
}

int bench_cub_smax(int64_t n, const float *x, float *value, int64_t *index)
{
    return cub.loaded.ok ? cub.smax(n, x, value, index) : -1;
}

int bench_cub_dmax(int64_t n, const double *x, double *value, int64_t *index)
{
    return cub.loaded.ok ? cub.dmax(n, x, value, index) : -1;
}

int bench_cub_sscan(int64_t n, const float *x, float *y)
{
    return cub.loaded.ok ? cub.sscan(n, x, y) : -1;
}

int bench_cub_dscan(int64_t n, const double *x, double *y)
{
    return cub.loaded.ok ? cub.dscan(n, x, y) : -1;
}

int bench_cub_i64scan(int64_t n, const int64_t *x, int64_t *y)
{
    return cub.loaded.ok ? cub.i64scan(n, x, y) : -1;
}
