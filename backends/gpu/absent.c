/* The GPU backend of a build whose compiler cannot build it (gcc: the
 * kernels use clang's OpenMP extensions, see the top-level meson.build).
 * Its table stays in the registry, so that the backend is named and says
 * why it is not there (`ompwg info`, OMPWG_VERBOSE), and a call for it, by
 * name or with device data, is OMPWG_ERR_UNAVAILABLE as in a build whose
 * GPU cannot run. The functions of api.h answer as where no device is. */
#include <stdio.h>

#include "api.h"
#include "backend.h"
#include "config.h"
#include "ompwg_config.h"
#include "variant.h"

bool ompwg_gpu_ready(void)
{
    return false;
}

int ompwg_gpu_device(void)
{
    return -1;
}

bool ompwg_gpu_on_host(void)
{
    return false;
}

bool ompwg_gpu_device_props(ompwg_gpu_props *out)
{
    (void)out;
    return false;
}

int ompwg_gpu_visible_devices(void)
{
    return 0;
}

void ompwg_gpu_request_device(int dev)
{
    (void)dev;
}

int ompwg_gpu_use_device(int dev)
{
    (void)dev;
    return OMPWG_ERR_UNAVAILABLE;
}

int ompwg_gpu_alloc_direct(int dev, size_t bytes, void **out)
{
    (void)dev;
    (void)bytes;
    (void)out;
    return OMPWG_ERR_UNAVAILABLE;
}

void ompwg_gpu_free_direct(int dev, void *p)
{
    (void)dev;
    (void)p;
}

int ompwg_gpu_copy(int dev, void *dst, const void *src, size_t bytes, ompwg_copy_kind kind)
{
    (void)dev;
    (void)dst;
    (void)src;
    (void)bytes;
    (void)kind;
    return OMPWG_ERR_UNAVAILABLE;
}

static ompwg_probe_result probe(char *why, size_t len)
{
    /* the OMPWG_GPU_* knobs take the names they take in any build */
    ompwg_gpu_name_variants();
    /* said as backend.c says it where there is no GPU to choose */
    if (ompwg_config_env_set(OMPWG_KNOB_GPU_DEVICE))
        fprintf(stderr, "ompwg: OMPWG_GPU_DEVICE=%lld: the GPU backend is not built, no GPU to "
                        "choose: ignored\n",
                (long long)ompwg_config_env_num(OMPWG_KNOB_GPU_DEVICE));
    snprintf(why, len, "not built: %s", OMPWG_GPU_BUILD_NOTE);
    return OMPWG_PROBE_UNUSABLE;
}

/* The registry asks every table for GEMM and the reductions; an unusable
 * backend is never called. */
static int sgemm(const ompwg_gemm_shape *s, float alpha, const float *a, const float *b,
                 float beta, float *c)
{
    (void)s, (void)alpha, (void)a, (void)b, (void)beta, (void)c;
    return OMPWG_ERR_UNAVAILABLE;
}

static int dgemm(const ompwg_gemm_shape *s, double alpha, const double *a, const double *b,
                 double beta, double *c)
{
    (void)s, (void)alpha, (void)a, (void)b, (void)beta, (void)c;
    return OMPWG_ERR_UNAVAILABLE;
}

static int sreduce(const ompwg_vec_shape *s, const float *x, const float *y, float *value,
                   int64_t *index)
{
    (void)s, (void)x, (void)y, (void)value, (void)index;
    return OMPWG_ERR_UNAVAILABLE;
}

static int dreduce(const ompwg_vec_shape *s, const double *x, const double *y, double *value,
                   int64_t *index)
{
    (void)s, (void)x, (void)y, (void)value, (void)index;
    return OMPWG_ERR_UNAVAILABLE;
}

const ompwg_backend ompwg_backend_gpu = {
    .name = "gpu",
    .probe = probe,
    .sgemm = sgemm,
    .dgemm = dgemm,
    .sreduce = sreduce,
    .dreduce = dreduce,
};
