/* Every setting of the library in one table: its environment variable, what
 * it takes, its default, its setter. The environment is read once, under
 * pthread_once, and again only when the program asks (ompwg_config_reload(),
 * or a setter given its "read the environment again" value), so no call
 * reads it and no setenv can race a getenv inside the library. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "place.h"
#include "registry.h"

typedef enum kind {
    KIND_TEXT,   /* a name or a path, checked by its setter */
    KIND_NUMBER, /* a whole number in [lo, hi] */
    KIND_FLAG,   /* 0 or 1 */
    KIND_SHARE,  /* a number in (0, 1) */
    KIND_CHOICE, /* one of choices[] (any case), kept as its index */
} kind;

typedef struct knob {
    const char *env;
    kind kind;
    int64_t lo, hi;
    const char *const *choices; /* NULL-terminated */
    int64_t fallback;           /* the default number, flag or choice index */
    const char *values;         /* what it takes, as the README's table says it */
    const char *fallback_text;  /* the default, in words */
    const char *doc;
    const char *setter;
    /* Applies a value through the typed setter: text NULL reads the
     * environment again; else num (or share) is text parsed. */
    int (*apply)(ompwg_knob k, const char *text, int64_t num, double share);
    void (*show)(ompwg_knob k, char *buf, size_t len);
    /* for apply_number and show_number: the typed setter, the value that
     * makes it read the environment again, whether it returns the previous
     * setting rather than a status, and the getter */
    int (*set_number)(int value);
    int again;
    bool gives_previous;
    int (*get_number)(void);
    /* a family of kernel variants: its name, and the first choice that is
     * a kernel (CPU_ARCH's "auto" is none) */
    const char *family;
    const char *backend;
    int first_variant;
    unsigned runnable_at_start; /* choices taken as runnable until a backend offers */
} knob;

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
static void show_number(ompwg_knob k, char *buf, size_t len);

static const char *const cpu_archs[] = { "auto", "generic", "avx2", "avx512", NULL };
static const char *const gpu_syncs[] = { "auto", "spin", "yield", "blocking", "keep", NULL };
/* the GPU kernel variants, in the order of the enums in backends/gpu/variant.h */
static const char *const gpu_gemms[] = { "tiled", "subgroup", NULL };
static const char *const gpu_reduces[] = { "tree", "subgroup", NULL };
static const char *const gpu_transposes[] = { "padded", "unpadded", NULL };
static const char *const gpu_dgemms[] = { "tensor", "fma", NULL };
static const char *const gpu_gemm_tiles[] = { "auto", "large", "small", NULL };

/* the table's numeric setters return int: the previous setting, or a status */
static int set_gpu_device(int device)
{
    return ompwg_set_gpu_device(device);
}

