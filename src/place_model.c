/* The planner's model of this machine: loaded from the model file, or
 * measured (calibrate.c) once when a call first needs it and saved there,
 * or given through ompwg_set_model(); read and written as files. */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "calibrate.h"
#include "config.h"
#include "model.h"
#include "ompwg.h"
#include "place.h"
#include "registry.h"

typedef enum { MODEL_NONE, MODEL_READY, MODEL_FAILED } model_state;

static pthread_rwlock_t model_rw = PTHREAD_RWLOCK_INITIALIZER;
/* serialises measurements: the threads that need a model wait for one */
static pthread_mutex_t measure_lock = PTHREAD_MUTEX_INITIALIZER;
static model_state state = MODEL_NONE;
static ompwg_model model;

/* A model for this machine: loaded from the model file when one there fits,
 * else measured (and saved there). MODEL_FAILED when none could be had. */
static model_state obtain_model(ompwg_model *out)
{
    char path[4096], why[512];
    bool by_default = false;
    if (ompwg_model_file(path, sizeof path, &by_default) != OMPWG_OK) path[0] = 0;
    /* the default file is the library's business: what goes wrong with it
     * is said only under OMPWG_VERBOSE (a read-only home costs nothing) */
    const bool tell = !by_default || ompwg_verbose_level() >= 1;

    ompwg_model_key(out);
    /* no file yet is the normal first run: measured and written, silently */
    if (path[0] && access(path, F_OK) == 0) {
        ompwg_model loaded;
        if (ompwg_model_load(path, out, &loaded, why, sizeof why) == 0) {
            *out = loaded;
            if (ompwg_verbose_level() >= 1)
                fprintf(stderr, "ompwg: placement model loaded from %s\n", path);
            return MODEL_READY;
        }
        if (tell) fprintf(stderr, "ompwg: %s; measuring the model instead\n", why);
    }
    const ompwg_backend *hosts[(OMPWG_MODEL_BACKENDS - 1)];
    int nhost = ompwg_auto_hosts(hosts, (OMPWG_MODEL_BACKENDS - 1));
    int st = ompwg_model_measure(ompwg_find_backend_with(OMPWG_CAP_DEVICE_DATA), hosts, nhost,
                                 ompwg_predict_host_gemm, ompwg_predict_host_panel, out);
    const char *defect = st == OMPWG_OK ? ompwg_model_defect(out) : NULL;
    if (st != OMPWG_OK || defect) {
        fprintf(stderr,
                "ompwg: the placement model could not be measured (%s); host-data calls "
                "under auto run on the CPU\n",
                st != OMPWG_OK ? ompwg_strerror(st) : defect);
        return MODEL_FAILED;
    }
    if (ompwg_verbose_level() >= 1) fprintf(stderr, "ompwg: placement model measured\n");
    if (path[0] && ((by_default && ompwg_model_make_dir(path, why, sizeof why) != 0) ||
                    ompwg_model_save(path, out, why, sizeof why) != 0)) {
        if (tell) fprintf(stderr, "ompwg: %s; the model is kept for this process only\n", why);
    } else if (path[0] && ompwg_verbose_level() >= 1) {
        fprintf(stderr, "ompwg: placement model saved to %s\n", path);
    }
    return MODEL_READY;
}

void ompwg_with_model(void (*f)(const ompwg_model *, void *), void *arg)
{
    pthread_rwlock_rdlock(&model_rw);
    while (state == MODEL_NONE) {
        pthread_rwlock_unlock(&model_rw);
        pthread_mutex_lock(&measure_lock);
        pthread_rwlock_rdlock(&model_rw);
        bool need = state == MODEL_NONE;
        pthread_rwlock_unlock(&model_rw);
        if (need) {
            ompwg_model m;
            model_state got = obtain_model(&m);
            pthread_rwlock_wrlock(&model_rw);
            model = m;
            state = got;
            pthread_rwlock_unlock(&model_rw);
        }
        pthread_mutex_unlock(&measure_lock);
        pthread_rwlock_rdlock(&model_rw);
    }
    f(state == MODEL_READY ? &model : NULL, arg);
    pthread_rwlock_unlock(&model_rw);
}

static void copy_model(const ompwg_model *m, void *out)
{
    if (m) *(ompwg_model *)out = *m;
    else memset(out, 0, sizeof(ompwg_model));
}

ompwg_status ompwg_get_model(ompwg_model *out)
{
    if (!out) return OMPWG_ERR_NULL;
    if (!ompwg_find_backend_with(OMPWG_CAP_DEVICE_DATA) ||
        !ompwg_find_backend_with(OMPWG_CAP_FALLBACK)) {
        memset(out, 0, sizeof *out);
        return OMPWG_ERR_UNAVAILABLE;
    }
    ompwg_with_model(copy_model, out);
    return out->version == OMPWG_MODEL_VERSION ? OMPWG_OK : OMPWG_ERR_UNAVAILABLE;
}

ompwg_status ompwg_set_model(const ompwg_model *m)
{
    if (m) {
        if (m->version != OMPWG_MODEL_VERSION) return OMPWG_ERR_FLAGS;
        if (ompwg_model_defect(m)) return OMPWG_ERR_RANGE;
    }
    pthread_mutex_lock(&measure_lock);
    pthread_rwlock_wrlock(&model_rw);
    if (m) model = *m;
    state = m ? MODEL_READY : MODEL_NONE;
    pthread_rwlock_unlock(&model_rw);
    pthread_mutex_unlock(&measure_lock);
    return OMPWG_OK;
}

ompwg_status ompwg_read_model(const char *path, ompwg_model *out)
{
    if (!path || !out) return OMPWG_ERR_NULL;
    char why[512];
    int st = ompwg_model_read(path, out, why, sizeof why);
    if (st != OMPWG_OK) fprintf(stderr, "ompwg: %s\n", why);
    return st;
}

ompwg_status ompwg_write_model(const char *path, const ompwg_model *model)
{
    if (!path || !model) return OMPWG_ERR_NULL;
    if (ompwg_model_defect(model)) return OMPWG_ERR_RANGE;
    char why[512];
    if (ompwg_model_save(path, model, why, sizeof why) == 0) return OMPWG_OK;
    fprintf(stderr, "ompwg: %s\n", why);
    return OMPWG_ERR_UNAVAILABLE;
}
