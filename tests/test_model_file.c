/* The model file is the library's own: a path that holds something else (a
 * user's file, a FIFO, a device, a link) is never written over nor waited
 * on, a file far larger than a model is refused unread, and threads writing
 * one path never share a temporary file. Through ompwg_write_model and
 * ompwg_read_model in every build; through the planner's own load and save
 * (OMPWG_MODEL_FILE) where a GPU backend is usable (a GPU, or host
 * fallback). The files go under the working directory (the build tree
 * under meson test). */
#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model_case.h"
#include "ompwg.h"
#include "tap.h"
#include "walk.h"

/* A FIFO that hangs the library ends the test here, not at meson's timeout. */
#define HANG_SECONDS 60

static ompwg_model small_model(void)
{
    static const char *const names[] = { "cpu" };
    ompwg_model m = test_model(1, names, 4);
    m.h2d_pageable = m.d2h_pageable = 1e10;
    m.backend[0].curve[OMPWG_MODEL_GEMM][1] =
        (ompwg_model_curve){ .points = 2, .work = { 1e6, 1e9 }, .seconds = { 1e-5, 1e-2 } };
    return m;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* The file's whole content, or "" (at most len - 1 bytes). */
static void read_text(const char *path, char *buf, size_t len)
{
    buf[0] = 0;
    FILE *f = fopen(path, "r");
    if (!f) return;
    size_t n = fread(buf, 1, len - 1, f);
    buf[n] = 0;
    fclose(f);
}

static bool is_kind(const char *path, mode_t kind)
{
    struct stat st;
    return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == kind;
}

/* Files in dir whose name ends in .tmp. */
static int temporaries(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return -1;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        n += len > 4 && strcmp(e->d_name + len - 4, ".tmp") == 0;
    }
    closedir(d);
    return n;
}

static void not_models(const char *dir)
{
    ompwg_model m = small_model(), back;
    char path[4200], text[256];

    snprintf(path, sizeof path, "%s/notes.txt", dir);
    write_text(path, "notes\n");
    int st = ompwg_write_model(path, &m);
    read_text(path, text, sizeof text);
    tap_ok(st == OMPWG_ERR_UNAVAILABLE && strcmp(text, "notes\n") == 0,
           "a user's text file is not written over (status %d)", st);

    char victim[4200];
    snprintf(victim, sizeof victim, "%s/victim", dir);
    snprintf(path, sizeof path, "%s/link", dir);
    write_text(victim, "victim\n");
    if (symlink("victim", path) != 0) {
        tap_skip("a link as the model file", "symlink failed");
    } else {
        st = ompwg_write_model(path, &m);
        read_text(victim, text, sizeof text);
        tap_ok(st == OMPWG_ERR_UNAVAILABLE && is_kind(path, S_IFLNK) &&
                   strcmp(text, "victim\n") == 0,
               "a symbolic link is left as it is, and its target too (status %d)", st);
    }

    snprintf(path, sizeof path, "%s/empty", dir);
    write_text(path, "");
    tap_ok(ompwg_write_model(path, &m) == OMPWG_OK && ompwg_read_model(path, &back) == OMPWG_OK,
           "an empty file is written");
    tap_ok(temporaries(dir) == 0, "no temporary file is left behind");
}

/* A FIFO: never opened in a way that waits for a writer, never replaced. */
static void fifo(const char *dir)
{
    ompwg_model m = small_model(), back;
    char path[4200];
    snprintf(path, sizeof path, "%s/fifo", dir);
    if (mkfifo(path, 0600) != 0) {
        tap_skip("a FIFO as the model file", "mkfifo failed");
        return;
    }
    alarm(HANG_SECONDS);
    int st = ompwg_read_model(path, &back);
    tap_ok(st == OMPWG_ERR_UNAVAILABLE, "reading a FIFO returns at once: OMPWG_ERR_UNAVAILABLE");
    st = ompwg_write_model(path, &m);
    tap_ok(st == OMPWG_ERR_UNAVAILABLE && is_kind(path, S_IFIFO),
           "a FIFO is not replaced by a model (status %d)", st);
    alarm(0);
}

/* A valid model with 2 MiB of harmless lines in it: refused for its size. */
static void oversized(const char *dir)
{
    ompwg_model m = small_model(), back;
    char path[4200], big[4200], text[16384];
    snprintf(path, sizeof path, "%s/model", dir);
    snprintf(big, sizeof big, "%s/big", dir);
    if (ompwg_write_model(path, &m) != OMPWG_OK) {
        tap_ok(false, "a model written for the size check");
        return;
    }
    read_text(path, text, sizeof text);
    const char *rest = strchr(text, '\n');
    FILE *f = fopen(big, "w");
    if (!rest || !f) {
        if (f) fclose(f);
        tap_ok(false, "the oversized file written");
        return;
    }
    fprintf(f, "%.*s", (int)(rest + 1 - text), text);
    for (int i = 0; i < (2 << 20) / 16; i++) fputs("gpu test GPU...\n", f);
    fputs(rest + 1, f);
    fclose(f);
    tap_ok(ompwg_read_model(big, &back) == OMPWG_ERR_RANGE,
           "a model file of 2 MiB (far more than any model) is refused: OMPWG_ERR_RANGE");
}