static const knob knobs[OMPWG_KNOB_COUNT] = {
    [OMPWG_KNOB_BACKEND] = { .env = "OMPWG_BACKEND", .kind = KIND_TEXT,
        .values = "auto|gpu|cpu|openblas", .fallback_text = "auto",
        .doc = "which backend runs the calls; auto places each call where it finishes first",
        .setter = "ompwg_set_backend()", .apply = apply_backend, .show = show_backend },
    [OMPWG_KNOB_VERBOSE] = { .env = "OMPWG_VERBOSE", .kind = KIND_NUMBER, .lo = 0, .hi = 2,
        .values = "0-2", .fallback_text = "0",
        .doc = "1: the backend choice once on stderr; 2: also one line per call with the planner's estimates",
        .setter = "ompwg_set_verbose()", .apply = apply_number, .show = show_number,
        .set_number = ompwg_set_verbose, .again = -1, .gives_previous = true,
        .get_number = ompwg_get_verbose },
    [OMPWG_KNOB_MODEL_FILE] = { .env = "OMPWG_MODEL_FILE", .kind = KIND_TEXT,
        .values = "path", .fallback_text = "none",
        .doc = "where the placement model is loaded from and saved to",
        .setter = "ompwg_set_model_file()", .apply = apply_model_file, .show = show_model_file },
    [OMPWG_KNOB_SPLIT] = { .env = "OMPWG_SPLIT", .kind = KIND_FLAG, .fallback = 1,
        .values = "0|1", .fallback_text = "1",
        .doc = "0: never split a host-data GEMM between GPU and CPU",
        .setter = "ompwg_set_split()", .apply = apply_number, .show = show_number,
        .set_number = ompwg_set_split, .again = -1, .gives_previous = true,
        .get_number = ompwg_get_split },
    [OMPWG_KNOB_SPLIT_SHARE] = { .env = "OMPWG_SPLIT_SHARE", .kind = KIND_SHARE,
        .values = "x in (0, 1)", .fallback_text = "the model's share",
        .doc = "a fixed GPU share of every host-data GEMM's columns instead of the model's",
        .setter = "ompwg_set_split_share()", .apply = apply_split_share, .show = show_split_share },
    [OMPWG_KNOB_CHECK] = { .env = "OMPWG_CHECK", .kind = KIND_FLAG,
        .values = "0|1", .fallback_text = "0",
        .doc = "1: every call runs on OpenBLAS too and returns OMPWG_ERR_CHECK when the results differ beyond the bound",
        .setter = "ompwg_set_check()", .apply = apply_number, .show = show_number,
        .set_number = ompwg_set_check, .again = -1, .gives_previous = true,
        .get_number = ompwg_get_check },
    [OMPWG_KNOB_FALLBACK] = { .env = "OMPWG_FALLBACK", .kind = KIND_FLAG,
        .values = "0|1", .fallback_text = "0",
        .doc = "1: a host-data call the GPU cannot hold runs on the CPU instead of returning OMPWG_ERR_DEVICE_NOMEM",
        .setter = "ompwg_set_fallback()", .apply = apply_number, .show = show_number,
        .set_number = ompwg_set_fallback, .again = -1, .gives_previous = true,
        .get_number = ompwg_get_fallback },
    [OMPWG_KNOB_NUM_THREADS] = { .env = "OMPWG_NUM_THREADS", .kind = KIND_NUMBER, .lo = 1,
        .hi = OMPWG_MAX_THREADS, .values = "1-4096", .fallback_text = "one per core of the allowed cpuset",
        .doc = "threads of the CPU backend (at most 4096)",
        .setter = "ompwg_set_num_threads()", .apply = apply_num_threads, .show = show_number,
        .get_number = ompwg_get_num_threads },
    [OMPWG_KNOB_CPU_ARCH] = { .env = "OMPWG_CPU_ARCH", .kind = KIND_CHOICE, .choices = cpu_archs,
        .values = "auto|generic|avx2|avx512", .fallback_text = "auto",
        .doc = "the CPU backend's GEMM kernel; auto: the best this CPU runs",
        .setter = "ompwg_set_cpu_arch()", .apply = apply_kept, .show = show_kept,
        .family = "cpu gemm", .backend = "cpu", .first_variant = 1, .runnable_at_start = 1u },
    [OMPWG_KNOB_GPU_DEVICE] = { .env = "OMPWG_GPU_DEVICE", .kind = KIND_NUMBER, .lo = 0,
        .hi = 1 << 20, .fallback = -1, .values = "N", .fallback_text = "the OpenMP default device",
        .doc = "the OpenMP device the GPU backend runs on",
        .setter = "ompwg_set_gpu_device()", .apply = apply_number, .show = show_gpu_device,
        .set_number = set_gpu_device, .again = -1 },
    [OMPWG_KNOB_GPU_SYNC] = { .env = "OMPWG_GPU_SYNC", .kind = KIND_CHOICE, .choices = gpu_syncs,
        .values = "auto|spin|yield|blocking|keep", .fallback_text = "auto",
        .doc = "how a host thread waits for the GPU (set when the backend starts on a device); keep: as the offload runtime left it",
        .setter = "ompwg_set_gpu_sync()", .apply = apply_kept, .show = show_kept },
    [OMPWG_KNOB_GPU_GEMM] = { .env = "OMPWG_GPU_GEMM", .kind = KIND_CHOICE, .choices = gpu_gemms,
        .values = "tiled|subgroup", .fallback_text = "tiled",
        .doc = "the GPU GEMM kernel",
        .setter = "ompwg_set_gpu_variant()", .apply = apply_kept, .show = show_kept,
        .family = "gpu gemm", .backend = "gpu", .runnable_at_start = ~0u },
    [OMPWG_KNOB_GPU_REDUCE] = { .env = "OMPWG_GPU_REDUCE", .kind = KIND_CHOICE,
        .choices = gpu_reduces, .values = "tree|subgroup", .fallback_text = "tree",
        .doc = "the GPU reductions' team step",
        .setter = "ompwg_set_gpu_variant()", .apply = apply_kept, .show = show_kept,
        .family = "gpu reduction", .backend = "gpu", .runnable_at_start = ~0u },
    [OMPWG_KNOB_GPU_TRANSPOSE] = { .env = "OMPWG_GPU_TRANSPOSE", .kind = KIND_CHOICE,
        .choices = gpu_transposes, .values = "padded|unpadded", .fallback_text = "padded",
        .doc = "the GPU transpose's tile rows",
        .setter = "ompwg_set_gpu_variant()", .apply = apply_kept, .show = show_kept,
        .family = "gpu transpose", .backend = "gpu", .runnable_at_start = ~0u },
    [OMPWG_KNOB_GPU_DGEMM] = { .env = "OMPWG_GPU_DGEMM", .kind = KIND_CHOICE,
        .choices = gpu_dgemms, .values = "tensor|fma", .fallback_text = "tensor",
        .doc = "the tiled GPU DGEMM on the FP64 tensor cores (where every architecture built for has them) or on the FMA units",
        .setter = "ompwg_set_gpu_variant()", .apply = apply_kept, .show = show_kept,
        .family = "gpu tiled dgemm", .backend = "gpu", .runnable_at_start = ~0u },
    [OMPWG_KNOB_GPU_GEMM_TILE] = { .env = "OMPWG_GPU_GEMM_TILE", .kind = KIND_CHOICE,
        .choices = gpu_gemm_tiles, .values = "auto|large|small", .fallback_text = "auto",
        .doc = "the tiled GPU GEMM's team tile: 128 x 128 or 64 x 64; auto takes the small one when the large tiles of C would be fewer than the GPU's multiprocessors",
        .setter = "ompwg_set_gpu_variant()", .apply = apply_kept, .show = show_kept,
        .family = "gpu gemm tile", .backend = "gpu", .runnable_at_start = ~0u },
    /* the default is wide enough that a local update is a GEMM with a long
     * k (what both backends run fastest), narrow enough that the next
     * panel's broadcast overlaps it */
    [OMPWG_KNOB_MPI_PANEL] = { .env = "OMPWG_MPI_PANEL", .kind = KIND_NUMBER, .lo = 1,
        .hi = INT32_MAX, .fallback = 512, .values = "W", .fallback_text = "512",
        .doc = "widest panel of the distributed GEMM (the same on every rank)",
        .setter = "ompwg_set_mpi_panel()", .apply = apply_kept, .show = show_kept },
};

