#include "gpu.h"
#include "ompwg.h"
int ompwg_gpu_sgemm(const ompwg_gemm_shape *s, float alpha, const float *a, const float *b,
                    float beta, float *c) { (void)s; (void)alpha; (void)a; (void)b; (void)beta; (void)c; return OMPWG_ERR_UNSUPPORTED; }
int ompwg_gpu_dgemm(const ompwg_gemm_shape *s, double alpha, const double *a,
                    const double *b, double beta, double *c) { (void)s; (void)alpha; (void)a; (void)b; (void)beta; (void)c; return OMPWG_ERR_UNSUPPORTED; }
