/* ompwg: library information and the comparison of its backends. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "ompwg.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: ompwg <command> [options]\n"
            "  info       version, backends (usable or why not), the placement model, CPU\n"
            "             topology, GPU properties\n"
            "  bench      GEMM and reductions on every usable backend, checked against OpenBLAS\n"
            "             (ompwg bench --help for its options)\n"
            "  calibrate  measures the placement model now and keeps it, so that no call\n"
            "             waits for it (a job's prologue; ompwg calibrate --help for its options)\n"
            "  version    the library version\n"
            "  help       this text\n"
            "environment (see README.md; `ompwg info` shows the settings):\n");
    for (int i = 0; i < ompwg_config_count(); i++) {
        ompwg_knob_info k;
        if (ompwg_config_describe(i, &k) == OMPWG_OK)
            fprintf(f, "  %s=%s\n", k.env, k.values);
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "info") == 0) return ompwg_cli_info(argc - 1, argv + 1);
    if (strcmp(cmd, "bench") == 0) return ompwg_cli_bench(argc - 1, argv + 1);
    if (strcmp(cmd, "calibrate") == 0) return ompwg_cli_calibrate(argc - 1, argv + 1);
    if (strcmp(cmd, "version") == 0 || strcmp(cmd, "--version") == 0) {
        printf("ompwg %s\n", ompwg_version_string());
        return 0;
    }
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        usage(stdout);
        return 0;
    }
    fprintf(stderr, "ompwg: unknown command '%s'\n", cmd);
    usage(stderr);
    return 2;
}
