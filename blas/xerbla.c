/* The default error handlers. They are weak, so that a program's own
 * xerbla_ or cblas_xerbla gets the calls, and unlike the reference ones
 * (STOP, exit(-1)) they return: a library must not end the process that
 * called it, and the routine that reported returns without touching its
 * outputs. */
#include <stdarg.h>
#include <stdio.h>

#include "shim.h"

/* Longest routine name printed: a C caller may pass no hidden length (the
 * register then holds anything), so the name also ends at a NUL. */
#define NAME_MAX_LEN 32

/* The reference XERBLA's message, SRNAME(1:LEN_TRIM(SRNAME)) and FORMAT
 * ( ' ** On entry to ', A, ' parameter number ', I2, ' had ',
 * 'an illegal value' ), on stderr rather than Fortran's standard output. */
OMPWG_BLAS_EXPORT __attribute__((weak)) void xerbla_(const char *srname, const int *info,
                                                     size_t srname_len)
{
    size_t len = 0;
    if (srname)
        while (len < srname_len && len < NAME_MAX_LEN && srname[len]) len++;
    while (len > 0 && srname[len - 1] == ' ') len--;
    fprintf(stderr, " ** On entry to %.*s parameter number %2d had an illegal value\n",
            (int)len, srname ? srname : "", info ? *info : 0);
}

/* netlib's cblas_xerbla message, without its renumbering for row-major
 * (the callers pass the final number) and without its exit(-1). */
OMPWG_BLAS_EXPORT __attribute__((weak)) void cblas_xerbla(int p, const char *rout,
                                                          const char *form, ...)
{
    if (p) fprintf(stderr, "Parameter %d to routine %s was incorrect\n", p, rout ? rout : "");
    if (!form) return;
    va_list ap;
    va_start(ap, form);
    vfprintf(stderr, form, ap);
    va_end(ap);
}
