/* The GPU backend: OpenMP target offload. */
#ifndef OMPWG_GPU_H
#define OMPWG_GPU_H

#include "backend.h"

int ompwg_gpu_sgemm(const ompwg_gemm_shape *s, float alpha, const float *a, const float *b,
                    float beta, float *c);
int ompwg_gpu_dgemm(const ompwg_gemm_shape *s, double alpha, const double *a,
                    const double *b, double beta, double *c);
int ompwg_gpu_sreduce(const ompwg_vec_shape *s, const float *x, const float *y, float *value,
                      int64_t *index);
int ompwg_gpu_dreduce(const ompwg_vec_shape *s, const double *x, const double *y,
                      double *value, int64_t *index);

#endif
