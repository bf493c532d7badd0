/* The device state of a single-pass scan (scan_tmpl.c): a ticket counter
 * that hands out tiles in the order teams reach it, and per tile a flag, the
 * tile's aggregate and, for some tiles, the inclusive prefix up to its end.
 *
 * A call must find the counter at 0 and no flag set, without a launch to
 * clear them (a launch and its wait cost about as much as the scan of 2^20
 * elements). So the state is a slot of a per-device pool, held by one call
 * at a time (host threads scanning at once take different slots), and kept
 * from call to call:
 * - the kernel puts the counter back to 0 itself: every team takes tickets
 *   until one is past the last tile, so a launch takes exactly tiles +
 *   teams tickets, and the team that takes the last one resets it;
 * - a flag carries the epoch of the call that wrote it, and every call on a
 *   slot has a new epoch, so the flags of earlier calls read as unset. The
 *   flags are cleared by a launch only when a slot's buffer is made or grown
 *   and when the epochs run out (once in 2^30 calls on a slot).
 * The buffer is the slot's own (not the pool's, whose buffers hold other
 * calls' data, which could look like a current flag). */
#ifndef OMPWG_GPU_SCAN_STATE_H
#define OMPWG_GPU_SCAN_STATE_H

#include <stdint.h>

/* A flag is epoch << OMPWG_GPU_SCAN_FLAG_BITS | what the tile has published. */
#define OMPWG_GPU_SCAN_FLAG_BITS 2
#define OMPWG_GPU_SCAN_AGGREGATE 1u /* the tile's aggregate is in aggregate[] */
#define OMPWG_GPU_SCAN_INCLUSIVE 2u /* and its inclusive prefix in inclusive[] */
#define OMPWG_GPU_SCAN_EPOCH_MAX ((1u << (32 - OMPWG_GPU_SCAN_FLAG_BITS)) - 1u)

typedef struct ompwg_gpu_scan_state {
    uint64_t *tickets;  /* device memory; 0 before and after a launch */
    uint32_t *flags;    /* device memory, one per tile */
    void *aggregate;    /* device memory, 8 bytes per tile (the accumulation type) */
    void *inclusive;    /* device memory, 8 bytes per tile */
    uint32_t epoch;     /* this call's, 1..OMPWG_GPU_SCAN_EPOCH_MAX */
    int slot;
    struct ompwg_gpu_scan_pool *pool;
} ompwg_gpu_scan_state;

/* Takes a free slot of device `dev`'s pool for a scan of `tiles` tiles
 * (waiting while every slot is taken), with room for them and a new epoch:
 * OMPWG_OK, or OMPWG_ERR_DEVICE_NOMEM / OMPWG_ERR_NOMEM (nothing held). */
int ompwg_gpu_scan_state_take(int dev, int64_t tiles, ompwg_gpu_scan_state *s);

/* Gives the slot back, after the launch that used it has returned. */
void ompwg_gpu_scan_state_give(ompwg_gpu_scan_state *s);

#endif
