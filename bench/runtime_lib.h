/* Libraries the benchmark opens at run time (dlopen), never build
 * dependencies: cuBLAS, NVBLAS, the CUB module. */
#ifndef OMPWG_BENCH_RUNTIME_LIB_H
#define OMPWG_BENCH_RUNTIME_LIB_H

#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

/* Whether a library loaded, from where, and why not: set once, by the
 * loading function bench_runtime_lib_ready runs. */
typedef struct bench_runtime_lib {
    pthread_once_t once; /* PTHREAD_ONCE_INIT */
    bool ok;
    char path[PATH_MAX];
    char why[PATH_MAX + 256];
} bench_runtime_lib;

/* Runs load once for all threads; then whether the library is usable,
 * with lib->why in why[0..len) when not (why may be NULL). */
bool bench_runtime_lib_ready(bench_runtime_lib *lib, void (*load)(void), char *why, size_t len);

/* The path of the library loaded, or "". */
const char *bench_runtime_lib_path(const bench_runtime_lib *lib);

/* dlopen()s the CUDA library `base` ("libcublas"): the file the
 * environment variable `env` names when it is set (that file only); else
 * the first of names[0..count) the loader finds; else a versioned copy in
 * the CUDA toolkit or in the NVIDIA Python packages. The handle, with the
 * file's name in path[0..path_len), or NULL when none loads (dlerror()
 * says why). */
void *bench_cuda_lib_open(const char *env, const char *base, const char *const *names,
                          size_t count, char *path, size_t path_len);

#endif
