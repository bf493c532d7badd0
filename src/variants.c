/* The kernel variants the library lists, from the knobs that select them
 * (a family per knob, a variant per choice). */
#include "knob.h"

#include "ompwg.h"

static int variant_at(int i, int *knob_index)
{
    /* the backends name their variants, and offer what this machine runs,
     * when they are probed */
    ompwg_backend_info(0, NULL, NULL, 0);
    for (int k = 0; k < OMPWG_KNOB_COUNT; k++) {
        if (!ompwg_knobs[k].family) continue;
        const char *const *c = ompwg_knob_choices(&ompwg_knobs[k]);
        int n = 0;
        while (c && c[n]) n++;
        n = n > ompwg_knobs[k].first_variant ? n - ompwg_knobs[k].first_variant : 0;
        if (i < n) {
            *knob_index = k;
            return ompwg_knobs[k].first_variant + i;
        }
        i -= n;
    }
    return -1;
}

int ompwg_variant_count(void)
{
    int n = 0, k;
    while (variant_at(n, &k) >= 0) n++;
    return n;
}

ompwg_status ompwg_variant_info(int i, ompwg_variant *out)
{
    if (!out) return OMPWG_ERR_NULL;
    int k, choice = i < 0 ? -1 : variant_at(i, &k);
    if (choice < 0) return OMPWG_ERR_RANGE;
    ompwg_config_read();
    *out = (ompwg_variant){ .env = ompwg_knobs[k].env, .family = ompwg_knobs[k].family,
                            .backend = ompwg_knobs[k].backend,
                            .name = ompwg_config_choice((ompwg_knob)k, choice),
                            .runnable = (ompwg_config_runnable((ompwg_knob)k) >> choice) & 1u };
    return OMPWG_OK;
}
