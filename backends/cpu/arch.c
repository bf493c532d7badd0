/* Which CPU GEMM kernel variant runs: the instruction sets are probed once
 * (and offered to core/config.c), the OMPWG_CPU_ARCH choice asked for at
 * every call. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "cpu.h"
#include "kernel.h"

/* Both precisions' descriptor types, for the table below (prec.h allows
 * being included once per precision). */
#define OMPWG_PREC_S
#include "prec.h"
#include "kernel_tmpl.h"
#undef OMPWG_PREC_S
#define OMPWG_PREC_D
#include "prec.h"
#include "kernel_tmpl.h"
#undef OMPWG_PREC_D

typedef struct variant {
    const char *name; /* NULL: not built for this architecture */
    const ompwg_cpu_skernel *s;
    const ompwg_cpu_dkernel *d;
} variant;

static const variant variants[OMPWG_CPU_ARCH_COUNT] = {
    [OMPWG_CPU_GENERIC] = { .name = "generic",
                            .s = &ompwg_cpu_skernel_generic,
                            .d = &ompwg_cpu_dkernel_generic },
#if OMPWG_CPU_HAVE_AVX2
    [OMPWG_CPU_AVX2] = { .name = "avx2", .s = &ompwg_cpu_skernel_avx2, .d = &ompwg_cpu_dkernel_avx2 },
#endif
#if OMPWG_CPU_HAVE_AVX512
    [OMPWG_CPU_AVX512] = { .name = "avx512",
                           .s = &ompwg_cpu_skernel_avx512,
                           .d = &ompwg_cpu_dkernel_avx512 },
#endif
};

static pthread_once_t probe_once = PTHREAD_ONCE_INIT;
static bool cpu_has[OMPWG_CPU_ARCH_COUNT];
/* empty when the variant's block sizes are valid */
static char defect[OMPWG_CPU_ARCH_COUNT][96];
static atomic_int told;

const char *ompwg_cpu_blocks_defect(const ompwg_cpu_blocks *b)
{
    if (b->mr <= 0 || b->nr <= 0 || b->mc <= 0 || b->kc <= 0 || b->nc <= 0)
        return "a block size is not positive";
    if (b->mc % b->mr != 0) return "MC is not a multiple of MR";
    if (b->nc % b->nr != 0) return "NC is not a multiple of NR";
    return NULL;
}

/* The features each variant was compiled with (backends/cpu/meson.build);
 * __builtin_cpu_supports also checks that the OS saves the registers. */
static bool probe_isa(ompwg_cpu_arch arch)
{
    switch (arch) {
    case OMPWG_CPU_GENERIC:
        return true;
#if OMPWG_CPU_HAVE_AVX2
    case OMPWG_CPU_AVX2:
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#endif
#if OMPWG_CPU_HAVE_AVX512
    case OMPWG_CPU_AVX512:
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
               __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#endif
    default:
        return false;
    }
}

static int find(const char *name);

static void probe(void)
{
#if OMPWG_CPU_HAVE_AVX2 || OMPWG_CPU_HAVE_AVX512
    __builtin_cpu_init();
#endif
    for (int i = 0; i < OMPWG_CPU_ARCH_COUNT; i++) {
        if (!variants[i].name) continue;
        cpu_has[i] = probe_isa((ompwg_cpu_arch)i);
        const char *why_s = ompwg_cpu_blocks_defect(&variants[i].s->blocks);
        const char *why_d = ompwg_cpu_blocks_defect(&variants[i].d->blocks);
        if (why_s || why_d)
            snprintf(defect[i], sizeof defect[i], "%s block sizes: %s", why_s ? "float" : "double",
                     why_s ? why_s : why_d);
    }
    /* choice 0, "auto", always runs */
    unsigned runnable = 1u;
    for (int c = 1; ompwg_config_choice(OMPWG_KNOB_CPU_ARCH, c); c++) {
        int i = find(ompwg_config_choice(OMPWG_KNOB_CPU_ARCH, c));
        if (i >= 0 && variants[i].name && cpu_has[i] && !defect[i][0]) runnable |= 1u << c;
    }
    ompwg_config_offer(OMPWG_KNOB_CPU_ARCH, runnable);
}

static bool usable(int i)
{
    return variants[i].name && cpu_has[i] && !defect[i][0];
}

static int find(const char *name)
{
    for (int i = 0; i < OMPWG_CPU_ARCH_COUNT; i++)
        if (variants[i].name && strcmp(variants[i].name, name) == 0) return i;
    return -1;
}

typedef enum reason {
    ENV_UNSET,
    ENV_TAKEN,
    ENV_UNKNOWN,
    ENV_NOT_BUILT,
    ENV_NO_ISA,
    ENV_DEFECT,
} reason;

