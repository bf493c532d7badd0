/* A block of host columns moved to the device by a host thread of its own,
 * a range of columns at a time (or a list of blocks, one at a time), while
 * the caller works on what has arrived: the copy of a factorisation's
 * matrix overlaps its first steps, which need only its first columns. */
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
    const ompwg_gpu_block *list; /* or these blocks, one a move (then `done` counts them) */
    int64_t total;         /* columns, or blocks of the list */
    atomic_llong done;     /* columns (blocks) on the device, from the first */
    atomic_int status;     /* OMPWG_OK until a move fails */
} ompwg_gpu_mover;

/* Starts moving block b (its packed copy at b->dev) to device `dev`, step
 * columns at a time; where no thread can be had, moves it all before
 * returning. Whatever it returns, ompwg_gpu_mover_finish ends it. */
void ompwg_gpu_mover_start(ompwg_gpu_mover *m, int dev, const ompwg_gpu_block *b, int64_t step);

/* Starts moving the `count` blocks of `list` (each with its packed copy at
 * its dev; the list lives until ompwg_gpu_mover_finish) to device `dev`, in
 * order, one a move. */
void ompwg_gpu_mover_start_list(ompwg_gpu_mover *m, int dev, const ompwg_gpu_block *list,
                                int count);

/* The columns (blocks of a list) on the device once at least `cols` are
 * (or all have arrived): -1 when a move failed. */
int64_t ompwg_gpu_mover_wait(ompwg_gpu_mover *m, int64_t cols);

/* Waits for the thread: OMPWG_OK or the first move's failure. */
int ompwg_gpu_mover_finish(ompwg_gpu_mover *m);

#endif
