/* `ompwg info`: what the library can run on here, and why not elsewhere. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "ompwg.h"
#include "ompwg_config.h"

#if OMPWG_HAVE_HWLOC
#include <hwloc.h>

static void print_caches(hwloc_topology_t topo)
{
    static const struct {
        hwloc_obj_type_t type;
        const char *name;
    } levels[] = {
        { .type = HWLOC_OBJ_L1CACHE, .name = "L1d" },
        { .type = HWLOC_OBJ_L2CACHE, .name = "L2" },
        { .type = HWLOC_OBJ_L3CACHE, .name = "L3" },
    };
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        int count = hwloc_get_nbobjs_by_type(topo, levels[i].type);
        if (count <= 0) continue;
        hwloc_obj_t c = hwloc_get_obj_by_type(topo, levels[i].type, 0);
        printf("  %-4s %d x %llu KiB\n", levels[i].name, count,
               (unsigned long long)c->attr->cache.size / 1024);
    }
}

static void print_topology(void)
{
    hwloc_topology_t topo;
    if (hwloc_topology_init(&topo) != 0 || hwloc_topology_load(topo) != 0) {
        printf("CPU topology: hwloc could not load it\n");
        return;
    }
    hwloc_obj_t root = hwloc_get_root_obj(topo);
    const char *model = hwloc_obj_get_info_by_name(hwloc_get_obj_by_type(topo, HWLOC_OBJ_PACKAGE, 0),
                                                   "CPUModel");
    printf("CPU topology (hwloc %s):\n", HWLOC_VERSION);
    if (model) printf("  model    %s\n", model);
    printf("  packages %d, NUMA nodes %d, cores %d, hardware threads %d\n",
           hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PACKAGE),
           hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_NUMANODE),
           hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE),
           hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU));
    if (root->total_memory)
        printf("  memory   %.1f GiB\n", (double)root->total_memory / (1u << 30));
    print_caches(topo);
    hwloc_topology_destroy(topo);
}
#else
static void print_topology(void)
{
    printf("CPU topology: not available (built without hwloc)\n");
}
#endif

/* Every knob's setting (the environment's, or a setter's), and the kernel
 * variants this machine runs. */
static void print_settings(void)
{
    printf("settings:\n");
    for (int i = 0; i < ompwg_config_count(); i++) {
        ompwg_knob_info k;
        if (ompwg_config_describe(i, &k) == OMPWG_OK)
            printf("  %-20s %-28s (%s; default %s)\n", k.env, k.value, k.values, k.fallback);
    }
    printf("kernel variants:");
    const char *family = "";
    for (int i = 0; i < ompwg_variant_count(); i++) {
        ompwg_variant v;
        if (ompwg_variant_info(i, &v) != OMPWG_OK) continue;
        if (strcmp(family, v.family) != 0) printf("\n  %-16s", v.family);
        family = v.family;
        printf(" %s%s", v.name, v.runnable ? "" : " (not here)");
    }
    printf("\n");
}

/* The planner's model: the link, and each backend's rate at the largest
 * size measured (the curves' every point with OMPWG_VERBOSE=2). */
static void print_host_path(const char *what, const ompwg_model_curve *c)
{
    printf("  %s on the GPU, predicted -> measured:", what);
    for (int i = 0; i < c->points; i++)
        printf("  %.3g -> %.3g ms", c->work[i] * 1e3, c->seconds[i] * 1e3);
    printf("%s\n", c->points ? "" : " not measured (the bare prediction)");
}

