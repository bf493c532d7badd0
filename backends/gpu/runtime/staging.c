/* Staged copies: a crew of host threads moves a block in chunks through
 * two page-locked buffers. In phase t of a copy to the device the copiers
 * fill buffer t % 2 with chunk t while rank 0 has the device copy chunk t - 1
 * out of the other buffer; a copy to the host runs the other way. The
 * offload runtime gives each synchronous copy a stream of its own, so the
 * crews of concurrent calls, and kernels, overlap on the device. */
#include "staging.h"

#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "devmem.h"
#include "../devprops.h"
#include "../gpu.h"
#include "ompwg.h"
#include "ompwg_config.h"

/* Bytes of each staging buffer: a chunk's device copy (about 300 us at the
 * page-locked rate) dwarfs the cost of starting it and of the crew's
 * barrier. */
#define STAGE_BYTES ((size_t)16 << 20)
/* The smallest chunk: smaller ones cost more in phases than they save in
 * overlap. */
#define MIN_CHUNK ((size_t)1 << 20)
/* Contiguous pageable runs shorter than this are copied directly. */
#define DIRECT_BYTES ((size_t)256 << 10)
/* Host threads of a crew of its own (at most the OpenMP thread count):
 * one host thread copies pageable memory at a fraction of the link's
 * page-locked rate; on the H100 machine 8 moved 1 GiB as fast as 16. */
#define CREW_THREADS 8
/* Columns shorter than this go through a bounce buffer when there is no
 * staging, not one copy each. */
#define SHORT_COLUMN ((size_t)4096)
/* Staging pairs kept for later calls. */
#define CACHED_PAIRS 8

struct ompwg_gpu_staging {
    char *buf[2];
    int dev;
    ompwg_gpu_staging *next;
};

static struct {
    pthread_mutex_t lock;
    ompwg_gpu_staging *free;
    int count;
} cache = { .lock = PTHREAD_MUTEX_INITIALIZER };

/* A staging pair on `dev`, a cached one when there is one; NULL when no
 * page-locked memory is to be had. */
static ompwg_gpu_staging *staging_get(int dev)
{
    pthread_mutex_lock(&cache.lock);
    ompwg_gpu_staging **at = &cache.free;
    while (*at && (*at)->dev != dev) at = &(*at)->next;
    ompwg_gpu_staging *s = *at;
    if (s) {
        *at = s->next;
        cache.count--;
    }
    pthread_mutex_unlock(&cache.lock);
    if (s) return s;
    s = malloc(sizeof *s);
    if (!s) return NULL;
    s->dev = dev;
    s->buf[0] = ompwg_gpu_alloc_pinned(dev, STAGE_BYTES);
    s->buf[1] = s->buf[0] ? ompwg_gpu_alloc_pinned(dev, STAGE_BYTES) : NULL;
    if (!s->buf[1]) {
        ompwg_gpu_free_pinned(dev, s->buf[0]);
        free(s);
        return NULL;
    }
    return s;
}

/* Keeps the pair for the next call, or frees it when enough are kept.
 * Kept pairs live until the process ends. */
static void staging_put(ompwg_gpu_staging *s)
{
    if (!s) return;
    pthread_mutex_lock(&cache.lock);
    if (cache.count < CACHED_PAIRS) {
        s->next = cache.free;
        cache.free = s;
        cache.count++;
        s = NULL;
    }
    pthread_mutex_unlock(&cache.lock);
    if (!s) return;
    ompwg_gpu_free_pinned(s->dev, s->buf[0]);
    ompwg_gpu_free_pinned(s->dev, s->buf[1]);
    free(s);
}

void ompwg_gpu_crew_begin(ompwg_gpu_crew *c, int dev, int size)
{
    c->size = size > 0 ? size : 1;
    atomic_init(&c->arrived, 0);
    atomic_init(&c->phase, 0);
    atomic_init(&c->status, OMPWG_OK);
    c->staging = ompwg_gpu_on_host() ? NULL : staging_get(dev);
}

void ompwg_gpu_crew_end(ompwg_gpu_crew *c)
{
    staging_put(c->staging);
    c->staging = NULL;
}

void ompwg_gpu_crew_wait(ompwg_gpu_crew *c)
{
    if (c->size == 1) return;
    const int phase = atomic_load_explicit(&c->phase, memory_order_acquire);
    if (atomic_fetch_add_explicit(&c->arrived, 1, memory_order_acq_rel) == c->size - 1) {
        atomic_store_explicit(&c->arrived, 0, memory_order_relaxed);
        atomic_store_explicit(&c->phase, phase + 1, memory_order_release);
        return;
    }
    /* the wait is one chunk's device copy: spin, then make room for others */
    for (unsigned spins = 0; atomic_load_explicit(&c->phase, memory_order_acquire) == phase;
         spins++)
        if (spins > 1000) sched_yield();
}