/* ---- the environment, as last read --------------------------------------- */

static pthread_once_t read_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t text_lock = PTHREAD_MUTEX_INITIALIZER;
/* as long as the longest model file path ompwg_set_model_file takes */
static char env_text[OMPWG_KNOB_COUNT][4096];
static _Atomic int64_t env_num[OMPWG_KNOB_COUNT];
static atomic_bool env_usable[OMPWG_KNOB_COUNT];
static _Atomic double env_share;
/* the settings this module keeps: CPU_ARCH, GPU_SYNC, the GPU variants, MPI_PANEL */
static _Atomic int64_t kept[OMPWG_KNOB_COUNT];
static atomic_uint runnable[OMPWG_KNOB_COUNT];

/* Parses text as knob k takes it. OMPWG_OK, or the status a setter gives
 * for it, with *what saying why in a few words. */
static int parse(const knob *k, const char *text, int64_t *num, double *share, const char **what)
{
    char *end;
    switch (k->kind) {
    case KIND_TEXT:
        *what = "is too long";
        return strlen(text) < sizeof env_text[0] ? OMPWG_OK : OMPWG_ERR_RANGE;
    case KIND_FLAG:
    case KIND_NUMBER: {
        int64_t lo = k->kind == KIND_FLAG ? 0 : k->lo, hi = k->kind == KIND_FLAG ? 1 : k->hi;
        errno = 0;
        long long v = strtoll(text, &end, 10);
        *what = "is not 0 or 1";
        if (end == text || *end || errno || v < lo || v > hi) return OMPWG_ERR_RANGE;
        *num = v;
        return OMPWG_OK;
    }
    case KIND_SHARE: {
        double v = strtod(text, &end);
        *what = "is not a number between 0 and 1";
        if (end == text || *end || !(v > 0 && v < 1)) return OMPWG_ERR_RANGE;
        *share = v;
        return OMPWG_OK;
    }
    case KIND_CHOICE:
        for (int i = 0; k->choices[i]; i++)
            if (strcasecmp(text, k->choices[i]) == 0) {
                *num = i;
                return OMPWG_OK;
            }
        return OMPWG_ERR_FLAGS;
    }
    return OMPWG_ERR_FLAGS;
}