static void print_model(void)
{
    ompwg_model m;
    int st = ompwg_get_model(&m);
    if (st != OMPWG_OK) {
        printf("placement model: none (%s): auto runs host-data calls on the CPU\n",
               ompwg_strerror(st));
        return;
    }
    printf("placement model (%s; %s, %d threads):\n", m.gpu[0] ? m.gpu : "GPU in host fallback",
           m.cpu, m.cpu_threads);
    printf("  link GB/s  to device %.1f pinned, %.1f pageable; to host %.1f pinned, %.1f "
           "pageable; %.1f us a transfer; transfers %s kernels\n",
           m.h2d_pinned * 1e-9, m.h2d_pageable * 1e-9, m.d2h_pinned * 1e-9, m.d2h_pageable * 1e-9,
           m.link_latency * 1e6, m.overlaps ? "overlap" : "do not overlap");
    print_host_path("a host-data GEMM", &m.host_path);
    print_host_path("a host-data panel update (n x 64 x n)", &m.host_panel);
    const int all = ompwg_get_verbose() >= 2;
    static const char *const kind_name[OMPWG_MODEL_KINDS] = {
        [OMPWG_MODEL_GEMM] = "gemm", [OMPWG_MODEL_STREAM] = "stream", [OMPWG_MODEL_LEVEL3] = "trsm",
        [OMPWG_MODEL_PANEL] = "panel"
    };
    for (int b = 0; b < m.backends; b++)
        for (int kind = 0; kind < OMPWG_MODEL_KINDS; kind++)
            for (int d = 0; d < 2; d++) {
                const ompwg_model_curve *c = &m.backend[b].curve[kind][d];
                const bool bytes = kind == OMPWG_MODEL_STREAM;
                printf("  %-8s %s %-6s", m.backend[b].name, d ? "d" : "s", kind_name[kind]);
                for (int i = all ? 0 : c->points - 1; i >= 0 && i < c->points; i++)
                    printf("  %.3g %s in %.3g ms (%.1f %s)", c->work[i], bytes ? "B" : "flop",
                           c->seconds[i] * 1e3, c->work[i] / c->seconds[i] * 1e-9,
                           bytes ? "GB/s" : "GFLOP/s");
                printf("\n");
            }
    uint64_t up, down;
    ompwg_link_traffic(&up, &down);
    printf("  link traffic so far: %.1f MB to the device, %.1f MB back\n", up * 1e-6, down * 1e-6);
}

/* What the selection does with a call: under auto each call is placed on
 * its own (the trace and the factorisations' lines below show where), so
 * no one backend is named as the one calls go to. */
static const char *backend_rule(char *buf, size_t len)
{
    ompwg_knob_info k;
    for (int i = 0; i < ompwg_config_count(); i++)
        if (ompwg_config_describe(i, &k) == OMPWG_OK && strcmp(k.env, "OMPWG_BACKEND") == 0 &&
            strstr(k.value, "auto")) {
            snprintf(buf, len,
                     "auto: each call placed on its own, by its shape, its data and the model "
                     "below; %s when nothing else applies; OMPWG_VERBOSE=2 traces each",
                     ompwg_get_backend());
            return buf;
        }
    snprintf(buf, len, "calls go to: %s", ompwg_get_backend());
    return buf;
}

int ompwg_cli_info(int argc, char **argv)
{
    /* info takes no options: one it does not know is an error, not a run */
    if (argc > 1) {
        bool help = strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0;
        if (!help) fprintf(stderr, "ompwg info: unknown option '%s'\n", argv[1]);
        fprintf(help ? stdout : stderr,
                "usage: ompwg info\n"
                "  version, backends (usable or why not), the settings, the placement model,\n"
                "  CPU topology, GPU properties; no options\n");
        return help ? 0 : 2;
    }
    char buf[256];
    printf("ompwg %s (header %s)\n", ompwg_version_string(), OMPWG_VERSION_STRING);
    printf("GPU offload build: %s\n", OMPWG_HAVE_OFFLOAD ? OMPWG_OFFLOAD_ARCHS " via " OMPWG_OFFLOAD_RUNTIME
                                                         : "none (" OMPWG_GPU_BUILD_NOTE ")");
    printf("backends (%s):\n", backend_rule(buf, sizeof buf));
    for (int i = 0; i < ompwg_backend_count(); i++) {
        const char *name;
        char why[512];
        int usable = ompwg_backend_info(i, &name, why, sizeof why);
        printf("  %-8s %-10s %s\n", name, usable ? "usable" : "not usable", why);
    }
    print_settings();
    print_model();
    ompwg_cli_print_factor_plans();
    print_topology();
    return 0;
}
