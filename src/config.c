/* The settings as the environment gave them, read once, under
 * pthread_once, and again only when the program asks (ompwg_config_reload(),
 * or a setter given its "read the environment again" value), so no call
 * reads it and no setenv can race a getenv inside the library; and the
 * settings this module keeps (knob.h). */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "knob.h"

static pthread_once_t read_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t text_lock = PTHREAD_MUTEX_INITIALIZER;
static char env_text[OMPWG_KNOB_COUNT][OMPWG_KNOB_TEXT_MAX];
static _Atomic int64_t env_num[OMPWG_KNOB_COUNT];
static atomic_bool env_usable[OMPWG_KNOB_COUNT];
static _Atomic double env_share;
/* the settings this module keeps: CPU_ARCH, GPU_SYNC, the GPU variants, MPI_PANEL */
static _Atomic int64_t kept[OMPWG_KNOB_COUNT];
static atomic_uint runnable[OMPWG_KNOB_COUNT];

static void read_one(ompwg_knob i)
{
    const ompwg_knob_def *k = &ompwg_knobs[i];
    const char *text = getenv(k->env);
    int64_t num = k->fallback;
    double share = 0;
    bool usable = false;
    if (text && text[0]) {
        const char *what = "";
        usable = ompwg_knob_parse(k, text, &num, &share, &what) == OMPWG_OK;
        if (!usable) {
            num = k->fallback;
            share = 0;
            char why[96];
            ompwg_knob_why(k, what, why, sizeof why);
            fprintf(stderr, "ompwg: %s=%.64s %s: ignored, using the default (%s)\n", k->env, text,
                    why, k->fallback_text);
        }
    }
    pthread_mutex_lock(&text_lock);
    snprintf(env_text[i], sizeof env_text[i], "%s", usable ? text : "");
    pthread_mutex_unlock(&text_lock);
    atomic_store(&env_num[i], num);
    if (k->kind == OMPWG_KIND_SHARE) atomic_store(&env_share, share);
    atomic_store(&env_usable[i], usable);
}

static void read_all(void)
{
    for (int i = 0; i < OMPWG_KNOB_COUNT; i++) {
        atomic_store(&runnable[i], ompwg_knobs[i].family ? ompwg_knobs[i].runnable_at_start
                                                        : ~0u);
        read_one((ompwg_knob)i);
        atomic_store(&kept[i], atomic_load(&env_num[i]));
    }
}

void ompwg_config_read(void)
{
    pthread_once(&read_once, read_all);
}

int64_t ompwg_config_env_num(ompwg_knob k)
{
    ompwg_config_read();
    return atomic_load_explicit(&env_num[k], memory_order_relaxed);
}

bool ompwg_config_env_set(ompwg_knob k)
{
    ompwg_config_read();
    return atomic_load_explicit(&env_usable[k], memory_order_relaxed);
}

double ompwg_config_env_share(void)
{
    ompwg_config_read();
    return atomic_load_explicit(&env_share, memory_order_relaxed);
}

void ompwg_config_env_text(ompwg_knob k, char *buf, size_t len)
{
    ompwg_config_read();
    pthread_mutex_lock(&text_lock);
    snprintf(buf, len, "%s", env_text[k]);
    pthread_mutex_unlock(&text_lock);
}

void ompwg_config_refresh(ompwg_knob k)
{
    ompwg_config_read();
    read_one(k);
}

int ompwg_config_exchange(atomic_int *setting, ompwg_knob k, int value, int hi)
{
    if (value < -1 || value > hi) return OMPWG_ERR_RANGE;
    if (value < 0) ompwg_config_refresh(k);
    int v = value < 0 ? (int)ompwg_config_env_num(k) : value;
    return atomic_exchange(setting, v);
}

int64_t ompwg_config_value(ompwg_knob k)
{
    ompwg_config_read();
    return atomic_load_explicit(&kept[k], memory_order_relaxed);
}

void ompwg_config_offer(ompwg_knob k, unsigned mask)
{
    ompwg_config_read();
    atomic_store(&runnable[k], mask);
}

unsigned ompwg_config_runnable(ompwg_knob k)
{
    ompwg_config_read();
    return atomic_load(&runnable[k]);
}

void ompwg_config_keep(ompwg_knob k, int64_t num)
{
    atomic_store(&kept[k], num);
}
