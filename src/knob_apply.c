/* How each knob is applied through its public setter and shown: src/'s
 * half of the table of knobs (core/knob_table.c holds the other). */
#include "knob_apply.h"

#include <inttypes.h>
#include <stdio.h>

#include "config.h"
#include "ompwg.h"
#include "place.h"
#include "registry.h"
#include "short_calls.h"

static int apply_backend(ompwg_knob k, const char *text, int64_t num, double share);
static int apply_model_file(ompwg_knob k, const char *text, int64_t num, double share);
static int apply_split_share(ompwg_knob k, const char *text, int64_t num, double share);
static int apply_num_threads(ompwg_knob k, const char *text, int64_t num, double share);
static int apply_kept(ompwg_knob k, const char *text, int64_t num, double share);
static int apply_number(ompwg_knob k, const char *text, int64_t num, double share);
static void show_backend(ompwg_knob k, char *buf, size_t len);
static void show_model_file(ompwg_knob k, char *buf, size_t len);
static void show_split_share(ompwg_knob k, char *buf, size_t len);
static void show_gpu_device(ompwg_knob k, char *buf, size_t len);
static void show_kept(ompwg_knob k, char *buf, size_t len);
static void show_short_calls(ompwg_knob k, char *buf, size_t len);
static void show_number(ompwg_knob k, char *buf, size_t len);

/* the table's numeric setters return int: the previous setting, or a status */
static int set_gpu_device(int device)
{
    return ompwg_set_gpu_device(device);
}

#define KEPT { .apply = apply_kept, .show = show_kept }

const ompwg_knob_apply ompwg_knob_appliers[OMPWG_KNOB_COUNT] = {
    [OMPWG_KNOB_BACKEND] = { .apply = apply_backend, .show = show_backend },
    [OMPWG_KNOB_VERBOSE] = { .apply = apply_number, .show = show_number,
        .set_number = ompwg_set_verbose, .again = -1, .gives_previous = true,
        .get_number = ompwg_get_verbose },
    [OMPWG_KNOB_MODEL_FILE] = { .apply = apply_model_file, .show = show_model_file },
    [OMPWG_KNOB_SPLIT] = { .apply = apply_number, .show = show_number,
        .set_number = ompwg_set_split, .again = -1, .gives_previous = true,
        .get_number = ompwg_get_split },
    [OMPWG_KNOB_SPLIT_SHARE] = { .apply = apply_split_share, .show = show_split_share },
    [OMPWG_KNOB_CHECK] = { .apply = apply_number, .show = show_number,
        .set_number = ompwg_set_check, .again = -1, .gives_previous = true,
        .get_number = ompwg_get_check },
    [OMPWG_KNOB_FALLBACK] = { .apply = apply_number, .show = show_number,
        .set_number = ompwg_set_fallback, .again = -1, .gives_previous = true,
        .get_number = ompwg_get_fallback },
    [OMPWG_KNOB_SHORT_CALLS] = { .apply = apply_number, .show = show_short_calls,
        .set_number = ompwg_set_short_calls, .again = -1, .gives_previous = true,
        .get_number = ompwg_get_short_calls },
    [OMPWG_KNOB_MAPPED_DATA] = { .apply = apply_number, .show = show_number,
        .set_number = ompwg_set_mapped_data, .again = -1, .gives_previous = true,
        .get_number = ompwg_get_mapped_data },
    [OMPWG_KNOB_NUM_THREADS] = { .apply = apply_num_threads, .show = show_number,
        .get_number = ompwg_get_num_threads },
    [OMPWG_KNOB_CPU_ARCH] = KEPT,
    [OMPWG_KNOB_GPU_DEVICE] = { .apply = apply_number, .show = show_gpu_device,
        .set_number = set_gpu_device, .again = -1 },
    [OMPWG_KNOB_GPU_SYNC] = KEPT,
    [OMPWG_KNOB_GPU_GEMM] = KEPT,
    [OMPWG_KNOB_GPU_REDUCE] = KEPT,
    [OMPWG_KNOB_GPU_TRANSPOSE] = KEPT,
    [OMPWG_KNOB_GPU_DGEMM] = KEPT,
    [OMPWG_KNOB_GPU_GEMM_TILE] = KEPT,
    [OMPWG_KNOB_GPU_SGEMM] = KEPT,
    [OMPWG_KNOB_GPU_QR] = KEPT,
    [OMPWG_KNOB_MPI_PANEL] = KEPT,
};

