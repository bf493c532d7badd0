#include "gpu.h"
#include "ompwg.h"
int ompwg_gpu_sreduce(const ompwg_vec_shape *s, const float *x, const float *y, float *value,
                      int64_t *index) { (void)s; (void)x; (void)y; (void)value; (void)index; return OMPWG_ERR_UNSUPPORTED; }
int ompwg_gpu_dreduce(const ompwg_vec_shape *s, const double *x, const double *y,
                      double *value, int64_t *index) { (void)s; (void)x; (void)y; (void)value; (void)index; return OMPWG_ERR_UNSUPPORTED; }
