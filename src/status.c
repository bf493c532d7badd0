/* Status sentences and the library's version. */
#include "ompwg.h"

static const char *const messages[] = {
    [OMPWG_OK] = "success",
    [OMPWG_ERR_LAYOUT] = "invalid layout (expected OMPWG_ROW_MAJOR or OMPWG_COL_MAJOR)",
    [OMPWG_ERR_TRANS] = "invalid transpose argument (expected OMPWG_NO_TRANS, OMPWG_TRANS or OMPWG_CONJ_TRANS)",
    [OMPWG_ERR_SIZE] = "negative size",
    [OMPWG_ERR_LD] = "leading dimension smaller than the BLAS minimum",
    [OMPWG_ERR_INC] = "vector increment is zero",
    [OMPWG_ERR_NULL] = "NULL pointer where the call must read or write",
    [OMPWG_ERR_BACKEND] = "unknown backend name (expected auto, gpu, cpu or openblas)",
    [OMPWG_ERR_UNAVAILABLE] = "selected backend is not usable on this machine",
    [OMPWG_ERR_NOMEM] = "out of host memory",
    [OMPWG_ERR_DEVICE_NOMEM] = "out of device memory",
    [OMPWG_ERR_DEVICE] = "offload runtime error (copy or kernel launch failed)",
    [OMPWG_ERR_TOO_LARGE] = "size exceeds what the backend can take",
    [OMPWG_ERR_CHECK] = "check mode: result differs from OpenBLAS beyond the error bound",
    [OMPWG_ERR_UNSUPPORTED] = "the backend does not support this call",
    [OMPWG_ERR_FLAGS] = "unknown flag bits or enum value",
    [OMPWG_ERR_RANGE] = "a number is outside its documented range",
    [OMPWG_ERR_OVERLAP] = "the output overlaps an input",
    [OMPWG_ERR_PARTIAL] = "the device failed after part of the output was written: it holds neither the input nor the result",
};

const char *ompwg_strerror(int status)
{
    if (status < 0 || status >= (int)(sizeof messages / sizeof messages[0]) || !messages[status])
        return "unknown ompwg status code";
    return messages[status];
}

unsigned ompwg_version(void)
{
    return OMPWG_VERSION_NUMBER;
}

const char *ompwg_version_string(void)
{
    return OMPWG_VERSION_STRING;
}