void ompwg_knob_name_choices(ompwg_knob k)
{
    if (ompwg_knobs[k].kind == OMPWG_KIND_CHOICE && !ompwg_knob_choices(&ompwg_knobs[k]))
        ompwg_backend_info(0, NULL, NULL, 0);
}

static int apply_backend(ompwg_knob k, const char *text, int64_t num, double share)
{
    (void)k, (void)num, (void)share;
    return ompwg_set_backend(text);
}

static int apply_model_file(ompwg_knob k, const char *text, int64_t num, double share)
{
    (void)k, (void)num, (void)share;
    return ompwg_set_model_file(text);
}

static int apply_split_share(ompwg_knob k, const char *text, int64_t num, double share)
{
    (void)k, (void)num;
    return ompwg_set_split_share(text ? share : -1);
}

static int apply_num_threads(ompwg_knob k, const char *text, int64_t num, double share)
{
    (void)k, (void)share;
    if (!text) ompwg_config_refresh(OMPWG_KNOB_NUM_THREADS);
    return ompwg_set_num_threads(text ? (int)num : 0);
}

static int apply_number(ompwg_knob i, const char *text, int64_t num, double share)
{
    (void)share;
    const ompwg_knob_apply *k = &ompwg_knob_appliers[i];
    int st = k->set_number(text ? (int)num : k->again);
    return k->gives_previous ? OMPWG_OK : st;
}

static int apply_kept(ompwg_knob k, const char *text, int64_t num, double share)
{
    (void)share;
    if (k == OMPWG_KNOB_MPI_PANEL) return ompwg_set_mpi_panel(text ? num : -1);
    if (k == OMPWG_KNOB_CPU_ARCH) return ompwg_set_cpu_arch(text);
    return ompwg_config_set_choice(k, text);
}

static void show_backend(ompwg_knob k, char *buf, size_t len)
{
    (void)k;
    snprintf(buf, len, "%s%s", ompwg_get_backend(), ompwg_current_is_auto() ? " (auto)" : "");
}

static void show_model_file(ompwg_knob k, char *buf, size_t len)
{
    (void)k;
    ompwg_get_model_file(buf, len);
    if (!buf[0]) snprintf(buf, len, "none");
}

static void show_split_share(ompwg_knob k, char *buf, size_t len)
{
    (void)k;
    double s = ompwg_get_split_share();
    if (s > 0) snprintf(buf, len, "%g", s);
    else snprintf(buf, len, "the model's");
}

static void show_gpu_device(ompwg_knob k, char *buf, size_t len)
{
    (void)k;
    int dev;
    if (ompwg_get_gpu_device(&dev) == OMPWG_OK) snprintf(buf, len, "%d", dev);
    else snprintf(buf, len, "no usable GPU");
}

static void show_number(ompwg_knob k, char *buf, size_t len)
{
    snprintf(buf, len, "%d", ompwg_knob_appliers[k].get_number());
}

/* The setting, and whether short calls skip the planner now, or why not. */
static void show_short_calls(ompwg_knob k, char *buf, size_t len)
{
    static const struct {
        unsigned bit;
        const char *why;
    } reasons[] = {
        { OMPWG_SHORT_CHECK, "check mode" },
        { OMPWG_SHORT_TRACE, "OMPWG_VERBOSE=2" },
        { OMPWG_SHORT_BACKEND, "a usable GPU with mapped data looked up (OMPWG_MAPPED_DATA=1), or a backend other than auto or openblas" },
        { OMPWG_SHORT_THREAD, "a thread's own backend" },
        { OMPWG_SHORT_SPLIT, "a split share" },
    };
    const int on = ompwg_knob_appliers[k].get_number();
    const unsigned blocked = atomic_load(&ompwg_short_calls_blocked);
    int used = snprintf(buf, len, "%d", on);
    if (!on || used < 0 || (size_t)used >= len) return;
    if (!blocked) {
        snprintf(buf + used, len - (size_t)used, " (in effect)");
        return;
    }
    const char *sep = " (not in effect: ";
    for (size_t i = 0; i < sizeof reasons / sizeof reasons[0] && (size_t)used < len; i++)
        if (blocked & reasons[i].bit) {
            used += snprintf(buf + used, len - (size_t)used, "%s%s", sep, reasons[i].why);
            sep = ", ";
        }
    if ((size_t)used < len) snprintf(buf + used, len - (size_t)used, ")");
}

static void show_kept(ompwg_knob k, char *buf, size_t len)
{
    if (ompwg_knobs[k].kind == OMPWG_KIND_CHOICE)
        snprintf(buf, len, "%s", ompwg_config_kept_name(k));
    else snprintf(buf, len, "%" PRId64, ompwg_config_value(k));
}
