/* The placement model (ompwg_model in ompwg.h): checking one, reading the
 * time a curve predicts, and keeping it in a file. */
#ifndef OMPWG_MODEL_H
#define OMPWG_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "ompwg.h"

/* NULL when the model can be trusted, else what is wrong with it. */
const char *ompwg_model_defect(const ompwg_model *m);

/* Seconds the curve predicts for `work`: the first point's time below it
 * (a call costs at least what the smallest measured one did), a power law
 * between neighbouring points, the last point's rate beyond it. A negative
 * value when the curve is empty. */
double ompwg_model_seconds(const ompwg_model_curve *c, double work);

/* The backend's curves in m, or NULL. */
const ompwg_model_curve *ompwg_model_curves(const ompwg_model *m, const char *backend,
                                            ompwg_model_kind kind, int dbl);

/* Reads and checks a model written by ompwg_model_save, never blocking:
 * OMPWG_OK, OMPWG_ERR_UNAVAILABLE (cannot be read, or not a regular file)
 * or OMPWG_ERR_RANGE (not a valid model, or over 1 MiB), with the reason
 * in why. */
int ompwg_model_read(const char *path, ompwg_model *out, char *why, size_t len);

/* ompwg_model_read, and the model must match `want`: 0 when it was read, checked and
 * matches `want` (gpu, cpu and cpu_threads); else a reason in why. */
int ompwg_model_load(const char *path, const ompwg_model *want, ompwg_model *out, char *why,
                     size_t len);

/* The default file's name, model-HASH.txt, HASH naming the GPU, CPU and
 * thread count of `key`. 0, or -1 when it does not fit in len. */
int ompwg_model_file_name(const ompwg_model *key, char *buf, size_t len);

/* The model file used when none is named: one per machine kind (the GPU,
 * CPU and thread count of `key`, hashed into its name) under
 * $XDG_CACHE_HOME/ompwg, else ~/.cache/ompwg, so that the nodes of a
 * cluster that share a home directory keep one each. 0, or -1 when there is
 * no home directory (or the path does not fit in len). */
int ompwg_model_default_path(const ompwg_model *key, char *buf, size_t len);

/* Creates the default file's directory and its parent (mode 0700), where
 * missing. 0, or -1 with a reason in why. */
int ompwg_model_make_dir(const char *path, char *why, size_t len);

/* Writes m to path (through a temporary file of its own renamed into
 * place) when path is missing, empty or a model file; anything else there
 * is left as it is. 0, or a reason in why. */
int ompwg_model_save(const char *path, const ompwg_model *m, char *why, size_t len);

#endif
