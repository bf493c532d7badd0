/* Files the library reads and replaces on its own (the model file): never
 * blocking on a FIFO or device, never writing into a file that is not its
 * own, never following a link planted at a temporary name. */
#ifndef OMPWG_SAFE_FILE_H
#define OMPWG_SAFE_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* path opened for reading when it is a regular file, its size in *size;
 * else NULL with the reason in why. Never blocks. */
FILE *ompwg_open_regular(const char *path, long long *size, char *why, size_t len);

/* What stands at path, the last component not followed. */
enum {
    OMPWG_PATH_MISSING,
    OMPWG_PATH_EMPTY,   /* a regular file of 0 bytes */
    OMPWG_PATH_REGULAR, /* a regular file with content */
    OMPWG_PATH_OTHER    /* anything else (link, FIFO, device, directory), or lstat failed: why says */
};
int ompwg_path_kind(const char *path, char *why, size_t len);

/* A new file beside path (path.HEX.tmp, created exclusively, links not
 * followed) open for writing, its name in tmp; NULL with the reason in why.
 * The caller renames it over path, or removes it. */
FILE *ompwg_create_temp(const char *path, char *tmp, size_t tmplen, char *why, size_t len);

/* Whether dir is a directory this user alone may write, created (mode
 * 0700, the parent must exist) when missing and create is set: not a
 * symbolic link, owned by the effective user, no permission for group or
 * others. A directory under a shared one (/tmp) that another user made
 * first, or a link planted there, is refused. 0, or -1 with the reason in
 * why. */
int ompwg_private_dir(const char *dir, bool create, char *why, size_t len);

#endif
