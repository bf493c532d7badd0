/* `ompwg bench --mpi`: opens the MPI benchmark module (bench_mpi.c), which
 * only a build with MPI has, so that the program itself never links MPI. */
#include <dlfcn.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#define MODULE "ompwg-bench-mpi.so"

/* Next to the program (the build tree), then where `meson install` puts it. */
static void *open_module(char *tried, size_t len)
{
    char exe[PATH_MAX], path[PATH_MAX + sizeof MODULE + 1];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    tried[0] = '\0';
    if (n > 0) {
        exe[n] = '\0';
        snprintf(path, sizeof path, "%s/%s", dirname(exe), MODULE);
        /* global: Open MPI's own plugins resolve symbols of libmpi */
        void *h = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
        if (h) return h;
        snprintf(tried, len, "%s", dlerror());
    }
    snprintf(path, sizeof path, "%s/%s", OMPWG_MODULE_DIR, MODULE);
    void *h = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
    if (!h) {
        size_t used = strlen(tried);
        snprintf(tried + used, len - used, "%s%s", used ? "; " : "", dlerror());
    }
    return h;
}

int ompwg_cli_bench_mpi(int argc, char **argv)
{
    char why[2048];
    void *h = open_module(why, sizeof why);
    if (!h) {
        fprintf(stderr,
                "ompwg bench --mpi: no MPI benchmark module (a build with MPI has one: meson "
                "setup -Dmpi=enabled): %s\n",
                why);
        return 2;
    }
    int (*run)(int, char **) = (int (*)(int, char **))dlsym(h, "ompwg_bench_mpi_main");
    if (!run) {
        fprintf(stderr, "ompwg bench --mpi: %s: %s\n", MODULE, dlerror());
        return 2;
    }
    return run(argc, argv);
}
