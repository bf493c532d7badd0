/* The program's own error handler when this library was preloaded. A
 * preloaded library comes before every other object in the process's symbol
 * lookup, so its xerbla_ and cblas_xerbla receive the calls that a module
 * opened with RTLD_LOCAL (NumPy's lapack_lite, say) meant for the handler it
 * defines itself. The handlers here therefore look along the call stack for
 * the first object that neither is this library nor implements BLAS or
 * LAPACK itself (OpenBLAS, reference LAPACK: the routine that found the
 * illegal argument) and that defines the handler: that object's handler is
 * the one the program wanted. */
#include <dlfcn.h>
#include <execinfo.h>
#include <stdbool.h>
#include <string.h>

#include "shim.h"

/* Frames looked at: an application's call into BLAS through LAPACK is a few
 * frames deep. */
#define MAX_FRAMES 32

/* The object's own definition of name (dlsym also searches its
 * dependencies: the definition must lie in the object itself), or NULL. */
static void *defined_in(const Dl_info *object, const char *name)
{
    void *handle = dlopen(object->dli_fname, RTLD_LAZY | RTLD_NOLOAD);
    if (!handle) return NULL;
    void *p = dlsym(handle, name);
    Dl_info where;
    bool own = p && dladdr(p, &where) && where.dli_fbase == object->dli_fbase;
    dlclose(handle);
    return own ? p : NULL;
}

/* An object that defines a BLAS or LAPACK routine itself: a library this
 * one stands in for, or that called it on the program's behalf. lsame_ is
 * in every reference BLAS and LAPACK and in OpenBLAS; dgemm_ and ilaenv_
 * mark the others. */
static bool implements_blas(const Dl_info *object)
{
    static const char *const marks[] = { "lsame_", "dgemm_", "ilaenv_" };
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++)
        if (defined_in(object, marks[i])) return true;
    return false;
}

void *ompwg_blas_program_handler(const char *name)
{
    void *frames[MAX_FRAMES];
    int count = backtrace(frames, MAX_FRAMES);
    Dl_info self;
    if (!dladdr((void *)ompwg_blas_program_handler, &self)) return NULL;
    const void *looked_at = self.dli_fbase;
    for (int i = 0; i < count; i++) {
        Dl_info object;
        /* a return address lies after the call: one byte back is inside it */
        if (!dladdr((char *)frames[i] - 1, &object) || !object.dli_fname) continue;
        if (object.dli_fbase == self.dli_fbase || object.dli_fbase == looked_at) continue;
        looked_at = object.dli_fbase;
        if (implements_blas(&object)) continue;
        void *handler = defined_in(&object, name);
        if (handler) return handler;
    }
    return NULL;
}
