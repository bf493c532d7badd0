/* The settings as the environment gave them, read once, under
 * pthread_once, and again only when the program asks (ompwg_config_reload(),
 * or a setter given its "read the environment again" value), so no call
 * reads it and no setenv can race a getenv inside the library; the
 * settings this module keeps (knob.h); the choices the backends name. */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "knob.h"

static pthread_once_t read_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t text_lock = PTHREAD_MUTEX_INITIALIZER;
static char env_text[OMPWG_KNOB_COUNT][OMPWG_KNOB_TEXT_MAX];
static _Atomic int64_t env_num[OMPWG_KNOB_COUNT];
static atomic_bool env_usable[OMPWG_KNOB_COUNT];
static _Atomic double env_share;
/* the settings this module keeps: VERBOSE, CPU_ARCH, GPU_SYNC, the GPU variants, MPI_PANEL */
static _Atomic int64_t kept[OMPWG_KNOB_COUNT];
static atomic_uint runnable[OMPWG_KNOB_COUNT];
/* the choices a backend named (ompwg_config_name_choices), and what the
 * knob takes and its default in words, made of them */
static pthread_mutex_t name_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic(const char *const *) named[OMPWG_KNOB_COUNT];
static char named_values[OMPWG_KNOB_COUNT][128];

const char *const *ompwg_knob_choices(const ompwg_knob_def *k)
{
    return k->choices ? k->choices : atomic_load(&named[k - ompwg_knobs]);
}

const char *ompwg_knob_values(const ompwg_knob_def *k)
{
    if (k->values) return k->values;
    return atomic_load(&named[k - ompwg_knobs]) ? named_values[k - ompwg_knobs] : "";
}

const char *ompwg_knob_fallback_text(const ompwg_knob_def *k)
{
    if (k->fallback_text) return k->fallback_text;
    const char *const *c = ompwg_knob_choices(k);
    return c ? c[k->fallback] : "";
}

void ompwg_config_quote(const char *text, char *buf, size_t len)
{
    size_t o = 0;
    if (len == 0) return;
    for (size_t i = 0; text[i] && o + 5 < len; i++) {
        const unsigned char c = (unsigned char)text[i];
        if (i == 64) {
            o += (size_t)snprintf(buf + o, len - o, "...");
            break;
        }
        if (c >= 0x20 && c < 0x7f && c != '\\') buf[o++] = (char)c;
        else o += (size_t)snprintf(buf + o, len - o, "\\x%02x", c);
    }
    buf[o < len ? o : len - 1] = '\0';
}

/* Takes text (NULL: unset) as knob i's value. The value of a knob whose
 * choices a backend has not named yet is kept as text until it does. */
static void take(ompwg_knob i, const char *text)
{
    const ompwg_knob_def *k = &ompwg_knobs[i];
    int64_t num = k->fallback;
    double share = 0;
    bool usable = false;
    const bool unnamed = k->kind == OMPWG_KIND_CHOICE && !ompwg_knob_choices(k);
    if (text && text[0] && !unnamed) {
        const char *what = "";
        usable = ompwg_knob_parse(k, text, &num, &share, &what) == OMPWG_OK;
        if (!usable) {
            num = k->fallback;
            share = 0;
            char why[96];
            ompwg_knob_why(k, what, why, sizeof why);
            char shown[300];
            ompwg_config_quote(text, shown, sizeof shown);
            fprintf(stderr, "ompwg: %s=%s %s: ignored, using the default (%s)\n", k->env, shown,
                    why, ompwg_knob_fallback_text(k));
        }
    }
    pthread_mutex_lock(&text_lock);
    snprintf(env_text[i], sizeof env_text[i], "%s", usable || unnamed ? (text ? text : "") : "");
    pthread_mutex_unlock(&text_lock);
    atomic_store(&env_num[i], num);
    if (k->kind == OMPWG_KIND_SHARE) atomic_store(&env_share, share);
    atomic_store(&env_usable[i], usable);
}

static void read_one(ompwg_knob i)
{
    take(i, getenv(ompwg_knobs[i].env));
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

int ompwg_config_exchange_kept(ompwg_knob k, int value, int hi)
{
    if (value < -1 || value > hi) return OMPWG_ERR_RANGE;
    ompwg_config_read();
    if (value < 0) ompwg_config_refresh(k);
    int v = value < 0 ? (int)ompwg_config_env_num(k) : value;
    return (int)atomic_exchange(&kept[k], v);
}

int ompwg_verbose_level(void)
{
    return (int)ompwg_config_value(OMPWG_KNOB_VERBOSE);
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

void ompwg_config_name_choices(ompwg_knob k, const char *const *names)
{
    ompwg_config_read();
    pthread_mutex_lock(&name_lock);
    if (!ompwg_knob_choices(&ompwg_knobs[k])) {
        char *v = named_values[k];
        size_t len = sizeof named_values[k], at = 0;
        v[0] = 0;
        for (int i = 0; names[i] && at < len; i++)
            at += (size_t)snprintf(v + at, len - at, "%s%s", i ? "|" : "", names[i]);
        atomic_store(&named[k], names);
        /* the variable as it was read, taken now as one of the names */
        char text[OMPWG_KNOB_TEXT_MAX];
        ompwg_config_env_text(k, text, sizeof text);
        take(k, text);
        atomic_store(&kept[k], atomic_load(&env_num[k]));
    }
    pthread_mutex_unlock(&name_lock);
}

int ompwg_config_set_choice(ompwg_knob i, const char *name)
{
    ompwg_config_read();
    if (!name) {
        ompwg_config_refresh(i);
        ompwg_config_keep(i, ompwg_config_env_num(i));
        return OMPWG_OK;
    }
    int64_t num;
    double share;
    const char *what;
    int st = ompwg_knob_parse(&ompwg_knobs[i], name, &num, &share, &what);
    if (st != OMPWG_OK) return st;
    if (!(ompwg_config_runnable(i) & (1u << num))) return OMPWG_ERR_UNAVAILABLE;
    ompwg_config_keep(i, num);
    return OMPWG_OK;
}

const char *ompwg_config_kept_name(ompwg_knob i)
{
    const char *const *c = ompwg_knob_choices(&ompwg_knobs[i]);
    return c ? c[ompwg_config_value(i)] : "";
}