static ompwg_cpu_arch choose(const char *env, reason *why)
{
    pthread_once(&probe_once, probe);
    *why = ENV_UNSET;
    if (env && env[0]) {
        int want = find(env);
        if (want >= 0 && usable(want)) {
            *why = ENV_TAKEN;
            return (ompwg_cpu_arch)want;
        }
        /* "avx512" on an ARM build is a known name that was not built */
        bool known = want >= 0 || strcmp(env, "avx512") == 0 || strcmp(env, "avx2") == 0;
        *why = !known ? ENV_UNKNOWN : want < 0 ? ENV_NOT_BUILT : !cpu_has[want] ? ENV_NO_ISA
                                                                               : ENV_DEFECT;
    }
    for (int i = OMPWG_CPU_ARCH_COUNT - 1; i >= 0; i--)
        if (usable(i)) return (ompwg_cpu_arch)i;
    return OMPWG_CPU_ARCH_COUNT;
}

static void tell(ompwg_cpu_arch arch, const char *env, reason why)
{
    char note[160] = "";
    switch (why) {
    case ENV_UNSET:
        snprintf(note, sizeof note, "OMPWG_CPU_ARCH unset: the best this CPU runs");
        break;
    case ENV_TAKEN:
        snprintf(note, sizeof note, "OMPWG_CPU_ARCH=%s", env);
        break;
    case ENV_UNKNOWN:
        snprintf(note, sizeof note,
                 "OMPWG_CPU_ARCH=%.32s is not avx512, avx2 or generic: ignored", env);
        break;
    case ENV_NOT_BUILT:
        snprintf(note, sizeof note, "OMPWG_CPU_ARCH=%s is not built for this architecture: ignored",
                 env);
        break;
    case ENV_NO_ISA:
        snprintf(note, sizeof note, "OMPWG_CPU_ARCH=%s: this CPU lacks it: ignored", env);
        break;
    case ENV_DEFECT:
        snprintf(note, sizeof note, "OMPWG_CPU_ARCH=%s: %s: ignored", env, defect[find(env)]);
        break;
    }
    if (arch == OMPWG_CPU_ARCH_COUNT) {
        fprintf(stderr, "ompwg: cpu gemm kernel none (no variant has valid block sizes: unpacked loops), %s\n",
                note);
        return;
    }
    const ompwg_cpu_blocks *s = &variants[arch].s->blocks, *d = &variants[arch].d->blocks;
    fprintf(stderr,
            "ompwg: cpu gemm kernel %s (float %dx%d MC %d KC %d NC %d; double %dx%d MC %d KC %d "
            "NC %d), %s\n",
            variants[arch].name, s->mr, s->nr, s->mc, s->kc, s->nc, d->mr, d->nr, d->mc, d->kc,
            d->nc, note);
    for (int i = arch + 1; i < OMPWG_CPU_ARCH_COUNT; i++)
        if (variants[i].name && cpu_has[i] && defect[i][0])
            fprintf(stderr, "ompwg:   %s skipped: %s\n", variants[i].name, defect[i]);
}

/* The kernel asked for, NULL for the best this CPU runs. */
static const char *requested(int *choice)
{
    *choice = (int)ompwg_config_value(OMPWG_KNOB_CPU_ARCH);
    return *choice > 0 ? ompwg_config_choice(OMPWG_KNOB_CPU_ARCH, *choice) : NULL;
}

ompwg_cpu_arch ompwg_cpu_arch_pick(void)
{
    int choice;
    const char *env = requested(&choice);
    reason why;
    ompwg_cpu_arch arch = choose(env, &why);
    /* a kernel asked for and not run is said whatever the verbosity */
    int state = 1 + choice * 8 + (int)why;
    if ((ompwg_verbose_level() >= 1 || why > ENV_TAKEN) && atomic_exchange(&told, state) != state)
        tell(arch, env, why);
    return arch;
}

const char *ompwg_cpu_kernel_name(void)
{
    int choice;
    reason why;
    ompwg_cpu_arch arch = choose(requested(&choice), &why);
    return arch < OMPWG_CPU_ARCH_COUNT ? variants[arch].name : "unpacked";
}

const ompwg_cpu_skernel *ompwg_cpu_skernel_pick(void)
{
    ompwg_cpu_arch arch = ompwg_cpu_arch_pick();
    return arch < OMPWG_CPU_ARCH_COUNT ? variants[arch].s : NULL;
}

const ompwg_cpu_dkernel *ompwg_cpu_dkernel_pick(void)
{
    ompwg_cpu_arch arch = ompwg_cpu_arch_pick();
    return arch < OMPWG_CPU_ARCH_COUNT ? variants[arch].d : NULL;
}
