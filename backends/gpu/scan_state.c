/* The per-device pools of scan state (scan_state.h). */
#include "scan_state.h"

#include <pthread.h>
#include <stdlib.h>

#include "devmem.h"
#include "ompwg.h"

/* Slots per device: one per host thread scanning at the same moment; more
 * threads than this wait their turn. */
#define SCAN_SLOTS 64
/* Tiles a slot's first buffer has room for; it grows in powers of two. */
#define MIN_TILES 256
/* Bytes before the per-tile arrays: the counter, on a line of its own. */
#define HEAD_BYTES 128

typedef struct scan_slot {
    char *buf;        /* device memory: counter, aggregates, prefixes, flags */
    int64_t capacity; /* tiles */
    uint32_t epoch;   /* the last call's */
} scan_slot;

typedef struct ompwg_gpu_scan_pool {
    int dev;
    uint64_t busy; /* bit s: slot s is taken */
    scan_slot slots[SCAN_SLOTS];
    struct ompwg_gpu_scan_pool *next;
} scan_pool;

/* The pools live as long as the process; the lock guards the list and every
 * pool's busy bits (a slot's own fields belong to the call holding it). */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t slot_freed = PTHREAD_COND_INITIALIZER;
static scan_pool *pools;

static uint32_t *flags_of(char *buf, int64_t capacity)
{
    return (uint32_t *)(buf + HEAD_BYTES + (size_t)capacity * 16);
}

/* The counter and every flag to 0, on the device (the library's own
 * bookkeeping is not link traffic). */
static void clear(int dev, char *buf, int64_t capacity)
{
    uint64_t *tickets = (uint64_t *)buf;
    uint32_t *flags = flags_of(buf, capacity);
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(tickets, flags)
    for (int64_t i = 0; i < capacity; i++) {
        if (i == 0) *tickets = 0;
        flags[i] = 0;
    }
}

/* Room for `tiles` in slot s, its flags cleared when the buffer is new. */
static int reserve(int dev, scan_slot *s, int64_t tiles)
{
    if (s->buf && s->capacity >= tiles) return OMPWG_OK;
    int64_t capacity = s->capacity > MIN_TILES ? s->capacity : MIN_TILES;
    while (capacity < tiles) capacity *= 2;
    void *buf = NULL;
    int st = ompwg_gpu_alloc(dev, HEAD_BYTES + (size_t)capacity * 20, &buf);
    if (st != OMPWG_OK) return st;
    ompwg_gpu_free(dev, s->buf);
    clear(dev, buf, capacity);
    s->buf = buf;
    s->capacity = capacity;
    s->epoch = 0;
    return OMPWG_OK;
}

/* The pool of `dev`, made at first use; called under the lock. */
static scan_pool *pool_of(int dev)
{
    scan_pool *p = pools;
    while (p && p->dev != dev) p = p->next;
    if (p) return p;
    p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->dev = dev;
    p->next = pools;
    pools = p;
    return p;
}

int ompwg_gpu_scan_state_take(int dev, int64_t tiles, ompwg_gpu_scan_state *out)
{
    pthread_mutex_lock(&lock);
    scan_pool *p = pool_of(dev);
    if (!p) {
        pthread_mutex_unlock(&lock);
        return OMPWG_ERR_NOMEM;
    }
    while (p->busy == UINT64_MAX) pthread_cond_wait(&slot_freed, &lock);
    int k = __builtin_ctzll(~p->busy);
    p->busy |= (uint64_t)1 << k;
    pthread_mutex_unlock(&lock);

    scan_slot *s = &p->slots[k];
    int st = reserve(dev, s, tiles);
    if (st != OMPWG_OK) {
        ompwg_gpu_scan_state_give(&(ompwg_gpu_scan_state){ .slot = k, .pool = p });
        return st;
    }
    if (s->epoch == OMPWG_GPU_SCAN_EPOCH_MAX) {
        clear(dev, s->buf, s->capacity);
        s->epoch = 0;
    }
    s->epoch++;
    *out = (ompwg_gpu_scan_state){ .tickets = (uint64_t *)s->buf,
                                   .aggregate = s->buf + HEAD_BYTES,
                                   .inclusive = s->buf + HEAD_BYTES + (size_t)s->capacity * 8,
                                   .flags = flags_of(s->buf, s->capacity),
                                   .epoch = s->epoch,
                                   .slot = k,
                                   .pool = p };
    return OMPWG_OK;
}

void ompwg_gpu_scan_state_give(ompwg_gpu_scan_state *s)
{
    pthread_mutex_lock(&lock);
    s->pool->busy &= ~((uint64_t)1 << s->slot);
    /* every pool shares the condition: wake all, each checks its own */
    pthread_cond_broadcast(&slot_freed);
    pthread_mutex_unlock(&lock);
}
