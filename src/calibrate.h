/* Measuring the placement model on this machine. */
#ifndef OMPWG_CALIBRATE_H
#define OMPWG_CALIBRATE_H

#include "backend.h"
#include "ompwg.h"

/* The machine's key (gpu, cpu, cpu_threads) into a cleared model. */
void ompwg_model_key(ompwg_model *m);

/* Fills m (keyed already) with the link of `dev`, the curves of `dev` and
 * of the `nhost` host backends, and what a host-data call on `dev` costs
 * beyond them (estimated by `predict`, which sees m as measured so far, for
 * a column-major n x n x n GEMM with beta != 0). OMPWG_OK, or the status of
 * the first step that failed. */
int ompwg_model_measure(const ompwg_backend *dev, const ompwg_backend *const *host, int nhost,
                        double (*predict)(const ompwg_model *m, int64_t n), ompwg_model *m);

#endif
