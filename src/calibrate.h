/* Measuring the placement model on this machine. */
#ifndef OMPWG_CALIBRATE_H
#define OMPWG_CALIBRATE_H

#include "backend.h"
#include "ompwg.h"

/* The machine's key (gpu, cpu, cpu_threads) into a cleared model. */
void ompwg_model_key(ompwg_model *m);

/* What the model predicts for a column-major DGEMM of size n, beta != 0,
 * on host data on the device, from m as measured so far. */
typedef double ompwg_host_predict_fn(const ompwg_model *m, int64_t n);

/* Fills m (keyed already) with the link of `dev`, the curves of `dev` and
 * of the `nhost` host backends, and what a host-data call on `dev` costs
 * beyond them: GEMMs n x n x n against `square`, n x 64 x n against
 * `panel`. OMPWG_OK, or the status of the first step that failed. */
int ompwg_model_measure(const ompwg_backend *dev, const ompwg_backend *const *host, int nhost,
                        ompwg_host_predict_fn *square, ompwg_host_predict_fn *panel,
                        ompwg_model *m);

#endif
