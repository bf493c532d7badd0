/* Backend registration, probing and selection. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ompwg.h"
#include "backend_list.h"
#include "config.h"
#include "place.h"
#include "registry.h"
#include "short_calls.h"
#include "table_fill.h"

#define NB_COMPILED \
    ((int)(sizeof((const ompwg_backend *[]){ OMPWG_BACKEND_TABLES }) / sizeof(const ompwg_backend *)))
/* Room for the tables ompwg_register_backend adds after the compiled ones. */
#define NB_MAX (NB_COMPILED + 4)

static const ompwg_backend *tables[NB_MAX] = { OMPWG_BACKEND_TABLES };
static int nb = NB_COMPILED;
/* Set once the tables are filled: nothing is registered after that. */
static atomic_bool tables_fixed;

/* The tables with their empty slots filled (table_fill.h): what every
 * function here hands out. */
static ompwg_backend filled[NB_MAX];
static pthread_once_t fill_once = PTHREAD_ONCE_INIT;

typedef struct registered {
    const ompwg_backend *b;  /* in filled[] */
    ompwg_probe_result usable;
    char why[256];
} registered;

static registered reg[NB_MAX];
static pthread_once_t reg_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t select_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic(const ompwg_backend *) current;
/* `current` came from "auto": calls are placed one by one (place.c) */
static atomic_bool current_auto;
static atomic_int check_on;
static atomic_int fallback_on;
static atomic_int short_on;
/* host arrays looked up as mapped data (ompwg_set_mapped_data) */
static atomic_int mapped_on = 1;
static atomic_int verbose_done;
/* A thread's own choice (ompwg_set_thread_backend), ahead of `current`. */
static _Thread_local const ompwg_backend *thread_choice;
static _Thread_local bool thread_auto;
/* The threads that have a choice of their own, which the short calls' word
 * (short_calls.h) counts in; own_key's value is set in each of them, so
 * that one ending with its choice still set is counted out. */
static atomic_int own_choices;
static _Thread_local bool thread_counted;
static pthread_key_t own_key;
static bool own_key_made;
/* one computation of the word at a time, each from the settings as they
 * are when it starts */
static pthread_mutex_t short_lock = PTHREAD_MUTEX_INITIALIZER;
/* set once the backends are set up, just before the word's first
 * computation: a setter that changes a setting before then leaves it to
 * that computation, without setting the backends up itself */
static atomic_bool registry_ready;

/* A table with a hole would crash at the first call: refuse it here, the way
 * BLIS refuses a configuration with bad block sizes. */
static const char *table_defect(const ompwg_backend *b)
{
    if (!b->name || !b->name[0]) return "no name";
    if (!b->probe) return "no probe";
    if (!b->sgemm) return "no sgemm";
    if (!b->dgemm) return "no dgemm";
    if (!b->sreduce) return "no sreduce";
    if (!b->dreduce) return "no dreduce";
    if ((b->caps & OMPWG_CAP_DEVICE_DATA) && !b->device) return "device data without device ops";
    return NULL;
}

static int find(const char *name)
{
    for (int i = 0; i < nb; i++)
        if (strcasecmp(reg[i].b->name, name) == 0) return i;
    return -1;
}

static const ompwg_backend *choose_auto(void)
{
    for (int i = 0; i < nb; i++)
        if (reg[i].usable == OMPWG_PROBE_USABLE) return reg[i].b;
    return NULL;
}

static void print_choice(const char *requested, const ompwg_backend *chosen)
{
    fprintf(stderr, "ompwg %s: backend %s (OMPWG_BACKEND=%s)\n", OMPWG_VERSION_STRING,
            chosen ? chosen->name : "none", requested);
    for (int i = 0; i < nb; i++)
        fprintf(stderr, "ompwg:   %-8s %s: %s\n", reg[i].b->name,
                reg[i].usable == OMPWG_PROBE_UNUSABLE ? "not usable"
                : reg[i].usable == OMPWG_PROBE_EXPLICIT_ONLY ? "usable by name only"
                : "usable", reg[i].why);
}

/* Resolve a name to a backend. Returns OMPWG_OK and sets *out, or an error
 * status with *out untouched. */
