/* The device memory pool: one table of every buffer it handed out or
 * caches, under one mutex, with best-fit reuse. Cached buffers stay
 * allocated until the process ends: freeing them in a destructor could
 * call into an offload runtime that is already torn down. */
#include "pool.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "../gpu.h"
#include "hostmem.h"
#include "ompwg.h"

/* A cached buffer is reused for a request of at least this fraction of its
 * size (1 / SLACK), so small requests do not pin large buffers. */
#define SLACK 2
/* Requests are rounded up to this many bytes, so that sizes that differ a
 * little share buffers. */
#define GRAIN ((size_t)4096)
/* The cap on cached bytes where the device's memory is unknown, and in
 * host fallback, where "device" memory is the application's host memory. */
#define CAP_UNKNOWN ((size_t)4 << 30)
#define CAP_HOST ((size_t)256 << 20)

typedef struct pool_block {
    void *p;
    size_t bytes;
    int dev;
    bool in_use;
} pool_block;

static struct {
    pthread_mutex_t lock;
    pool_block *blocks;
    size_t count, room;
    size_t cached; /* bytes of blocks not in use */
} pool = { .lock = PTHREAD_MUTEX_INITIALIZER };

/* The most bytes the cache keeps: a quarter of the device's memory. */
static size_t cache_cap(void)
{
    if (ompwg_gpu_on_host()) return CAP_HOST;
    ompwg_gpu_props props;
    if (ompwg_gpu_device_props(&props) && props.global_mem > 0) return props.global_mem / 4;
    return CAP_UNKNOWN;
}

/* Removes block i (the lock held), freeing its memory when it is cached. */
static void drop_block(size_t i)
{
    pool_block b = pool.blocks[i];
    if (!b.in_use) pool.cached -= b.bytes;
    pool.blocks[i] = pool.blocks[--pool.count];
    ompwg_gpu_free_direct(b.dev, b.p);
}

/* Frees cached blocks of any device, largest first, until at most `keep`
 * bytes stay cached (the lock held). */
static void shrink_to(size_t keep)
{
    while (pool.cached > keep) {
        size_t largest = pool.count;
        for (size_t i = 0; i < pool.count; i++)
            if (!pool.blocks[i].in_use &&
                (largest == pool.count || pool.blocks[i].bytes > pool.blocks[largest].bytes))
                largest = i;
        if (largest == pool.count) return;
        drop_block(largest);
    }
}

/* The smallest cached block of `dev` that holds `bytes` without wasting
 * more than SLACK times them, or pool.count (the lock held). */
static size_t best_fit(int dev, size_t bytes)
{
    size_t best = pool.count;
    for (size_t i = 0; i < pool.count; i++) {
        const pool_block *b = &pool.blocks[i];
        if (b->in_use || b->dev != dev || b->bytes < bytes || b->bytes / SLACK > bytes) continue;
        if (best == pool.count || b->bytes < pool.blocks[best].bytes) best = i;
    }
    return best;
}

/* Bytes of the blocks in use, of every device. */
static size_t bytes_in_use(void)
{
    size_t total = 0;
    pthread_mutex_lock(&pool.lock);
    for (size_t i = 0; i < pool.count; i++)
        if (pool.blocks[i].in_use) total += pool.blocks[i].bytes;
    pthread_mutex_unlock(&pool.lock);
    return total;
}

/* Records a new block in use (the lock held): false when the table cannot
 * grow. */
static bool record(int dev, void *p, size_t bytes)
{
    if (pool.count == pool.room) {
        size_t room = pool.room ? 2 * pool.room : 64;
        pool_block *grown = realloc(pool.blocks, room * sizeof *grown);
        if (!grown) return false;
        pool.blocks = grown;
        pool.room = room;
    }
    pool.blocks[pool.count++] = (pool_block){ .p = p, .bytes = bytes, .dev = dev, .in_use = true };
    return true;
}

static void trim_device(int dev)
{
    for (size_t i = pool.count; i-- > 0;)
        if (!pool.blocks[i].in_use && pool.blocks[i].dev == dev) drop_block(i);
}

int ompwg_gpu_pool_get(int dev, size_t bytes, void **out)
{
    *out = NULL;
    if (bytes == 0) bytes = 1;
    if (bytes > SIZE_MAX - GRAIN) return OMPWG_ERR_DEVICE_NOMEM;
    bytes = (bytes + GRAIN - 1) / GRAIN * GRAIN;
    pthread_mutex_lock(&pool.lock);
    size_t i = best_fit(dev, bytes);
    if (i < pool.count) {
        pool.blocks[i].in_use = true;
        pool.cached -= pool.blocks[i].bytes;
        *out = pool.blocks[i].p;
        pthread_mutex_unlock(&pool.lock);
        return OMPWG_OK;
    }
    pthread_mutex_unlock(&pool.lock);

    void *p = NULL;
    /* in host fallback the blocks a call already holds may not be touched
     * yet, so the machine must be able to back them and this one together */
    if (ompwg_gpu_on_host() && !ompwg_host_can_back(bytes + bytes_in_use()))
        return OMPWG_ERR_DEVICE_NOMEM;
    if (ompwg_gpu_alloc_direct(dev, bytes, &p) != OMPWG_OK) {
        /* what the cache holds may be what is missing */
        pthread_mutex_lock(&pool.lock);
        trim_device(dev);
        pthread_mutex_unlock(&pool.lock);
        if (ompwg_gpu_alloc_direct(dev, bytes, &p) != OMPWG_OK) return OMPWG_ERR_DEVICE_NOMEM;
    }
    pthread_mutex_lock(&pool.lock);
    bool kept = record(dev, p, bytes);
    pthread_mutex_unlock(&pool.lock);
    if (!kept) {
        ompwg_gpu_free_direct(dev, p);
        return OMPWG_ERR_NOMEM;
    }
    *out = p;
    return OMPWG_OK;
}

void ompwg_gpu_pool_put(int dev, void *p)
{
    if (!p) return;
    const size_t cap = cache_cap();
    pthread_mutex_lock(&pool.lock);
    for (size_t i = 0; i < pool.count; i++) {
        pool_block *b = &pool.blocks[i];
        if (b->p != p || !b->in_use) continue;
        b->in_use = false;
        pool.cached += b->bytes;
        shrink_to(cap);
        pthread_mutex_unlock(&pool.lock);
        return;
    }
    pthread_mutex_unlock(&pool.lock);
    ompwg_gpu_free_direct(dev, p);
}

void ompwg_gpu_pool_trim(int dev)
{
    pthread_mutex_lock(&pool.lock);
    trim_device(dev);
    pthread_mutex_unlock(&pool.lock);
}
