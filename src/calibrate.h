/* Measuring the placement model on this machine. */
#ifndef OMPWG_CALIBRATE_H
#define OMPWG_CALIBRATE_H

#include "backend.h"
#include "ompwg.h"

/* The machine's key (gpu, cpu, cpu_threads) into a cleared model. */
void ompwg_model_key(ompwg_model *m);

/* Fills m (keyed already) with the link of `dev` and the curves of `dev`
 * and `cpu`. OMPWG_OK, or the status of the first step that failed. */
int ompwg_model_measure(const ompwg_backend *dev, const ompwg_backend *cpu, ompwg_model *m);

#endif
