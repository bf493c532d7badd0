/* Finding OpenBLAS's own definitions of BLAS names. OpenBLAS is loaded
 * here with dlopen and RTLD_LOCAL, never as a link dependency: a
 * dependency of a preloaded libompwg_blas would join the process's global
 * scope, and OpenBLAS defines all of LAPACK besides the BLAS, so its
 * dlaswp_, dgetrf2_, ... would then take the calls of a LAPACK the program
 * loads itself (Python's, Julia's, any dlopen'd one). And the dynamic linker
 * binds a name to its first definition in the process, so a BLAS interposed
 * before OpenBLAS (libompwg_blas, LD_PRELOAD, a profiling wrapper) would
 * receive a call meant for OpenBLAS and, where that BLAS calls ompwg, call
 * back into it, endlessly: looking a name up in OpenBLAS's own object binds
 * it to OpenBLAS itself. Compiled into libompwg and into libompwg_blas (each
 * keeps its copy hidden), and into libompwg_blas64, whose copy loads
 * OpenBLAS's ILP64 build (OMPWG_OPENBLAS64_SONAME). */
#ifndef OMPWG_OPENBLAS_OBJECT_H
#define OMPWG_OPENBLAS_OBJECT_H

/* A handle of OpenBLAS (OMPWG_OPENBLAS_SONAME, found as the dynamic linker
 * finds libraries, else in the directory the build found it in; the object
 * already in the process when the program loaded it), or NULL when it cannot
 * be loaded (then ompwg_openblas_file says why). The handle is never closed. */
void *ompwg_openblas_object(void);

/* The file name of that object, or why it could not be loaded, for
 * messages. */
const char *ompwg_openblas_file(void);

/* The object's own definition of name, or NULL when object is NULL or has
 * no such name. */
void *ompwg_openblas_own(void *object, const char *name);

#endif
