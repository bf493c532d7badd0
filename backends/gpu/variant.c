/* The GPU kernel variants, chosen by OMPWG_GPU_GEMM, OMPWG_GPU_REDUCE,
 * OMPWG_GPU_TRANSPOSE, OMPWG_GPU_DGEMM and OMPWG_GPU_GEMM_TILE at every
 * call. */
#include "variant.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* the most variants a family has; a shorter list ends with NULL */
#define VARIANTS 3

typedef struct family {
    const char *env;
    const char *what;
    const char *names[VARIANTS];
} family;

static const family families[] = {
    [OMPWG_GPU_KERNEL_GEMM] = { .env = "OMPWG_GPU_GEMM", .what = "gemm",
                                .names = { "tiled", "subgroup" } },
    [OMPWG_GPU_KERNEL_REDUCE] = { .env = "OMPWG_GPU_REDUCE", .what = "reduction",
                                  .names = { "tree", "subgroup" } },
    [OMPWG_GPU_KERNEL_TRANSPOSE] = { .env = "OMPWG_GPU_TRANSPOSE", .what = "transpose",
                                     .names = { "padded", "unpadded" } },
    [OMPWG_GPU_KERNEL_DGEMM] = { .env = "OMPWG_GPU_DGEMM", .what = "dgemm/zgemm",
                                 .names = { "tensor", "fma" } },
    [OMPWG_GPU_KERNEL_GEMM_TILE] = { .env = "OMPWG_GPU_GEMM_TILE", .what = "gemm tile",
                                     .names = { "auto", "large", "small" } },
};
#define FAMILIES ((int)(sizeof families / sizeof families[0]))

/* What was last said for each family: 1 + 2 * variant + ignored, 0 before
 * the first line. */
static atomic_int told[FAMILIES];

static bool verbose(void)
{
    const char *v = getenv("OMPWG_VERBOSE");
    return v && v[0] && strcmp(v, "0") != 0;
}

/* The variant the environment selects; *ignored when it names none. */
static int choose(const family *f, const char *value, bool *ignored)
{
    *ignored = false;
    if (!value || !value[0]) return 0;
    for (int i = 0; i < VARIANTS && f->names[i]; i++)
        if (strcasecmp(value, f->names[i]) == 0) return i;
    *ignored = true;
    return 0;
}

static void tell(const family *f, int pick, const char *value, bool ignored)
{
    if (ignored) {
        char known[64] = "";
        for (int i = 0; i < VARIANTS && f->names[i]; i++)
            snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", i ? ", " : "",
                     f->names[i]);
        fprintf(stderr, "ompwg: gpu %s kernel %s (%s=%.32s is not one of %s: ignored)\n", f->what,
                f->names[pick], f->env, value, known);
    } else if (value && value[0])
        fprintf(stderr, "ompwg: gpu %s kernel %s (%s=%s)\n", f->what, f->names[pick], f->env,
                value);
    else
        fprintf(stderr, "ompwg: gpu %s kernel %s (%s unset: the default)\n", f->what,
                f->names[pick], f->env);
}

int ompwg_gpu_pick(ompwg_gpu_kernel kernel)
{
    const family *f = &families[kernel];
    const char *value = getenv(f->env);
    bool ignored;
    int pick = choose(f, value, &ignored);
    int state = 1 + 2 * pick + ignored;
    if (verbose() && atomic_exchange(&told[kernel], state) != state)
        tell(f, pick, value, ignored);
    return pick;
}

int ompwg_gpu_variant(ompwg_gpu_kernel kernel, const char **name)
{
    if ((unsigned)kernel >= (unsigned)FAMILIES) return OMPWG_ERR_FLAGS;
    if (!name) return OMPWG_ERR_NULL;
    bool ignored;
    *name = families[kernel].names[choose(&families[kernel], getenv(families[kernel].env),
                                          &ignored)];
    return OMPWG_OK;
}
