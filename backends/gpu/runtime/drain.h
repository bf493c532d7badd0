/* A factorisation's finished parts moved back to host memory by a host
 * thread of its own, while the device works on the rest: the way out of a
 * host-data call overlaps its last steps, as mover.h's way in overlaps its
 * first. The caller hands over blocks whose device copies no later kernel
 * writes; the thread moves them one after another, in the order given. */
#ifndef OMPWG_GPU_DRAIN_H
#define OMPWG_GPU_DRAIN_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "staging.h"

/* Blocks a drain holds at once (queued or moving). */
#define OMPWG_GPU_DRAIN_MAX 64

typedef struct ompwg_gpu_drain_item {
    ompwg_gpu_block block;
    void *owned; /* device memory freed once the block has moved, or NULL */
} ompwg_gpu_drain_item;

typedef struct ompwg_gpu_drain {
    pthread_t thread;
    bool started; /* a thread runs (else each block moves when pushed) */
    int dev;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    ompwg_gpu_drain_item item[OMPWG_GPU_DRAIN_MAX];
    int head, tail; /* item[head..tail) still to move */
    bool closing;
    atomic_int status; /* OMPWG_OK until a move fails */
} ompwg_gpu_drain;

/* Starts a drain to the host from device `dev` (a thread where one can be
 * had). Whatever happens, ompwg_gpu_drain_finish ends it. */
void ompwg_gpu_drain_start(ompwg_gpu_drain *d, int dev);

/* Queues block b (its packed copy at b->dev, which no kernel writes from
 * now on) to move to the host; `owned` (device memory from
 * ompwg_gpu_alloc, or NULL) is freed once it has. false: not queued (the
 * drain is full, or has failed); the block is the caller's to move, and
 * `owned` still its own. */
bool ompwg_gpu_drain_push(ompwg_gpu_drain *d, const ompwg_gpu_block *b, void *owned);

/* Waits until every queued block has moved and ends the thread: OMPWG_OK,
 * or the first move's failure (then what was queued may have reached the
 * host in part, and the caller moves it again). */
int ompwg_gpu_drain_finish(ompwg_gpu_drain *d);

#endif
