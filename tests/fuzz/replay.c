/* The fuzzer's inputs as a test of the normal suite: every file of the
 * given directories (the committed seed corpus, in which each input that
 * ever broke a rule stays) runs through the same checks as under libFuzzer,
 * without libFuzzer or sanitizers. TAP: one line per directory. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

/* Runs one file; false when it cannot be read. */
static bool replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    uint8_t buf[4096];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    fuzz_one(buf, n);
    return true;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void replay_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        tap_ok(false, "%s: cannot open the directory", dir);
        return;
    }
    char *names[4096];
    int count = 0;
    for (struct dirent *e; (e = readdir(d)) && count < 4096;)
        if (e->d_name[0] != '.') names[count++] = strdup(e->d_name);
    closedir(d);
    /* in name order, so that a run reproduces */
    qsort(names, (size_t)count, sizeof names[0], by_name);
    long before = fuzz_failures;
    int unreadable = 0;
    for (int i = 0; i < count; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (!replay_file(path)) unreadable++;
        free(names[i]);
    }
    tap_ok(count > 0 && unreadable == 0 && fuzz_failures == before,
           "%s: %d inputs, every call as documented and as OpenBLAS computes it", dir, count);
    if (fuzz_failures != before) tap_diag("%ld calls broke a rule (see stderr)", fuzz_failures - before);
    if (unreadable) tap_diag("%d files could not be read", unreadable);
}

int main(int argc, char **argv)
{
    tap_init("fuzz_replay");
    fuzz_keep_going = true;
    fuzz_setup();
    if (argc < 2) tap_bail("usage: %s DIRECTORY...", argv[0]);
    for (int i = 1; i < argc; i++) replay_dir(argv[i]);
    return tap_done();
}
