/* The two definitions of each routine the drop-in cost benchmark calls:
 * libompwg_blas's, from the library loaded with dlopen and RTLD_LOCAL (so
 * that its names do not join the process's), and OpenBLAS's own, from its
 * object as libompwg finds it (core/openblas_object.h). */
#ifndef OMPWG_BENCH_DROPIN_LIBS_H
#define OMPWG_BENCH_DROPIN_LIBS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct bench_dropin_libs {
    void *dropin, *openblas;   /* the handles */
    char dropin_file[4096];    /* the file loaded, or why none */
    const char *openblas_file; /* the same for OpenBLAS */
} bench_dropin_libs;

/* Loads libompwg_blas from path, or where path is NULL from beside the
 * libompwg in the process (its directory, then its blas/ folder: the build
 * tree), else as the dynamic linker finds libompwg_blas.so.0; and OpenBLAS.
 * False, with the reason in the file fields, when either cannot be loaded. */
bool bench_dropin_libs_load(bench_dropin_libs *l, const char *path);

/* The drop-in's and OpenBLAS's definitions of name (NULL where absent). */
void *bench_dropin_libs_dropin(const bench_dropin_libs *l, const char *name);
void *bench_dropin_libs_openblas(const bench_dropin_libs *l, const char *name);

#endif
