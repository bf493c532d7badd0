/* The library's settings store: the OMPWG_* environment variables, read
 * once (ompwg_config_reload() and a setter given its "read again" value
 * read them again), and the settings this module keeps itself. Per-call
 * code asks here instead of calling getenv. The backends read their
 * settings here; the public setters that change them are src/'s. */
#ifndef OMPWG_CONFIG_H
#define OMPWG_CONFIG_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ompwg.h"

/* The most threads the CPU backend starts (beyond it a count is a typo). */
#define OMPWG_MAX_THREADS 4096

/* One per row of the table in knob_table.c, in its order. */
typedef enum ompwg_knob {
    OMPWG_KNOB_BACKEND,
    OMPWG_KNOB_VERBOSE,
    OMPWG_KNOB_MODEL_FILE,
    OMPWG_KNOB_SPLIT,
    OMPWG_KNOB_SPLIT_SHARE,
    OMPWG_KNOB_CHECK,
    OMPWG_KNOB_FALLBACK,
    OMPWG_KNOB_SHORT_CALLS,
    OMPWG_KNOB_MAPPED_DATA,
    OMPWG_KNOB_NUM_THREADS,
    OMPWG_KNOB_CPU_ARCH,
    OMPWG_KNOB_GPU_DEVICE,
    OMPWG_KNOB_GPU_SYNC,
    OMPWG_KNOB_GPU_GEMM,
    OMPWG_KNOB_GPU_REDUCE,
    OMPWG_KNOB_GPU_TRANSPOSE,
    OMPWG_KNOB_GPU_DGEMM,
    OMPWG_KNOB_GPU_GEMM_TILE,
    OMPWG_KNOB_GPU_SGEMM,
    OMPWG_KNOB_GPU_QR,
    OMPWG_KNOB_MPI_PANEL,
    OMPWG_KNOB_COUNT
} ompwg_knob;

/* The value the environment gave a numeric, flag or choice knob (a choice
 * as its index), or its default when the variable is unset or was not
 * usable. */
int64_t ompwg_config_env_num(ompwg_knob k);
/* Whether the environment set the knob to a usable value. */
bool ompwg_config_env_set(ompwg_knob k);
/* OMPWG_SPLIT_SHARE as read: a share in (0, 1), or 0. */
double ompwg_config_env_share(void);
/* The text the environment gave a knob ("" when unset), into buf. */
void ompwg_config_env_text(ompwg_knob k, char *buf, size_t len);
/* Reads the knob's variable again (for a setter's "read the environment
 * again" value); says on stderr what it ignored. */
void ompwg_config_refresh(ompwg_knob k);
/* A flag or level setter of a setting kept by its own module: value in
 * [-1, hi], -1 reading the knob's variable again, stored in *setting; the
 * value it had, or OMPWG_ERR_RANGE (nothing changed). */
int ompwg_config_exchange(atomic_int *setting, ompwg_knob k, int value, int hi);
/* The same for a setting this module keeps (VERBOSE). */
int ompwg_config_exchange_kept(ompwg_knob k, int value, int hi);

/* OMPWG_VERBOSE's level now (ompwg_set_verbose): 0, 1 or 2. */
int ompwg_verbose_level(void);

/* A value from the environment as a message may show it: printable ASCII
 * as is, every other byte (and a backslash) as \xNN, cut after 64
 * characters, so that escape sequences and newlines in it neither act on
 * a terminal nor split the line. */
void ompwg_config_quote(const char *text, char *buf, size_t len);

/* The setting of a knob this module keeps (CPU_ARCH, GPU_SYNC, the GPU
 * variants, MPI_PANEL): a choice's index or a number; one atomic load. */
int64_t ompwg_config_value(ompwg_knob k);
/* The name of choice i of a choice knob, NULL past the last (and while a
 * backend has not named its knob's choices). */
const char *ompwg_config_choice(ompwg_knob k, int i);
/* The name of the kept choice of knob k ("" while it has none). */
const char *ompwg_config_kept_name(ompwg_knob k);
/* The knob that selects the variants of a GPU kernel family. */
ompwg_knob ompwg_config_gpu_knob(ompwg_gpu_kernel kernel);

/* A backend says which choices of a knob this machine can run (bit i:
 * choice i), e.g. the CPU kernels its processor has. Until it does, every
 * choice is taken as runnable. */
void ompwg_config_offer(ompwg_knob k, unsigned runnable);

/* A backend names the choices of a knob that picks among its kernels (a GPU
 * kernel family), in the order of its own enum, NULL-terminated, when it is
 * probed: the knob has no choices until then, and its variable, read with
 * the others, is taken as one of them from then on. Names given again are
 * ignored. */
void ompwg_config_name_choices(ompwg_knob k, const char *const *names);

#endif