static void fail(ompwg_gpu_crew *c, int st)
{
    int ok = OMPWG_OK;
    if (st != OMPWG_OK) atomic_compare_exchange_strong(&c->status, &ok, st);
}

static bool failed(ompwg_gpu_crew *c)
{
    return atomic_load_explicit(&c->status, memory_order_relaxed) != OMPWG_OK;
}

static size_t block_bytes(const ompwg_gpu_block *b)
{
    return (size_t)b->rows * (size_t)b->cols * b->elem;
}

static bool contiguous(const ompwg_gpu_block *b)
{
    return b->ld == b->rows || b->cols == 1;
}

/* Copies bytes [off, off + len) of the block's packed form between the
 * caller's memory and `packed` (where byte off of the packed form goes). */
static void pack_range(const ompwg_gpu_block *b, size_t off, size_t len, char *packed,
                       bool to_packed)
{
    const size_t col = (size_t)b->rows * b->elem, stride = (size_t)b->ld * b->elem;
    while (len > 0) {
        const size_t j = off / col, i = off % col, run = col - i < len ? col - i : len;
        char *host = (char *)b->host + j * stride + i;
        if (to_packed) memcpy(packed, host, run);
        else memcpy(host, packed, run);
        packed += run;
        off += run;
        len -= run;
    }
}

/* The same over the packed forms of `count` blocks one after another. */
static void pack_list(const ompwg_gpu_block *b, int count, size_t off, size_t len,
                      char *packed, bool to_packed)
{
    for (int k = 0; k < count && len > 0; k++) {
        const size_t bytes = block_bytes(&b[k]);
        if (off >= bytes) {
            off -= bytes;
            continue;
        }
        const size_t run = bytes - off < len ? bytes - off : len;
        pack_range(&b[k], off, run, packed, to_packed);
        packed += run;
        len -= run;
        off = 0;
    }
}

/* The block through a pageable bounce buffer, a chunk at a time: one
 * device copy per chunk instead of one per column. */
static int move_bounced(int dev, const ompwg_gpu_block *b, bool to_device)
{
    const size_t total = block_bytes(b), chunk = total < STAGE_BYTES ? total : STAGE_BYTES;
    char *bounce = malloc(chunk);
    if (!bounce) return OMPWG_ERR_NOMEM;
    int st = OMPWG_OK;
    for (size_t off = 0; off < total && st == OMPWG_OK; off += chunk) {
        const size_t len = total - off < chunk ? total - off : chunk;
        char *dev_at = (char *)b->dev + off;
        if (to_device) {
            pack_range(b, off, len, bounce, true);
            st = ompwg_gpu_to_device(dev, dev_at, bounce, len);
        } else {
            st = ompwg_gpu_to_host(dev, bounce, dev_at, len);
            if (st == OMPWG_OK) pack_range(b, off, len, bounce, false);
        }
    }
    free(bounce);
    return st;
}

/* The block copied without staging: in one piece when it is contiguous;
 * in host fallback, where a copy is a memcpy, column by column unless the
 * columns are short; else through a bounce buffer. */
static int move_direct(int dev, const ompwg_gpu_block *b, bool to_device)
{
    const size_t col = (size_t)b->rows * b->elem, stride = (size_t)b->ld * b->elem;
    if (contiguous(b))
        return to_device ? ompwg_gpu_to_device(dev, b->dev, b->host, block_bytes(b))
                         : ompwg_gpu_to_host(dev, b->host, b->dev, block_bytes(b));
    if (!ompwg_gpu_on_host() || col < SHORT_COLUMN) return move_bounced(dev, b, to_device);
    for (int64_t j = 0; j < b->cols; j++) {
        char *host = (char *)b->host + (size_t)j * stride, *dev_at = (char *)b->dev + (size_t)j * col;
        int st = to_device ? ompwg_gpu_to_device(dev, dev_at, host, col)
                           : ompwg_gpu_to_host(dev, host, dev_at, col);
        if (st != OMPWG_OK) return st;
    }
    return OMPWG_OK;
}

/* Whether the block goes straight: no staging, or a contiguous run that
 * is page-locked already or too short to gain from staging. */
static bool goes_direct(const ompwg_gpu_crew *c, int dev, const ompwg_gpu_block *b)
{
    if (!c->staging) return true;
    if (!contiguous(b)) return false;
    return block_bytes(b) < DIRECT_BYTES || ompwg_gpu_is_pinned(dev, b->host);
}

