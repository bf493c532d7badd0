/* The table of knobs through the public API: each knob described with its
 * value now, set by its variable's name, all read again. */
#include "knob.h"

#include <string.h>

#include "knob_apply.h"
#include "ompwg.h"

int ompwg_config_count(void)
{
    return OMPWG_KNOB_COUNT;
}

ompwg_status ompwg_config_describe(int i, ompwg_knob_info *out)
{
    if (!out) return OMPWG_ERR_NULL;
    if (i < 0 || i >= OMPWG_KNOB_COUNT) return OMPWG_ERR_RANGE;
    const ompwg_knob_def *k = &ompwg_knobs[i];
    ompwg_knob_name_choices((ompwg_knob)i);
    *out = (ompwg_knob_info){ .env = k->env, .values = ompwg_knob_values(k),
                              .fallback = ompwg_knob_fallback_text(k), .doc = k->doc,
                              .setter = k->setter };
    ompwg_knob_appliers[i].show((ompwg_knob)i, out->value, sizeof out->value);
    return OMPWG_OK;
}

static int find_knob(const char *env)
{
    for (int i = 0; i < OMPWG_KNOB_COUNT; i++)
        if (strcmp(ompwg_knobs[i].env, env) == 0) return i;
    return -1;
}

ompwg_status ompwg_config_set(const char *env, const char *value)
{
    if (!env) return OMPWG_ERR_NULL;
    int i = find_knob(env);
    if (i < 0) return OMPWG_ERR_FLAGS;
    ompwg_config_read();
    ompwg_knob_name_choices((ompwg_knob)i);
    int64_t num = 0;
    double share = 0;
    const char *what;
    if (value) {
        int st = ompwg_knob_parse(&ompwg_knobs[i], value, &num, &share, &what);
        if (st != OMPWG_OK) return st;
    }
    return ompwg_knob_appliers[i].apply((ompwg_knob)i, value, num, share);
}

ompwg_status ompwg_config_reload(void)
{
    ompwg_config_read();
    int status = OMPWG_OK;
    for (int i = 0; i < OMPWG_KNOB_COUNT; i++) {
        ompwg_knob_name_choices((ompwg_knob)i);
        /* each setter reads its variable again */
        int st = ompwg_knob_appliers[i].apply((ompwg_knob)i, NULL, 0, 0);
        /* no GPU here is no reason to report a failure */
        if (i == OMPWG_KNOB_GPU_DEVICE && st == OMPWG_ERR_UNAVAILABLE) st = OMPWG_OK;
        if (st != OMPWG_OK && status == OMPWG_OK) status = st;
    }
    return status;
}