static int resolve(const char *name, const ompwg_backend **out, bool *is_auto)
{
    *is_auto = strcasecmp(name, "auto") == 0;
    if (*is_auto) {
        const ompwg_backend *b = choose_auto();
        if (!b) return OMPWG_ERR_UNAVAILABLE;
        *out = b;
        return OMPWG_OK;
    }
    int i = find(name);
    if (i < 0) return OMPWG_ERR_BACKEND;
    if (reg[i].usable == OMPWG_PROBE_UNUSABLE) return OMPWG_ERR_UNAVAILABLE;
    *out = reg[i].b;
    return OMPWG_OK;
}

static int select_from_env(void)
{
    char req[256];
    ompwg_config_env_text(OMPWG_KNOB_BACKEND, req, sizeof req);
    if (!req[0]) snprintf(req, sizeof req, "auto");
    const ompwg_backend *b = NULL;
    bool is_auto;
    int st = resolve(req, &b, &is_auto);
    /* a name that is no backend is a bad value like any knob's: said once,
     * and the default taken */
    if (st == OMPWG_ERR_BACKEND) {
        char names[128] = "auto";
        for (int i = 0; i < nb; i++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "|%s", reg[i].b->name);
        char shown[300];
        ompwg_config_quote(req, shown, sizeof shown);
        fprintf(stderr, "ompwg: OMPWG_BACKEND=%s is not %s: ignored, using the default (auto)\n",
                shown, names);
        snprintf(req, sizeof req, "auto");
        st = resolve(req, &b, &is_auto);
    }
    /* a backend not usable here keeps the selection (none at start: calls
     * then fail) */
    if (st == OMPWG_OK) {
        atomic_store(&current_auto, is_auto);
        atomic_store(&current, b);
    }
    if (st != OMPWG_OK) {
        fprintf(stderr, "ompwg: OMPWG_BACKEND=%s: %s; calls will return status %d\n", req,
                ompwg_strerror(st), OMPWG_ERR_UNAVAILABLE);
    }
    if ((st != OMPWG_OK || ompwg_verbose_level() >= 1) && !atomic_exchange(&verbose_done, 1))
        print_choice(req, b);
    return st;
}

/* Whether short calls go to the reference under the selection: under
 * auto where the reference is usable and no device backend is, or one is
 * but host arrays are not looked up as mapped data (the planner then sends
 * every short host call to the reference), or the reference by name. */
static bool selection_short_to_reference(void)
{
    const ompwg_backend *cur = atomic_load(&current);
    if (!cur) return false;
    if (!atomic_load(&current_auto)) return (cur->caps & OMPWG_CAP_REFERENCE) != 0;
    bool reference = false;
    for (int i = 0; i < nb; i++) {
        if (reg[i].usable != OMPWG_PROBE_USABLE) continue;
        if ((reg[i].b->caps & OMPWG_CAP_DEVICE_DATA) && atomic_load(&mapped_on)) return false;
        if (reg[i].b->caps & OMPWG_CAP_REFERENCE) reference = true;
    }
    return reference;
}

/* Computes the short calls' word from the settings now (after the
 * backends are set up: registry_init ends with it). */
static void short_refresh(void)
{
    pthread_mutex_lock(&short_lock);
    unsigned w = 0;
    if (!atomic_load(&short_on)) w |= OMPWG_SHORT_OFF;
    if (atomic_load(&check_on)) w |= OMPWG_SHORT_CHECK;
    if (ompwg_verbose_level() >= 2) w |= OMPWG_SHORT_TRACE;
    if (!selection_short_to_reference()) w |= OMPWG_SHORT_BACKEND;
    if (atomic_load(&own_choices) > 0) w |= OMPWG_SHORT_THREAD;
    if (ompwg_get_split_share() > 0) w |= OMPWG_SHORT_SPLIT;
    atomic_store(&ompwg_short_calls_blocked, w);
    pthread_mutex_unlock(&short_lock);
}

/* A thread with a choice of its own ends (own_key's destructor, on that
 * thread): counted out, its choice kept for any later destructor's calls. */
static void own_choice_ended(void *unused)
{
    (void)unused;
    thread_counted = false;
    atomic_fetch_sub(&own_choices, 1);
    short_refresh();
}

