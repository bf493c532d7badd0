#include "runtime_lib.h"

#include <dlfcn.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

bool bench_runtime_lib_ready(bench_runtime_lib *lib, void (*load)(void), char *why, size_t len)
{
    pthread_once(&lib->once, load);
    if (!lib->ok && why) snprintf(why, len, "%s", lib->why);
    return lib->ok;
}

const char *bench_runtime_lib_path(const bench_runtime_lib *lib)
{
    return lib->ok ? lib->path : "";
}

static void *try_open(const char *file, char *path, size_t path_len)
{
    void *h = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (h) snprintf(path, path_len, "%s", file);
    return h;
}

/* The first file of `pattern` that loads. */
static void *open_glob(const char *pattern, char *path, size_t path_len)
{
    glob_t g;
    void *h = NULL;
    if (glob(pattern, 0, NULL, &g) == 0)
        for (size_t j = 0; j < g.gl_pathc && !h; j++) h = try_open(g.gl_pathv[j], path, path_len);
    globfree(&g);
    return h;
}

void *bench_cuda_lib_open(const char *env, const char *base, const char *const *names,
                          size_t count, char *path, size_t path_len)
{
    const char *named = getenv(env);
    if (named && named[0]) return try_open(named, path, path_len);
    for (size_t i = 0; i < count; i++) {
        void *h = try_open(names[i], path, path_len);
        if (h) return h;
    }
    /* the CUDA toolkit, and the copies that ship inside Python packages */
    static const char *const dirs[] = {
        "/usr/local/cuda/lib64",
        "/opt/*/.venv/lib/python3*/site-packages/nvidia/cu*/lib",
        "/opt/*/.venv/lib/python3*/site-packages/nvidia/cublas/lib",
        "/usr/local/lib/python3*/dist-packages/nvidia/cu*/lib",
        "/usr/local/lib/python3*/dist-packages/nvidia/cublas/lib",
        "/usr/lib/python3*/site-packages/nvidia/cublas/lib",
    };
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        char pattern[PATH_MAX];
        snprintf(pattern, sizeof pattern, "%s/%s.so.*[0-9]", dirs[i], base);
        void *h = open_glob(pattern, path, path_len);
        if (h) return h;
    }
    return NULL;
}
