/* Finding a library of the CUDA toolkit (cuBLAS, NVBLAS) at run time: the
 * benchmark's GPU references are never build dependencies. */
#ifndef OMPWG_BENCH_CUDA_LIB_H
#define OMPWG_BENCH_CUDA_LIB_H

#include <stddef.h>

/* dlopen()s the library `base` ("libcublas"): the file the environment
 * variable `env` names when it is set (that file only); else the first of
 * names[0..count) the loader finds; else a versioned copy in the CUDA
 * toolkit or in the NVIDIA Python packages. The handle, with the file's
 * name in path[0..path_len), or NULL when none loads (dlerror() says why). */
void *bench_cuda_lib_open(const char *env, const char *base, const char *const *names,
                          size_t count, char *path, size_t path_len);

#endif
