/* `ompwg calibrate`: measures the placement model now and keeps it, so
 * that no call of a later process on this machine kind waits for it. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "ompwg.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: ompwg calibrate [--if-missing]\n"
               "  measures the placement model now (a few seconds, on idle cores: a job's\n"
               "  prologue) and keeps it where later processes load it; prints where\n"
               "  --if-missing  only where none is kept for this machine yet\n"
               "  --help        this text\n");
}

int ompwg_cli_calibrate(int argc, char **argv)
{
    int flags = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(argv[i], "--if-missing") == 0) {
            flags |= OMPWG_CALIBRATE_IF_MISSING;
            continue;
        }
        fprintf(stderr, "ompwg calibrate: unknown option '%s' (valid: --if-missing, --help)\n",
                argv[i]);
        usage(stderr);
        return 2;
    }
    ompwg_model m;
    ompwg_calibration cal;
    int st = ompwg_calibrate(flags, &m, &cal);
    if (st == OMPWG_ERR_UNAVAILABLE) {
        /* a CPU-only node in a job script that calibrates everywhere */
        printf("no placement model to measure: no GPU backend is usable here (ompwg info says "
               "why); auto places host-data calls by their shape\n");
        return 0;
    }
    if (st != OMPWG_OK) {
        fprintf(stderr, "ompwg calibrate: the placement model could not be measured: %s\n",
                ompwg_strerror(st));
        return 1;
    }
    const char *gpu = m.gpu[0] ? m.gpu : "GPU in host fallback";
    if (cal.measured)
        printf("placement model measured in %.1f s (%s; %s, %d threads)\n", cal.seconds, gpu, m.cpu,
               m.cpu_threads);
    else
        printf("placement model already kept for this machine (%s; %s, %d threads): not measured "
               "again\n",
               gpu, m.cpu, m.cpu_threads);
    if (!cal.where[0]) {
        printf("kept in no file: OMPWG_MODEL_FILE=none, or no directory could be written "
               "(OMPWG_VERBOSE=1 says why); each process measures it again\n");
        return 1;
    }
    printf("kept in %s\n", cal.where);
    return 0;
}