static void fill_tables(void)
{
    atomic_store(&tables_fixed, true);
    const ompwg_backend *reference = NULL;
    for (int i = 0; i < nb && !reference; i++)
        if (tables[i]->caps & OMPWG_CAP_REFERENCE) reference = tables[i];
    for (int i = 0; i < nb; i++) {
        filled[i] = *tables[i];
        ompwg_table_fill(&filled[i], reference);
    }
}

static void registry_init(void)
{
    pthread_once(&fill_once, fill_tables);
    for (int i = 0; i < nb; i++) {
        reg[i].b = &filled[i];
        const char *defect = table_defect(tables[i]);
        if (defect) {
            reg[i].usable = OMPWG_PROBE_UNUSABLE;
            snprintf(reg[i].why, sizeof reg[i].why, "incomplete dispatch table: %s", defect);
            continue;
        }
        reg[i].usable = tables[i]->probe(reg[i].why, sizeof reg[i].why);
    }
    atomic_store(&check_on, (int)ompwg_config_env_num(OMPWG_KNOB_CHECK));
    atomic_store(&fallback_on, (int)ompwg_config_env_num(OMPWG_KNOB_FALLBACK));
    atomic_store(&short_on, (int)ompwg_config_env_num(OMPWG_KNOB_SHORT_CALLS));
    atomic_store(&mapped_on, (int)ompwg_config_env_num(OMPWG_KNOB_MAPPED_DATA));
    select_from_env();
    own_key_made = pthread_key_create(&own_key, own_choice_ended) == 0;
    atomic_store(&registry_ready, true);
    short_refresh();
}

static void ensure_init(void)
{
    pthread_once(&reg_once, registry_init);
}

int ompwg_register_backend(const ompwg_backend *b)
{
    if (!b) return OMPWG_ERR_NULL;
    if (atomic_load(&tables_fixed)) return OMPWG_ERR_UNAVAILABLE;
    if (nb >= NB_MAX) return OMPWG_ERR_RANGE;
    tables[nb++] = b;
    return OMPWG_OK;
}

const ompwg_backend *ompwg_current_backend(void)
{
    ensure_init();
    const ompwg_backend *own = thread_choice;
    return own ? own : atomic_load_explicit(&current, memory_order_acquire);
}

bool ompwg_current_is_auto(void)
{
    ensure_init();
    return thread_choice ? thread_auto : atomic_load_explicit(&current_auto, memory_order_acquire);
}

const ompwg_backend *ompwg_auto_candidate(unsigned caps)
{
    ensure_init();
    for (int i = 0; i < nb; i++)
        if (reg[i].usable == OMPWG_PROBE_USABLE && (reg[i].b->caps & caps) == caps)
            return reg[i].b;
    return NULL;
}

const ompwg_backend *ompwg_compiled_backend_with(unsigned caps)
{
    pthread_once(&fill_once, fill_tables);
    for (int i = 0; i < nb; i++)
        if ((filled[i].caps & caps) == caps) return &filled[i];
    return NULL;
}

int ompwg_auto_hosts(const ompwg_backend **out, int max)
{
    ensure_init();
    int n = 0;
    for (int i = 0; i < nb && n < max; i++)
        if (reg[i].usable == OMPWG_PROBE_USABLE && !(reg[i].b->caps & OMPWG_CAP_DEVICE_DATA))
            out[n++] = reg[i].b;
    return n;
}

const ompwg_backend *ompwg_compiled_backend_named(const char *name)
{
    pthread_once(&fill_once, fill_tables);
    for (int i = 0; i < nb; i++)
        if (strcmp(filled[i].name, name) == 0) return &filled[i];
    return NULL;
}

int ompwg_backend_index(const ompwg_backend *b)
{
    for (int i = 0; i < nb; i++)
        if (&filled[i] == b) return i;
    return -1;
}

const ompwg_backend *ompwg_find_backend_with(unsigned caps)
{
    ensure_init();
    for (int i = 0; i < nb; i++)
        if (reg[i].usable != OMPWG_PROBE_UNUSABLE && (reg[i].b->caps & caps) == caps)
            return reg[i].b;
    return NULL;
}