/* Member `rank`'s part in moving `count` blocks whose device copies lie
 * one after another, their packed forms as one run of chunks. */
static void crew_move_list(ompwg_gpu_crew *c, int dev, const ompwg_gpu_block *b, int count,
                           bool to_device, int rank)
{
    size_t total = 0;
    for (int k = 0; k < count; k++) total += block_bytes(&b[k]);
    if (total == 0) return;
    if (count == 1 && goes_direct(c, dev, b)) {
        if (rank == 0 && !failed(c)) fail(c, move_direct(dev, b, to_device));
        return;
    }
    if (!c->staging) {
        for (int k = 0; k < count && rank == 0 && !failed(c); k++)
            fail(c, move_direct(dev, &b[k], to_device));
        return;
    }
    /* four chunks at least, for overlap */
    size_t chunk = total / 4;
    if (chunk < MIN_CHUNK) chunk = MIN_CHUNK;
    if (chunk > STAGE_BYTES) chunk = STAGE_BYTES;
    const size_t chunks = (total + chunk - 1) / chunk;
    const bool mover = rank == 0, copier = c->size == 1 || rank > 0;
    const size_t copiers = c->size == 1 ? 1 : (size_t)c->size - 1;
    const size_t me = c->size == 1 ? 0 : (size_t)rank - 1;
    for (size_t t = 0; t <= chunks; t++) {
        /* the chunk the device copies and the chunk the copiers handle */
        const size_t on_link = to_device ? t - 1 : t, on_host = to_device ? t : t - 1;
        if (mover && on_link < chunks && !failed(c)) {
            const size_t off = on_link * chunk, len = total - off < chunk ? total - off : chunk;
            char *stage = c->staging->buf[on_link % 2], *dev_at = (char *)b->dev + off;
            fail(c, to_device ? ompwg_gpu_to_device(dev, dev_at, stage, len)
                              : ompwg_gpu_to_host(dev, stage, dev_at, len));
        }
        if (copier && on_host < chunks && !failed(c)) {
            const size_t off = on_host * chunk, len = total - off < chunk ? total - off : chunk;
            /* shares of whole cache lines */
            const size_t share = ((len + copiers - 1) / copiers + 63) / 64 * 64;
            const size_t from = me * share < len ? me * share : len;
            const size_t to = from + share < len ? from + share : len;
            if (to > from)
                pack_list(b, count, off + from, to - from, c->staging->buf[on_host % 2] + from,
                          to_device);
        }
        ompwg_gpu_crew_wait(c);
    }
}

void ompwg_gpu_crew_move(ompwg_gpu_crew *c, int dev, const ompwg_gpu_block *b, bool to_device,
                         int rank)
{
    crew_move_list(c, dev, b, 1, to_device, rank);
}

static int move_blocks(int dev, const ompwg_gpu_block *b, int count, bool to_device)
{
    size_t total = 0;
    for (int k = 0; k < count; k++) total += block_bytes(&b[k]);
    ompwg_gpu_crew c;
    ompwg_gpu_crew_begin(&c, dev, 1);
    if (!c.staging || (count == 1 && goes_direct(&c, dev, b))) {
        crew_move_list(&c, dev, b, count, to_device, 0);
    } else {
        int threads = omp_get_max_threads();
        if (threads > CREW_THREADS) threads = CREW_THREADS;
        if (total < 2 * MIN_CHUNK) threads = 1;
#pragma omp parallel num_threads(threads)
        {
#pragma omp single
            c.size = omp_get_num_threads();
            crew_move_list(&c, dev, b, count, to_device, omp_get_thread_num());
        }
    }
    ompwg_gpu_crew_end(&c);
    return atomic_load(&c.status);
}

int ompwg_gpu_block_in(int dev, const ompwg_gpu_block *b)
{
    return move_blocks(dev, b, 1, true);
}

int ompwg_gpu_block_out(int dev, const ompwg_gpu_block *b)
{
    return move_blocks(dev, b, 1, false);
}

int ompwg_gpu_blocks_in(int dev, const ompwg_gpu_block *b, int count)
{
    return move_blocks(dev, b, count, true);
}

int ompwg_gpu_blocks_out(int dev, const ompwg_gpu_block *b, int count)
{
    return move_blocks(dev, b, count, false);
}

bool ompwg_gpu_is_pinned(int dev, const void *p)
{
#if OMPWG_HAVE_OFFLOAD
    return p && !ompwg_gpu_on_host() && ompwg_gpu_query_pinned(dev, p);
#else
    (void)dev;
    (void)p;
    return false;
#endif
}
