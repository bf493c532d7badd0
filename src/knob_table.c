/* Every setting of the library in one table: its environment variable, what
 * it takes, its default, its setter, how its value is shown. */
#include "knob.h"

#include <inttypes.h>
#include <stdio.h>

#include "place.h"
#include "registry.h"

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
static const char *const gpu_sgemms[] = { "fma", "tf32x3", NULL };

/* the table's numeric setters return int: the previous setting, or a status */
static int set_gpu_device(int device)
{
    return ompwg_set_gpu_device(device);
}

const ompwg_knob_def ompwg_knobs[OMPWG_KNOB_COUNT] = {
    [OMPWG_KNOB_BACKEND] = { .env = "OMPWG_BACKEND", .kind = OMPWG_KIND_TEXT,
        .values = "auto|gpu|cpu|openblas", .fallback_text = "auto",
        .doc = "which backend runs the calls; auto places each call where it finishes first",
        .setter = "ompwg_set_backend()", .apply = apply_backend, .show = show_backend },
    [OMPWG_KNOB_VERBOSE] = { .env = "OMPWG_VERBOSE", .kind = OMPWG_KIND_NUMBER, .lo = 0, .hi = 2,
        .values = "0-2", .fallback_text = "0",
        .doc = "1: the backend choice once on stderr; 2: also one line per call with the planner's estimates",
        .setter = "ompwg_set_verbose()", .apply = apply_number, .show = show_number,
        .set_number = ompwg_set_verbose, .again = -1, .gives_previous = true,
        .get_number = ompwg_get_verbose },
    [OMPWG_KNOB_MODEL_FILE] = { .env = "OMPWG_MODEL_FILE", .kind = OMPWG_KIND_TEXT,
        .values = "path|none", .fallback_text = "a file per machine kind under $XDG_CACHE_HOME/ompwg",
        .doc = "where the placement model is loaded from and saved to; none: no file",
        .setter = "ompwg_set_model_file()", .apply = apply_model_file, .show = show_model_file },
    [OMPWG_KNOB_SPLIT] = { .env = "OMPWG_SPLIT", .kind = OMPWG_KIND_FLAG, .fallback = 0,
        .values = "0|1", .fallback_text = "0",
        .doc = "1: the planner may split a host-data GEMM between GPU and CPU where its model puts the split ahead",
        .setter = "ompwg_set_split()", .apply = apply_number, .show = show_number,
        .set_number = ompwg_set_split, .again = -1, .gives_previous = true,
        .get_number = ompwg_get_split },
    [OMPWG_KNOB_SPLIT_SHARE] = { .env = "OMPWG_SPLIT_SHARE", .kind = OMPWG_KIND_SHARE,
        .values = "x in (0, 1)", .fallback_text = "the model's share",
        .doc = "a fixed GPU share of every host-data GEMM's columns instead of the model's",
        .setter = "ompwg_set_split_share()", .apply = apply_split_share, .show = show_split_share },
    [OMPWG_KNOB_CHECK] = { .env = "OMPWG_CHECK", .kind = OMPWG_KIND_FLAG,
        .values = "0|1", .fallback_text = "0",
        .doc = "1: every call runs on OpenBLAS too and returns OMPWG_ERR_CHECK when the results differ beyond the bound",
        .setter = "ompwg_set_check()", .apply = apply_number, .show = show_number,
        .set_number = ompwg_set_check, .again = -1, .gives_previous = true,
        .get_number = ompwg_get_check },
    [OMPWG_KNOB_FALLBACK] = { .env = "OMPWG_FALLBACK", .kind = OMPWG_KIND_FLAG,
        .values = "0|1", .fallback_text = "0",
        .doc = "1: a host-data call the GPU cannot hold runs on the CPU instead of returning OMPWG_ERR_DEVICE_NOMEM",
        .setter = "ompwg_set_fallback()", .apply = apply_number, .show = show_number,
        .set_number = ompwg_set_fallback, .again = -1, .gives_previous = true,
        .get_number = ompwg_get_fallback },
    [OMPWG_KNOB_NUM_THREADS] = { .env = "OMPWG_NUM_THREADS", .kind = OMPWG_KIND_NUMBER, .lo = 1,
        .hi = OMPWG_MAX_THREADS, .values = "1-4096", .fallback_text = "one per core of the allowed cpuset",
        .doc = "threads of the CPU backend (at most 4096)",
        .setter = "ompwg_set_num_threads()", .apply = apply_num_threads, .show = show_number,
        .get_number = ompwg_get_num_threads },
    [OMPWG_KNOB_CPU_ARCH] = { .env = "OMPWG_CPU_ARCH", .kind = OMPWG_KIND_CHOICE, .choices = cpu_archs,
        .values = "auto|generic|avx2|avx512", .fallback_text = "auto",
        .doc = "the CPU backend's GEMM kernel; auto: the best this CPU runs",
        .setter = "ompwg_set_cpu_arch()", .apply = apply_kept, .show = show_kept,
        .family = "cpu gemm", .backend = "cpu", .first_variant = 1, .runnable_at_start = 1u },
    [OMPWG_KNOB_GPU_DEVICE] = { .env = "OMPWG_GPU_DEVICE", .kind = OMPWG_KIND_NUMBER, .lo = 0,
        .hi = 1 << 20, .fallback = -1, .values = "N", .fallback_text = "the OpenMP default device",
        .doc = "the OpenMP device the GPU backend runs on",
        .setter = "ompwg_set_gpu_device()", .apply = apply_number, .show = show_gpu_device,
        .set_number = set_gpu_device, .again = -1 },
    [OMPWG_KNOB_GPU_SYNC] = { .env = "OMPWG_GPU_SYNC", .kind = OMPWG_KIND_CHOICE, .choices = gpu_syncs,
        .values = "auto|spin|yield|blocking|keep", .fallback_text = "auto",
        .doc = "how a host thread waits for the GPU (set when the backend starts on a device); keep: as the offload runtime left it",
        .setter = "ompwg_set_gpu_sync()", .apply = apply_kept, .show = show_kept },
    [OMPWG_KNOB_GPU_GEMM] = { .env = "OMPWG_GPU_GEMM", .kind = OMPWG_KIND_CHOICE, .choices = gpu_gemms,
        .values = "tiled|subgroup", .fallback_text = "tiled",
        .doc = "the GPU GEMM kernel",
        .setter = "ompwg_set_gpu_variant()", .apply = apply_kept, .show = show_kept,
        .family = "gpu gemm", .backend = "gpu", .runnable_at_start = ~0u },
    [OMPWG_KNOB_GPU_REDUCE] = { .env = "OMPWG_GPU_REDUCE", .kind = OMPWG_KIND_CHOICE,
        .choices = gpu_reduces, .values = "tree|subgroup", .fallback_text = "tree",
        .doc = "the GPU reductions' team step",
        .setter = "ompwg_set_gpu_variant()", .apply = apply_kept, .show = show_kept,
        .family = "gpu reduction", .backend = "gpu", .runnable_at_start = ~0u },
    [OMPWG_KNOB_GPU_TRANSPOSE] = { .env = "OMPWG_GPU_TRANSPOSE", .kind = OMPWG_KIND_CHOICE,
        .choices = gpu_transposes, .values = "padded|unpadded", .fallback_text = "padded",
        .doc = "the GPU transpose's tile rows",
        .setter = "ompwg_set_gpu_variant()", .apply = apply_kept, .show = show_kept,
        .family = "gpu transpose", .backend = "gpu", .runnable_at_start = ~0u },
    [OMPWG_KNOB_GPU_DGEMM] = { .env = "OMPWG_GPU_DGEMM", .kind = OMPWG_KIND_CHOICE,
        .choices = gpu_dgemms, .values = "tensor|fma", .fallback_text = "tensor",
        .doc = "the tiled GPU DGEMM on the FP64 tensor cores (where every architecture built for has them) or on the FMA units",
        .setter = "ompwg_set_gpu_variant()", .apply = apply_kept, .show = show_kept,
        .family = "gpu tiled dgemm", .backend = "gpu", .runnable_at_start = ~0u },
    [OMPWG_KNOB_GPU_GEMM_TILE] = { .env = "OMPWG_GPU_GEMM_TILE", .kind = OMPWG_KIND_CHOICE,
        .choices = gpu_gemm_tiles, .values = "auto|large|small", .fallback_text = "auto",
        .doc = "the tiled GPU GEMM's team tile: 128 x 128 or 64 x 64; auto takes the small one when the large tiles of C would be fewer than the GPU's multiprocessors",
        .setter = "ompwg_set_gpu_variant()", .apply = apply_kept, .show = show_kept,
        .family = "gpu gemm tile", .backend = "gpu", .runnable_at_start = ~0u },
    [OMPWG_KNOB_GPU_SGEMM] = { .env = "OMPWG_GPU_SGEMM", .kind = OMPWG_KIND_CHOICE,
        .choices = gpu_sgemms, .values = "fma|tf32x3", .fallback_text = "fma",
        .doc = "the tiled GPU SGEMM on the FMA units or on the TF32 tensor cores as three TF32 products (where every architecture built for has them), FP32 accuracy either way",
        .setter = "ompwg_set_gpu_variant()", .apply = apply_kept, .show = show_kept,
        .family = "gpu tiled sgemm", .backend = "gpu", .runnable_at_start = ~0u },
    /* the default is wide enough that a local update is a GEMM with a long
     * k (what both backends run fastest), narrow enough that the next
     * panel's broadcast overlaps it */
    [OMPWG_KNOB_MPI_PANEL] = { .env = "OMPWG_MPI_PANEL", .kind = OMPWG_KIND_NUMBER, .lo = 1,
        .hi = INT32_MAX, .fallback = 512, .values = "W", .fallback_text = "512",
        .doc = "widest panel of the distributed GEMM (the same on every rank)",
        .setter = "ompwg_set_mpi_panel()", .apply = apply_kept, .show = show_kept },
};

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
    const ompwg_knob_def *k = &ompwg_knobs[i];
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
    snprintf(buf, len, "%d", ompwg_knobs[k].get_number());
}

static void show_kept(ompwg_knob k, char *buf, size_t len)
{
    if (ompwg_knobs[k].kind == OMPWG_KIND_CHOICE)
        snprintf(buf, len, "%s", ompwg_config_kept_name(k));
    else snprintf(buf, len, "%" PRId64, ompwg_config_value(k));
}

const char *ompwg_config_choice(ompwg_knob k, int i)
{
    const char *const *c = ompwg_knobs[k].choices;
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
    case OMPWG_GPU_KERNEL_SGEMM: return OMPWG_KNOB_GPU_SGEMM;
    default: return OMPWG_KNOB_COUNT;
    }
}
