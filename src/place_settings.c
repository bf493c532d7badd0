/* The planner's settings: the trace's level (kept by the store,
 * core/config.c, which the backends read too), whether the model may split
 * a GEMM between GPU and CPU, a fixed share instead, and the model file
 * (named, none, or by default one per machine under the user's cache);
 * read from the environment once (core/config.c), changed by the setters. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "calibrate.h"
#include "config.h"
#include "model.h"
#include "ompwg.h"
#include "place.h"
#include "registry.h"

static pthread_once_t settings_once = PTHREAD_ONCE_INIT;
static atomic_int split_on;
/* > 0: every splittable GEMM gives the device this share of C's columns */
static _Atomic double split_share;
static pthread_mutex_t file_lock = PTHREAD_MUTEX_INITIALIZER;
static char model_file[4096];
/* none named: the default file for this machine (model.c) */
static bool model_file_default;

static void read_model_file_env(void)
{
    char v[sizeof model_file];
    ompwg_config_env_text(OMPWG_KNOB_MODEL_FILE, v, sizeof v);
    pthread_mutex_lock(&file_lock);
    model_file_default = !v[0];
    snprintf(model_file, sizeof model_file, "%s", strcmp(v, "none") ? v : "");
    pthread_mutex_unlock(&file_lock);
}

static void settings_init(void)
{
    atomic_store(&split_on, (int)ompwg_config_env_num(OMPWG_KNOB_SPLIT));
    atomic_store(&split_share, ompwg_config_env_share());
    read_model_file_env();
}

int ompwg_set_verbose(int level)
{
    int previous = ompwg_config_exchange_kept(OMPWG_KNOB_VERBOSE, level, 2);
    ompwg_short_calls_refresh();
    return previous;
}

int ompwg_get_verbose(void)
{
    return ompwg_verbose_level();
}

int ompwg_set_split(int on)
{
    pthread_once(&settings_once, settings_init);
    return ompwg_config_exchange(&split_on, OMPWG_KNOB_SPLIT, on, 1);
}

int ompwg_get_split(void)
{
    pthread_once(&settings_once, settings_init);
    return atomic_load_explicit(&split_on, memory_order_relaxed);
}

double ompwg_get_split_share(void)
{
    pthread_once(&settings_once, settings_init);
    return atomic_load_explicit(&split_share, memory_order_relaxed);
}

int ompwg_model_file(char *buf, size_t len, bool *by_default)
{
    if (!buf || !len) return OMPWG_ERR_NULL;
    pthread_once(&settings_once, settings_init);
    char path[sizeof model_file];
    pthread_mutex_lock(&file_lock);
    const bool dflt = model_file_default;
    snprintf(path, sizeof path, "%s", model_file);
    pthread_mutex_unlock(&file_lock);
    if (dflt) {
        ompwg_model key;
        ompwg_model_key(&key);
        if (ompwg_model_default_path(&key, path, sizeof path) != 0) path[0] = 0;
    }
    if (by_default) *by_default = dflt;
    int n = snprintf(buf, len, "%s", path);
    return (size_t)n < len ? OMPWG_OK : OMPWG_ERR_RANGE;
}

ompwg_status ompwg_get_model_file(char *buf, size_t len)
{
    return ompwg_model_file(buf, len, NULL);
}

ompwg_status ompwg_set_split_share(double share)
{
    pthread_once(&settings_once, settings_init);
    if (share < 0) {
        ompwg_config_refresh(OMPWG_KNOB_SPLIT_SHARE);
        atomic_store(&split_share, ompwg_config_env_share());
    } else if (share < 1) {
        atomic_store(&split_share, share);
    } else {
        return OMPWG_ERR_RANGE;
    }
    ompwg_short_calls_refresh();
    return OMPWG_OK;
}

ompwg_status ompwg_set_model_file(const char *path)
{
    pthread_once(&settings_once, settings_init);
    if (!path) {
        ompwg_config_refresh(OMPWG_KNOB_MODEL_FILE);
        read_model_file_env();
        return OMPWG_OK;
    }
    if (strlen(path) >= sizeof model_file) return OMPWG_ERR_RANGE;
    pthread_mutex_lock(&file_lock);
    model_file_default = false;
    /* "none" keeps no file, as OMPWG_MODEL_FILE=none does ("./none" names one) */
    snprintf(model_file, sizeof model_file, "%s", strcmp(path, "none") ? path : "");
    pthread_mutex_unlock(&file_lock);
    return OMPWG_OK;
}