static void read_one(ompwg_knob i)
{
    const knob *k = &knobs[i];
    const char *text = getenv(k->env);
    int64_t num = k->fallback;
    double share = 0;
    bool usable = false;
    if (text && text[0]) {
        const char *what = "";
        usable = parse(k, text, &num, &share, &what) == OMPWG_OK;
        if (!usable) {
            num = k->fallback;
            share = 0;
            char why[96];
            if (k->kind == KIND_NUMBER)
                snprintf(why, sizeof why, "is not a whole number from %" PRId64 " to %" PRId64,
                         k->lo, k->hi);
            else if (k->kind == KIND_CHOICE)
                snprintf(why, sizeof why, "is not %s", k->values);
            else
                snprintf(why, sizeof why, "%s", what);
            fprintf(stderr, "ompwg: %s=%.64s %s: ignored, using the default (%s)\n", k->env, text,
                    why, k->fallback_text);
        }
    }
    pthread_mutex_lock(&text_lock);
    snprintf(env_text[i], sizeof env_text[i], "%s", usable ? text : "");
    pthread_mutex_unlock(&text_lock);
    atomic_store(&env_num[i], num);
    if (k->kind == KIND_SHARE) atomic_store(&env_share, share);
    atomic_store(&env_usable[i], usable);
}

static void read_all(void)
{
    for (int i = 0; i < OMPWG_KNOB_COUNT; i++) {
        atomic_store(&runnable[i], knobs[i].family ? knobs[i].runnable_at_start : ~0u);
        read_one((ompwg_knob)i);
        atomic_store(&kept[i], atomic_load(&env_num[i]));
    }
}

static void ensure_read(void)
{
    pthread_once(&read_once, read_all);
}

int64_t ompwg_config_env_num(ompwg_knob k)
{
    ensure_read();
    return atomic_load_explicit(&env_num[k], memory_order_relaxed);
}

bool ompwg_config_env_set(ompwg_knob k)
{
    ensure_read();
    return atomic_load_explicit(&env_usable[k], memory_order_relaxed);
}

double ompwg_config_env_share(void)
{
    ensure_read();
    return atomic_load_explicit(&env_share, memory_order_relaxed);
}

void ompwg_config_env_text(ompwg_knob k, char *buf, size_t len)
{
    ensure_read();
    pthread_mutex_lock(&text_lock);
    snprintf(buf, len, "%s", env_text[k]);
    pthread_mutex_unlock(&text_lock);
}

void ompwg_config_refresh(ompwg_knob k)
{
    ensure_read();
    read_one(k);
}

int64_t ompwg_config_value(ompwg_knob k)
{
    ensure_read();
    return atomic_load_explicit(&kept[k], memory_order_relaxed);
}

