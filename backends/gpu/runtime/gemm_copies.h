/* The packed copies on the device that a GEMM on host data runs on, for
 * every precision: op(A)'s and op(B)'s stored blocks when the call reads
 * them (alpha != 0 and k > 0) and C's m x n block, each with its row count
 * as leading dimension, so that only what the call reads crosses the link. */
#ifndef OMPWG_GPU_GEMM_COPIES_H
#define OMPWG_GPU_GEMM_COPIES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend.h"
#include "staging.h"

typedef struct ompwg_gpu_gemm_copies {
    /* the call as it runs on the copies (device pointers) */
    ompwg_gemm_shape shape;
    size_t elem;
    /* NULL where not allocated: A and B when the call does not read them */
    void *a, *b, *c;
    bool reads_ab, reads_c;
} ompwg_gpu_gemm_copies;

/* Allocates on `dev` the copies for call s, of elements of elem bytes:
 * OMPWG_OK or OMPWG_ERR_DEVICE_NOMEM. Whatever it returns,
 * ompwg_gpu_gemm_copies_free gives back what it allocated. */
int ompwg_gpu_gemm_copies_alloc(int dev, const ompwg_gemm_shape *s, size_t elem, bool reads_ab,
                                bool reads_c, ompwg_gpu_gemm_copies *d);
void ompwg_gpu_gemm_copies_free(int dev, ompwg_gpu_gemm_copies *d);

/* The host blocks of call s (its own leading dimensions) and their copies:
 * A's stored block; columns [j0, j0 + cols) of B's stored block when B is
 * not transposed, all of it when it is; columns [j0, j0 + cols) of C. */
ompwg_gpu_block ompwg_gpu_gemm_a_block(const ompwg_gpu_gemm_copies *d, const ompwg_gemm_shape *s,
                                       const void *a);
ompwg_gpu_block ompwg_gpu_gemm_b_block(const ompwg_gpu_gemm_copies *d, const ompwg_gemm_shape *s,
                                       const void *b, int64_t j0, int64_t cols);
ompwg_gpu_block ompwg_gpu_gemm_c_block(const ompwg_gpu_gemm_copies *d, const ompwg_gemm_shape *s,
                                       void *c, int64_t j0, int64_t cols);

/* Every copy the call reads in (A and B, then C when reads_c), or C's
 * copy out: OMPWG_OK or the status of the first copy that failed. */
int ompwg_gpu_gemm_copies_in(int dev, const ompwg_gpu_gemm_copies *d, const ompwg_gemm_shape *s,
                             const void *a, const void *b, void *c);
int ompwg_gpu_gemm_copies_out(int dev, const ompwg_gpu_gemm_copies *d, const ompwg_gemm_shape *s,
                              void *c);

#endif
