#include "recording_handlers.h"

#include <stddef.h>
#include <stdio.h>

#include "cblas_number.h"

handler_record xerbla_seen, cblas_xerbla_seen;

void xerbla_(const char *srname, const int *info, size_t srname_len);
void cblas_xerbla(int p, const char *rout, const char *form, ...);

void xerbla_(const char *srname, const int *info, size_t srname_len)
{
    xerbla_seen.calls++;
    xerbla_seen.number = *info;
    size_t len = srname_len < sizeof xerbla_seen.name ? srname_len : sizeof xerbla_seen.name - 1;
    snprintf(xerbla_seen.name, sizeof xerbla_seen.name, "%.*s", (int)len, srname);
}

/* netlib CBLAS's state, set while a row-major call reports */
extern int RowMajorStrg;

void cblas_xerbla(int p, const char *rout, const char *form, ...)
{
    (void)form;
    cblas_xerbla_seen.calls++;
    /* as netlib's handlers read it */
    cblas_xerbla_seen.number = RowMajorStrg ? cblas_row_major_number(p, rout) : p;
    snprintf(cblas_xerbla_seen.name, sizeof cblas_xerbla_seen.name, "%s", rout);
}