const char *ompwg_config_choice(ompwg_knob k, int i)
{
    const char *const *c = knobs[k].choices;
    if (!c || i < 0) return NULL;
    for (int j = 0; j < i; j++)
        if (!c[j]) return NULL;
    return c[i];
}

ompwg_knob ompwg_config_gpu_knob(ompwg_gpu_kernel kernel)
{
    switch (kernel) {
    case OMPWG_GPU_KERNEL_GEMM: return OMPWG_KNOB_GPU_GEMM;
    case OMPWG_GPU_KERNEL_REDUCE: return OMPWG_KNOB_GPU_REDUCE;
    case OMPWG_GPU_KERNEL_TRANSPOSE: return OMPWG_KNOB_GPU_TRANSPOSE;
    case OMPWG_GPU_KERNEL_DGEMM: return OMPWG_KNOB_GPU_DGEMM;
    case OMPWG_GPU_KERNEL_GEMM_TILE: return OMPWG_KNOB_GPU_GEMM_TILE;
    default: return OMPWG_KNOB_COUNT;
    }
}

void ompwg_config_offer(ompwg_knob k, unsigned mask)
{
    ensure_read();
    atomic_store(&runnable[k], mask);
}

/* ---- the settings this module keeps ----------------------------------- */

/* A choice of a kept knob by name: NULL reads the environment again. */
static int set_choice(ompwg_knob i, const char *name)
{
    ensure_read();
    if (!name) {
        ompwg_config_refresh(i);
        atomic_store(&kept[i], atomic_load(&env_num[i]));
        return OMPWG_OK;
    }
    int64_t num;
    double share;
    const char *what;
    int st = parse(&knobs[i], name, &num, &share, &what);
    if (st != OMPWG_OK) return st;
    if (!(atomic_load(&runnable[i]) & (1u << num))) return OMPWG_ERR_UNAVAILABLE;
    atomic_store(&kept[i], num);
    return OMPWG_OK;
}

static const char *kept_name(ompwg_knob i)
{
    return knobs[i].choices[ompwg_config_value(i)];
}

ompwg_status ompwg_set_gpu_variant(ompwg_gpu_kernel kernel, const char *name)
{
    ompwg_knob k = ompwg_config_gpu_knob(kernel);
    return k == OMPWG_KNOB_COUNT ? OMPWG_ERR_FLAGS : set_choice(k, name);
}

ompwg_status ompwg_gpu_variant(ompwg_gpu_kernel kernel, const char **name)
{
    ompwg_knob k = ompwg_config_gpu_knob(kernel);
    if (k == OMPWG_KNOB_COUNT) return OMPWG_ERR_FLAGS;
    if (!name) return OMPWG_ERR_NULL;
    *name = kept_name(k);
    return OMPWG_OK;
}

ompwg_status ompwg_set_cpu_arch(const char *name)
{
    /* the CPU backend says which kernels this CPU runs when it is probed */
    ompwg_backend_info(0, NULL, NULL, 0);
    return set_choice(OMPWG_KNOB_CPU_ARCH, name);
}

const char *ompwg_get_cpu_arch(void)
{
    return kept_name(OMPWG_KNOB_CPU_ARCH);
}

ompwg_status ompwg_set_gpu_sync(const char *mode)
{
    return set_choice(OMPWG_KNOB_GPU_SYNC, mode);
}

const char *ompwg_get_gpu_sync(void)
{
    return kept_name(OMPWG_KNOB_GPU_SYNC);
}

ompwg_status ompwg_set_mpi_panel(int64_t width)
{
    const knob *k = &knobs[OMPWG_KNOB_MPI_PANEL];
    ensure_read();
    if (width < -1) return OMPWG_ERR_RANGE;
    if (width == -1) {
        ompwg_config_refresh(OMPWG_KNOB_MPI_PANEL);
        width = atomic_load(&env_num[OMPWG_KNOB_MPI_PANEL]);
    } else if (width == 0) {
        width = k->fallback;
    } else if (width > k->hi) {
        return OMPWG_ERR_RANGE;
    }
    atomic_store(&kept[OMPWG_KNOB_MPI_PANEL], width);
    return OMPWG_OK;
}

