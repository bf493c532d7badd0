/* Where the planner's model is kept between processes (model_keep.h). */
#include "model_keep.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "model.h"
#include "safe_file.h"

/* The user's own directories, in the order tried: $XDG_RUNTIME_DIR is the
 * user's alone by the XDG specification (and gone at logout); a folder
 * ompwg-UID under $TMPDIR or /tmp is made by the library and used only
 * while it is the user's alone (safe_file.h). */
#define USER_DIRS 2

/* The file `name` in user directory `which`; -1 where that directory is
 * not defined or the path does not fit. */
static int user_path(int which, const char *name, char *buf, size_t len)
{
    int n = -1;
    if (which == 0) {
        const char *run = getenv("XDG_RUNTIME_DIR");
        if (run && run[0] == '/') n = snprintf(buf, len, "%s/ompwg/%s", run, name);
    } else {
        const char *tmp = getenv("TMPDIR");
        if (!(tmp && tmp[0] == '/')) tmp = "/tmp";
        n = snprintf(buf, len, "%s/ompwg-%lu/%s", tmp, (unsigned long)geteuid(), name);
    }
    if (n < 0 || (size_t)n >= len) {
        buf[0] = 0;
        return -1;
    }
    return 0;
}

/* The folder of path (path has a '/' past its first character). */
static void folder_of(const char *path, char *dir, size_t len)
{
    snprintf(dir, len, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash && slash != dir) *slash = 0;
}

static bool telling(bool by_default)
{
    return !by_default || ompwg_verbose_level() >= 1;
}

static int loaded(const char *file, char *where, size_t wlen)
{
    snprintf(where, wlen, "%s", file);
    if (ompwg_verbose_level() >= 1) fprintf(stderr, "ompwg: placement model loaded from %s\n", file);
    return 0;
}

int ompwg_model_load_kept(const char *path, bool by_default, const ompwg_model *key,
                          ompwg_model *out, char *where, size_t wlen)
{
    const bool tell = telling(by_default);
    char why[512];
    /* no file yet is the normal first run, and says nothing */
    if (path[0] && access(path, F_OK) == 0) {
        if (ompwg_model_load(path, key, out, why, sizeof why) == 0) return loaded(path, where, wlen);
        if (tell) fprintf(stderr, "ompwg: %s\n", why);
    }
    if (!by_default) return -1;
    char name[64], file[4200], dir[4200];
    if (ompwg_model_file_name(key, name, sizeof name) != 0) return -1;
    for (int i = 0; i < USER_DIRS; i++) {
        if (user_path(i, name, file, sizeof file) != 0 || access(file, F_OK) != 0) continue;
        folder_of(file, dir, sizeof dir);
        if (ompwg_private_dir(dir, false, why, sizeof why) == 0 &&
            ompwg_model_load(file, key, out, why, sizeof why) == 0)
            return loaded(file, where, wlen);
        if (tell) fprintf(stderr, "ompwg: %s\n", why);
    }
    return -1;
}

static int saved(const char *file, const char *instead_of, char *where, size_t wlen)
{
    snprintf(where, wlen, "%s", file);
    if (ompwg_verbose_level() < 1) return 0;
    if (instead_of[0])
        fprintf(stderr, "ompwg: %s; placement model saved to %s instead\n", instead_of, file);
    else
        fprintf(stderr, "ompwg: placement model saved to %s\n", file);
    return 0;
}

int ompwg_model_save_kept(const char *path, bool by_default, const ompwg_model *m, char *where,
                          size_t wlen)
{
    const bool tell = telling(by_default);
    char why[512] = "", first[512] = "";
    where[0] = 0;
    if (path[0]) {
        if ((!by_default || ompwg_model_make_dir(path, why, sizeof why) == 0) &&
            ompwg_model_save(path, m, why, sizeof why) == 0)
            return saved(path, "", where, wlen);
        snprintf(first, sizeof first, "%s", why);
    }
    if (!by_default) {
        if (tell && path[0]) fprintf(stderr, "ompwg: %s; the model is kept for this process only\n", first);
        return -1;
    }
    /* a home directory that cannot be written (read-only, or none): the
     * user's own directories, so that the next process finds the model */
    if (!first[0]) snprintf(first, sizeof first, "no home directory for the model's cache");
    char name[64], file[4200], dir[4200];
    if (ompwg_model_file_name(m, name, sizeof name) != 0) return -1;
    for (int i = 0; i < USER_DIRS; i++) {
        if (user_path(i, name, file, sizeof file) != 0) continue;
        folder_of(file, dir, sizeof dir);
        if (ompwg_private_dir(dir, true, why, sizeof why) == 0 &&
            ompwg_model_save(file, m, why, sizeof why) == 0)
            return saved(file, first, where, wlen);
        if (tell) fprintf(stderr, "ompwg: %s\n", why);
    }
    if (tell) fprintf(stderr, "ompwg: %s; the model is kept for this process only\n", first);
    return -1;
}
