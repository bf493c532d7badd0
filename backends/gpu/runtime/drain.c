#include "drain.h"

#include "buffers.h"
#include "ompwg.h"

/* Moves the item (unless a move before it failed) and frees what it owns. */
static void drain_move(ompwg_gpu_drain *d, const ompwg_gpu_drain_item *it)
{
    if (atomic_load(&d->status) == OMPWG_OK) {
        const int st = ompwg_gpu_block_out(d->dev, &it->block);
        if (st != OMPWG_OK) atomic_store(&d->status, st);
    }
    ompwg_gpu_free(d->dev, it->owned);
}

static void *drain_run(void *arg)
{
    ompwg_gpu_drain *d = arg;
    pthread_mutex_lock(&d->lock);
    for (;;) {
        while (d->head == d->tail && !d->closing) pthread_cond_wait(&d->cond, &d->lock);
        if (d->head == d->tail) break;
        const ompwg_gpu_drain_item it = d->item[d->head % OMPWG_GPU_DRAIN_MAX];
        pthread_mutex_unlock(&d->lock);
        drain_move(d, &it);
        pthread_mutex_lock(&d->lock);
        d->head++;
    }
    pthread_mutex_unlock(&d->lock);
    return NULL;
}

void ompwg_gpu_drain_start(ompwg_gpu_drain *d, int dev)
{
    d->dev = dev;
    d->head = d->tail = 0;
    d->closing = false;
    atomic_init(&d->status, OMPWG_OK);
    d->started = pthread_mutex_init(&d->lock, NULL) == 0;
    if (d->started && pthread_cond_init(&d->cond, NULL) != 0) {
        pthread_mutex_destroy(&d->lock);
        d->started = false;
    }
    if (d->started && pthread_create(&d->thread, NULL, drain_run, d) != 0) {
        pthread_cond_destroy(&d->cond);
        pthread_mutex_destroy(&d->lock);
        d->started = false;
    }
}

bool ompwg_gpu_drain_push(ompwg_gpu_drain *d, const ompwg_gpu_block *b, void *owned)
{
    if (atomic_load(&d->status) != OMPWG_OK) return false;
    const ompwg_gpu_drain_item it = { .block = *b, .owned = owned };
    if (!d->started) {
        drain_move(d, &it);
        return true;
    }
    pthread_mutex_lock(&d->lock);
    const bool room = d->tail - d->head < OMPWG_GPU_DRAIN_MAX;
    if (room) {
        d->item[d->tail % OMPWG_GPU_DRAIN_MAX] = it;
        d->tail++;
        pthread_cond_signal(&d->cond);
    }
    pthread_mutex_unlock(&d->lock);
    return room;
}

int ompwg_gpu_drain_finish(ompwg_gpu_drain *d)
{
    if (d->started) {
        pthread_mutex_lock(&d->lock);
        d->closing = true;
        pthread_cond_signal(&d->cond);
        pthread_mutex_unlock(&d->lock);
        pthread_join(d->thread, NULL);
        pthread_cond_destroy(&d->cond);
        pthread_mutex_destroy(&d->lock);
        d->started = false;
    }
    return atomic_load(&d->status);
}
