/* Opening a file the library keeps (the model file) without blocking, and
 * replacing one without writing through whatever stands at its path. */
#include "safe_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

FILE *ompwg_open_regular(const char *path, long long *size, char *why, size_t len)
{
    /* O_NONBLOCK: a FIFO or a device at the path must not hang the caller
     * in open(); it is refused below */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        snprintf(why, len, "cannot read %s: %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    const char *bad = NULL;
    if (fstat(fd, &st) != 0) bad = strerror(errno);
    else if (!S_ISREG(st.st_mode)) bad = "not a regular file";
    FILE *f = bad ? NULL : fdopen(fd, "r");
    if (!f) {
        snprintf(why, len, "cannot read %s: %s", path, bad ? bad : strerror(errno));
        close(fd);
    } else {
        *size = (long long)st.st_size;
    }
    return f;
}

int ompwg_path_kind(const char *path, char *why, size_t len)
{
    struct stat st;
    if (lstat(path, &st) != 0) {
        if (errno == ENOENT) return OMPWG_PATH_MISSING;
        snprintf(why, len, "cannot write %s: %s", path, strerror(errno));
        return OMPWG_PATH_OTHER;
    }
    if (S_ISREG(st.st_mode)) return st.st_size == 0 ? OMPWG_PATH_EMPTY : OMPWG_PATH_REGULAR;
    snprintf(why, len, "%s is not a regular file: left as it is", path);
    return OMPWG_PATH_OTHER;
}

/* The temporary name's suffix: distinct per process and call (the counter)
 * and hard to guess (the clock), so that threads and processes writing one
 * path never share a temporary file, and one planted in a shared directory
 * is unlikely to be met; O_EXCL below refuses it when it is. */
static void temp_name(const char *path, char *tmp, size_t tmplen)
{
    static atomic_uint_least64_t calls;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t x = ((uint64_t)ts.tv_sec * 1000000007u) ^ (uint64_t)ts.tv_nsec ^
                 ((uint64_t)getpid() << 32) ^ (atomic_fetch_add(&calls, 1) * 0x9e3779b97f4a7c15ull);
    x ^= x >> 31;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 29;
    snprintf(tmp, tmplen, "%s.%016llx.tmp", path, (unsigned long long)x);
}

FILE *ompwg_create_temp(const char *path, char *tmp, size_t tmplen, char *why, size_t len)
{
    for (int attempt = 0; attempt < 64; attempt++) {
        temp_name(path, tmp, tmplen);
        /* O_EXCL: never an existing file, nor a symbolic link (not even a
         * dangling one) */
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd >= 0) {
            FILE *f = fdopen(fd, "w");
            if (f) return f;
            snprintf(why, len, "cannot write %s: %s", tmp, strerror(errno));
            close(fd);
            unlink(tmp);
            return NULL;
        }
        if (errno != EEXIST) {
            snprintf(why, len, "cannot write %s: %s", tmp, strerror(errno));
            return NULL;
        }
    }
    snprintf(why, len, "cannot write %s: no free temporary name beside it", path);
    return NULL;
}

int ompwg_private_dir(const char *dir, bool create, char *why, size_t len)
{
    if (create && mkdir(dir, 0700) != 0 && errno != EEXIST) {
        snprintf(why, len, "cannot create %s: %s", dir, strerror(errno));
        return -1;
    }
    /* O_NOFOLLOW: the directory itself, never what a link there names */
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        const int err = errno;
        struct stat link;
        const bool is_link = lstat(dir, &link) == 0 && S_ISLNK(link.st_mode);
        snprintf(why, len, "cannot use %s: %s", dir, is_link ? "a symbolic link" : strerror(err));
        return -1;
    }
    struct stat st;
    const int got = fstat(fd, &st);
    const int err = errno;
    close(fd);
    if (got != 0) {
        snprintf(why, len, "cannot use %s: %s", dir, strerror(err));
        return -1;
    }
    if (st.st_uid != geteuid()) {
        snprintf(why, len, "cannot use %s: it belongs to user %lu", dir, (unsigned long)st.st_uid);
        return -1;
    }
    if (st.st_mode & 077) {
        snprintf(why, len, "cannot use %s: other users may use it (mode %03o)", dir,
                 (unsigned)(st.st_mode & 0777));
        return -1;
    }
    return 0;
}
