/* Measuring the placement model on this machine. */
#ifndef OMPWG_CALIBRATE_H
#define OMPWG_CALIBRATE_H

#include <stdatomic.h>
#include <stdbool.h>

#include "backend.h"
#include "ompwg.h"

/* The machine's key (gpu, cpu, cpu_threads) into a cleared model. */
void ompwg_model_key(ompwg_model *m);

/* What the model predicts for a column-major DGEMM of size n, beta != 0,
 * on host data on the device, from m as measured so far. */
typedef double ompwg_host_predict_fn(const ompwg_model *m, int64_t n);

/* How a measurement made beside the program's own work is paced: before
 * each batch of runs (one backend's curves of one precision, one host-data
 * path, the device's curves), batch(ctx, host) may wait, host saying
 * whether the batch runs on the host's cores; it returns false to stop the
 * measurement. *stop, read before every run, stops it too. */
typedef struct ompwg_model_pace {
    bool (*batch)(void *ctx, bool host);
    void *ctx;
    const atomic_bool *stop;
} ompwg_model_pace;

/* Fills m (keyed already) with the link of `dev`, the curves of `dev` and
 * of the `nhost` host backends, and what a host-data call on `dev` costs
 * beyond them: GEMMs n x n x n against `square`, n x 64 x n against
 * `panel`; at once where pace is NULL. OMPWG_OK, or the status of the
 * first step that failed (OMPWG_ERR_UNAVAILABLE where pace stopped it). */
int ompwg_model_measure(const ompwg_backend *dev, const ompwg_backend *const *host, int nhost,
                        ompwg_host_predict_fn *square, ompwg_host_predict_fn *panel,
                        const ompwg_model_pace *pace, ompwg_model *m);

#endif