int64_t ompwg_get_mpi_panel(void)
{
    return ompwg_config_value(OMPWG_KNOB_MPI_PANEL);
}

/* ---- the table's setters and views ------------------------------------- */

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
    const knob *k = &knobs[i];
    int st = k->set_number(text ? (int)num : k->again);
    return k->gives_previous ? OMPWG_OK : st;
}

static int apply_kept(ompwg_knob k, const char *text, int64_t num, double share)
{
    (void)share;
    if (k == OMPWG_KNOB_MPI_PANEL) return ompwg_set_mpi_panel(text ? num : -1);
    if (k == OMPWG_KNOB_CPU_ARCH) return ompwg_set_cpu_arch(text);
    return set_choice(k, text);
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
    snprintf(buf, len, "%d", knobs[k].get_number());
}

static void show_kept(ompwg_knob k, char *buf, size_t len)
{
    if (knobs[k].kind == KIND_CHOICE) snprintf(buf, len, "%s", kept_name(k));
    else snprintf(buf, len, "%" PRId64, ompwg_config_value(k));
}

/* ---- the public view of the table --------------------------------------- */

int ompwg_config_count(void)
{
    return OMPWG_KNOB_COUNT;
}

ompwg_status ompwg_config_describe(int i, ompwg_knob_info *out)
{
    if (!out) return OMPWG_ERR_NULL;
    if (i < 0 || i >= OMPWG_KNOB_COUNT) return OMPWG_ERR_RANGE;
    const knob *k = &knobs[i];
    *out = (ompwg_knob_info){ .env = k->env, .values = k->values,
                              .fallback = k->fallback_text, .doc = k->doc, .setter = k->setter };
    k->show((ompwg_knob)i, out->value, sizeof out->value);
    return OMPWG_OK;
}

static int find_knob(const char *env)
{
    for (int i = 0; i < OMPWG_KNOB_COUNT; i++)
        if (strcmp(knobs[i].env, env) == 0) return i;
    return -1;
}

ompwg_status ompwg_config_set(const char *env, const char *value)
{
    if (!env) return OMPWG_ERR_NULL;
    int i = find_knob(env);
    if (i < 0) return OMPWG_ERR_FLAGS;
    ensure_read();
    int64_t num = 0;
    double share = 0;
    const char *what;
    if (value) {
        int st = parse(&knobs[i], value, &num, &share, &what);
        if (st != OMPWG_OK) return st;
    }
    return knobs[i].apply((ompwg_knob)i, value, num, share);
}

ompwg_status ompwg_config_reload(void)
{
    ensure_read();
    int status = OMPWG_OK;
    for (int i = 0; i < OMPWG_KNOB_COUNT; i++) {
        /* each setter reads its variable again */
        int st = knobs[i].apply((ompwg_knob)i, NULL, 0, 0);
        /* no GPU here is no reason to report a failure */
        if (i == OMPWG_KNOB_GPU_DEVICE && st == OMPWG_ERR_UNAVAILABLE) st = OMPWG_OK;
        if (st != OMPWG_OK && status == OMPWG_OK) status = st;
    }
    return status;
}

/* ---- the kernel variants ----------------------------------------------- */

static int variant_at(int i, int *knob_index)
{
    for (int k = 0; k < OMPWG_KNOB_COUNT; k++) {
        if (!knobs[k].family) continue;
        int n = 0;
        while (knobs[k].choices[n]) n++;
        n -= knobs[k].first_variant;
        if (i < n) {
            *knob_index = k;
            return knobs[k].first_variant + i;
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
    /* the backends offer what this machine runs when they are probed */
    ompwg_backend_info(0, NULL, NULL, 0);
    ensure_read();
    *out = (ompwg_variant){ .env = knobs[k].env, .family = knobs[k].family,
                            .backend = knobs[k].backend,
                            .name = knobs[k].choices[choice],
                            .runnable = (atomic_load(&runnable[k]) >> choice) & 1u };
    return OMPWG_OK;
}
