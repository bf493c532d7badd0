/* A block of host columns moved to the device by a host thread of its own,
 * a range of columns at a time, while the caller works on the columns that
 * have arrived: the copy of a factorisation's matrix overlaps its first
 * steps, which need only its first columns. */
#ifndef OMPWG_GPU_MOVER_H
#define OMPWG_GPU_MOVER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "staging.h"

typedef struct ompwg_gpu_mover {
    pthread_t thread;
    bool started; /* a thread runs (else the block moved at the start) */
    int dev;
    ompwg_gpu_block block; /* the whole block and its packed copy */
    int64_t step;          /* columns a move */
    atomic_llong done;     /* columns on the device, from the first */
    atomic_int status;     /* OMPWG_OK until a move fails */
} ompwg_gpu_mover;

/* Starts moving block b (its packed copy at b->dev) to device `dev`, step
 * columns at a time; where no thread can be had, moves it all before
 * returning. Whatever it returns, ompwg_gpu_mover_finish ends it. */
void ompwg_gpu_mover_start(ompwg_gpu_mover *m, int dev, const ompwg_gpu_block *b, int64_t step);

/* The columns on the device once at least `cols` are (or all have
 * arrived): -1 when a move failed. */
int64_t ompwg_gpu_mover_wait(ompwg_gpu_mover *m, int64_t cols);

/* Waits for the thread: OMPWG_OK or the first move's failure. */
int ompwg_gpu_mover_finish(ompwg_gpu_mover *m);

#endif
