/* Where a one-launch kernel leaves its answer (a reduction's value and
 * index), so that a call waits for the GPU once: a target region returns
 * after its kernel has finished, and a kernel that writes its answer into
 * page-locked host memory needs no copy after it (each copy back is a
 * second wait, as long as the launch's own on an H100: bench/NOTES.md).
 *
 * A reply is a slot of a per-device pool: REPLY_BYTES of page-locked host
 * memory (device memory where the runtime gives none, read back with a
 * copy), and an arrival counter in device memory that the kernel's teams
 * count themselves in on, so that the last one can finish; the kernel sets
 * it back to 0. A call holds its slot from before the launch until it has
 * read the answer; a call finding every slot taken waits for one. */
#ifndef OMPWG_GPU_REPLY_H
#define OMPWG_GPU_REPLY_H

#include <stdbool.h>
#include <stddef.h>

/* Bytes of answer a reply holds (a value and an index). */
#define OMPWG_GPU_REPLY_BYTES 16

typedef struct ompwg_gpu_reply {
    void *answer;       /* where the kernel writes, OMPWG_GPU_REPLY_BYTES */
    unsigned *arrivals; /* device memory; 0 before and after a launch */
    bool pinned;        /* answer is host memory the device writes */
    int slot;
    struct ompwg_gpu_reply_pool *pool;
} ompwg_gpu_reply;

/* Takes a free slot of device `dev`'s pool, making the pool at first use:
 * OMPWG_OK, or OMPWG_ERR_DEVICE_NOMEM / OMPWG_ERR_NOMEM / OMPWG_ERR_DEVICE
 * when it cannot be made. */
int ompwg_gpu_reply_take(int dev, ompwg_gpu_reply *r);

/* Copies `bytes` of the answer to dst once the target region that wrote it
 * has returned: OMPWG_OK or OMPWG_ERR_DEVICE. */
int ompwg_gpu_reply_read(const ompwg_gpu_reply *r, void *dst, size_t bytes);

/* Gives the slot back. */
void ompwg_gpu_reply_give(ompwg_gpu_reply *r);

#endif
