/* The error handlers. Unlike the reference ones (STOP, exit(-1)) they
 * return: a library must not end the process that called it, and the
 * routine that reported returns without touching its outputs. A program
 * linked with this library that defines its own handler gets the calls (the
 * dynamic linker binds the names to the program first); where this library
 * was preloaded, the handler of the object that made the call gets them
 * (handler.c). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "shim.h"

/* Longest routine name printed: a C caller may pass no hidden length (the
 * register then holds anything), so the name also ends at a NUL. */
#define NAME_MAX_LEN 32

typedef void xerbla_fn(const char *srname, const ompwg_blas_int *info, size_t srname_len);
typedef void cblas_xerbla_fn(ompwg_blas_int p, const char *rout, const char *form, ...);

/* Set while a program's handler runs on this thread: a handler that calls
 * xerbla_ again (a wrapper of its own) gets the message, not itself. */
static _Thread_local int in_program_handler;

/* The reference XERBLA's message, SRNAME(1:LEN_TRIM(SRNAME)) and FORMAT
 * ( ' ** On entry to ', A, ' parameter number ', I2, ' had ',
 * 'an illegal value' ), on stderr rather than Fortran's standard output. */
OMPWG_BLAS_EXPORT void xerbla_(const char *srname, const ompwg_blas_int *info, size_t srname_len)
{
    xerbla_fn *handler = in_program_handler ? NULL : ompwg_blas_program_handler("xerbla_");
    if (handler) {
        in_program_handler++;
        handler(srname, info, srname_len);
        in_program_handler--;
        return;
    }
    size_t len = 0;
    if (srname)
        while (len < srname_len && len < NAME_MAX_LEN && srname[len]) len++;
    while (len > 0 && srname[len - 1] == ' ') len--;
    fprintf(stderr, " ** On entry to %.*s parameter number %2lld had an illegal value\n", (int)len,
            srname ? srname : "", info ? (long long)*info : 0LL);
}

/* netlib's cblas_xerbla.c: the number of a parameter of a row-major call,
 * from the number the column-major call it makes gave. */
static ompwg_blas_int row_major_number(ompwg_blas_int info, const char *rout)
{
    if (strstr(rout, "gemm")) {
        if (info == 5) return 4;
        if (info == 4) return 5;
        if (info == 11) return 9;
        if (info == 9) return 11;
    } else if (strstr(rout, "symm") || strstr(rout, "hemm")) {
        if (info == 5) return 4;
        if (info == 4) return 5;
    } else if (strstr(rout, "trmm") || strstr(rout, "trsm")) {
        if (info == 7) return 6;
        if (info == 6) return 7;
    } else if (strstr(rout, "gemv")) {
        if (info == 4) return 3;
        if (info == 3) return 4;
    } else if (strstr(rout, "gbmv")) {
        if (info == 4) return 3;
        if (info == 3) return 4;
        if (info == 6) return 5;
        if (info == 5) return 6;
    } else if (strstr(rout, "ger")) {
        if (info == 3) return 2;
        if (info == 2) return 3;
        if (info == 8) return 6;
        if (info == 6) return 8;
    } else if ((strstr(rout, "her2") || strstr(rout, "hpr2")) && !strstr(rout, "her2k")) {
        if (info == 8) return 6;
        if (info == 6) return 8;
    }
    return info;
}

/* netlib's cblas_xerbla message, with its renumbering for row-major calls
 * (RowMajorStrg) and without its exit(-1). */
OMPWG_BLAS_EXPORT void cblas_xerbla(ompwg_blas_int p, const char *rout, const char *form, ...)
{
    va_list ap;
    cblas_xerbla_fn *handler =
        in_program_handler ? NULL : ompwg_blas_program_handler("cblas_xerbla");
    if (handler) {
        /* the only calls made here pass at most one int after form */
        va_start(ap, form);
        int value = va_arg(ap, int);
        va_end(ap);
        in_program_handler++;
        handler(p, rout, form, value);
        in_program_handler--;
        return;
    }
    if (rout && ompwg_blas_row_major_state()) p = row_major_number(p, rout);
    if (p)
        fprintf(stderr, "Parameter %lld to routine %s was incorrect\n", (long long)p,
                rout ? rout : "");
    if (!form) return;
    va_start(ap, form);
    vfprintf(stderr, form, ap);
    va_end(ap);
}