/* Threads writing one path and reading it back after each write. */
#define THREADS 8
#define WRITES 100

static const char *shared_path;
static int failures[THREADS];

static void *write_read(void *arg)
{
    int i = (int)(intptr_t)arg;
    ompwg_model m = small_model(), back;
    m.cpu_threads = 1 + i;
    for (int w = 0; w < WRITES; w++)
        failures[i] += ompwg_write_model(shared_path, &m) != OMPWG_OK ||
                       ompwg_read_model(shared_path, &back) != OMPWG_OK;
    return NULL;
}

static void threads(const char *dir)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/shared", dir);
    shared_path = path;
    pthread_t t[THREADS];
    for (int i = 0; i < THREADS; i++) pthread_create(&t[i], NULL, write_read, (void *)(intptr_t)i);
    int failed = 0;
    for (int i = 0; i < THREADS; i++) {
        pthread_join(t[i], NULL);
        failed += failures[i];
    }
    tap_ok(failed == 0 && temporaries(dir) == 0,
           "%d threads writing and reading one model file %d times each: every write and read "
           "succeeds (%d failed), no temporary file left",
           THREADS, WRITES, failed);
}

/* The planner's own load and save through OMPWG_MODEL_FILE: a model is
 * measured and kept in memory, the file left as it was, and a FIFO does
 * not hang the first call that needs the model. */
static void planner_file(const char *dir)
{
    char why[256];
    if (!walk_usable("gpu", why, sizeof why)) {
        tap_skip("the planner's model file", "no usable GPU backend: %s", why);
        return;
    }
    char path[4200], text[256];
    ompwg_model m;
    snprintf(path, sizeof path, "%s/planner-notes.txt", dir);
    write_text(path, "notes\n");
    ompwg_set_model_file(path);
    ompwg_set_model(NULL);
    int st = ompwg_get_model(&m);
    read_text(path, text, sizeof text);
    tap_ok(st == OMPWG_OK && strcmp(text, "notes\n") == 0,
           "OMPWG_MODEL_FILE naming a text file: the model is measured, the file left as it is");

    snprintf(path, sizeof path, "%s/planner-fifo", dir);
    if (mkfifo(path, 0600) != 0) {
        tap_skip("a FIFO as the planner's model file", "mkfifo failed");
    } else {
        alarm(HANG_SECONDS);
        ompwg_set_model_file(path);
        ompwg_set_model(NULL);
        st = ompwg_get_model(&m);
        alarm(0);
        tap_ok(st == OMPWG_OK && is_kind(path, S_IFIFO),
               "OMPWG_MODEL_FILE naming a FIFO: the model is measured, the FIFO left as it is");
    }
    ompwg_set_model_file(NULL);
    ompwg_set_model(NULL);
}

/* "none" keeps no file, through every way of setting it; "./none" names one. */
static void none_is_no_file(void)
{
    char got[4200] = "?", dotted[4200] = "?";
    int st = ompwg_config_set("OMPWG_MODEL_FILE", "none");
    ompwg_get_model_file(got, sizeof got);
    bool pass = st == OMPWG_OK && got[0] == 0;
    ompwg_set_model_file("none");
    ompwg_get_model_file(got, sizeof got);
    pass = pass && got[0] == 0;
    ompwg_set_model_file("./none");
    ompwg_get_model_file(dotted, sizeof dotted);
    tap_ok(pass && strcmp(dotted, "./none") == 0,
           "ompwg_config_set(\"OMPWG_MODEL_FILE\", \"none\") and ompwg_set_model_file(\"none\") "
           "keep no file, as OMPWG_MODEL_FILE=none does; \"./none\" names one (got \"%s\")", got);
    ompwg_set_model_file(NULL);
}

int main(void)
{
    tap_init("test_model_file");
    char dir[] = "model-file-XXXXXX";
    if (!mkdtemp(dir)) {
        tap_ok(false, "a temporary directory");
        return tap_done();
    }
    not_models(dir);
    oversized(dir);
    threads(dir);
    fifo(dir);
    planner_file(dir);
    none_is_no_file();
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) tap_diag("could not remove %s", dir);
    return tap_done();
}
