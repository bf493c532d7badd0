/* The packed GEMM driver that the real (gemm_tmpl.c) and complex
 * (cgemm_tmpl.c) CPU GEMMs share: Goto/BLIS blocks around a register tile.
 *
 * The work-group picture: the threads of one parallel region share a packed
 * KC x NC block of B (packed by all of them, then a barrier), and each thread
 * packs its own MC x KC blocks of A into memory nobody else touches (its
 * "local memory") and runs the register tile over them. The driver knows
 * elements only by their size; the precision's template packs and multiplies
 * through the callbacks below. */
#ifndef OMPWG_CPU_GEMM_PACKED_H
#define OMPWG_CPU_GEMM_PACKED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend.h"
#include "kernel.h"

typedef struct ompwg_cpu_gemm_job ompwg_cpu_gemm_job;

struct ompwg_cpu_gemm_job {
    const ompwg_gemm_shape *s;
    const ompwg_cpu_blocks *blocks;
    /* the precision's kernel variant, read by the callbacks only */
    const void *kernel;
    /* one element of A, B, C and of the packed panels, in bytes */
    size_t elem;
    /* multiply-adds worth waking one more thread for */
    double fmas_per_thread;
    const void *alpha, *beta; /* one element each */
    const void *a, *b;
    void *c;
    /* Packs the mc x kc block of op(A) at src into MR-row panels at dst. */
    void (*pack_a)(const ompwg_cpu_gemm_job *job, const void *src, int64_t mc, int64_t kc,
                   void *dst);
    /* Packs the kc x n block of op(B) at src into NR-column panels at dst. */
    void (*pack_b)(const ompwg_cpu_gemm_job *job, const void *src, int64_t kc, int64_t n,
                   void *dst);
    /* The register tile: the m x n corner of C at c := alpha * ap * bp, plus
     * beta * C on the first K block, plus C on the later ones. */
    void (*tile)(const ompwg_cpu_gemm_job *job, int64_t kc, const void *ap, const void *bp,
                 bool first_k, void *c, int m, int n);
};

/* C := alpha op(A) op(B) + beta C through packed blocks and a thread team.
 * OMPWG_OK, or OMPWG_ERR_NOMEM when a packing buffer cannot be had (C may
 * then be partly written). */
int ompwg_cpu_gemm_packed(const ompwg_cpu_gemm_job *job);

/* C := beta C column by column on a team of threads, a thread per
 * per_thread elements of C; scale_column scales the m elements at cj. */
void ompwg_cpu_gemm_scale(const ompwg_gemm_shape *s, size_t elem, int64_t per_thread,
                          void (*scale_column)(int64_t m, const void *beta, void *cj),
                          const void *beta, void *c);

#endif
