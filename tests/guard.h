/* Buffers with canaries before and after them, to catch a kernel writing
 * outside the memory a BLAS call may touch. The usable part is exactly the
 * size asked for (no rounding up), so a write one element past the end
 * lands in a canary. */
#ifndef OMPWG_TEST_GUARD_H
#define OMPWG_TEST_GUARD_H

#include <stdbool.h>
#include <stddef.h>

/* Returns a pointer to `bytes` usable bytes (a valid pointer even for 0),
 * aligned to 64 bytes; bails out of the test program when memory runs out. */
void *guard_alloc(size_t bytes);

/* Whether both canaries of a guard_alloc() buffer are intact; when not,
 * *where says which ("before" or "after"). */
bool guard_intact(const void *p, const char **where);

/* guard_intact for the buffer of `name`; when a canary was written, *msg
 * says which. */
bool guard_canaries_kept(const void *p, const char *name, char *msg, size_t len);

void guard_free(void *p);

/* Whether a call that writes nothing (it fails its checks, or returns at
 * once) gave status `want` and left the `count` guard_alloc() buffers
 * bufs[i] (bytes[i] long) intact and equal to copies[i]; *msg says why
 * not. */
bool guard_status_untouched(int st, int want, int count, void *const bufs[],
                            void *const copies[], const size_t bytes[], char *msg, size_t len);

/* malloc that bails out of the test program when memory runs out. */
void *test_malloc(size_t bytes);

/* A copy of n bytes (test_malloc'd), to compare with later. */
void *test_copy(const void *p, size_t n);

/* Offset of the first byte that differs, or -1 when equal. */
long long test_first_difference(const void *a, const void *b, size_t n);

#endif
