/* Every setting of the library in one table: its environment variable, what
 * it takes, its default, its setter's name. How each is applied through its
 * setter and shown is src/knob_apply.c's. */
#include "knob.h"

static const char *const cpu_archs[] = { "auto", "generic", "avx2", "avx512", NULL };
static const char *const gpu_syncs[] = { "auto", "spin", "yield", "blocking", "keep", NULL };
/* the GPU kernel variants' names are the GPU backend's (backends/gpu/variant.c),
 * named when it is probed (ompwg_config_name_choices) */

const ompwg_knob_def ompwg_knobs[OMPWG_KNOB_COUNT] = {
    [OMPWG_KNOB_BACKEND] = { .env = "OMPWG_BACKEND", .kind = OMPWG_KIND_TEXT,
        .values = "auto|gpu|cpu|openblas", .fallback_text = "auto",
        .doc = "which backend runs the calls; auto places each call where it finishes first",
        .setter = "ompwg_set_backend()" },
    [OMPWG_KNOB_VERBOSE] = { .env = "OMPWG_VERBOSE", .kind = OMPWG_KIND_NUMBER, .lo = 0, .hi = 2,
        .values = "0-2", .fallback_text = "0",
        .doc = "1: the backend choice once on stderr; 2: also one line per call with the planner's estimates",
        .setter = "ompwg_set_verbose()" },
    [OMPWG_KNOB_MODEL_FILE] = { .env = "OMPWG_MODEL_FILE", .kind = OMPWG_KIND_TEXT,
        .values = "path|none", .fallback_text = "a file per machine kind under $XDG_CACHE_HOME/ompwg",
        .doc = "where the placement model is loaded from and saved to; none: no file",
        .setter = "ompwg_set_model_file()" },
    [OMPWG_KNOB_SPLIT] = { .env = "OMPWG_SPLIT", .kind = OMPWG_KIND_FLAG, .fallback = 0,
        .values = "0|1", .fallback_text = "0",
        .doc = "1: the planner may split a host-data GEMM between GPU and CPU where its model puts the split ahead",
        .setter = "ompwg_set_split()" },
    [OMPWG_KNOB_SPLIT_SHARE] = { .env = "OMPWG_SPLIT_SHARE", .kind = OMPWG_KIND_SHARE,
        .values = "x in (0, 1)", .fallback_text = "the model's share",
        .doc = "a fixed GPU share of every host-data GEMM's columns instead of the model's",
        .setter = "ompwg_set_split_share()" },
    [OMPWG_KNOB_CHECK] = { .env = "OMPWG_CHECK", .kind = OMPWG_KIND_FLAG,
        .values = "0|1", .fallback_text = "0",
        .doc = "1: every call runs on OpenBLAS too and returns OMPWG_ERR_CHECK when the results differ beyond the bound",
        .setter = "ompwg_set_check()" },
    [OMPWG_KNOB_FALLBACK] = { .env = "OMPWG_FALLBACK", .kind = OMPWG_KIND_FLAG,
        .values = "0|1", .fallback_text = "0",
        .doc = "1: a host-data call the GPU cannot hold runs on the CPU instead of returning OMPWG_ERR_DEVICE_NOMEM",
        .setter = "ompwg_set_fallback()" },
    [OMPWG_KNOB_SHORT_CALLS] = { .env = "OMPWG_SHORT_CALLS", .kind = OMPWG_KIND_FLAG, .fallback = 1,
        .values = "0|1", .fallback_text = "1",
        .doc = "1: a drop-in BLAS call of at most 32^3 multiply-adds (level 3) or 65536 elements (level 1), or a drop-in LAPACK call of orders at most 32, goes straight to OpenBLAS where the planner would send it there anyway; 0: every call through the planner",
        .setter = "ompwg_set_short_calls()" },
    [OMPWG_KNOB_MAPPED_DATA] = { .env = "OMPWG_MAPPED_DATA", .kind = OMPWG_KIND_FLAG, .fallback = 1,
        .values = "0|1", .fallback_text = "1",
        .doc = "1: host arrays all mapped with OpenMP on the GPU run on their device copies (each looked up, about 80 ns); 0: host pointers are host data, no lookup, and short calls go straight to OpenBLAS with a usable GPU too",
        .setter = "ompwg_set_mapped_data()" },
    [OMPWG_KNOB_NUM_THREADS] = { .env = "OMPWG_NUM_THREADS", .kind = OMPWG_KIND_NUMBER, .lo = 1,
        .hi = OMPWG_MAX_THREADS, .values = "1-4096", .fallback_text = "OpenMP's count, one per core at most",
        .doc = "threads of the CPU backend (at most 4096)",
        .setter = "ompwg_set_num_threads()" },
    [OMPWG_KNOB_CPU_ARCH] = { .env = "OMPWG_CPU_ARCH", .kind = OMPWG_KIND_CHOICE, .choices = cpu_archs,
        .values = "auto|generic|avx2|avx512", .fallback_text = "auto",
        .doc = "the CPU backend's GEMM kernel; auto: the best this CPU runs",
        .setter = "ompwg_set_cpu_arch()",
        .family = "cpu gemm", .backend = "cpu", .first_variant = 1, .runnable_at_start = 1u },
    [OMPWG_KNOB_GPU_DEVICE] = { .env = "OMPWG_GPU_DEVICE", .kind = OMPWG_KIND_NUMBER, .lo = 0,
        .hi = 1 << 20, .fallback = -1, .values = "N", .fallback_text = "the OpenMP default device",
        .doc = "the OpenMP device the GPU backend runs on",
        .setter = "ompwg_set_gpu_device()" },
    [OMPWG_KNOB_GPU_SYNC] = { .env = "OMPWG_GPU_SYNC", .kind = OMPWG_KIND_CHOICE, .choices = gpu_syncs,
        .values = "auto|spin|yield|blocking|keep", .fallback_text = "auto",
        .doc = "how a host thread waits for the GPU (set when the backend starts on a device); keep: as the offload runtime left it",
        .setter = "ompwg_set_gpu_sync()" },
    [OMPWG_KNOB_GPU_GEMM] = { .env = "OMPWG_GPU_GEMM", .kind = OMPWG_KIND_CHOICE,
        .doc = "the GPU GEMM kernel",
        .setter = "ompwg_set_gpu_variant()",
        .family = "gpu gemm", .backend = "gpu", .runnable_at_start = ~0u },
    [OMPWG_KNOB_GPU_REDUCE] = { .env = "OMPWG_GPU_REDUCE", .kind = OMPWG_KIND_CHOICE,
        .doc = "the GPU reductions' team step",
        .setter = "ompwg_set_gpu_variant()",
        .family = "gpu reduction", .backend = "gpu", .runnable_at_start = ~0u },
    [OMPWG_KNOB_GPU_TRANSPOSE] = { .env = "OMPWG_GPU_TRANSPOSE", .kind = OMPWG_KIND_CHOICE,
        .doc = "the GPU transpose's tile rows",
        .setter = "ompwg_set_gpu_variant()",
        .family = "gpu transpose", .backend = "gpu", .runnable_at_start = ~0u },
    [OMPWG_KNOB_GPU_DGEMM] = { .env = "OMPWG_GPU_DGEMM", .kind = OMPWG_KIND_CHOICE,
        .doc = "the tiled GPU DGEMM on the FP64 tensor cores (where every architecture built for has them) or on the FMA units",
        .setter = "ompwg_set_gpu_variant()",
        .family = "gpu tiled dgemm", .backend = "gpu", .runnable_at_start = ~0u },
    [OMPWG_KNOB_GPU_GEMM_TILE] = { .env = "OMPWG_GPU_GEMM_TILE", .kind = OMPWG_KIND_CHOICE,
        .doc = "the tiled GPU GEMM's team tile: 128 x 128 or 64 x 64; auto takes the small one when the large tiles of C would be fewer than the GPU's multiprocessors",
        .setter = "ompwg_set_gpu_variant()",
        .family = "gpu gemm tile", .backend = "gpu", .runnable_at_start = ~0u },
    [OMPWG_KNOB_GPU_SGEMM] = { .env = "OMPWG_GPU_SGEMM", .kind = OMPWG_KIND_CHOICE,
        .doc = "the tiled GPU SGEMM on the FMA units or on the TF32 tensor cores as three TF32 products (where every architecture built for has them), FP32 accuracy either way",
        .setter = "ompwg_set_gpu_variant()",
        .family = "gpu tiled sgemm", .backend = "gpu", .runnable_at_start = ~0u },
    [OMPWG_KNOB_GPU_QR] = { .env = "OMPWG_GPU_QR", .kind = OMPWG_KIND_CHOICE,
        .doc = "how the GPU QR updates the columns right of a panel: auto merges four panels' reflectors where at least 8192 rows and columns remain, panel never, merged always",
        .setter = "ompwg_set_gpu_variant()",
        .family = "gpu qr update", .backend = "gpu", .runnable_at_start = ~0u },
    /* the default is wide enough that a local update is a GEMM with a long
     * k (what both backends run fastest), narrow enough that the next
     * panel's broadcast overlaps it */
    [OMPWG_KNOB_MPI_PANEL] = { .env = "OMPWG_MPI_PANEL", .kind = OMPWG_KIND_NUMBER, .lo = 1,
        .hi = INT32_MAX, .fallback = 512, .values = "W", .fallback_text = "512",
        .doc = "widest panel of the distributed GEMM (the same on every rank)",
        .setter = "ompwg_set_mpi_panel()" },
};

const char *ompwg_config_choice(ompwg_knob k, int i)
{
    const char *const *c = ompwg_knob_choices(&ompwg_knobs[k]);
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
    case OMPWG_GPU_KERNEL_QR: return OMPWG_KNOB_GPU_QR;
    default: return OMPWG_KNOB_COUNT;
    }
}
