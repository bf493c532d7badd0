/* Finding OpenBLAS's own definitions of BLAS names. The dynamic linker binds
 * a name to its first definition in the process, so a BLAS interposed before
 * OpenBLAS (libompwg_blas, LD_PRELOAD, a profiling wrapper) would receive a
 * call meant for OpenBLAS and, where that BLAS calls ompwg, call back into
 * it, endlessly. Looking a name up in OpenBLAS's own object binds it to
 * OpenBLAS itself. Compiled into libompwg and into libompwg_blas (each keeps
 * its copy hidden). */
#ifndef OMPWG_OPENBLAS_OBJECT_H
#define OMPWG_OPENBLAS_OBJECT_H

/* A handle of the loaded object that defines openblas_get_config (a name
 * only OpenBLAS has, so no BLAS interposed in the process takes it), or NULL
 * when it cannot be found. The handle is never closed: OpenBLAS is a
 * dependency of the library that asks, and is unloaded only after it. */
void *ompwg_openblas_object(void);

/* The file name of that object ("OpenBLAS" when it cannot be found), for
 * messages. */
const char *ompwg_openblas_file(void);

/* The object's own definition of name (dlsym searches the object before its
 * dependencies, none of which defines a BLAS name), or NULL when object is
 * NULL or has no such name. */
void *ompwg_openblas_own(void *object, const char *name);

#endif
