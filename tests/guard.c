#include "guard.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ompwg.h"
#include "tap.h"

/* 256 bytes each side: wider than a vector register or a cache line, so an
 * over-wide vector store is caught too. */
#define CANARY 256
#define HEADER 64

static unsigned char canary_byte(size_t i)
{
    /* not a repeated byte, and no zero: a memset or a zero store shows */
    return (unsigned char)(0xA5 ^ (i * 37u) ^ ((i >> 3) * 11u)) | 1u;
}

typedef struct header {
    size_t bytes;
} header;

void *guard_alloc(size_t bytes)
{
    size_t total = HEADER + CANARY + bytes + CANARY;
    unsigned char *base = aligned_alloc(64, (total + 63) / 64 * 64);
    if (!base) tap_bail("out of memory allocating %zu bytes", bytes);
    ((header *)base)->bytes = bytes;
    unsigned char *before = base + HEADER, *user = before + CANARY, *after = user + bytes;
    for (size_t i = 0; i < CANARY; i++) {
        before[i] = canary_byte(i);
        after[i] = canary_byte(i + CANARY);
    }
    return user;
}

bool guard_intact(const void *p, const char **where)
{
    const unsigned char *user = p, *before = user - CANARY;
    const header *h = (const header *)(before - HEADER);
    const unsigned char *after = user + h->bytes;
    for (size_t i = 0; i < CANARY; i++) {
        if (before[i] != canary_byte(i)) {
            if (where) *where = "before";
            return false;
        }
        if (after[i] != canary_byte(i + CANARY)) {
            if (where) *where = "after";
            return false;
        }
    }
    return true;
}

bool guard_canaries_kept(const void *p, const char *name, char *msg, size_t len)
{
    const char *where = NULL;
    if (guard_intact(p, &where)) return true;
    snprintf(msg, len, "wrote %s the buffer of %s", where, name);
    return false;
}

void guard_free(void *p)
{
    if (p) free((unsigned char *)p - CANARY - HEADER);
}

void *test_malloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p) tap_bail("out of memory allocating %zu bytes", bytes);
    return p;
}

void *test_copy(const void *p, size_t n)
{
    void *q = test_malloc(n);
    if (n) memcpy(q, p, n);
    return q;
}

long long test_first_difference(const void *a, const void *b, size_t n)
{
    const unsigned char *x = a, *y = b;
    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i]) return (long long)i;
    return -1;
}

bool guard_status_untouched(int st, int want, int count, void *const bufs[],
                            void *const copies[], const size_t bytes[], char *msg, size_t len)
{
    if (st != want) {
        snprintf(msg, len, "status %d (%s), want %d (%s)", st, ompwg_strerror(st), want,
                 ompwg_strerror(want));
        return false;
    }
    for (int i = 0; i < count; i++) {
        const char *where = NULL;
        if (!guard_intact(bufs[i], &where)) {
            snprintf(msg, len, "wrote %s buffer %d", where, i);
            return false;
        }
        long long d = test_first_difference(bufs[i], copies[i], bytes[i]);
        if (d >= 0) {
            snprintf(msg, len, "wrote buffer %d (byte %lld)", i, d);
            return false;
        }
    }
    return true;
}
