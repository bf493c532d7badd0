#include "nvblas.h"
#include "runtime_lib.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef void gemm_fn(const char *, const char *, const int *, const int *, const int *,
                     const void *, const void *, const int *, const void *, const int *,
                     const void *, void *, const int *);

static struct {
    void *lib;
    bench_runtime_lib loaded;
    char conf[64];
    const char *cpu_blas;
    gemm_fn *sgemm, *dgemm;
} nv = { .loaded.once = PTHREAD_ONCE_INIT };

static void *open_nvblas(void)
{
    static const char *const names[] = { "libnvblas.so", "libnvblas.so.13", "libnvblas.so.12" };
    return bench_cuda_lib_open("OMPWG_NVBLAS", "libnvblas", names, sizeof names / sizeof names[0],
                               nv.loaded.path, sizeof nv.loaded.path);
}

static void remove_config(void)
{
    unlink(nv.conf);
}

/* NVBLAS reads its settings from a file and refuses to start without the
 * CPU BLAS library named there. The data stay pageable, as the other
 * engines find them: no NVBLAS_AUTOPIN_MEM_ENABLED. */
static bool write_config(void)
{
    snprintf(nv.conf, sizeof nv.conf, "/tmp/ompwg-nvblas-XXXXXX");
    int fd = mkstemp(nv.conf);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        if (fd >= 0) close(fd);
        snprintf(nv.loaded.why, sizeof nv.loaded.why, "cannot write a configuration file in /tmp");
        return false;
    }
    fprintf(f, "NVBLAS_LOGFILE /dev/null\nNVBLAS_CPU_BLAS_LIB %s\nNVBLAS_GPU_LIST ALL\n",
            nv.cpu_blas);
    atexit(remove_config);
    return fclose(f) == 0;
}

static void load(void)
{
    if (!nv.cpu_blas || !nv.cpu_blas[0]) {
        snprintf(nv.loaded.why, sizeof nv.loaded.why,
                 "no path of a CPU BLAS library to name in nvblas.conf");
        return;
    }
    if (!write_config()) return;
    /* NVBLAS takes the file's path from nowhere but the environment: set
     * here, before it loads, and nowhere else. */
    setenv("NVBLAS_CONFIG_FILE", nv.conf, 1);
    nv.lib = open_nvblas();
    if (!nv.lib) {
        const char *err = dlerror();
        snprintf(nv.loaded.why, sizeof nv.loaded.why,
                 "libnvblas not loadable (set OMPWG_NVBLAS=/path/libnvblas.so)%s%s",
                 err ? ": " : "", err ? err : "");
        return;
    }
    void *s = dlsym(nv.lib, "sgemm_"), *d = dlsym(nv.lib, "dgemm_");
    if (!s || !d) {
        snprintf(nv.loaded.why, sizeof nv.loaded.why, "%s lacks sgemm_ or dgemm_", nv.loaded.path);
        return;
    }
    memcpy(&nv.sgemm, &s, sizeof s);
    memcpy(&nv.dgemm, &d, sizeof d);
    nv.loaded.ok = true;
}

bool bench_nvblas_load(const char *cpu_blas, char *why, size_t len)
{
    nv.cpu_blas = cpu_blas;
    return bench_runtime_lib_ready(&nv.loaded, load, why, len);
}

const char *bench_nvblas_path(void)
{
    return bench_runtime_lib_path(&nv.loaded);
}

/* C := alpha A B + beta C through fn (m x n x k, no transposes, as the
 * bench_nvblas_?gemm say): -1 when NVBLAS is not loaded or a size is not
 * an LP64 BLAS's. */
static int run_gemm(gemm_fn *fn, int64_t m, int64_t n, int64_t k, const void *alpha,
                    const void *a, const void *b, const void *beta, void *c)
{
    if (!nv.loaded.ok || m <= 0 || n <= 0 || k <= 0 || m > INT_MAX || n > INT_MAX || k > INT_MAX)
        return -1;
    int im = (int)m, in = (int)n, ik = (int)k;
    fn("N", "N", &im, &in, &ik, alpha, a, &im, b, &ik, beta, c, &im);
    return 0;
}

int bench_nvblas_sgemm(int64_t m, int64_t n, int64_t k, float alpha, const float *a,
                       const float *b, float beta, float *c)
{
    return run_gemm(nv.sgemm, m, n, k, &alpha, a, b, &beta, c);
}

int bench_nvblas_dgemm(int64_t m, int64_t n, int64_t k, double alpha, const double *a,
                       const double *b, double beta, double *c)
{
    return run_gemm(nv.dgemm, m, n, k, &alpha, a, b, &beta, c);
}
