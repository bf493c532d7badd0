/* late_load MODULE [ARGS...]: loads MODULE with dlopen and runs its
 * late_load_main(ARGS).
 *
 * The offload runtime initialises CUDA from a constructor of every library
 * that carries a device image (libompwg among them). Linked into a program,
 * that constructor runs before those of LD_PRELOADed tools, and
 * compute-sanitizer then disables itself ("CUDA initialized before the
 * Sanitizer"). Loaded from main(), libompwg initialises CUDA after every
 * tool is in place. */
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s MODULE [ARGS...]\n", argv[0]);
        return 2;
    }
    void *module = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!module) {
        fprintf(stderr, "late_load: %s\n", dlerror());
        return 2;
    }
    int (*body)(int, char **);
    *(void **)&body = dlsym(module, "late_load_main");
    if (!body) {
        fprintf(stderr, "late_load: %s: no late_load_main: %s\n", argv[1], dlerror());
        return 2;
    }
    return body(argc - 1, argv + 1);
}
