/* The per-device pools of replies (reply.h). */
#include "reply.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buffers.h"
#include "devmem.h"
#include "ompwg.h"

/* Slots per device: one per host thread in a call at the same moment; more
 * threads than this wait their turn. 64 bytes a slot keeps two answers off
 * one cache line. */
#define REPLY_SLOTS 64
#define SLOT_STRIDE 64
_Static_assert(OMPWG_GPU_REPLY_BYTES <= SLOT_STRIDE, "an answer fits its slot");

typedef struct ompwg_gpu_reply_pool {
    int dev;
    bool pinned;
    char *answers;       /* REPLY_SLOTS * SLOT_STRIDE bytes */
    unsigned *arrivals;  /* REPLY_SLOTS counters, device memory */
    uint64_t busy;       /* bit s: slot s is taken */
    struct ompwg_gpu_reply_pool *next;
} reply_pool;

/* The pools live as long as the process; the lock guards the list and
 * every pool's busy bits. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t slot_freed = PTHREAD_COND_INITIALIZER;
static reply_pool *pools;

/* Zeroed on the device rather than copied there: the library's own
 * bookkeeping is not the link traffic of a call (ompwg_link_traffic). */
static void zero_counters(int dev, unsigned *arrivals)
{
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(arrivals)
    for (int i = 0; i < REPLY_SLOTS; i++) arrivals[i] = 0;
}

/* A pool for `dev`, its counters zeroed; called under the lock. */
static int make_pool(int dev, reply_pool **out)
{
    reply_pool *p = calloc(1, sizeof *p);
    if (!p) return OMPWG_ERR_NOMEM;
    p->dev = dev;
    size_t bytes = (size_t)REPLY_SLOTS * SLOT_STRIDE;
    p->answers = ompwg_gpu_alloc_pinned(dev, bytes);
    p->pinned = p->answers != NULL;
    int st = OMPWG_OK;
    if (!p->pinned) st = ompwg_gpu_alloc(dev, bytes, (void **)&p->answers);
    if (st == OMPWG_OK) st = ompwg_gpu_alloc(dev, REPLY_SLOTS * sizeof *p->arrivals, (void **)&p->arrivals);
    if (st == OMPWG_OK) zero_counters(dev, p->arrivals);
    if (st != OMPWG_OK) {
        if (p->pinned) ompwg_gpu_free_pinned(dev, p->answers);
        else ompwg_gpu_free(dev, p->answers);
        free(p);
        return st;
    }
    p->next = pools;
    pools = p;
    *out = p;
    return OMPWG_OK;
}

int ompwg_gpu_reply_take(int dev, ompwg_gpu_reply *r)
{
    pthread_mutex_lock(&lock);
    reply_pool *p = pools;
    while (p && p->dev != dev) p = p->next;
    int st = p ? OMPWG_OK : make_pool(dev, &p);
    if (st == OMPWG_OK) {
        while (p->busy == UINT64_MAX) pthread_cond_wait(&slot_freed, &lock);
        int s = __builtin_ctzll(~p->busy);
        p->busy |= (uint64_t)1 << s;
        *r = (ompwg_gpu_reply){ .answer = p->answers + (size_t)s * SLOT_STRIDE,
                                .arrivals = p->arrivals + s,
                                .pinned = p->pinned,
                                .slot = s,
                                .pool = p };
    }
    pthread_mutex_unlock(&lock);
    return st;
}

int ompwg_gpu_reply_read(const ompwg_gpu_reply *r, void *dst, size_t bytes)
{
    if (r->pinned) {
        /* the region has returned, so the kernel's stores have landed */
        memcpy(dst, r->answer, bytes);
        return OMPWG_OK;
    }
    return ompwg_gpu_to_host(r->pool->dev, dst, r->answer, bytes);
}

void ompwg_gpu_reply_give(ompwg_gpu_reply *r)
{
    pthread_mutex_lock(&lock);
    r->pool->busy &= ~((uint64_t)1 << r->slot);
    /* every pool shares the condition: wake all, each checks its own */
    pthread_cond_broadcast(&slot_freed);
    pthread_mutex_unlock(&lock);
}
