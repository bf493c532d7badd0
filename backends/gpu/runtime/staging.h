/* Copies between host blocks and device memory through page-locked
 * staging buffers: pageable memory crosses the link at a fraction of the
 * page-locked rate, so host threads copy it into two staging buffers in
 * turn while the device copies out of the other one. */
#ifndef OMPWG_GPU_STAGING_H
#define OMPWG_GPU_STAGING_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A rows x cols column-major block of host memory (leading dimension ld,
 * in elements) and its packed copy on the device: rows * cols * elem
 * contiguous bytes at dev. Only the block's elements cross the link, and a
 * copy to the host writes nothing of the host memory outside the block. */
typedef struct ompwg_gpu_block {
    void *host;
    int64_t ld;
    void *dev;
    int64_t rows, cols;
    size_t elem;
} ompwg_gpu_block;

/* A contiguous run of bytes as a block. */
static inline ompwg_gpu_block ompwg_gpu_bytes_block(void *host, void *dev, size_t bytes)
{
    return (ompwg_gpu_block){ .host = host, .ld = (int64_t)bytes, .dev = dev,
                              .rows = (int64_t)bytes, .cols = 1, .elem = 1 };
}

/* A pair of page-locked staging buffers (staging.c). */
typedef struct ompwg_gpu_staging ompwg_gpu_staging;

/* Host threads that move blocks together: rank 0 drives the device
 * copies, the others copy between the caller's memory and the staging
 * buffers (a crew of one does both in turn). Every member calls
 * ompwg_gpu_crew_move with the same blocks in the same order. */
typedef struct ompwg_gpu_crew {
    int size;
    atomic_int arrived, phase;
    atomic_int status; /* OMPWG_OK until a member fails */
    ompwg_gpu_staging *staging; /* NULL: direct copies by rank 0 */
} ompwg_gpu_crew;

/* A crew of `size` members on device `dev`, with staging buffers when
 * page-locked memory is to be had; ompwg_gpu_crew_end gives them back. */
void ompwg_gpu_crew_begin(ompwg_gpu_crew *c, int dev, int size);
void ompwg_gpu_crew_end(ompwg_gpu_crew *c);

/* Member `rank` of crew c takes its part in copying block b to the device
 * (to_device) or back; a failure lands in c->status. */
void ompwg_gpu_crew_move(ompwg_gpu_crew *c, int dev, const ompwg_gpu_block *b, bool to_device,
                         int rank);

/* Waits until every member of the crew has called it as often. */
void ompwg_gpu_crew_wait(ompwg_gpu_crew *c);

/* One block in or out, with a crew of host threads of its own: OMPWG_OK,
 * OMPWG_ERR_DEVICE or OMPWG_ERR_NOMEM. */
int ompwg_gpu_block_in(int dev, const ompwg_gpu_block *b);
int ompwg_gpu_block_out(int dev, const ompwg_gpu_block *b);

/* `count` blocks whose device copies lie one after another (the packed
 * form of b[k + 1] right after that of b[k]) in or out as one: their
 * packed forms cross the link as one run, chunk by chunk. */
int ompwg_gpu_blocks_in(int dev, const ompwg_gpu_block *b, int count);
int ompwg_gpu_blocks_out(int dev, const ompwg_gpu_block *b, int count);

/* Whether host memory at p is page-locked for device `dev`. */
bool ompwg_gpu_is_pinned(int dev, const void *p);

#endif
