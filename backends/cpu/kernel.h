/* The CPU GEMM's kernel variants: one per instruction set, each built from
 * ukernel_tmpl.c with its own compiler flags and block sizes, and the run-time
 * choice between them. */
#ifndef OMPWG_CPU_KERNEL_H
#define OMPWG_CPU_KERNEL_H

#include <stdbool.h>

/* Only the variants meson built (OMPWG_CPU_HAVE_<ISA>) can be chosen. */
typedef enum ompwg_cpu_arch {
    OMPWG_CPU_GENERIC,
    OMPWG_CPU_AVX2,
    OMPWG_CPU_AVX512,
    OMPWG_CPU_ARCH_COUNT
} ompwg_cpu_arch;

/* Goto/BLIS block sizes: an MR x NR register tile, MC x KC blocks of A
 * packed per thread (sized for L2), KC x NC blocks of B packed by all
 * threads together (sized for L3). */
typedef struct ompwg_cpu_blocks {
    int mr, nr, mc, kc, nc;
} ompwg_cpu_blocks;

/* NULL when the block sizes can drive the packed GEMM, else what is wrong. */
const char *ompwg_cpu_blocks_defect(const ompwg_cpu_blocks *b);

/* The variant the next GEMM runs: the OMPWG_CPU_ARCH knob (core/config.c's
 * setting, asked at every call) when the CPU has that instruction set, else
 * the best one it has. Variants whose
 * block sizes fail ompwg_cpu_blocks_defect() are never chosen; returns
 * OMPWG_CPU_ARCH_COUNT when none is left (the GEMM then runs unpacked). */
ompwg_cpu_arch ompwg_cpu_arch_pick(void);

#endif