/* The flags kept here (check mode, CPU fallback, short calls, mapped
 * data): read, and
 * set (the previous setting, or OMPWG_ERR_RANGE), the short calls' word
 * computed again after. */
static int flag_get(atomic_int *setting)
{
    ensure_init();
    return atomic_load_explicit(setting, memory_order_relaxed);
}

static int flag_set(atomic_int *setting, ompwg_knob k, int on)
{
    ensure_init();
    int previous = ompwg_config_exchange(setting, k, on, 1);
    short_refresh();
    return previous;
}

int ompwg_get_check(void)
{
    return flag_get(&check_on);
}

int ompwg_set_check(int on)
{
    return flag_set(&check_on, OMPWG_KNOB_CHECK, on);
}

int ompwg_get_fallback(void)
{
    return flag_get(&fallback_on);
}

int ompwg_set_fallback(int on)
{
    return flag_set(&fallback_on, OMPWG_KNOB_FALLBACK, on);
}

int ompwg_get_short_calls(void)
{
    return flag_get(&short_on);
}

int ompwg_get_mapped_data(void)
{
    return flag_get(&mapped_on);
}

int ompwg_set_mapped_data(int on)
{
    return flag_set(&mapped_on, OMPWG_KNOB_MAPPED_DATA, on);
}

bool ompwg_mapped_lookups(void)
{
    return atomic_load_explicit(&mapped_on, memory_order_relaxed) != 0;
}

int ompwg_set_short_calls(int on)
{
    return flag_set(&short_on, OMPWG_KNOB_SHORT_CALLS, on);
}

void ompwg_short_calls_refresh(void)
{
    if (atomic_load(&registry_ready)) short_refresh();
}

ompwg_status ompwg_set_backend(const char *name)
{
    ensure_init();
    pthread_mutex_lock(&select_lock);
    int st;
    if (!name) {
        ompwg_config_refresh(OMPWG_KNOB_BACKEND);
        st = select_from_env();
    } else {
        const ompwg_backend *b = NULL;
        bool is_auto;
        st = resolve(name, &b, &is_auto);
        if (st == OMPWG_OK) {
            atomic_store(&current_auto, is_auto);
            atomic_store_explicit(&current, b, memory_order_release);
        }
    }
    pthread_mutex_unlock(&select_lock);
    short_refresh();
    return st;
}

/* The calling thread's choice became set (has) or cleared: counted in or
 * out of the threads the short calls' word waits for (once each way). */
static void own_choice_changed(bool has)
{
    if (has == thread_counted) return;
    thread_counted = has;
    if (own_key_made) pthread_setspecific(own_key, has ? &own_key : NULL);
    atomic_fetch_add(&own_choices, has ? 1 : -1);
    short_refresh();
}

ompwg_status ompwg_set_thread_backend(const char *name)
{
    ensure_init();
    if (!name) {
        thread_choice = NULL;
        thread_auto = false;
        own_choice_changed(false);
        return OMPWG_OK;
    }
    /* reg[] does not change after initialisation: no lock */
    const ompwg_backend *b = NULL;
    bool is_auto;
    int st = resolve(name, &b, &is_auto);
    if (st == OMPWG_OK) {
        thread_choice = b;
        thread_auto = is_auto;
        own_choice_changed(true);
    }
    return st;
}

const char *ompwg_get_thread_backend(void)
{
    return thread_choice ? thread_choice->name : NULL;
}

const char *ompwg_get_backend(void)
{
    const ompwg_backend *b = ompwg_current_backend();
    return b ? b->name : "none";
}

int ompwg_backend_count(void)
{
    return nb;
}

unsigned ompwg_backend_roles(const char *name)
{
    for (int i = 0; name && i < nb; i++)
        if (strcasecmp(tables[i]->name, name) == 0) return tables[i]->caps;
    return 0;
}

int ompwg_backend_info(int i, const char **name, char *why, size_t why_len)
{
    ensure_init();
    if (i < 0 || i >= nb) return -1;
    if (name) *name = reg[i].b->name;
    if (why && why_len) snprintf(why, why_len, "%s", reg[i].why);
    return reg[i].usable != OMPWG_PROBE_UNUSABLE;
}
